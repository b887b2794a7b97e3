package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link CellsBench}, the weight cells alone ({@code reident bench-cells}): searched to the end they
 * prove the optimum the cuts prove; cut short by a cell count, their bound stays above it; the
 * records counted linkable are those the first rows do not fix.
 */
class CellsBenchTest {
    @Test
    void searchedToTheEndTheCellsProveTheCutsOptimum() {
        for (long seed = 1; seed <= 2; seed++) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
                LearnOptions o = LearnOptions.defaults(a);
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status());
                String what = a + " seed " + seed;
                CellsBench.Run r = CellsBench.run(o, d, all, 16, 1, 1_000_000, 600, true);
                assertTrue(r.searched() && r.proven(), what + ": " + r);
                assertEquals(exact.milpLinked(), r.bound(), what + ": bound");
                assertEquals(exact.milpLinked(), r.found(), what + ": found");
                assertEquals(250 - exact.unlinkable(), r.linkable(), what + ": the first rows fix the same records");
                assertTrue(r.rivals() > 0 && r.rivals() <= 16L * r.linkable(), what + ": at most 16 rivals each: " + r);
                CellsBench.Run shortRun = CellsBench.run(o, d, all, 16, 1, 3, 600, true);
                assertFalse(shortRun.proven(), what + ": 3 cells prove nothing here: " + shortRun);
                assertTrue(shortRun.cells() >= 3 && shortRun.cells() <= 4, what + ": the cap is read before each split of two: " + shortRun);
                assertTrue(shortRun.bound() > exact.milpLinked() && shortRun.found() <= exact.milpLinked(), what + ": " + shortRun);
            }
        }
    }

    @Test
    void otherFamiliesAreRefused() {
        LinkageData d = LearnFixtures.noise(50, 3, 20, 1);
        assertThrows(IllegalArgumentException.class,
                () -> CellsBench.run(LearnOptions.defaults(Aggregator.CHOQUET), d, LearnFixtures.all(50), 16, 1, 10, 10, true));
    }
}

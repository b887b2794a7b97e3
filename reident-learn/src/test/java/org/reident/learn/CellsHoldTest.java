package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link SimplexCells#hold}: held workers take no cell (whatever the time held, the search stands
 * still: no cell searched, the bound every possible record), and once let go the search ends as it
 * would have, exact: bound and incumbent the optimum the cuts prove. Fails when the hold is ignored
 * (the search runs to its end while held) or never lifted (the search never ends).
 */
class CellsHoldTest {
    @Test
    void heldWorkersTakeNoCellUntilLetGo() throws InterruptedException {
        LinkageData d = LearnFixtures.cellsFile(1);
        int[] all = LearnFixtures.all(250);
        for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
            int optimum = LearnFixtures.learn(a, d, all).milpLinked();
            SimplexCells c = SimplexCellsTest.cells(a, d, all, Double.POSITIVE_INFINITY).pairsAlways().workers(2);
            int possible = c.bound();
            c.hold(true);
            Thread search = new Thread(() -> c.run(Double.POSITIVE_INFINITY, 1_000_000));
            search.start();
            search.join(300);
            assertTrue(search.isAlive(), a + ": held, the search has not ended");
            assertEquals(0, c.cells(), a + ": no cell searched while held");
            assertEquals(possible, c.bound(), a + ": the bound stays every possible record while held");
            assertFalse(c.proven());
            c.hold(false);
            search.join(120_000);
            assertFalse(search.isAlive(), a + ": let go, the search ends");
            assertTrue(c.proven(), a + ": proven (" + c.cells() + " cells)");
            assertEquals(optimum, c.bound(), a + ": bound");
            assertEquals(optimum, c.found().linked(), a + ": incumbent");
        }
    }
}

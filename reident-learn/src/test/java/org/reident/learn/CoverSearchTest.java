package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The local-search shortcut of the master on hand-made cuts over six records. Cuts {0, 1} and
 * {2, 3}: the exact solver gives up two records. Adding {1, 3} and then {0, 2}, a cover of two still
 * exists ({1, 3}, then {0, 3} or {1, 2}): the search must find it without the exact solver, and it
 * is optimal because two is the proven lower bound. Adding {4, 5} forces a third record: the search
 * cannot find a cover of two, and the branching ({@link CoverBranch}) proves the new bound; SCIP is
 * never needed.
 */
class CoverSearchTest {
    private final List<int[]> cuts = new ArrayList<>();

    private void cut(CoverMaster m, int... records) {
        cuts.add(records);
        m.cut(records);
    }

    private void assertCover(boolean[] keep, int size) {
        int given = 0;
        for (boolean k : keep) {
            given += k ? 0 : 1;
        }
        assertEquals(size, given);
        for (int[] c : cuts) {
            boolean hit = false;
            for (int r : c) {
                hit |= !keep[r];
            }
            assertTrue(hit, "every cut has a record given up");
        }
    }

    @Test
    void findsCoversOfTheProvenSizeAndLeavesTheRestToTheBranching() {
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        CoverSearch m = new CoverSearch(new MipCoverMaster(6, o), 6);
        try {
            boolean[] keep = new boolean[6];
            cut(m, 0, 1);
            cut(m, 2, 3);
            CoverMaster.Solved first = m.solve(30, keep, 0, 6);
            assertEquals(2, first.bestBound());
            assertEquals(0, m.shortcuts(), "no previous solution to start from: branching");
            assertEquals(1, m.branched());
            assertCover(keep, 2);

            cut(m, 1, 3);
            CoverMaster.Solved second = m.solve(30, keep, 2, 6);
            assertTrue(second.optimal());
            assertEquals(2, second.bestBound());
            assertEquals(1, m.shortcuts());
            assertCover(keep, 2);

            cut(m, 0, 2);
            m.solve(30, keep, 2, 6);
            assertEquals(2, m.shortcuts());
            assertCover(keep, 2);

            cut(m, 4, 5);
            CoverMaster.Solved third = m.solve(30, keep, 2, 6);
            assertEquals(2, m.shortcuts(), "no cover of two: the branching");
            assertEquals(2, m.branched());
            assertEquals(0, m.exactSolves());
            assertEquals(3, third.bestBound());
            assertFalse(third.infeasible());
            assertCover(keep, 3);
        } finally {
            m.delete();
        }
    }
}

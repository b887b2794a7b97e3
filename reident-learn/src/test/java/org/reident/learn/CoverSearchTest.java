package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The master's search on hand-made cuts over six records. Cuts {0, 1} and {2, 3}: two records are
 * given up. Adding {1, 3} and {0, 2}, a cover of two still exists ({1, 2} or {0, 3}). Adding {4, 5}
 * forces a third record, and then no cover of at most two exists (infeasible). The tree answers all
 * of it; with a node limit of one, SCIP answers the same.
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

    private void scenario(CoverSearch m) {
        try {
            boolean[] keep = new boolean[6];
            cut(m, 0, 1);
            cut(m, 2, 3);
            CoverMaster.Solved first = m.solve(30, keep, 0, 6);
            assertTrue(first.optimal());
            assertEquals(2, first.bestBound());
            assertCover(keep, 2);

            cut(m, 1, 3);
            cut(m, 0, 2);
            CoverMaster.Solved second = m.solve(30, keep, 2, 6);
            assertTrue(second.optimal());
            assertEquals(2, second.bestBound());
            assertCover(keep, 2);

            cut(m, 4, 5);
            CoverMaster.Solved third = m.solve(30, keep, 2, 6);
            assertEquals(3, third.bestBound());
            assertFalse(third.infeasible());
            assertCover(keep, 3);

            CoverMaster.Solved none = m.solve(30, keep, 2, 2);
            assertTrue(none.infeasible(), "no cover of two records");
        } finally {
            m.delete();
        }
    }

    @Test
    void theTreeAnswersWithoutTheExactSolver() {
        CoverSearch m = new CoverSearch(new MipCoverMaster(6, LearnOptions.defaults(Aggregator.WM)), 6, CoverSearch.NODES, 2);
        scenario(m);
        assertEquals(4, m.branched());
        assertEquals(0, m.exactSolves());
    }

    @Test
    void theExactSolverTakesOverWhenTheTreeRunsOutOfNodes() {
        CoverSearch m = new CoverSearch(new MipCoverMaster(6, LearnOptions.defaults(Aggregator.WM)), 6, 1, 2);
        scenario(m);
        assertEquals(3, m.exactSolves());
        assertEquals(1, m.branched(), "the last needs only the root: three disjoint cuts, budget two");
    }
}

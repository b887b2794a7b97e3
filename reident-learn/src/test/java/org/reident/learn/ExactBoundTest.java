package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link CoverSearch#exactBound}, the exact solver's bound beside a diving round: on two disjoint
 * triangles of pairs (each needs 2 of its 3 records; the covering LP 1.5 each, 3 in all) SCIP's bound
 * is the integer 4 where the LP's rounds up to 3 only; a bound already proven is kept when the solver
 * would say less; a halted master gives none.
 */
class ExactBoundTest {
    private static final int[][] TRIANGLES = {{0, 1}, {1, 2}, {0, 2}, {3, 4}, {4, 5}, {3, 5}};

    private static CoverSearch master() {
        CoverSearch m = new CoverSearch(new MipCoverMaster(7, LearnOptions.defaults(Aggregator.CHOQUET)), 7, CoverSearch.NODES, 1);
        for (int[] c : TRIANGLES) {
            m.cut(c);
        }
        return m;
    }

    @Test
    void scipBoundsTheCoverByItsIntegerOptimum() {
        CoverSearch m = master();
        try {
            assertEquals(4, m.exactBound(10, 0));
            assertEquals(4, m.exactBound(10, 3), "a proven 3 raised to 4");
            assertTrue(m.notes().contains("2 bounds by SCIP"), m.notes());
            m.halt();
            assertEquals(-1, m.exactBound(10, 0), "halted: no bound");
        } finally {
            m.delete();
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The master on a hand-made cover: cuts {0, 1}, {1, 2}, {3, 4} over five records. The smallest
 * cover gives up record 1 and one of 3, 4 (sum K = 2); with sum K at most 1 no cover exists (an
 * incumbent keeping 3 would be proven optimal); sum K at least 3 forces one more record out; with
 * record 0 fixed, 3 are given up.
 */
class CoverMasterTest {
    private static LearnOptions options(String solver) {
        LearnOptions d = LearnOptions.defaults(Aggregator.WM);
        return new LearnOptions(d.aggregator(), solver, d.timeLimit(), d.eps(), d.delta(), d.rivals(),
                d.standardization(), null, d.solverParameters(), d.threads(), null);
    }

    private static void check(String solver, CoverMaster m) {
        try {
            m.cut(new int[] {0, 1});
            m.cut(new int[] {1, 2});
            m.cut(new int[] {3, 4});
            boolean[] keep = new boolean[5];
            CoverMaster.Solved s = m.solve(30, keep, 0, 5);
            assertNotNull(s, solver);
            assertTrue(s.optimal() && !s.infeasible(), solver);
            assertEquals(2, s.bestBound(), solver);
            assertTrue(keep[0] && !keep[1] && keep[2] && keep[3] != keep[4], solver);

            CoverMaster.Solved none = m.solve(30, keep, 0, 1);
            assertTrue(none.infeasible(), solver + ": no cover with one record given up");
            assertEquals(2, none.bestBound(), solver);

            CoverMaster.Solved forced = m.solve(30, keep, 3, 5);
            assertFalse(forced.infeasible(), solver);
            assertEquals(3, forced.bestBound(), solver);
            int given = 0;
            for (boolean k : keep) {
                given += k ? 0 : 1;
            }
            assertEquals(3, given, solver);

            m.fix(0);
            CoverMaster.Solved fixed = m.solve(30, keep, 0, 5);
            assertEquals(3, fixed.bestBound(), solver + ": K0 = 1 plus one of {1, 2} plus one of {3, 4}");
            assertFalse(keep[0], solver);
        } finally {
            m.delete();
        }
    }

    @Test
    void scipHonoursTheRangeAndProvesInfeasibility() {
        check("scip", new MipCoverMaster(5, options("scip")));
    }

    @Test
    void highsHonoursTheRangeAndProvesInfeasibility() {
        MipCoverMaster m = new MipCoverMaster(5, options("highs"));
        assertTrue(m.version().startsWith("HiGHS"), m.version());
        check("highs", m);
    }

    @Test
    void cpSatHonoursTheRangeAndProvesInfeasibility() {
        check("cp-sat", new CpSatCoverMaster(5));
    }

    @Test
    void theDefaultMasterHonoursTheRangeAndProvesInfeasibility() {
        CoverSearch m = CoverMaster.create(5, options("scip"), CoverSearch.NODES);
        check("search and branching", m);
        assertEquals(0, m.exactSolves(), "this small cover never needs SCIP");
    }

    /**
     * A seeded random cover of about the size verify meets on a 400-record proof (400 records, 400 cuts of 2
     * to 6): CP-SAT proves the least cover that SCIP proves (both within seconds; 60 s allowed). With the
     * workers of a 2-core machine (2) CP-SAT's portfolio has no worker bounding by the LP: at 20 s its
     * bound was 10 (mutation-checked; {@link CpSatCoverMaster#WORKERS}).
     */
    @Test
    void cpSatProvesARandomCoverAsScipDoes() {
        java.util.Random rnd = new java.util.Random(92);
        int records = 400;
        java.util.List<int[]> cuts = new java.util.ArrayList<>();
        for (int c = 0; c < 400; c++) {
            int size = 2 + rnd.nextInt(5);
            int[] cut = rnd.ints(0, records).distinct().limit(size).toArray();
            cuts.add(cut);
        }
        long[] least = new long[2];
        CoverMaster[] masters = {new MipCoverMaster(records, options("scip")), new CpSatCoverMaster(records)};
        for (int q = 0; q < 2; q++) {
            CoverMaster m = masters[q];
            try {
                for (int[] c : cuts) {
                    m.cut(c);
                }
                CoverMaster.Solved s = m.solve(60, new boolean[records], 0, records);
                assertNotNull(s, m.version());
                assertTrue(s.optimal(), m.version() + ": proven within 60 s, bound " + s.bestBound());
                least[q] = s.bestBound();
            } finally {
                m.delete();
            }
        }
        assertEquals(least[0], least[1], "SCIP's least cover and CP-SAT's");
    }
}

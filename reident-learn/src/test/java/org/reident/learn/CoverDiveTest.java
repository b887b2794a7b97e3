package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverSearch#dive}: any cover within the size asked for, with the covering LP's bound, which
 * must never pass the smallest cover (it is what a diving round reports as proven); and
 * {@link CoverSearch#solveWithin}, the tree alone within a node budget, whose give-up must rule out
 * no size a cover has. Against enumeration on seeded random instances, and by hand.
 */
class CoverDiveTest {
    /** The exact solver, which a dive never asks. */
    private static final class Unused extends StubMaster {
        @Override
        Solved answer(double seconds) {
            throw new AssertionError("a dive asked the exact solver");
        }
    }

    /**
     * Cuts {0, 1}, {1, 3}, {3, 2}, {2, 0} (a cycle of four: LP 2, integer 2) and {4, 5}: the smallest
     * cover has 3 records and the LP's bound is 3. With record 4 fixed (given up), {4, 5} is hit and
     * the bound is still 3: the fixed record and the cycle's 2.
     */
    private static final int[][] CYCLE_AND_PAIR = {{0, 1}, {1, 3}, {2, 3}, {0, 2}, {4, 5}};

    /** A master of 6 records over {@link #CYCLE_AND_PAIR}, record 4 fixed when {@code fix}. */
    private static CoverSearch cycleAndPair(boolean fix) {
        CoverSearch m = new CoverSearch(new Unused(), 6, CoverSearch.NODES, 2);
        if (fix) {
            m.fix(4);
        }
        for (int[] c : CYCLE_AND_PAIR) {
            m.cut(c);
        }
        return m;
    }

    /** A dive on {@link #CYCLE_AND_PAIR}: a cover within the size asked for, the LP's bound 3, none of two. */
    @Test
    void aDiveFindsACoverAndTheLpBoundByHand() {
        for (boolean fix : new boolean[] {false, true}) {
            CoverSearch m = cycleAndPair(fix);
            try {
                boolean[] keep = new boolean[6];
                CoverMaster.Solved s = m.dive(30, keep, 0, 5, RoundMaster.DIVE_NODES);
                assertFalse(s.infeasible());
                assertFalse(s.optimal(), "a dive proves no optimum");
                assertEquals(3, s.bestBound(), "fixed " + fix + ": the LP's bound");
                assertTrue(covers(CYCLE_AND_PAIR, keep) && given(keep) <= 5);
                if (fix) {
                    assertFalse(keep[4], "a fixed record stays given up");
                }
                assertTrue(m.dive(30, new boolean[6], 0, 2, RoundMaster.DIVE_NODES).infeasible(), "no cover of two");
                assertTrue(m.notes().contains("2 dives"), m.notes());
            } finally {
                m.delete();
            }
        }
    }

    /**
     * The covering LP's set ({@link CoverSearch#lpSet}) on the instance above: it holds no whole cut,
     * no record left out could join it, a fixed record stays out, and its bound is the LP's 3.
     */
    @Test
    void theCoveringLpsSetHoldsNoCutWithTheLpBound() {
        for (boolean fix : new boolean[] {false, true}) {
            CoverSearch m = cycleAndPair(fix);
            try {
                boolean[] keep = new boolean[6];
                CoverMaster.Solved s = m.lpSet(30, keep, 1);
                assertFalse(s.infeasible() || s.optimal(), "a set, not a proof");
                assertEquals(3, s.bestBound(), "fixed " + fix + ": the LP's bound");
                assertTrue(covers(CYCLE_AND_PAIR, keep), "fixed " + fix + ": a whole cut in the set");
                assertEquals(3, given(keep), "fixed " + fix + ": a set no record can join leaves a smallest cover here");
                if (fix) {
                    assertFalse(keep[4], "a fixed record stays given up");
                }
                assertTrue(m.notes().contains("1 set from the covering LP"), m.notes());
            } finally {
                m.delete();
            }
        }
    }

    /** A tree of no nodes (the exact solver answers every solve) does not dive. */
    @Test
    void noTreeNoDive() {
        CoverSearch m = new CoverSearch(new Unused(), 4, 0, 1);
        m.cut(new int[] {0, 1});
        assertNull(m.dive(30, new boolean[4], 0, 4, RoundMaster.DIVE_NODES));
        m.delete();
    }

    /**
     * 200 seeded instances of 8-12 records, 3-30 cuts of 1-4 records and up to two fixed records,
     * every size asked for: a dive finds a cover within the size exactly when enumeration finds one,
     * and its bound lies between the bound it was given and the smallest cover.
     */
    @Test
    void divesAgreeWithEnumeration() {
        Random random = new Random(20261206);
        int lpTight = 0;
        for (int t = 0; t < 200; t++) {
            Instance in = Instance.random(random);
            int n = in.n();
            boolean[] fixed = in.fixed();
            int[][] cuts = in.cuts();
            int smallest = in.smallest();
            CoverSearch m = in.master(1 + t % 2);
            try {
                for (int atMost = 0; atMost <= n; atMost++) {
                    long atLeast = Math.min(atMost, random.nextInt(smallest + 1));
                    boolean[] keep = new boolean[n];
                    CoverMaster.Solved s = m.dive(30, keep, atLeast, atMost, RoundMaster.DIVE_NODES);
                    String w = "instance " + t + ", at most " + atMost + ", smallest " + smallest;
                    if (smallest > atMost) {
                        assertTrue(s.infeasible(), w);
                        continue;
                    }
                    assertFalse(s.infeasible(), w);
                    assertTrue(covers(cuts, keep), w + ": every cut hit");
                    assertTrue(given(keep) <= atMost, w + ": within the size");
                    for (int r = 0; r < n; r++) {
                        if (fixed[r]) {
                            assertFalse(keep[r], w + ": fixed record " + r + " kept");
                        }
                    }
                    assertTrue(s.bestBound() >= atLeast && s.bestBound() <= smallest, w + ": bound " + s.bestBound());
                    lpTight += atLeast < smallest && s.bestBound() == smallest ? 1 : 0;
                }
            } finally {
                m.delete();
            }
        }
        assertTrue(lpTight > 100, "the LP raised the bound to the smallest cover only " + lpTight + " times");
    }

    /**
     * {@link CoverSearch#solveWithin} on 200 seeded instances, every size asked for, within 1 to 10,000
     * nodes: an answer is the smallest cover (or none within the size) as enumeration finds it, and a
     * give-up asks no exact solver and rules out only sizes below the smallest cover, never below the
     * bound it was given. Both happen often, so neither half can pass by not running.
     */
    @Test
    void solvesWithinAgreeWithEnumeration() {
        Random random = new Random(20261207);
        int answered = 0;
        int gaveUp = 0;
        for (int t = 0; t < 200; t++) {
            Instance in = Instance.random(random);
            int[][] cuts = in.cuts();
            int smallest = in.smallest();
            CoverSearch m = in.master(1 + t % 2);
            try {
                for (int atMost = 0; atMost <= in.n(); atMost++) {
                    long atLeast = Math.min(atMost, random.nextInt(smallest + 1));
                    long nodes = new long[] {1, 3, 10, 10_000}[random.nextInt(4)];
                    boolean[] keep = new boolean[in.n()];
                    CoverMaster.Solved s = m.solveWithin(30, keep, atLeast, atMost, nodes);
                    String w = "instance " + t + ", sizes " + atLeast + ".." + atMost + ", " + nodes + " nodes, smallest " + smallest;
                    if (s == null) {
                        gaveUp++;
                        assertTrue(m.lastGaveUp(), w);
                        assertTrue(m.ruledOut() >= atLeast && m.ruledOut() <= Math.min(smallest, atMost), w + ": ruled out " + m.ruledOut());
                        continue;
                    }
                    answered++;
                    assertEquals(-1, m.ruledOut(), w);
                    assertFalse(m.lastGaveUp(), w);
                    if (smallest > atMost) {
                        assertTrue(s.infeasible(), w);
                        continue;
                    }
                    assertTrue(s.optimal() && !s.infeasible(), w);
                    assertEquals(smallest, s.bestBound(), w);
                    assertTrue(covers(cuts, keep) && given(keep) == smallest, w + ": the smallest cover");
                }
            } finally {
                m.delete();
            }
        }
        assertTrue(answered > 500 && gaveUp > 100, answered + " answered, " + gaveUp + " given up");
    }

    /** The master's notes count the solves given up early beside the dives. */
    @Test
    void theNotesCountTheSolvesGivenUpEarly() {
        CoverSearch m = new CoverSearch(new Unused(), 6, CoverSearch.NODES, 1);
        int[][] cuts = {{0, 1}, {1, 3}, {2, 3}, {0, 2}, {4, 5}};
        for (int[] c : cuts) {
            m.cut(c);
        }
        assertNull(m.solveWithin(30, new boolean[6], 0, 5, 1), "no cover of 3 within one node");
        assertTrue(m.ruledOut() >= 0 && m.ruledOut() < 3, "ruled out below " + m.ruledOut() + " of the smallest cover's 3");
        assertTrue(m.notes().contains("1 given up early"), m.notes());
        assertEquals(3, m.solveWithin(30, new boolean[6], 0, 5, 10_000).bestBound());
        m.delete();
    }

    /** Without a tree (node limit 0) the round is left to the exact solver: no answer, nothing ruled out. */
    @Test
    void noTreeNoSolveWithin() {
        CoverSearch m = new CoverSearch(new Unused(), 4, 0, 1);
        m.cut(new int[] {0, 1});
        assertNull(m.solveWithin(30, new boolean[4], 0, 4, RoundMaster.EARLY_NODES));
        assertEquals(-1, m.ruledOut());
        m.delete();
    }

    /** A seeded instance: 8-12 records, 3-30 cuts of 1-4 records, up to two fixed, its smallest cover by enumeration. */
    private record Instance(int n, boolean[] fixed, int[][] cuts, int smallest) {
        static Instance random(Random random) {
            int n = 8 + random.nextInt(5);
            boolean[] fixed = new boolean[n];
            List<int[]> list = new ArrayList<>();
            int count = 3 + random.nextInt(28);
            for (int c = 0; c < count; c++) {
                list.add(random.ints(0, n).distinct().limit(1 + random.nextInt(4)).sorted().toArray());
            }
            int fixes = random.nextInt(3);
            for (int f = 0; f < fixes; f++) {
                fixed[random.nextInt(n)] = true;
            }
            int[][] cuts = list.toArray(new int[0][]);
            return new Instance(n, fixed, cuts, smallestCover(n, cuts, fixed));
        }

        /** A master over this instance (its records fixed, its cuts added) whose exact solver must not be asked. */
        CoverSearch master(int threads) {
            CoverSearch m = new CoverSearch(new Unused(), n, CoverSearch.NODES, threads);
            for (int r = 0; r < n; r++) {
                if (fixed[r]) {
                    m.fix(r);
                }
            }
            for (int[] c : cuts) {
                m.cut(c);
            }
            return m;
        }
    }

    private static int smallestCover(int n, int[][] cuts, boolean[] fixed) {
        int best = n + 1;
        for (int mask = 0; mask < 1 << n; mask++) {
            boolean ok = true;
            for (int r = 0; r < n && ok; r++) {
                ok = !fixed[r] || (mask >> r & 1) == 1;
            }
            for (int c = 0; c < cuts.length && ok; c++) {
                boolean hit = false;
                for (int r : cuts[c]) {
                    hit |= (mask >> r & 1) == 1;
                }
                ok = hit;
            }
            if (ok) {
                best = Math.min(best, Integer.bitCount(mask));
            }
        }
        return best;
    }

    private static boolean covers(int[][] cuts, boolean[] keep) {
        for (int[] c : cuts) {
            boolean hit = false;
            for (int r : c) {
                hit |= !keep[r];
            }
            if (!hit) {
                return false;
            }
        }
        return true;
    }

    private static int given(boolean[] keep) {
        int g = 0;
        for (boolean k : keep) {
            g += k ? 0 : 1;
        }
        return g;
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverLp}, the covering LP kept warm between the master's solves, against the LP solved
 * afresh ({@link CoverDual#lpStart}, the reference) on seeded sequences of growing masters: cuts
 * added, records given. At every step its duals, in the problem's order of the cuts, must be a
 * feasible dual (every record's load at most 1, the cuts hit by a given record at 0) worth the
 * fresh LP's optimum, and the tree started from them must find the same smallest cover.
 */
class CoverLpTest {
    private static final int M = 40;
    private static final double MAX = Double.MAX_VALUE;

    @Test
    void keptWarmItGivesTheFreshLpsOptimumAtEveryStep() {
        SplittableRandom random = new SplittableRandom(20261205L);
        int steps = 0;
        int withGiven = 0;
        for (int sequence = 0; sequence < 12; sequence++) {
            int[][] cuts = CoverBranchTest.randomCuts(random, 400, M, 2, 5);
            boolean[] given = new boolean[M];
            CoverLp lp = new CoverLp(M);
            try {
                for (int count = 20; count <= cuts.length; count += 10 + random.nextInt(40)) {
                    if (random.nextInt(4) == 0) {
                        given[random.nextInt(M)] = true;
                    }
                    check(lp, cuts, count, given, "sequence " + sequence + ", " + count + " cuts");
                    steps++;
                    withGiven += Arrays.toString(given).contains("true") ? 1 : 0;
                }
            } finally {
                lp.delete();
            }
        }
        assertTrue(steps > 100 && withGiven > 50, steps + " steps, " + withGiven + " with records given");
    }

    /** A problem that does not continue the LP's (cuts in another order, a record no longer given) rebuilds it. */
    @Test
    void aProblemThatDoesNotContinueTheLpRebuildsIt() {
        SplittableRandom random = new SplittableRandom(5L);
        int[][] cuts = CoverBranchTest.randomCuts(random, 120, M, 2, 4);
        boolean[] given = new boolean[M];
        given[3] = true;
        CoverLp lp = new CoverLp(M);
        try {
            check(lp, cuts, 120, given, "first");
            int[][] reversed = new int[cuts.length][];
            for (int c = 0; c < cuts.length; c++) {
                reversed[c] = cuts[cuts.length - 1 - c];
            }
            check(lp, reversed, 100, given, "reversed");
            check(lp, reversed, 100, new boolean[M], "nothing given");
        } finally {
            lp.delete();
        }
    }

    /** Solved again with nothing changed, GLOP starts from the basis kept: no iteration at all. */
    @Test
    void theBasisIsKeptBetweenSolves() {
        SplittableRandom random = new SplittableRandom(11L);
        int[][] cuts = CoverBranchTest.randomCuts(random, 300, M, 2, 5);
        CoverLp lp = new CoverLp(M);
        try {
            lp.sync(cuts, 300, new boolean[M]);
            assertNotNull(lp.duals(MAX, new Halt()));
            assertTrue(lp.iterations() > 10, "the first solve iterates: " + lp.iterations());
            lp.sync(cuts, 300, new boolean[M]);
            assertNotNull(lp.duals(MAX, new Halt()));
            assertEquals(0, lp.iterations(), "the second starts at the optimum");
        } finally {
            lp.delete();
        }
    }

    private static void check(CoverLp lp, int[][] cuts, int count, boolean[] given, String where) {
        lp.sync(cuts, count, given);
        double[] all = lp.duals(MAX, new Halt());
        assertNotNull(all, where);
        CoverProblem p = new CoverProblem(M, cuts, count, given);
        double[] fresh = CoverDual.lpStart(M, p.cuts, p.cutCount, MAX);
        assertNotNull(fresh, where);
        double[] load = new double[M];
        double warm = 0;
        double hitSum = 0;
        boolean[] kept = new boolean[count];
        for (int c = 0; c < p.cutCount; c++) {
            double y = all[p.source[c]];
            assertSame(cuts[p.source[c]], p.cuts[c], where + ": the problem's cut is the learner's");
            kept[p.source[c]] = true;
            assertTrue(y >= 0, where);
            warm += y;
            for (int r : p.cuts[c]) {
                load[r] += y;
            }
        }
        for (int c = 0; c < count; c++) {
            hitSum += kept[c] ? 0 : all[c];
        }
        for (int r = 0; r < M; r++) {
            assertTrue(load[r] <= 1 + 1e-7, where + ": record " + r + "'s load " + load[r]);
        }
        assertEquals(0, hitSum, 1e-9, where + ": the cuts a given record hits carry no dual");
        assertEquals(Arrays.stream(fresh).sum(), warm, 1e-6, where + ": the fresh LP's optimum");
        boolean[] prefer = new boolean[M];
        CoverBranch.Smallest cold = new CoverBranch(M, cuts, count, given, 0).split(Long.MAX_VALUE, 0)
                .smallest(0, M, Long.MAX_VALUE, MAX, new boolean[M], prefer);
        CoverBranch.Smallest warmTree = new CoverBranch(M, cuts, count, given, 0).split(Long.MAX_VALUE, 0).lp(lp)
                .smallest(0, M, Long.MAX_VALUE, MAX, new boolean[M], prefer);
        assertEquals(cold, warmTree, where + ": the same smallest cover");
    }
}

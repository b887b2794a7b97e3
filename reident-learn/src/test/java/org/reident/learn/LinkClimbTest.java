package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * {@link LinkClimb}: every incumbent it reports is the exact count of its parameters (checked
 * against {@link PlainMilp#linkedWithMargin}, which evaluates the definitions pair by pair), never
 * below its start and never above the optimum the cuts prove, and a member of its family (weights
 * on the simplex, a normalised monotone measure); its quick estimate never falls below the exact
 * count, and equals it once those parameters have been counted exactly.
 */
class LinkClimbTest {
    private static LinkClimb climb(Aggregator a, LinkageData d, int[] train) {
        LearnOptions o = LearnOptions.defaults(a);
        double[][] z = Distances.standardized(d, Standardization.OWN);
        Features f = new Features(a, z[0], z[1], d.dimension());
        LinkClimb.Moves moves = a == Aggregator.CHOQUET_M ? new SubmodularMoves(d.dimension())
                : a.isChoquet() ? new MeasureMoves(d.dimension())
                : a.isBilinear() ? new MatrixMoves(d.dimension(), a != Aggregator.BILINEAR_NC)
                : new SimplexMoves(d.dimension(), a == Aggregator.WM_M ? o.delta() : 0);
        return new LinkClimb(f, d.maskedCount(), train, d.truth(), o.eps(), moves);
    }

    private static int reference(Aggregator a, LinkageData d, int[] train, double[] w) {
        return PlainMilp.linkedWithMargin(a, d, train, w, LearnOptions.defaults(a).eps(), 0);
    }

    /** The records Sigma (its upper triangle, row by row) links with margin eps: d' Sigma d pair by pair. */
    private static int matrixReference(LinkageData d, int[] train, double[] t) {
        int n = d.dimension();
        double[][] z = Distances.standardized(d, Standardization.OWN);
        double[][] sigma = new double[n][n];
        for (int k = 0, q = 0; k < n; k++) {
            for (int l = k; l < n; l++, q++) {
                sigma[k][l] = t[q];
                sigma[l][k] = t[q];
            }
        }
        int count = 0;
        for (int i : train) {
            int truth = d.truth()[i];
            double own = quadratic(z, n, i, truth, sigma);
            boolean ok = true;
            for (int j = 0; j < d.maskedCount() && ok; j++) {
                ok = j == truth || quadratic(z, n, i, j, sigma) - own >= LearnOptions.defaults(Aggregator.BILINEAR).eps();
            }
            count += ok ? 1 : 0;
        }
        return count;
    }

    private static double quadratic(double[][] z, int n, int i, int j, double[][] sigma) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                s += sigma[k][l] * (z[0][i * n + k] - z[1][j * n + k]) * (z[0][i * n + l] - z[1][j * n + l]);
            }
        }
        return s;
    }

    private static double[] uniform(int n) {
        double[] w = new double[n];
        Arrays.fill(w, 1.0 / n);
        return w;
    }

    @Test
    void aClimbEndsOnceTheRunsBestPassesItsOwnAndGoesOnWhileItIsNotPassed() {
        LinkageData d = LearnFixtures.noise(250, 4, 60, 2);
        int[] train = LearnFixtures.all(250);
        // passed at its first step: the run's best read when it begins is 0, then beyond any count
        LinkClimb passed = climb(Aggregator.WM, d, train);
        AtomicInteger reads = new AtomicInteger();
        passed.trail(() -> reads.getAndIncrement() == 0 ? 0 : 251);
        passed.run(uniform(4), StopRequest.now() + 5, 1);
        assertTrue(passed.trailed());
        assertEquals(0, passed.proposals(), "ended before its first move");
        assertEquals(reference(Aggregator.WM, d, train, uniform(4)), passed.found().linked(), "its start, counted exactly");
        // the run's best one record above the climb's after 50 reads: it ends within 50 moves
        LinkClimb later = climb(Aggregator.WM, d, train);
        AtomicInteger laterReads = new AtomicInteger();
        later.trail(() -> laterReads.incrementAndGet() <= 50 ? 0 : later.found().linked() + 1);
        later.run(uniform(4), StopRequest.now() + 5, 1);
        assertTrue(later.trailed());
        assertTrue(later.proposals() > 0 && later.proposals() < 50, later.proposals() + " moves");
        // level with the climb's best, or below it, the run's best never ends it: the clock or a stall does
        for (boolean level : new boolean[] {true, false}) {
            LinkClimb ahead = climb(Aggregator.WM, d, train);
            ahead.trail(() -> level ? Math.max(0, ahead.found().linked()) : 0);
            ahead.run(uniform(4), StopRequest.now() + 0.3, 1);
            assertFalse(ahead.trailed(), "level " + level);
            assertTrue(ahead.proposals() > 50, ahead.proposals() + " moves in 0.3 s");
        }
    }

    @Test
    void itsIncumbentIsExactAndLiesBetweenItsStartAndTheOptimum() {
        int checked = 0;
        int gained = 0;
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = seed % 2 == 0 ? LearnFixtures.noise(250, 4, 60, seed) : LearnFixtures.mdavPairs(250, 4, 5, seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.WM_M, Aggregator.OWA)) {
                String what = a + " seed " + seed;
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status(), what);
                double[] start = uniform(4);
                int atStart = reference(a, d, all, start);
                LinkClimb c = climb(a, d, all);
                c.run(start, StopRequest.now() + 0.3, seed);
                LinkClimb.Found f = c.found();
                assertEquals(reference(a, d, all, f.theta()), f.linked(), what + ": the count of its weights");
                assertTrue(f.linked() >= atStart, what + ": " + f.linked() + " below its start " + atStart);
                assertTrue(f.linked() <= exact.milpLinked(), what + ": " + f.linked() + " above the optimum " + exact.milpLinked());
                double sum = 0;
                for (double w : f.theta()) {
                    assertTrue(w >= (a == Aggregator.WM_M ? LearnOptions.defaults(a).delta() - 1e-12 : 0), what + ": weight " + w);
                    sum += w;
                }
                assertEquals(1, sum, 1e-12, what + ": weights on the simplex");
                gained += f.linked() > atStart ? 1 : 0;
                checked++;
            }
        }
        assertEquals(12, checked);
        assertTrue(gained >= 6, "the climb improved on AM in " + gained + " of 12 cases");
    }

    /** The additive measure of the equal weights, mu(A) = |A| / n (AM as a Choquet integral). */
    private static double[] additive(int n) {
        double[] mu = new double[1 << n];
        for (int a = 0; a < mu.length; a++) {
            mu[a] = Integer.bitCount(a) / (double) n;
        }
        return mu;
    }

    @Test
    void overTheMeasureItsIncumbentIsExactMonotoneSubmodularForCimAndBelowTheOptimum() {
        for (Aggregator a : List.of(Aggregator.CHOQUET, Aggregator.CHOQUET_M)) {
            int gained = 0;
            for (long seed = 1; seed <= 4; seed++) {
                LinkageData d = seed % 2 == 0 ? LearnFixtures.noise(250, 4, 60, seed) : LearnFixtures.mdavPairs(250, 4, 5, seed);
                int[] all = LearnFixtures.all(250);
                String what = a + " seed " + seed;
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status(), what);
                int atStart = reference(a, d, all, additive(4));
                LinkClimb c = climb(a, d, all);
                c.run(additive(4), StopRequest.now() + 0.3, seed);
                LinkClimb.Found f = c.found();
                double[] mu = f.theta();
                assertEquals(reference(a, d, all, mu), f.linked(), what + ": the count of its measure");
                assertTrue(f.linked() >= atStart, what + ": " + f.linked() + " below its start " + atStart);
                assertTrue(f.linked() <= exact.milpLinked(), what + ": " + f.linked() + " above the optimum " + exact.milpLinked());
                assertEquals(0, mu[0], what);
                assertEquals(1, mu[15], what);
                for (int s = 0; s < 16; s++) {
                    for (int k = 0; k < 4; k++) {
                        int bk = 1 << k;
                        if ((s & bk) != 0) {
                            continue;
                        }
                        assertTrue(mu[s] <= mu[s | bk] + 1e-9, what + ": monotone at " + s + " + " + k);
                        for (int l = k + 1; l < 4 && a == Aggregator.CHOQUET_M; l++) {
                            int bl = 1 << l;
                            if ((s & bl) == 0) {
                                assertTrue(mu[s | bk] + mu[s | bl] >= mu[s | bk | bl] + mu[s] - 1e-9, what + ": submodular at " + s);
                            }
                        }
                    }
                }
                gained += f.linked() > atStart ? 1 : 0;
            }
            assertTrue(gained >= 2, a + ": the measure climb improved on AM in " + gained + " of 4 cases");
        }
    }

    @Test
    void overTheMatrixItsIncumbentIsExactAndStaysInTheFamily() {
        int gained = 0;
        for (Aggregator a : List.of(Aggregator.BILINEAR, Aggregator.BILINEAR_NC)) {
            for (long seed = 1; seed <= 2; seed++) { // MDAV: SB on 60% noise is not proven within the fixtures' limit
                LinkageData d = LearnFixtures.mdavPairs(150, 4, 5, seed);
                int[] all = LearnFixtures.all(150);
                String what = a + " seed " + seed;
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status(), what);
                double[] start = new double[10]; // diag(1/4): AM
                for (int k = 0; k < 4; k++) {
                    start[k * 4 - k * (k - 1) / 2] = 0.25;
                }
                int atStart = matrixReference(d, all, start);
                LinkClimb c = climb(a, d, all);
                c.run(start, StopRequest.now() + 0.3, seed);
                LinkClimb.Found f = c.found();
                double[] t = f.theta();
                assertEquals(matrixReference(d, all, t), f.linked(), what + ": the count of its matrix");
                assertTrue(f.linked() >= atStart, what + ": " + f.linked() + " below its start " + atStart);
                assertTrue(f.linked() <= exact.milpLinked(), what + ": " + f.linked() + " above the optimum " + exact.milpLinked());
                double trace = 0;
                for (int k = 0, q = 0; k < 4; k++) {
                    for (int l = k; l < 4; l++, q++) {
                        assertTrue(Math.abs(t[q]) <= 1, what + ": entry " + t[q]);
                        trace += k == l ? t[q] : 0;
                    }
                }
                assertEquals(1, trace, 1e-9, what + ": trace");
                if (a == Aggregator.BILINEAR) {
                    assertTrue(leastEigenvalue(t) >= -1e-9, what + ": least eigenvalue " + leastEigenvalue(t));
                }
                gained += f.linked() > atStart ? 1 : 0;
            }
        }
        assertTrue(gained >= 2, "the matrix climb improved on AM in " + gained + " of 4 cases");
    }

    /** The least eigenvalue of the symmetric 4 x 4 matrix with upper triangle t (row by row). */
    private static double leastEigenvalue(double[] t) {
        DMatrixRMaj sigma = new DMatrixRMaj(4, 4);
        for (int k = 0, q = 0; k < 4; k++) {
            for (int l = k; l < 4; l++, q++) {
                sigma.set(k, l, t[q]);
                sigma.set(l, k, t[q]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(4, false, true);
        assertTrue(eig.decompose(sigma));
        double least = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 4; k++) {
            least = Math.min(least, eig.getEigenvalue(k).getReal());
        }
        return least;
    }

    @Test
    void matrixMovesKeepTheTraceTheBoxAndSemidefinitenessOnTheBoundary() {
        double[] sigma = new double[10];
        sigma[0] = 0.5; // diag(0.5, 0.5, 0, 0): every off-diagonal move touching variables 3 or 4 leaves the PSD cone
        sigma[4] = 0.5;
        MatrixMoves moves = new MatrixMoves(4, true);
        SplittableRandom rnd = new SplittableRandom(5);
        double[] next = new double[10];
        int moved = 0;
        for (int step = 0; step < 2000; step++) {
            moves.propose(sigma, next, rnd);
            double trace = next[0] + next[4] + next[7] + next[9];
            assertEquals(1, trace, 1e-9, "trace at step " + step);
            for (double v : next) {
                assertTrue(Math.abs(v) <= 1, "entry " + v);
            }
            assertTrue(leastEigenvalue(next) >= -1e-9, "least eigenvalue " + leastEigenvalue(next) + " at step " + step);
            moved += Arrays.equals(next, sigma) ? 0 : 1;
            System.arraycopy(next, 0, sigma, 0, 10);
        }
        assertTrue(moved > 1000, moved + " of 2000 proposals moved");
        assertTrue(leastEigenvalue(sigma) < 0.2, "the walk stays near the boundary it started on");
    }

    @Test
    void itsEstimateBoundsTheExactCountAndMeetsItOnceCounted() {
        for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA, Aggregator.CHOQUET)) {
            LinkageData d = LearnFixtures.noise(200, 5, 40, 7);
            int[] all = LearnFixtures.all(200);
            LinkClimb c = climb(a, d, all);
            c.run(a.isChoquet() ? additive(5) : uniform(5), StopRequest.now() + 0.2, 3); // the records keep some rivals
            SplittableRandom rnd = new SplittableRandom(11);
            double[] base = a.isChoquet() ? additive(5) : null;
            for (int trial = 0; trial < 100; trial++) {
                double[] w = new double[5];
                double s = 0;
                for (int k = 0; k < 5; k++) {
                    w[k] = -Math.log(1 - rnd.nextDouble());
                    s += w[k];
                }
                for (int k = 0; k < 5; k++) {
                    w[k] /= s;
                }
                if (base != null) { // a random monotone measure: a few moves from AM's
                    w = base.clone();
                    for (int q = 0; q < 1 + trial % 5; q++) {
                        new MeasureMoves(5).propose(w.clone(), w, rnd);
                    }
                }
                int truth = reference(a, d, all, w);
                String what = a + " trial " + trial;
                assertTrue(c.estimate(w) >= truth, what + ": estimate " + c.estimate(w) + " below " + truth);
                assertEquals(truth, c.exact(w, Double.POSITIVE_INFINITY), what + ": exact count");
                assertEquals(truth, c.estimate(w), what + ": estimate once counted");
            }
        }
    }

    @Test
    void pastItsDeadlineItReportsNothing() {
        LinkageData d = LearnFixtures.noise(200, 4, 40, 5);
        LinkClimb c = climb(Aggregator.WM, d, LearnFixtures.all(200));
        c.run(uniform(4), StopRequest.now() - 1, 1);
        assertEquals(-1, c.found().linked());
        assertEquals(0, c.proposals());
    }
}

package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.synth.AdditiveNoise;
import org.reident.synth.CensusLikeGenerator;

/**
 * SQUAREM against plain EM on seeded pattern counts drawn from a mixture of matches (agreeing,
 * geometric levels) and non-matches (uniform levels), with a rare level on every variable: the same
 * fixed point as plain EM run to a stop ten times tighter, in fewer EM steps than plain EM takes to
 * the same stop, probabilities above 0 and summing to 1, and the step limit reported; not
 * accelerated, the very steps of plain EM. Also on generated records with a column published
 * unmasked (the slow case), and the safeguard's objective against its definition.
 */
class SquaredEmTest {
    private static final int L = FellegiSunter.LEVELS;

    @Test
    void squaremReachesPlainEmsFixedPointInFewerSteps() {
        for (int n : new int[] {3, 4, 7}) {
            long[][] p = EmConvergenceTest.draw(n, 40 + n);
            PatternEm patterns = new PatternEm(p[0], p[1], n);
            double prior = Math.log((1 - 0.002) / 0.002);
            double[] start = start(patterns, n);
            SquaredEm plain = new SquaredEm(patterns, n, prior, true, null);
            double[] reference = plain(plain, start, 1e-13, 1_000_000);
            int plainSteps = steps(new SquaredEm(patterns, n, prior, true, null), start, FellegiSunter.CONVERGED);
            SquaredEm fast = new SquaredEm(patterns, n, prior, true, null);
            double[] got = fast.solve(start, FellegiSunter.CONVERGED, FellegiSunter.MAX_ITERATIONS);
            String what = "n " + n + ": " + fast.steps() + " steps against plain EM's " + plainSteps;
            assertTrue(fast.converged(), what);
            assertTrue(fast.steps() < plainSteps, what);
            for (int i = 0; i < got.length; i++) {
                assertEquals(reference[i], got[i], 1e-7 * reference[i], what + ", entry " + i);
            }
            for (int b = 0; b < got.length; b += L) {
                double sum = 0;
                for (int l = 0; l < L; l++) {
                    assertTrue(got[b + l] > 0, what + ", entry " + (b + l) + " is " + got[b + l]);
                    sum += got[b + l];
                }
                assertEquals(1, sum, 1e-12, what + ", block " + b / L + " sums to 1");
            }
        }
    }

    /**
     * A column published unmasked (generated census-like records, 25% noise on the other five
     * columns): EM's tiny probabilities creep toward the prior's floor, and the former rule (S3
     * unbounded, on the probabilities themselves) stopped at the 10,000-step limit here. This one
     * converges, to plain EM's fixed point (17,484 plain steps to 1e-13).
     */
    @Test
    void aColumnPublishedUnmaskedStillConvergesToPlainEmsFixedPoint() {
        int rows = 500;
        int n = 6;
        double[] x = CensusLikeGenerator.generate(rows, n, 2).values();
        double[] y = AdditiveNoise.apply(x, rows, n, 25, 3);
        for (int i = 0; i < rows; i++) {
            y[i * n + 1] = x[i * n + 1];
        }
        PatternCount counted = PatternCount.of(standardised(x, n), standardised(y, n), n, true, null);
        PatternEm patterns = new PatternEm(counted.codes(), counted.counts(), n);
        double prior = Math.log(rows - 1.0);
        double[] start = start(patterns, n);
        double[] reference = plain(new SquaredEm(patterns, n, prior, false, null), start, 1e-13, 100_000);
        SquaredEm fast = new SquaredEm(patterns, n, prior, true, null);
        double[] got = fast.solve(start, FellegiSunter.CONVERGED, FellegiSunter.MAX_ITERATIONS);
        String what = fast.steps() + " steps";
        assertTrue(fast.converged(), what);
        assertTrue(fast.steps() < 2_000, what);
        for (int i = 0; i < got.length; i++) {
            assertEquals(reference[i], got[i], 1e-7 * reference[i], what + ", entry " + i);
        }
    }

    /** Each column less its mean, over its standard deviation. */
    private static double[] standardised(double[] v, int n) {
        int rows = v.length / n;
        double[] out = new double[v.length];
        for (int k = 0; k < n; k++) {
            double sum = 0;
            double squares = 0;
            for (int i = 0; i < rows; i++) {
                sum += v[i * n + k];
                squares += v[i * n + k] * v[i * n + k];
            }
            double mean = sum / rows;
            double sd = Math.sqrt(squares / rows - mean * mean);
            for (int i = 0; i < rows; i++) {
                out[i * n + k] = (v[i * n + k] - mean) / sd;
            }
        }
        return out;
    }

    /**
     * The objective of the safeguard is the log-posterior, computed directly here pattern by pattern
     * (sum of count x ln(p0 P(gamma | M) + (1 - p0) P(gamma | U)) plus PRIOR x every ln m and ln u),
     * and plain EM never lowers it (EM's monotonicity, Dempster, Laird and Rubin 1977).
     */
    @Test
    void theObjectiveIsTheLogPosteriorAndPlainEmClimbsIt() {
        int n = 4;
        long[][] p = EmConvergenceTest.draw(n, 7);
        PatternEm patterns = new PatternEm(p[0], p[1], n);
        double p0 = 0.002;
        SquaredEm em = new SquaredEm(patterns, n, Math.log((1 - p0) / p0), true, null);
        double[] x = start(patterns, n);
        double[] y = new double[x.length];
        double before = Double.NEGATIVE_INFINITY;
        for (int step = 0; step < 40; step++) {
            em.step(x, y, true);
            double direct = 0;
            for (int i = 0; i < p[0].length; i++) {
                double pm = p0;
                double pu = 1 - p0;
                for (int k = 0; k < n; k++) {
                    int l = (int) (p[0][i] >>> (4 * k) & 15);
                    pm *= x[k * L + l];
                    pu *= x[(n + k) * L + l];
                }
                direct += p[1][i] * Math.log(pm + pu);
            }
            for (double t : x) {
                direct += FellegiSunter.PRIOR * Math.log(t);
            }
            assertEquals(direct, em.objective(), 1e-9 * Math.abs(direct), "step " + step);
            assertTrue(em.objective() >= before - 1e-12 * Math.abs(before), "step " + step + ": " + em.objective() + " after " + before);
            before = em.objective();
            double[] swap = x;
            x = y;
            y = swap;
        }
    }

    @Test
    void aFitStoppedByTheStepLimitSaysSo() {
        int n = 4;
        long[][] p = EmConvergenceTest.draw(n, 7);
        PatternEm patterns = new PatternEm(p[0], p[1], n);
        SquaredEm fit = new SquaredEm(patterns, n, Math.log((1 - 0.002) / 0.002), true, null);
        fit.solve(start(patterns, n), FellegiSunter.CONVERGED, 3);
        assertEquals(3, fit.steps());
        assertFalse(fit.converged());
    }

    @Test
    void notAcceleratedItIsPlainEm() {
        int n = 2;
        long[][] p = EmConvergenceTest.draw(n, 11);
        PatternEm patterns = new PatternEm(p[0], p[1], n);
        double prior = Math.log((1 - 0.002) / 0.002);
        SquaredEm fit = new SquaredEm(patterns, n, prior, false, null);
        double[] got = fit.solve(start(patterns, n), FellegiSunter.CONVERGED, FellegiSunter.MAX_ITERATIONS);
        SquaredEm by = new SquaredEm(patterns, n, prior, false, null);
        double[] expected = plain(by, start(patterns, n), FellegiSunter.CONVERGED, FellegiSunter.MAX_ITERATIONS);
        assertTrue(fit.converged());
        assertEquals(by.steps(), fit.steps());
        for (int i = 0; i < got.length; i++) {
            assertEquals(expected[i], got[i], 0, "entry " + i);
        }
    }

    /** Plain EM steps until a step moves no probability by more than tol of itself. */
    private static double[] plain(SquaredEm em, double[] start, double tol, int max) {
        double[] x = start.clone();
        double[] y = new double[x.length];
        for (int i = 0; i < max; i++) {
            double moved = em.step(x, y);
            double[] swap = x;
            x = y;
            y = swap;
            if (moved <= tol) {
                return x;
            }
        }
        throw new AssertionError("plain EM did not reach " + tol + " in " + max + " steps");
    }

    private static int steps(SquaredEm em, double[] start, double tol) {
        plain(em, start, tol, 1_000_000);
        return em.steps();
    }

    /** FellegiSunter#em's start: m_k(l) proportional to 2^-l, u the levels' shares of the pairs. */
    static double[] start(PatternEm patterns, int n) {
        double[] t = new double[2 * n * L];
        for (int k = 0; k < n; k++) {
            double sm = 0;
            for (int l = 0; l < L; l++) {
                sm += Math.pow(2, -l);
                t[(n + k) * L + l] = (patterns.pairs[k * L + l] + FellegiSunter.PRIOR) / (patterns.total + L * FellegiSunter.PRIOR);
            }
            for (int l = 0; l < L; l++) {
                t[k * L + l] = Math.pow(2, -l) / sm;
            }
        }
        return t;
    }
}

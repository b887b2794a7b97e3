package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * EM's stop ({@link FellegiSunter#CONVERGED}, relative): on seeded pattern counts with a rare level
 * (equal values, one pair in ten thousand), every weight ln(m / u) of the fit, the rare level's too,
 * is within 1e-6 of the fixed point's, found by running the same iteration (a plain re-statement of
 * the E- and M-step here) a hundred times tighter. The absolute stop used before fails this: there
 * the rare level's u was still several percent off.
 */
class EmConvergenceTest {
    private static final int L = FellegiSunter.LEVELS;

    @Test
    void everyWeightIsAtTheFixedPoint() {
        for (int n : new int[] {2, 4}) {
            long[][] drawn = draw(n, 40 + n);
            double p0 = 0.002;
            FellegiSunter fs = FellegiSunter.em(drawn[0], drawn[1], n, p0);
            assertTrue(fs.converged(), "n " + n + ": " + fs.iterations() + " iterations");
            double[][][] fixed = fixedPoint(new PatternEm(drawn[0], drawn[1], n), n, p0);
            for (int k = 0; k < n; k++) {
                for (int l = 0; l < L; l++) {
                    double w = Math.log(fixed[0][k][l] / fixed[1][k][l]);
                    assertEquals(w, fs.weight(k, l), 1e-6, "n " + n + ", variable " + k + ", level " + l);
                }
            }
        }
    }

    @Test
    void aFitStoppedByTheIterationLimitSaysSo() {
        long[][] drawn = draw(4, 7);
        FellegiSunter full = FellegiSunter.em(drawn[0], drawn[1], 4, 0.002);
        assertTrue(full.converged(), full.iterations() + " iterations");
        assertTrue(full.iterations() > 3, full.iterations() + " iterations");
        FellegiSunter cut = FellegiSunter.em(drawn[0], drawn[1], 4, 0.002, 3, null);
        assertEquals(3, cut.iterations());
        assertFalse(cut.converged());
        FellegiSunter enough = FellegiSunter.em(drawn[0], drawn[1], 4, 0.002, full.iterations(), null);
        assertTrue(enough.converged(), "the last iteration allowed is the one that converges");
        assertEquals(full.weight(2, 3), enough.weight(2, 3), 0);
    }

    /**
     * {@link FitProgress} hears every iteration in turn, each but the last with a move above the
     * stop and the last at or below it (or the one before the last too: a step from an extrapolated
     * point, which SQUAREM checks with one more step before it stops), then the end with the fit's
     * iteration count; cut by the limit, the last move is still above the stop.
     */
    @Test
    void progressHearsEveryIterationAndTheEnd() {
        long[][] drawn = draw(4, 7);
        for (int limit : new int[] {FellegiSunter.MAX_ITERATIONS, 5}) {
            java.util.List<double[]> heard = new java.util.ArrayList<>();
            int[] ended = {-1, 0};
            FellegiSunter fs = FellegiSunter.em(drawn[0], drawn[1], 4, 0.002, limit, new FitProgress() {
                @Override
                public void counted(int queries) {
                    throw new AssertionError("no count in em");
                }

                @Override
                public void iterated(int iteration, double moved) {
                    assertEquals(-1, ended[0], "an iteration after the end");
                    heard.add(new double[] {iteration, moved});
                }

                @Override
                public void fitted(int iterations) {
                    ended[0] = iterations;
                    ended[1]++;
                }
            });
            String what = "limit " + limit + ", " + fs.iterations() + " iterations";
            assertEquals(limit == 5 ? 5 : fs.iterations(), heard.size(), what);
            assertEquals(fs.iterations(), ended[0], what);
            assertEquals(1, ended[1], what + ": the end heard once");
            for (int i = 0; i < heard.size(); i++) {
                assertEquals(i + 1, (int) heard.get(i)[0], what);
                boolean last = i == heard.size() - 1;
                boolean below = heard.get(i)[1] <= FellegiSunter.CONVERGED;
                if (below && !last) { // the step from an extrapolated point: the next step checks it, then stops
                    assertEquals(heard.size() - 2, i, what + ": iteration " + (i + 1) + " moved " + heard.get(i)[1]);
                    continue;
                }
                assertEquals(last && fs.converged(), below, what + ": iteration " + (i + 1) + " moved " + heard.get(i)[1]);
            }
        }
    }

    /** EM from FellegiSunter#em's start until no probability moves by 1e-14 of itself; {m, u}. */
    private static double[][][] fixedPoint(PatternEm patterns, int n, double p0) {
        double[][] m = new double[n][L];
        double[][] u = new double[n][L];
        for (int k = 0; k < n; k++) {
            double sm = 0;
            for (int l = 0; l < L; l++) {
                sm += Math.pow(2, -l);
                u[k][l] = (patterns.pairs[k * L + l] + FellegiSunter.PRIOR) / (patterns.total + L * FellegiSunter.PRIOR);
            }
            for (int l = 0; l < L; l++) {
                m[k][l] = Math.pow(2, -l) / sm;
            }
        }
        double[] ratio = new double[n * L];
        double[] em = new double[n * L];
        for (int it = 0; it < 1_000_000; it++) {
            for (int i = 0; i < n * L; i++) {
                ratio[i] = Math.log(u[i / L][i % L] / m[i / L][i % L]);
            }
            double matched = patterns.expect(ratio, Math.log((1 - p0) / p0), em);
            double moved = 0;
            for (int i = 0; i < n * L; i++) {
                double mk = (em[i] + FellegiSunter.PRIOR) / (matched + L * FellegiSunter.PRIOR);
                double uk = (patterns.pairs[i] - em[i] + FellegiSunter.PRIOR) / (patterns.total - matched + L * FellegiSunter.PRIOR);
                moved = Math.max(moved, Math.max(Math.abs(mk - m[i / L][i % L]) / mk, Math.abs(uk - u[i / L][i % L]) / uk));
                m[i / L][i % L] = mk;
                u[i / L][i % L] = uk;
            }
            if (moved <= 1e-14) {
                return new double[][][] {m, u};
            }
        }
        throw new AssertionError("no fixed point in a million iterations");
    }

    /**
     * 200,000 pairs: matches (share 0.002) agree (geometric levels), the rest do not (uniform);
     * {codes, counts}. Also SquaredEmTest's.
     */
    static long[][] draw(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TreeMap<Long, Long> drawn = new TreeMap<>();
        for (int i = 0; i < 200_000; i++) {
            boolean match = random.nextDouble() < 0.002;
            long code = 0;
            for (int k = 0; k < n; k++) {
                int l = match ? Math.min(L - 2, (int) (-Math.log(random.nextDouble()) * 1.5)) : 1 + random.nextInt(L - 1);
                if (random.nextDouble() < 1e-4) {
                    l = 0; // the rare level: equal values
                }
                code |= (long) l << (4 * k);
            }
            drawn.merge(code, 1L, Long::sum);
        }
        return new long[][] {drawn.keySet().stream().mapToLong(Long::longValue).toArray(),
            drawn.values().stream().mapToLong(Long::longValue).toArray()};
    }
}

package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * PRL's two ways of counting the pairs' patterns (a dense table for up to
 * {@link PatternCount#DENSE_VARIABLES} variables, sorted batches beyond) give the same codes in the
 * same order with the same counts, hence the same EM to the last bit: compared on seeded files for
 * n = 1 to 6, with values on a coarse grid (so that equal values, level 0, occur) and continuous.
 */
class FellegiSunterCountTest {
    @Test
    void denseAndHashedCountsFitTheSameModel() {
        SplittableRandom rnd = new SplittableRandom(2026_11_27L);
        for (int n = 1; n <= PatternCount.DENSE_VARIABLES; n++) {
            for (boolean grid : new boolean[] {true, false}) {
                int nq = 37 + rnd.nextInt(40);
                int nr = 29 + rnd.nextInt(40);
                double[] q = new double[nq * n];
                double[] r = new double[nr * n];
                for (int i = 0; i < q.length; i++) {
                    q[i] = value(rnd, grid);
                }
                for (int i = 0; i < r.length; i++) {
                    r[i] = i < q.length && rnd.nextInt(3) > 0 ? q[i] + 0.02 * rnd.nextGaussian() * (grid ? 0 : 1) : value(rnd, grid);
                }
                FellegiSunter dense = FellegiSunter.fit(q, r, n, true);
                FellegiSunter hashed = FellegiSunter.fit(q, r, n, false);
                String w = "n " + n + (grid ? ", grid" : ", continuous") + ", " + nq + " x " + nr;
                assertEquals(hashed.iterations(), dense.iterations(), w);
                for (int k = 0; k < n; k++) {
                    for (int l = 0; l < FellegiSunter.LEVELS; l++) {
                        assertEquals(hashed.m(k, l), dense.m(k, l), 0.0, w + ": m(" + k + ", " + l + ")");
                        assertEquals(hashed.u(k, l), dense.u(k, l), 0.0, w + ": u(" + k + ", " + l + ")");
                    }
                }
            }
        }
    }

    private static double value(SplittableRandom rnd, boolean grid) {
        double v = rnd.nextGaussian();
        return grid ? Math.rint(v * 8) / 8 : v;
    }

    /** Each query record's pairs are reported counted once, in both ways of counting, up to all of them. */
    @Test
    void theCountReportsEveryQueryRecordOnce() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int n : new int[] {3, PatternCount.DENSE_VARIABLES + 1}) {
            int nq = 53;
            int nr = 41;
            double[] q = new double[nq * n];
            double[] r = new double[nr * n];
            for (int i = 0; i < q.length; i++) {
                q[i] = rnd.nextGaussian();
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = rnd.nextGaussian();
            }
            java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
            FellegiSunter.fit(q, r, n, done -> {
                calls.incrementAndGet();
                most.accumulateAndGet(done, Math::max);
            });
            assertEquals(nq, calls.get(), "n " + n + ": calls");
            assertEquals(nq, most.get(), "n " + n + ": the last count");
        }
    }
}

package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dense pattern index from the sorted reference values equals the pair-by-pair index
 * sum_k level(|x_k - y_k|) LEVELS^k for every pair, on seeded files for n = 1 to 6, and the pattern
 * code (4 bits a variable) the pair-by-pair code for n = 1 to 9 and 16: values on a coarse
 * grid (many equal values, level 0, and signed zeros: rint(-0.01 * 8) / 8 is -0.0), continuous values,
 * values a little apart at every limit, and a few very large ones.
 */
class SortedLevelsTest {
    @Test
    void indicesEqualThePairByPairLevels() {
        SplittableRandom rnd = new SplittableRandom(2026_11_29L);
        double[] limits = FellegiSunter.limits();
        for (int n : new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, FellegiSunter.MAX_VARIABLES}) {
            for (int kind = 0; kind < 3; kind++) {
                int nq = 15 + rnd.nextInt(30);
                int nr = 1 + rnd.nextInt(60);
                double[] q = new double[nq * n];
                double[] r = new double[nr * n];
                for (int i = 0; i < q.length; i++) {
                    q[i] = value(rnd, kind);
                }
                for (int i = 0; i < r.length; i++) {
                    // kind 2: a query value moved by a limit, one ulp either side or exactly
                    r[i] = kind == 2 && rnd.nextBoolean()
                            ? step(q[rnd.nextInt(nq) * n + i % n] + limits[rnd.nextInt(limits.length)], rnd.nextInt(3) - 1)
                            : value(rnd, kind);
                }
                SortedLevels sorted = new SortedLevels(r, n);
                int[] index = new int[nr];
                long[] codes = new long[nr + 3];
                for (int a = 0; a < nq; a++) {
                    if (n <= PatternCount.DENSE_VARIABLES) {
                        sorted.indices(q, a, index);
                    }
                    sorted.codes(q, a, codes, 3); // at an offset
                    for (int j = 0; j < nr; j++) {
                        int expected = 0;
                        long code = 0;
                        for (int k = n - 1; k >= 0; k--) {
                            int level = FellegiSunter.level(Math.abs(q[a * n + k] - r[j * n + k]));
                            expected = expected * FellegiSunter.LEVELS + level;
                            code |= (long) level << (4 * k);
                        }
                        String w = "n " + n + ", kind " + kind + ", query " + a + ", reference " + j;
                        if (n <= PatternCount.DENSE_VARIABLES) {
                            assertEquals(expected, index[j], w);
                        }
                        assertEquals(code, codes[3 + j], w + ": code");
                    }
                }
            }
        }
    }

    /**
     * PRL's distance by whole rows (the sorted levels and each pattern's distance; beyond 6
     * variables each pair's code) equals the pair loop's to the last bit, for n = 1 to 8, on files
     * with at least 11^6 pairs (up to 6 variables, fewer pairs than the patterns' table: no whole rows).
     */
    @Test
    void wholeRowsOfPrlEqualThePairLoopToTheLastBit() {
        SplittableRandom rnd = new SplittableRandom(29);
        for (int n = 1; n <= PatternCount.DENSE_VARIABLES + 2; n++) {
            int nq = 1331 + rnd.nextInt(40);
            int nr = 1331 + rnd.nextInt(40);
            double[] q = new double[nq * n];
            double[] r = new double[nr * n];
            for (int i = 0; i < q.length; i++) {
                q[i] = value(rnd, n % 2);
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = i < q.length && rnd.nextBoolean() ? q[i] + 0.05 * rnd.nextGaussian() : value(rnd, n % 2);
            }
            PairwiseDistance d = FellegiSunter.fit(q, r, n).distance(q, r);
            assertTrue(d.wholeRows(), "n " + n);
            double[] few = java.util.Arrays.copyOf(q, 40 * n);
            assertEquals(n <= 3 || n > PatternCount.DENSE_VARIABLES, FellegiSunter.fit(few, few, n).distance(few, few).wholeRows(),
                    "n " + n + ", 1,600 pairs: whole rows only when the table has no more cells, or there is no table");
            double[] row = new double[nr];
            double[] one = new double[1];
            for (int a = 0; a < nq; a += 23) { // 58 rows of the file, every pair in them
                d.block(a, 0, nr, row);
                for (int j = 0; j < nr; j++) {
                    d.block(a, j, j + 1, one);
                    assertEquals(Double.doubleToLongBits(one[0]), Double.doubleToLongBits(row[j]),
                            "n " + n + ", d(" + a + ", " + j + ") = " + one[0] + " by the pair loop, " + row[j] + " by rows");
                }
            }
        }
    }

    private static double value(SplittableRandom rnd, int kind) {
        double v = rnd.nextGaussian();
        if (rnd.nextInt(50) == 0) {
            return v * 1e6;
        }
        return kind == 0 ? Math.rint(v * 8) / 8 : v;
    }

    private static double step(double v, int ulps) {
        return ulps < 0 ? Math.nextDown(v) : ulps > 0 ? Math.nextUp(v) : v;
    }
}

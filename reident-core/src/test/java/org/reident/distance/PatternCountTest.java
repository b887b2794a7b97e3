package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The count by sorting (beyond {@link PatternCount#DENSE_VARIABLES} variables) against a plain
 * count of every pair's code in a sorted map, on seeded files of 7 to 9 and 16 variables (values on a
 * coarse grid, so that equal values and repeated patterns occur), in one batch and in batches of a
 * few rows (so that runs of 1, 2, 4 and more batches are merged, with codes in common and not).
 * On 16 variables the codes' sign bit is set where the last variable's level is 8 or more: they
 * ascend as signed longs, as the map's keys do.
 */
class PatternCountTest {
    @Test
    void sortedBatchesCountEveryPairOnce() {
        SplittableRandom rnd = new SplittableRandom(2026_12_01L);
        for (int n : new int[] {7, 8, 9, FellegiSunter.MAX_VARIABLES}) { // 16: codes with the sign bit set
            int nq = 50 + rnd.nextInt(30);
            int nr = 40 + rnd.nextInt(30);
            double[] q = new double[nq * n];
            double[] r = new double[nr * n];
            for (int i = 0; i < q.length; i++) {
                q[i] = Math.rint(rnd.nextGaussian() * 4) / 4;
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = i < q.length && rnd.nextBoolean() ? q[i] : Math.rint(rnd.nextGaussian() * 4) / 4;
            }
            Map<Long, Long> plain = new TreeMap<>();
            for (int a = 0; a < nq; a++) {
                for (int b = 0; b < nr; b++) {
                    long code = 0;
                    for (int k = 0; k < n; k++) {
                        code |= (long) FellegiSunter.level(Math.abs(q[a * n + k] - r[b * n + k])) << (4 * k);
                    }
                    plain.merge(code, 1L, Long::sum);
                }
            }
            long[] codes = plain.keySet().stream().mapToLong(Long::longValue).toArray();
            long[] counts = plain.values().stream().mapToLong(Long::longValue).toArray();
            for (int rows : new int[] {nq, 7, 3, 1}) {
                AtomicInteger reported = new AtomicInteger();
                PatternCount c = PatternCount.sorted(q, r, n, rows * nr, done -> reported.incrementAndGet());
                String w = "n " + n + ", " + nq + " x " + nr + ", batches of " + rows + " rows";
                assertArrayEquals(codes, c.codes(), w);
                assertArrayEquals(counts, c.counts(), w);
                assertEquals(nq, reported.get(), w + ": every query record reported once");
            }
        }
    }
}

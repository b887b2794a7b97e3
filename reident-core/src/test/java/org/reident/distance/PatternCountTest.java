package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * ascend as signed longs, as the map's keys do. On 7 and 8 variables the shared table
 * ({@link PatternTable}) too.
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
            Map<Long, Long> plain = plainCount(q, r, n);
            long[] codes = plain.keySet().stream().mapToLong(Long::longValue).toArray();
            long[] counts = plain.values().stream().mapToLong(Long::longValue).toArray();
            for (int rows : new int[] {nq, 7, 3, 1}) {
                AtomicInteger reported = new AtomicInteger();
                PatternCount c = PatternCount.sorted(q, r, n, rows * nr, done -> reported.incrementAndGet());
                String w = "n " + n + ", " + nq + " x " + nr + ", batches of " + rows + " rows";
                assertArrayEquals(codes, c.codes(), w);
                assertArrayEquals(counts, c.counts(), w);
                assertEquals(nq, reported.get(), w + ": every query record reported once");
                if (n <= PatternTable.VARIABLES && (n < PatternTable.VARIABLES || rows == nq || rows == 1)) { // 8: 857 MB a table
                    AtomicInteger told = new AtomicInteger();
                    PatternCount t = PatternCount.table(q, r, n, rows * nr, done -> told.incrementAndGet());
                    assertArrayEquals(codes, t.codes(), "table, " + w);
                    assertArrayEquals(counts, t.counts(), "table, " + w);
                    assertEquals(nq, told.get(), "table, " + w + ": every query record reported once");
                }
            }
        }
    }

    /**
     * The table's buckets: indices spread over every bucket of 7 variables' table (values far apart
     * and equal, so that the levels reach 0 and 10 in every variable) are each counted once, with
     * batches of one row (many batches per worker) and of every row.
     */
    @Test
    void tableCountsPatternsInEveryBucket() {
        int n = 7;
        SplittableRandom rnd = new SplittableRandom(2026_12_02L);
        int nq = 120;
        int nr = 90;
        double[] q = new double[nq * n];
        double[] r = new double[nr * n];
        for (int i = 0; i < q.length; i++) {
            q[i] = rnd.nextInt(12) * 0.3 * rnd.nextInt(3);
        }
        for (int i = 0; i < r.length; i++) {
            r[i] = rnd.nextInt(12) * 0.3 * rnd.nextInt(3);
        }
        TreeMap<Long, Long> plain = plainCount(q, r, n);
        assertTrue(plain.firstKey() < 1L << 24 && plain.lastKey() >= 9L << 24, "patterns at both ends of the table");
        for (int rows : new int[] {nq, 1}) {
            PatternCount t = PatternCount.table(q, r, n, rows * nr, null);
            assertArrayEquals(plain.keySet().stream().mapToLong(Long::longValue).toArray(), t.codes(), rows + " rows a batch");
            assertArrayEquals(plain.values().stream().mapToLong(Long::longValue).toArray(), t.counts(), rows + " rows a batch");
        }
        assertEquals(0, PatternCount.table(new double[0], r, n, 1000, null).codes().length, "no query records");
        for (int spillAt : new int[] {1, 2, 3, 50}) { // cells spilled once, many times, ending at 0 and not
            PatternCount t = PatternCount.table(q, r, n, 7 * nr, spillAt);
            assertArrayEquals(plain.keySet().stream().mapToLong(Long::longValue).toArray(), t.codes(), "spill at " + spillAt);
            assertArrayEquals(plain.values().stream().mapToLong(Long::longValue).toArray(), t.counts(), "spill at " + spillAt);
        }
        assertTrue(plain.values().stream().anyMatch(c -> c >= 100), "some pattern spills twice at 50");
    }

    /** The table is taken from as many pairs as it has cells (11^7), up to 8 variables. */
    @Test
    void tablePaysFromAsManyPairsAsCells() {
        assertEquals(19_487_171L * 4, PatternTable.bytes(7));
        assertFalse(PatternTable.pays(7, 19_487_170L), "fewer pairs than cells: sorted");
        assertTrue(PatternTable.pays(7, 19_487_171L), "78 MB of a heap of at least 156 MB");
        assertFalse(PatternTable.pays(9, Long.MAX_VALUE), "9 variables: sorted");
    }

    /** Every pair's code counted one by one in a sorted map: the reference. */
    private static TreeMap<Long, Long> plainCount(double[] q, double[] r, int n) {
        TreeMap<Long, Long> plain = new TreeMap<>();
        for (int a = 0; a < q.length / n; a++) {
            for (int b = 0; b < r.length / n; b++) {
                long code = 0;
                for (int k = 0; k < n; k++) {
                    code |= (long) FellegiSunter.level(Math.abs(q[a * n + k] - r[b * n + k])) << (4 * k);
                }
                plain.merge(code, 1L, Long::sum);
            }
        }
        return plain;
    }
}

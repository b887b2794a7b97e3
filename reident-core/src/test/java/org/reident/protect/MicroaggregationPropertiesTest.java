package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class MicroaggregationPropertiesTest {
    private static int k(int rows, int kSeed) {
        return 1 + (kSeed - 1) % (rows / 2);
    }

    @Property(tries = 300, seed = "20261126")
    void mdavMatchesTheReferenceAndHasTheMicroaggregationProperties(
            @ForAll @IntRange(min = 2, max = 150) int rows, @ForAll @IntRange(min = 1, max = 4) int n,
            @ForAll @IntRange(min = 1, max = 75) int kSeed, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll long seed) {
        int k = k(rows, kSeed);
        double[] x = MdavTest.data(rows, n, kind, seed);
        for (Mdav.Scale scale : Mdav.Scale.values()) {
            Mdav mdav = new Mdav(k, scale);
            int[] gid = mdav.groups(x, rows, n);
            assertArrayEquals(MdavReference.groups(x, rows, n, k, scale == Mdav.Scale.STANDARDIZED), gid);
            MicroaggregationChecks.assertMdavSizes(gid, k);
            double[] y = mdav.apply(x, rows, n);
            for (int j = 0; j < n; j++) {
                MicroaggregationChecks.assertGroupMeans(x, y, rows, n, j, gid);
            }
            MicroaggregationChecks.assertMeansPreserved(x, y, rows, n);
        }
    }

    @Property(tries = 300, seed = "20261126")
    void individualRankingKeepsEachColumnsOrderWithConsecutiveGroups(
            @ForAll @IntRange(min = 2, max = 150) int rows, @ForAll @IntRange(min = 1, max = 4) int n,
            @ForAll @IntRange(min = 1, max = 75) int kSeed, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll long seed) {
        int k = k(rows, kSeed);
        double[] x = MdavTest.data(rows, n, kind, seed);
        IndividualRanking ir = new IndividualRanking(k);
        double[] y = ir.apply(x, rows, n);
        for (int j = 0; j < n; j++) {
            final int col = j;
            Integer[] order = sortedBy(rows, i -> x[i * n + col]);
            int[] gid = ir.groups(x, rows, n, j);
            MicroaggregationChecks.assertConsecutiveSizes(gid, k);
            for (int p = 0; p < rows; p++) {
                // exact rule: position p of the (value, index) order is in group min(p / k, q - 1)
                assertTrue(gid[order[p]] == Math.min(p / k, rows / k - 1), "column " + j + " position " + p);
                if (p > 0) {
                    assertTrue(y[order[p - 1] * n + j] <= y[order[p] * n + j], "order not kept, column " + j);
                }
            }
            MicroaggregationChecks.assertGroupMeans(x, y, rows, n, j, gid);
        }
        MicroaggregationChecks.assertMeansPreserved(x, y, rows, n);
    }

    @Property(tries = 300, seed = "20261126")
    void miczGroupsAreContiguousInZScoreSumOrder(
            @ForAll @IntRange(min = 2, max = 150) int rows, @ForAll @IntRange(min = 1, max = 4) int n,
            @ForAll @IntRange(min = 1, max = 75) int kSeed, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll long seed) {
        int k = k(rows, kSeed);
        double[] x = MdavTest.data(rows, n, kind, seed);
        double[] zsum = zScoreSums(x, rows, n);
        Micz micz = new Micz(k);
        int[] gid = micz.groups(x, rows, n);
        MicroaggregationChecks.assertConsecutiveSizes(gid, k);
        Integer[] order = sortedBy(rows, i -> zsum[i]);
        for (int p = 0; p < rows; p++) {
            assertTrue(gid[order[p]] == Math.min(p / k, rows / k - 1), "position " + p);
        }
        double[] y = micz.apply(x, rows, n);
        for (int j = 0; j < n; j++) {
            MicroaggregationChecks.assertGroupMeans(x, y, rows, n, j, gid);
        }
        MicroaggregationChecks.assertMeansPreserved(x, y, rows, n);
    }

    @Property(tries = 100, seed = "20261126")
    void kOneIsTheIdentityForAllThree(@ForAll @IntRange(min = 2, max = 60) int rows,
            @ForAll @IntRange(min = 1, max = 3) int n, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll long seed) {
        double[] x = MdavTest.data(rows, n, kind, seed);
        assertArrayEquals(x, new Mdav(1).apply(x, rows, n));
        assertArrayEquals(x, new Mdav(1, Mdav.Scale.RAW).apply(x, rows, n));
        assertArrayEquals(x, new IndividualRanking(1).apply(x, rows, n));
        assertArrayEquals(x, new Micz(1).apply(x, rows, n));
    }

    /** Independent z-score sums: (v - mean) / sd with n-1, constant columns 0, summed in column order. */
    static double[] zScoreSums(double[] x, int rows, int n) {
        double[] s = new double[rows];
        double[][] z = MdavReference.zScores(x, rows, n);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                s[i] += z[i][j];
            }
        }
        return s;
    }

    interface Key {
        double of(int i);
    }

    /**
     * Indices sorted by (key, index), with boxing and the JDK sort: independent of the code under
     * test. Keys compare numerically (-0.0 equals 0.0, unlike Double.compare).
     */
    static Integer[] sortedBy(int rows, Key key) {
        Integer[] order = new Integer[rows];
        for (int i = 0; i < rows; i++) {
            order[i] = i;
        }
        Comparator<Integer> byKey = (a, b) -> key.of(a) < key.of(b) ? -1 : key.of(a) > key.of(b) ? 1 : 0;
        Arrays.sort(order, byKey.thenComparingInt(i -> i));
        return order;
    }
}

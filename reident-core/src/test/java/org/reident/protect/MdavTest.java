package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.reident.data.InputException;
import org.reident.synth.CensusLikeGenerator;

class MdavTest {
    /**
     * Nine points in 2-D, k = 2, raw scale (hand-worked below, exact fractions):
     *
     * <pre>
     * index: 0     1     2     3       4       5     6     7      8
     * point: (0,0) (1,0) (0,1) (10,10) (11,10) (5,5) (6,5) (10,0) (4,6)
     *
     * Round 1, R = 9 >= 3k = 6. Centroid c = (47/9, 37/9) = (5.222, 4.111).
     *   squared distances to c (x 1/81): 0: 2209+1369=3578, 1: 1444+1369=2813, 2: 2209+784=2993,
     *   3: 1849+2809=4658, 4: 2704+2809=5513, 5: 4+64=68, 6: 49+64=113, 7: 1849+1369=3218,
     *   8: 1369+361=1730  ->  r = 4 (11,10).
     *   nearest to 4: 3 (d = 1; next is 6 with 25 + 25 = 50)  ->  group A = {3, 4}.
     *   farthest from 4 among the rest {0,1,2,5,6,7,8}: 0: 121+100 = 221, 1: 200, 2: 202,
     *   5: 61, 6: 50, 7: 101, 8: 65  ->  s = 0 (0,0).
     *   nearest to 0: 1 (d = 1) and 2 (d = 1) tie  ->  lowest index, 1  ->  group B = {0, 1}.
     * Round 2, R = 5: 2k = 4 <= 5 < 6. Remaining {2,5,6,7,8}, centroid (25/5, 17/5) = (5, 3.4).
     *   squared distances: 2: 25+5.76 = 30.76, 5: 0+2.56, 6: 1+2.56, 7: 25+11.56 = 36.56,
     *   8: 1+6.76  ->  r = 7 (10,0).
     *   nearest to 7: 2: 101, 5: 50, 6: 41, 8: 72  ->  6  ->  group C = {6, 7}.
     *   the rest, D = {2, 5, 8} (size 3 = 2k-1).
     * Centroids: A (10.5, 10), B (0.5, 0), C (8, 2.5), D (3, 4).
     * </pre>
     */
    private static final double[] HAND = {0, 0, 1, 0, 0, 1, 10, 10, 11, 10, 5, 5, 6, 5, 10, 0, 4, 6};

    @Test
    void handWorkedExample() {
        Mdav mdav = new Mdav(2, Mdav.Scale.RAW);
        assertArrayEquals(new int[] {1, 1, 3, 0, 0, 3, 2, 2, 3}, mdav.groups(HAND, 9, 2));
        double[] y = mdav.apply(HAND, 9, 2);
        double[] expected = {
            0.5, 0, 0.5, 0, 3, 4, 10.5, 10, 10.5, 10, 3, 4, 8, 2.5, 8, 2.5, 3, 4,
        };
        assertArrayEquals(expected, y, 1e-12);
        assertEquals("mdav(k=2,raw)", mdav.label());
    }

    /**
     * k = 3 on the same points: R = 9 >= 3k, one round: r = 4; squared distances to 4: 3: 1,
     * 6: 50, 5: 61, 8: 65, ... -> {3,4,6}; the farthest from 4 among {0,1,2,5,7,8} is 0 (221);
     * its 2 nearest are 1 and 2 (both 1) -> {0,1,2}; R = 3 < 2k: the rest {5,7,8} is the last
     * group.
     */
    @Test
    void handWorkedExampleK3() {
        assertArrayEquals(new int[] {1, 1, 1, 0, 0, 2, 0, 2, 2}, new Mdav(3, Mdav.Scale.RAW).groups(HAND, 9, 2));
    }

    @ParameterizedTest
    @CsvSource({
        // rows, n, k, data kind (0 gaussian with mixed scales, 1 small integers: many ties, 2 duplicated rows,
        // 3 one constant column)
        "4, 2, 2, 0", "5, 2, 2, 0", "6, 2, 2, 0", "7, 3, 2, 1", "8, 2, 3, 0", "9, 2, 3, 1", "10, 2, 3, 2",
        "11, 3, 5, 0", "14, 3, 5, 1", "15, 3, 5, 2", "16, 4, 5, 3", "29, 1, 4, 0", "30, 1, 4, 1",
        "97, 3, 3, 0", "97, 3, 3, 1", "97, 3, 3, 2", "97, 3, 3, 3", "100, 4, 8, 0", "101, 2, 7, 1",
        "200, 5, 2, 0", "200, 5, 2, 2", "250, 2, 1, 1", "64, 6, 32, 0", "99, 3, 33, 1", "131, 2, 10, 2",
    })
    void identicalToTheReferenceImplementation(int rows, int n, int k, int kind) {
        for (long seed = 1; seed <= 4; seed++) {
            double[] x = data(rows, n, kind, seed);
            for (Mdav.Scale scale : Mdav.Scale.values()) {
                int[] expected = MdavReference.groups(x, rows, n, k, scale == Mdav.Scale.STANDARDIZED);
                int[] actual = new Mdav(k, scale).groups(x, rows, n);
                assertArrayEquals(expected, actual, "rows " + rows + " k " + k + " kind " + kind + " seed " + seed
                        + " " + scale);
                MicroaggregationChecks.assertMdavSizes(actual, k);
            }
        }
    }

    @Test
    void identicalToTheReferenceOnCensusSizedData() {
        double[] x = CensusLikeGenerator.generate(1080, 6, 5L).values();
        for (int k : new int[] {2, 3, 8}) {
            assertArrayEquals(MdavReference.groups(x, 1080, 6, k, true), new Mdav(k).groups(x, 1080, 6), "k " + k);
        }
        assertArrayEquals(MdavReference.groups(x, 1080, 6, 5, false),
                new Mdav(5, Mdav.Scale.RAW).groups(x, 1080, 6));
    }

    /**
     * Seeded test data. kind 0: Gaussian, column j scaled by 10^j; 1: integers 0..2 (many ties and
     * duplicate rows); 2: rounded Gaussian where about a third of the rows are exact copies of an
     * earlier row; 3: Gaussian with a constant last column 0.1.
     */
    static double[] data(int rows, int n, int kind, long seed) {
        Random rnd = new Random(seed * 7919 + kind);
        double[] x = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            if (kind == 2 && i > 0 && rnd.nextInt(3) == 0) {
                System.arraycopy(x, rnd.nextInt(i) * n, x, i * n, n);
                continue;
            }
            for (int j = 0; j < n; j++) {
                x[i * n + j] = switch (kind) {
                    case 1 -> rnd.nextInt(3);
                    case 2 -> Math.rint(rnd.nextGaussian() * 10);
                    case 3 -> j == n - 1 ? 0.1 : rnd.nextGaussian();
                    default -> rnd.nextGaussian() * Math.pow(10, j);
                };
            }
        }
        return x;
    }

    @Test
    void duplicateRowsOfEqualCountFormTheirOwnGroupsAndKeepTheirValues() {
        // three distinct points, each repeated 3 times, k = 3: every group is one point's copies
        double[] x = new double[9 * 2];
        double[][] p = {{1, 2}, {-4, 7}, {9, 9}};
        int[] layout = {0, 1, 2, 2, 0, 1, 1, 2, 0};
        for (int i = 0; i < 9; i++) {
            x[2 * i] = p[layout[i]][0];
            x[2 * i + 1] = p[layout[i]][1];
        }
        Mdav mdav = new Mdav(3);
        int[] g = mdav.groups(x, 9, 2);
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++) {
                assertEquals(layout[i] == layout[j], g[i] == g[j], i + "," + j);
            }
        }
        assertArrayEquals(x, mdav.apply(x, 9, 2)); // exact: groups of equal values keep them
    }

    @Test
    void groupsAreInvariantToColumnScalingWhenStandardizedButNotRaw() {
        // column 1 multiplied by 2^20: the z-scores are bit-for-bit the same
        int rows = 60;
        double[] x = data(rows, 2, 0, 3L);
        double[] scaled = x.clone();
        for (int i = 0; i < rows; i++) {
            scaled[2 * i] = x[2 * i] * 1048576.0;
        }
        assertArrayEquals(new Mdav(3).groups(x, rows, 2), new Mdav(3).groups(scaled, rows, 2));
        int[] raw = new Mdav(3, Mdav.Scale.RAW).groups(scaled, rows, 2);
        assertFalse(Arrays.equals(new Mdav(3).groups(scaled, rows, 2), raw));
        assertFalse(Arrays.equals(new Mdav(3).apply(scaled, rows, 2), new Mdav(3, Mdav.Scale.RAW).apply(scaled, rows, 2)));
    }

    /**
     * Six records, k = 3 (2k <= 6 < 3k: one group around r, the rest), column 0 in thousands,
     * column 1 in units: (4000,5) (0,2) (0,1) (3000,4) (1000,4) (2000,0).
     *
     * <pre>
     * RAW: centroid (1666.7, 2.667); farthest is 0 (2333^2 + ...). Squared distances to 0:
     *   3: 1000^2 + 1, 5: 2000^2 + 25, 4: 3000^2 + 1, 1 and 2: 4000^2 + ...
     *   -> groups {0,3,5} and {1,2,4}.
     * STANDARDIZED: means (1666.7, 2.667), variances 2.6667e6 and 3.8667, so a squared
     *   z-distance is (dx0 / 1000)^2 / 2.6667 + dx1^2 / 3.8667.
     *   |z|^2: 0: 3.45, 1: 1.16, 2: 1.76, 3: 1.13, 4: 0.63, 5: 1.88 -> r = 0.
     *   to 0: 3: 0.375 + 0.259 = 0.634, 4: 3.375 + 0.259 = 3.634, 5: 1.5 + 6.466 = 7.966,
     *   1: 6 + 2.328 = 8.328, 2: 6 + 4.138 = 10.138 -> groups {0,3,4} and {1,2,5}.
     * </pre>
     */
    @Test
    void rawAndStandardizedDifferWhenColumnScalesDiffer() {
        double[] x = {4000, 5, 0, 2, 0, 1, 3000, 4, 1000, 4, 2000, 0};
        assertArrayEquals(new int[] {0, 1, 1, 0, 1, 0}, new Mdav(3, Mdav.Scale.RAW).groups(x, 6, 2));
        assertArrayEquals(new int[] {0, 1, 1, 0, 0, 1}, new Mdav(3).groups(x, 6, 2));
        double a = 1000.0 / 3;
        double b = 7.0 / 3;
        assertArrayEquals(new double[] {3000, 3, a, b, a, b, 3000, 3, a, b, 3000, 3},
                new Mdav(3, Mdav.Scale.RAW).apply(x, 6, 2), 1e-9);
        double c = 8000.0 / 3;
        double d = 13.0 / 3;
        double e = 2000.0 / 3;
        assertArrayEquals(new double[] {c, d, e, 1, e, 1, c, d, c, d, e, 1}, new Mdav(3).apply(x, 6, 2), 1e-9);
    }

    @Test
    void kOneReturnsTheInputUnchanged() {
        double[] x = data(23, 3, 0, 9L);
        double[] copy = x.clone();
        double[] y = new Mdav(1).apply(x, 23, 3);
        assertArrayEquals(copy, y);
        assertArrayEquals(copy, x);
        y[0] = 42;
        assertEquals(copy[0], x[0]);
        int[] g = new Mdav(1).groups(x, 23, 3);
        assertEquals(23, Arrays.stream(g).distinct().count());
    }

    @Test
    void groupSizeLargerThanHalfTheRecordsIsAnInputError() {
        double[] x = data(400, 2, 0, 1L);
        InputException e = assertThrows(InputException.class, () -> new Mdav(300).apply(x, 400, 2));
        assertEquals("--k: group size 300 is larger than half the 400 records; microaggregation needs at least two groups",
                e.getMessage());
        assertThrows(InputException.class, () -> new Mdav(201).groups(x, 400, 2));
        new Mdav(200).apply(x, 400, 2); // exactly two groups is fine
        InputException zero = assertThrows(InputException.class, () -> new Mdav(0));
        assertEquals("--k: group size must be at least 1, got 0", zero.getMessage());
        assertThrows(InputException.class, () -> new Mdav(-3, Mdav.Scale.RAW));
    }

    @Test
    void programmingErrorsAreIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> new Mdav(2).apply(new double[7], 4, 2));
        assertThrows(IllegalArgumentException.class, () -> new Mdav(2).apply(new double[0], 0, 2));
        assertThrows(IllegalArgumentException.class,
                () -> new Mdav(2).apply(new double[] {1, 2, Double.NaN, 4}, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new Mdav(2, null));
    }

    @Test
    void deterministicAndInputUntouched() {
        double[] x = data(301, 4, 1, 2L);
        double[] copy = x.clone();
        double[] a = new Mdav(4).apply(x, 301, 4);
        assertArrayEquals(a, new Mdav(4).apply(x, 301, 4));
        assertArrayEquals(copy, x);
        assertEquals("mdav(k=4)", new Mdav(4).label());
    }

    @Test
    void constantColumnCarriesNoDistanceAndIsKept() {
        // 0.1 is not exactly representable: the computed sd of the constant column is a rounding
        // residue, not 0; it must still count 0 in the distances
        double[] x = data(40, 3, 3, 4L);
        double[] two = new double[40 * 2];
        for (int i = 0; i < 40; i++) {
            two[2 * i] = x[3 * i];
            two[2 * i + 1] = x[3 * i + 1];
        }
        assertArrayEquals(new Mdav(3).groups(two, 40, 2), new Mdav(3).groups(x, 40, 3));
        double[] y = new Mdav(3).apply(x, 40, 3);
        for (int i = 0; i < 40; i++) {
            assertEquals(0.1, y[3 * i + 2]);
        }
    }

    @Test
    void censusSizedFileIsFast() {
        double[] x = CensusLikeGenerator.generate(20000, 6, 8L).values();
        long t0 = System.nanoTime();
        int[] g = new Mdav(3).groups(x, 20000, 6);
        double seconds = (System.nanoTime() - t0) / 1e9;
        MicroaggregationChecks.assertMdavSizes(g, 3);
        assertTrue(seconds < 20, "MDAV on 20000 x 6 took " + seconds + " s");
    }
}

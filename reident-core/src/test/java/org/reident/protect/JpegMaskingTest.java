package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reident.data.InputException;
import org.reident.synth.CensusLikeGenerator;

class JpegMaskingTest {
    private static final int N = 1080;
    private static final int P = 6;
    private static final double[] X = CensusLikeGenerator.generate(N, P, 7L).values();

    /** Mean absolute error of each column, in units of the column's range. */
    private static double[] relativeMae(double[] x, double[] y, int rows, int n) {
        double[] out = new double[n];
        for (int k = 0; k < n; k++) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double s = 0;
            for (int i = 0; i < rows; i++) {
                double v = x[i * n + k];
                min = Math.min(min, v);
                max = Math.max(max, v);
                s += Math.abs(y[i * n + k] - v);
            }
            out[k] = s / rows / (max - min);
        }
        return out;
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v;
        }
        return s / a.length;
    }

    @Test
    void quality100IsCloseToTheOriginal() {
        double[] copy = X.clone();
        double[] y = new JpegMasking(100).apply(X, N, P);
        assertArrayEquals(copy, X, "input modified");
        assertEquals(X.length, y.length);
        double[] mae = relativeMae(X, y, N, P);
        for (int k = 0; k < P; k++) {
            // 256-level quantisation alone gives ~1/(4*255) = 0.1% of the range
            assertTrue(mae[k] < 0.005, "column " + k + ": MAE " + mae[k] + " of the range at q=100");
        }
    }

    @Test
    void errorGrowsAsQualityFalls() {
        int[] qualities = {100, 80, 50, 20};
        double[][] mae = new double[qualities.length][];
        for (int t = 0; t < qualities.length; t++) {
            mae[t] = relativeMae(X, new JpegMasking(qualities[t]).apply(X, N, P), N, P);
        }
        for (int t = 1; t < qualities.length; t++) {
            assertTrue(mean(mae[t]) > 1.1 * mean(mae[t - 1]), "mean MAE at q=" + qualities[t] + " "
                    + mean(mae[t]) + " not above q=" + qualities[t - 1] + " " + mean(mae[t - 1]));
            for (int k = 0; k < P; k++) {
                assertTrue(mae[t][k] > mae[t - 1][k], "column " + k + ": MAE at q=" + qualities[t]
                        + " not above q=" + qualities[t - 1]);
            }
        }
    }

    @Test
    void valuesStayWithinEachColumnsRangeAndExtremesCanBeExact() {
        double[] y = new JpegMasking(50).apply(X, N, P);
        for (int k = 0; k < P; k++) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < N; i++) {
                min = Math.min(min, X[i * P + k]);
                max = Math.max(max, X[i * P + k]);
            }
            for (int i = 0; i < N; i++) {
                double v = y[i * P + k];
                assertTrue(v >= min && v <= max, "column " + k + ", row " + i + ": " + v);
            }
        }
        assertEquals(3.0, JpegMasking.fromGrey(0, 3, 11));
        assertEquals(11.0, JpegMasking.fromGrey(255, 3, 11));
        assertEquals(0, JpegMasking.toGrey(3, 3, 11));
        assertEquals(255, JpegMasking.toGrey(11, 3, 11));
        assertEquals(128, JpegMasking.toGrey(7.0078125, 3, 11)); // 255 * 4.0078/8 = 127.75
        assertEquals(255, JpegMasking.toGrey(Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE));
    }

    /**
     * Values on the 256-level grid arranged in uniform 8 x 8 blocks (8 records x 8 variables): at
     * q = 100 each block is a pure DC term with an all-ones quantisation table, so the round trip
     * is exact.
     */
    @Test
    void uniformBlocksOnTheGreyGridSurviveQuality100Exactly() {
        int rows = 64;
        int n = 8;
        double[] x = new double[rows * n];
        int[] levels = {0, 255, 17, 200, 128, 64, 3, 99};
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < n; k++) {
                x[i * n + k] = 1000 + 2.0 * levels[i / 8];
            }
        }
        assertArrayEquals(x, new JpegMasking(100).apply(x, rows, n));
    }

    @Test
    void constantColumnIsUnchangedAndShapeIsKept() {
        int rows = 37;
        int n = 3;
        double[] x = new double[rows * n];
        Random rnd = new Random(4);
        for (int i = 0; i < rows; i++) {
            x[i * n] = rnd.nextGaussian();
            x[i * n + 1] = 42.125;
            x[i * n + 2] = rnd.nextInt(1000);
        }
        double[] y = new JpegMasking(30).apply(x, rows, n);
        assertEquals(x.length, y.length);
        boolean changed = false;
        for (int i = 0; i < rows; i++) {
            assertEquals(42.125, y[i * n + 1], "constant column, row " + i);
            changed |= y[i * n] != x[i * n];
        }
        assertTrue(changed, "quality 30 changed nothing");
        double[] one = new JpegMasking(75).apply(new double[] {5}, 1, 1);
        assertArrayEquals(new double[] {5}, one);
    }

    @Test
    void deterministic() {
        double[] a = new JpegMasking(65).apply(X, N, P);
        assertArrayEquals(a, new JpegMasking(65).apply(X, N, P));
        assertFalse(java.util.Arrays.equals(a, new JpegMasking(80).apply(X, N, P)));
    }

    /** Strips of a multiple of 8 records give the same pixels as one image (blocks are independent). */
    @Test
    void stripsGiveTheSameResultAsOneImage() {
        int rows = 203;
        double[] x = CensusLikeGenerator.generate(rows, 5, 3L).values();
        for (int q : new int[] {20, 80}) {
            double[] whole = new JpegMasking(q).apply(x, rows, 5);
            assertArrayEquals(whole, new JpegMasking(q, 16).apply(x, rows, 5), "q=" + q + ", strips of 16");
            assertArrayEquals(whole, new JpegMasking(q, 200).apply(x, rows, 5), "q=" + q + ", strips of 200");
        }
    }

    /** More records than one JPEG image may hold (65500 rows). */
    @Test
    void moreRowsThanOneImageAllows() {
        int rows = 70001;
        double[] x = CensusLikeGenerator.generate(rows, 2, 9L).values();
        double[] y = new JpegMasking(90).apply(x, rows, 2);
        double[] mae = relativeMae(x, y, rows, 2);
        for (int k = 0; k < 2; k++) {
            assertTrue(mae[k] < 0.02, "column " + k + ": " + mae[k]);
        }
        // the rows after the first strip are masked, not copied or zeroed
        double[] tailX = java.util.Arrays.copyOfRange(x, 2 * JpegMasking.MAX_STRIP_ROWS, x.length);
        double[] tailY = java.util.Arrays.copyOfRange(y, 2 * JpegMasking.MAX_STRIP_ROWS, y.length);
        double[] tailMae = relativeMae(tailX, tailY, tailX.length / 2, 2);
        assertTrue(tailMae[0] > 0 && tailMae[0] < 0.05, "tail MAE " + tailMae[0]);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 101, -5})
    void rejectsQualityOutside1To100(int q) {
        InputException e = assertThrows(InputException.class, () -> new JpegMasking(q));
        assertEquals("--quality: JPEG quality must be in 1..100, got " + q, e.getMessage());
    }

    @Test
    void labelQualityOneAndShapes() {
        assertEquals("jpeg(q=80)", new JpegMasking(80).label());
        double[] y = new JpegMasking(1).apply(X, N, P);
        assertEquals(X.length, y.length);
        JpegMasking m = new JpegMasking(50);
        assertThrows(IllegalArgumentException.class, () -> m.apply(new double[5], 2, 3));
        assertThrows(IllegalArgumentException.class, () -> m.apply(new double[] {Double.POSITIVE_INFINITY}, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new JpegMasking(50, 12));
    }
}

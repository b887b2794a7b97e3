package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reident.data.InputException;
import org.reident.distance.ColumnStats;
import org.reident.synth.CensusLikeGenerator;

class CorrelatedNoiseTest {
    private static final int N = 20000;
    private static final int P = 6;
    private static final double[] X = CensusLikeGenerator.generate(N, P, 2002L).values();

    private static double[] noise(double[] x, double[] y) {
        double[] e = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            e[i] = y[i] - x[i];
        }
        return e;
    }

    /**
     * Checks Cov(E) against c^2 Sigma, columns in {@code cols}. Given X, E is Gaussian, so for N =
     * 20000 a sample variance ratio has se sqrt(2/N) = 0.010: tolerance 5% relative (5 se). A
     * sample correlation has se <= 1/sqrt(N) = 0.007: tolerance 0.03 absolute against the
     * correlation of X. The standardised mean of E has se 1/sqrt(N) = 0.007: tolerance 0.03.
     */
    private static void assertNoiseCovariance(double[] x, double[] y, int n, double p, int[] cols) {
        double c = p / 100;
        double[] e = noise(x, y);
        double[] sigma = ColumnStats.covariance(x, N, n);
        double[] ce = ColumnStats.covariance(e, N, n);
        double[] me = ColumnStats.means(e, N, n);
        for (int a : cols) {
            double target = c * c * sigma[a * n + a];
            assertEquals(1.0, ce[a * n + a] / target, 0.05, "variance ratio, column " + a);
            assertEquals(0.0, me[a] / Math.sqrt(target), 0.03, "standardised noise mean, column " + a);
            for (int b : cols) {
                if (b <= a) {
                    continue;
                }
                double rx = sigma[a * n + b] / Math.sqrt(sigma[a * n + a] * sigma[b * n + b]);
                double re = ce[a * n + b] / Math.sqrt(ce[a * n + a] * ce[b * n + b]);
                assertEquals(rx, re, 0.03, "noise correlation vs data correlation, columns " + a + "," + b);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {1, 10, 50, 150})
    void noiseCovarianceIsCSquaredSigmaAndMeanIsZero(double p) {
        double[] copy = X.clone();
        double[] y = new CorrelatedNoise(p, 17L).apply(X, N, P);
        assertArrayEquals(copy, X, "input modified");
        assertNoiseCovariance(X, y, P, p, new int[] {0, 1, 2, 3, 4, 5});
    }

    /** The noise really is correlated: a strongly correlated pair of the census file gets r > 0.5. */
    @Test
    void noiseIsCorrelatedUnlikeIndependentNoise() {
        double[] e = noise(X, new CorrelatedNoise(10, 3L).apply(X, N, P));
        double[] ce = ColumnStats.covariance(e, N, P);
        double r = ce[3 * P + 4] / Math.sqrt(ce[3 * P + 3] * ce[4 * P + 4]);
        assertTrue(r > 0.5, "FEDTAX/STATETAX noise correlation " + r);
        double[] ei = noise(X, new Noise(10, 3L).apply(X, N, P));
        double[] ci = ColumnStats.covariance(ei, N, P);
        assertEquals(0.0, ci[3 * P + 4] / Math.sqrt(ci[3 * P + 3] * ci[4 * P + 4]), 0.03);
    }

    @Test
    void zeroPercentIsAnExactCopy() {
        double[] y = new CorrelatedNoise(0, 1L).apply(X, N, P);
        assertNotSame(X, y);
        assertArrayEquals(X, y);
    }

    /**
     * Columns: a, b, a + 2b (collinear), constant 7, a again (duplicate). Sigma is singular, so the
     * eigen factor is used; the noise must respect the exact linear relations and leave the
     * constant column alone, with the right covariance on the rest.
     */
    @Test
    void singularCovarianceIsHandledAndLinearRelationsHold() {
        int n = 5;
        double[] x = new double[N * n];
        for (int i = 0; i < N; i++) {
            double a = X[i * P];
            double b = X[i * P + 1];
            x[i * n] = a;
            x[i * n + 1] = b;
            x[i * n + 2] = a + 2 * b;
            x[i * n + 3] = 7;
            x[i * n + 4] = a;
        }
        double[] cov = ColumnStats.covariance(x, N, n);
        double[] sub = new double[16];
        int[] active = {0, 1, 2, 4};
        for (int r = 0; r < 4; r++) {
            for (int s = 0; s < 4; s++) {
                sub[r * 4 + s] = cov[active[r] * n + active[s]];
            }
        }
        assertNull(CorrelatedNoise.cholesky(sub, 4), "singular Sigma must not take the Cholesky path");
        double p = 20;
        double[] y = new CorrelatedNoise(p, 8L).apply(x, N, n);
        double[] e = noise(x, y);
        double sa = Math.sqrt(cov[0]);
        for (int i = 0; i < N; i++) {
            assertEquals(7.0, y[i * n + 3], "constant column, row " + i);
            assertEquals(e[i * n] + 2 * e[i * n + 1], e[i * n + 2], 1e-6 * sa, "e3 = e1 + 2 e2, row " + i);
            assertEquals(e[i * n], e[i * n + 4], 1e-6 * sa, "duplicate column, row " + i);
        }
        assertNoiseCovariance(x, y, n, p, active);
    }

    @Test
    void factorsReproduceSigma() {
        double[] sigma = ColumnStats.covariance(X, N, P);
        double[] l = CorrelatedNoise.cholesky(sigma, P);
        assertNotNull(l, "full-rank Sigma takes the Cholesky path");
        double[] v = CorrelatedNoise.eigenFactor(sigma, P);
        for (double[] f : new double[][] {l, v}) {
            for (int a = 0; a < P; a++) {
                for (int b = 0; b < P; b++) {
                    double s = 0;
                    for (int u = 0; u < P; u++) {
                        s += f[a * P + u] * f[b * P + u];
                    }
                    double scale = Math.sqrt(sigma[a * P + a] * sigma[b * P + b]);
                    assertEquals(sigma[a * P + b], s, 1e-10 * scale, "A A' entry " + a + "," + b);
                }
            }
        }
        for (int a = 0; a < P; a++) {
            for (int b = a + 1; b < P; b++) {
                assertEquals(0.0, l[a * P + b], "Cholesky factor is lower triangular");
            }
        }
    }

    @Test
    void seedReproducesOtherSeedDiffers() {
        double[] a = new CorrelatedNoise(10, 5L).apply(X, N, P);
        assertArrayEquals(a, new CorrelatedNoise(10, 5L).apply(X, N, P));
        assertFalse(Arrays.equals(a, new CorrelatedNoise(10, 6L).apply(X, N, P)));
    }

    @Test
    void constantColumnsOnlyGiveACopy() {
        double[] x = {1, 2, 1, 2, 1, 2};
        assertArrayEquals(x, new CorrelatedNoise(50, 1L).apply(x, 3, 2));
    }

    @ParameterizedTest
    @ValueSource(doubles = {-1, -1e-9, Double.NaN, Double.POSITIVE_INFINITY})
    void rejectsBadLevel(double p) {
        InputException e = assertThrows(InputException.class, () -> new CorrelatedNoise(p, 1L));
        assertTrue(e.getMessage().startsWith("--p: correlated-noise level must be a finite number >= 0, got "),
                e.getMessage());
    }

    @Test
    void labelAndShapes() {
        assertEquals("correlated-noise(p=10)", new CorrelatedNoise(10, 1L).label());
        assertEquals("--p: correlated-noise level must be a finite number >= 0, got -1",
                assertThrows(InputException.class, () -> new CorrelatedNoise(-1, 1L)).getMessage());
        CorrelatedNoise m = new CorrelatedNoise(10, 1L);
        assertThrows(IllegalArgumentException.class, () -> m.apply(new double[5], 2, 3));
        assertThrows(IllegalArgumentException.class, () -> m.apply(new double[] {1, 2}, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> m.apply(new double[] {1, Double.NaN}, 2, 1));
    }
}

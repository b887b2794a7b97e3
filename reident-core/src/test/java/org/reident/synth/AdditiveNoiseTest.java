package org.reident.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reident.distance.ColumnStats;

class AdditiveNoiseTest {
    private static final int N = 50000;
    private static final int P = 3;
    private static final double[] X = CensusLikeGenerator.generate(N, P, 11L).values();
    private static final double[] SD = ColumnStats.sds(X, N, P, ColumnStats.means(X, N, P));

    /**
     * For N = 50000 the sample variance ratio var(e_k) / sigma_k^2 has se sqrt(2/N) = 0.0063:
     * tolerance 0.03 (relative, ~4.7 se). The standardised noise mean has se 1/sqrt(N) = 0.0045:
     * tolerance 0.02. Cross-column noise correlation: se 0.0045, tolerance 0.02.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1, 10, 50, 150})
    void noiseHasZeroMeanTheRequestedVarianceAndIsIndependentAcrossColumns(double p) {
        double[] y = AdditiveNoise.apply(X, N, P, p, 99L);
        double[] e = new double[X.length];
        for (int i = 0; i < X.length; i++) {
            e[i] = y[i] - X[i];
        }
        double[] m = ColumnStats.means(e, N, P);
        double[] cov = ColumnStats.covariance(e, N, P);
        for (int k = 0; k < P; k++) {
            double sigma = p / 100 * SD[k];
            assertEquals(0.0, m[k] / sigma, 0.02, "mean of noise, column " + k);
            assertEquals(1.0, cov[k * P + k] / (sigma * sigma), 0.03, "variance ratio, column " + k);
            for (int j = k + 1; j < P; j++) {
                double r = cov[k * P + j] / Math.sqrt(cov[k * P + k] * cov[j * P + j]);
                assertEquals(0.0, r, 0.02, "noise correlation " + k + "," + j);
            }
        }
    }

    @Test
    void zeroPercentReturnsAnExactCopy() {
        double[] x = {1.5, -0.0, 3, 7.25, 2, 9};
        double[] y = AdditiveNoise.apply(x, 3, 2, 0, 1L);
        assertArrayEquals(x, y);
        y[0] = 42;
        assertEquals(1.5, x[0]);
    }

    @Test
    void constantColumnIsUnchangedAndOthersAreNoised() {
        double[] x = {5, 1, 5, 2, 5, 3, 5, 4};
        double[] y = AdditiveNoise.apply(x, 4, 2, 20, 3L);
        for (int i = 0; i < 4; i++) {
            assertEquals(5.0, y[2 * i]);
            assertFalse(y[2 * i + 1] == x[2 * i + 1]);
        }
    }

    @Test
    void sameSeedReproducesDifferentSeedDiffersInputUntouched() {
        double[] copy = X.clone();
        double[] a = AdditiveNoise.apply(X, N, P, 10, 5L);
        assertArrayEquals(a, AdditiveNoise.apply(X, N, P, 10, 5L));
        assertFalse(Arrays.equals(a, AdditiveNoise.apply(X, N, P, 10, 6L)));
        assertArrayEquals(copy, X);
    }

    @Test
    void rejectsBadArguments() {
        double[] x = {1, 2, 3, 4};
        assertThrows(IllegalArgumentException.class, () -> AdditiveNoise.apply(x, 2, 2, -1, 1L));
        assertThrows(IllegalArgumentException.class, () -> AdditiveNoise.apply(x, 2, 2, -1e-9, 1L));
        assertThrows(IllegalArgumentException.class, () -> AdditiveNoise.apply(x, 2, 2, Double.NaN, 1L));
        assertThrows(IllegalArgumentException.class,
                () -> AdditiveNoise.apply(x, 2, 2, Double.POSITIVE_INFINITY, 1L));
        assertThrows(IllegalArgumentException.class, () -> AdditiveNoise.apply(x, 3, 2, 10, 1L));
        assertThrows(IllegalArgumentException.class, () -> AdditiveNoise.apply(x, 1, 4, 10, 1L));
        assertThrows(IllegalArgumentException.class,
                () -> AdditiveNoise.apply(new double[] {1, Double.NaN, 3, 4}, 2, 2, 10, 1L));
    }
}

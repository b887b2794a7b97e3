package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reident.data.InputException;
import org.reident.distance.ColumnStats;
import org.reident.synth.AdditiveNoise;
import org.reident.synth.CensusLikeGenerator;

class NoiseTest {
    private static final int N = 20000;
    private static final int P = 4;
    private static final double[] X = CensusLikeGenerator.generate(N, P, 31L).values();

    /** Variance ratio var(e_k) / (p/100 sd_k)^2: se sqrt(2/N) = 0.010, tolerance 5% (5 se). */
    @Test
    void varianceRatioMatchesTheLevel() {
        double p = 16;
        double[] y = new Noise(p, 9L).apply(X, N, P);
        double[] e = new double[X.length];
        for (int i = 0; i < X.length; i++) {
            e[i] = y[i] - X[i];
        }
        double[] sd = ColumnStats.sds(X, N, P, ColumnStats.means(X, N, P));
        double[] se = ColumnStats.sds(e, N, P, ColumnStats.means(e, N, P));
        for (int k = 0; k < P; k++) {
            double sigma = p / 100 * sd[k];
            assertEquals(1.0, se[k] * se[k] / (sigma * sigma), 0.05, "variance ratio, column " + k);
        }
    }

    @Test
    void isExactlyAdditiveNoise() {
        assertArrayEquals(AdditiveNoise.apply(X, N, P, 12, 4L), new Noise(12, 4L).apply(X, N, P));
        assertArrayEquals(X, new Noise(0, 4L).apply(X, N, P));
    }

    @ParameterizedTest
    @ValueSource(doubles = {-1, -1e-9, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY})
    void rejectsBadLevelAsInputError(double p) {
        InputException e = assertThrows(InputException.class, () -> new Noise(p, 1L));
        assertTrue(e.getMessage().startsWith("--p: noise level must be a finite number >= 0, got "), e.getMessage());
    }

    @Test
    void label() {
        assertEquals("noise(p=16)", new Noise(16, 1L).label());
        assertEquals("noise(p=0.5)", new Noise(0.5, 1L).label());
        assertEquals("--p: noise level must be a finite number >= 0, got -2.5",
                assertThrows(InputException.class, () -> new Noise(-2.5, 1L)).getMessage());
    }
}

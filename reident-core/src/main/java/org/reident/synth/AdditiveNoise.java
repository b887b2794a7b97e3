package org.reident.synth;

import java.util.Random;
import org.reident.distance.ColumnStats;

/**
 * Uncorrelated additive noise (DESIGN.md section 3): each value of column k gets independent
 * Gaussian noise scaled by the column's sample standard deviation,
 *
 * <pre>    Y_ik = X_ik + e_ik,   e_ik ~ N(0, (p/100 * sd_k)^2),   sd_k = sqrt(sum_i (X_ik - mean_k)^2 / (N-1))</pre>
 *
 * The e_ik are {@code sigma_k * g} with g from {@link Random#nextGaussian()} of {@code new
 * Random(seed)}, drawn row by row in column order, so a seed gives the same file on every JVM. A
 * column with zero noise scale (p = 0 or a constant column) is copied unchanged.
 */
public final class AdditiveNoise {
    private AdditiveNoise() {
    }

    /**
     * @param x       original values, row-major {@code rows x n}, finite (not modified)
     * @param percent noise level p >= 0, in percent of each column's standard deviation
     * @return the protected values, a new row-major array
     */
    public static double[] apply(double[] x, int rows, int n, double percent, long seed) {
        if (!(percent >= 0) || Double.isInfinite(percent)) {
            throw new IllegalArgumentException("noise percent must be finite and >= 0, got " + percent);
        }
        if (rows < 2 || n < 1 || x.length != (long) rows * n) {
            throw new IllegalArgumentException("need rows >= 2, n >= 1 and x.length == rows * n; got rows "
                    + rows + ", n " + n + ", length " + x.length);
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("non-finite value at row " + i / n + ", column " + i % n);
            }
        }
        double[] sigma = ColumnStats.sds(x, rows, n, ColumnStats.means(x, rows, n));
        for (int k = 0; k < n; k++) {
            sigma[k] *= percent / 100.0;
        }
        Random rnd = new Random(seed);
        double[] y = new double[x.length];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                double g = rnd.nextGaussian();
                y[o + k] = sigma[k] == 0 ? x[o + k] : x[o + k] + sigma[k] * g;
            }
        }
        return y;
    }
}

package org.reident.protect;

import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.reident.data.InputException;
import org.reident.distance.ColumnStats;

/**
 * Correlated additive noise (Brand 2002, "Microdata protection through noise addition", LNCS 2316,
 * pp. 97-116, section 3; Kim 1986): the noise has the same correlation structure as the data,
 *
 * <pre>    Y = X + E,   E_i ~ N(0, c^2 Sigma) independently per record,   c = p / 100,</pre>
 *
 * where Sigma is the sample covariance matrix of the columns of X (n-1 denominator,
 * {@link ColumnStats#covariance}). So Cov(Y) = (1 + c^2) Sigma and the correlations of X are
 * preserved in expectation.
 *
 * <p>Generation: E_i = c A g_i with A A' = Sigma and g_i a vector of independent standard normals
 * from {@link Random#nextGaussian()} of {@code new Random(seed)}, drawn record by record, one per
 * non-constant column in column order.
 * <ul>
 *   <li>Constant columns (Sigma_kk = 0) get no noise and are copied unchanged; the factorisation
 *       is of Sigma restricted to the other columns.</li>
 *   <li>A is the lower Cholesky factor L of Sigma (EJML) when it exists with every pivot
 *       {@code L_kk^2 > 1e-12 Sigma_kk} (L_kk^2 is the residual variance of column k given the
 *       preceding columns, so this says no column is, to 1 part in 10^12, a linear combination of
 *       the others).</li>
 *   <li>Otherwise (Sigma singular or numerically singular, e.g. collinear columns such as a total
 *       and its parts) A = V diag(sqrt(max(lambda_k, 0))) from the symmetric eigen-decomposition
 *       Sigma = V diag(lambda) V' (EJML), negative round-off eigenvalues clipped to 0. The noise
 *       then lies in the column space of Sigma, so an exact linear relation a'x_i = b that holds
 *       on every record (e.g. total = sum of parts) gives a'E_i = 0 and still holds, up to
 *       round-off, for the protected values.</li>
 * </ul>
 * {@code p = 0} returns an exact copy. Only correctly rounded arithmetic and
 * {@link Random#nextGaussian()} (which uses {@link StrictMath}) are involved, so a seed gives the
 * same file on every JVM.
 */
public record CorrelatedNoise(double p, long seed) implements Masking {
    /** A Cholesky pivot L_kk^2 at or below this fraction of Sigma_kk counts as singular. */
    static final double SINGULAR_PIVOT = 1e-12;

    /**
     * @param p    noise level in percent, {@code p >= 0}: the noise covariance is (p/100)^2 Sigma
     * @param seed random seed
     * @throws InputException if p is negative, infinite or not a number
     */
    public CorrelatedNoise {
        p = PerturbationSupport.level(p, "correlated-noise");
    }

    @Override
    public String label() {
        return "correlated-noise(p=" + PerturbationSupport.format(p) + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        PerturbationSupport.shape(x, rows, n, 2);
        double[] y = x.clone();
        if (p == 0) {
            return y;
        }
        double[] cov = ColumnStats.covariance(x, rows, n);
        int[] active = new int[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (cov[k * n + k] > 0) {
                active[m++] = k;
            }
        }
        if (m == 0) {
            return y;
        }
        double[] sigma = new double[m * m];
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                sigma[a * m + b] = cov[active[a] * n + active[b]];
            }
        }
        double[] f = factor(sigma, m);
        double c = p / 100.0;
        Random rnd = new Random(seed);
        double[] g = new double[m];
        for (int i = 0; i < rows; i++) {
            for (int t = 0; t < m; t++) {
                g[t] = rnd.nextGaussian();
            }
            int o = i * n;
            for (int t = 0; t < m; t++) {
                double e = 0;
                int row = t * m;
                for (int u = 0; u < m; u++) {
                    e += f[row + u] * g[u];
                }
                y[o + active[t]] += c * e;
            }
        }
        return y;
    }

    /**
     * A factor A (row-major m x m) with A A' = Sigma: the lower Cholesky factor, or, when Sigma is
     * (numerically) singular, V diag(sqrt(max(lambda, 0))) from its eigen-decomposition.
     */
    static double[] factor(double[] sigma, int m) {
        double[] l = cholesky(sigma, m);
        return l != null ? l : eigenFactor(sigma, m);
    }

    /** The lower Cholesky factor, or null when it fails or a pivot is below the singularity threshold. */
    static double[] cholesky(double[] sigma, int m) {
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(m, true);
        if (!chol.decompose(new DMatrixRMaj(m, m, true, sigma.clone()))) {
            return null;
        }
        double[] l = chol.getT(null).getData();
        for (int k = 0; k < m; k++) {
            double pivot = l[k * m + k];
            if (!(pivot * pivot > SINGULAR_PIVOT * sigma[k * m + k])) {
                return null;
            }
            for (int u = k + 1; u < m; u++) {
                l[k * m + u] = 0; // only the lower triangle is the factor
            }
        }
        return l;
    }

    /** V diag(sqrt(max(lambda_k, 0))) for the symmetric eigen-decomposition Sigma = V diag(lambda) V'. */
    static double[] eigenFactor(double[] sigma, int m) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(m, true, true);
        if (!eig.decompose(new DMatrixRMaj(m, m, true, sigma.clone()))) {
            throw new ArithmeticException("eigen-decomposition of the covariance matrix did not converge");
        }
        double[] a = new double[m * m];
        for (int k = 0; k < m; k++) {
            double lambda = eig.getEigenvalue(k).getReal();
            double s = lambda > 0 ? Math.sqrt(lambda) : 0;
            DMatrixRMaj v = eig.getEigenVector(k);
            for (int i = 0; i < m; i++) {
                a[i * m + k] = v.get(i, 0) * s;
            }
        }
        return a;
    }
}

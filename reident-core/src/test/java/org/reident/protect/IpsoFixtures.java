package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.reident.synth.CensusLikeGenerator;

/** Test data and independent (normal-equation) regression arithmetic for the IPSO tests. */
final class IpsoFixtures {
    private IpsoFixtures() {
    }

    /** (Y, X) with rows x m quasi-identifiers and rows x p confidential attributes. */
    static final class Data {
        final int rows;
        final int m;
        final int p;
        final double[] y;
        final double[] x;
        /** X_1 B_true when simulated from a known model, else null. */
        final double[] truth;

        Data(int rows, int m, int p, double[] y, double[] x, double[] truth) {
            this.rows = rows;
            this.m = m;
            this.p = p;
            this.y = y;
            this.x = x;
            this.truth = truth;
        }

        Ipso.Fit fit() {
            return Ipso.fit(y, rows, m, x, p);
        }

        Ipso.Fit fitOf(double[] yPrime) {
            return Ipso.fit(yPrime, rows, m, x, p);
        }

        double[] synthesize(Ipso.Variant v, long seed) {
            return Ipso.synthesize(v, y, rows, m, x, p, seed);
        }
    }

    /**
     * CensusLikeGenerator, 2000 records, 5 variables: quasi-identifiers WAGES, INTEREST, DIVIDENDS
     * (columns 0-2), confidential FEDTAX, STATETAX (columns 3-4).
     */
    static Data census() {
        int rows = 2000;
        double[] v = CensusLikeGenerator.generate(rows, 5, 20031L).values();
        return new Data(rows, 3, 2, columns(v, rows, 5, 0, 1, 2), columns(v, rows, 5, 3, 4), null);
    }

    /** True coefficients of {@link #linear}: row 0 intercepts, rows 1..3 slopes; 3 responses. */
    static final double[] B_TRUE = {
        10.0, -5.0, 2.0,
        1.5, 0.8, -0.7,
        -2.0, 0.5, 1.2,
        0.9, -1.1, 0.6,
    };
    /** True residual covariance of {@link #linear} (correlated, small against the signal). */
    static final double[] SIGMA_TRUE = {
        0.0100, 0.0060, -0.0030,
        0.0060, 0.0400, 0.0050,
        -0.0030, 0.0050, 0.0900,
    };

    /**
     * Y = X_1 B_TRUE + E, rows of E ~ N(0, SIGMA_TRUE); X has 3 correlated columns with offsets
     * (100, -20, 5) and standard deviations about (2, 1, 3).
     */
    static Data linear(int rows, long seed) {
        int p = 3;
        int m = 3;
        Random rnd = new Random(seed);
        double[] lx = cholesky(new double[] {4.0, 0.6, 1.2, 0.6, 1.0, -0.9, 1.2, -0.9, 9.0}, p);
        double[] le = cholesky(SIGMA_TRUE, m);
        double[] offset = {100, -20, 5};
        double[] x = new double[rows * p];
        double[] truth = new double[rows * m];
        double[] y = new double[rows * m];
        double[] g = new double[3];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < p; k++) {
                g[k] = rnd.nextGaussian();
            }
            for (int k = 0; k < p; k++) {
                double s = offset[k];
                for (int j = 0; j <= k; j++) {
                    s += lx[k * p + j] * g[j];
                }
                x[i * p + k] = s;
            }
            for (int k = 0; k < m; k++) {
                double t = B_TRUE[k];
                for (int j = 0; j < p; j++) {
                    t += x[i * p + j] * B_TRUE[(j + 1) * m + k];
                }
                truth[i * m + k] = t;
            }
            for (int k = 0; k < m; k++) {
                g[k] = rnd.nextGaussian();
            }
            for (int k = 0; k < m; k++) {
                double e = 0;
                for (int j = 0; j <= k; j++) {
                    e += le[k * m + j] * g[j];
                }
                y[i * m + k] = truth[i * m + k] + e;
            }
        }
        return new Data(rows, m, p, y, x, truth);
    }

    static double[] columns(double[] v, int rows, int n, int... cols) {
        double[] out = new double[rows * cols.length];
        for (int i = 0; i < rows; i++) {
            for (int c = 0; c < cols.length; c++) {
                out[i * cols.length + c] = v[i * n + cols[c]];
            }
        }
        return out;
    }

    /** [X | Y] row-major rows x (p + m). */
    static double[] join(double[] x, int p, double[] y, int m, int rows) {
        double[] out = new double[rows * (p + m)];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(x, i * p, out, i * (p + m), p);
            System.arraycopy(y, i * m, out, i * (p + m) + p, m);
        }
        return out;
    }

    /** X_1 = [1, X] as an EJML matrix. */
    static DMatrixRMaj design(double[] x, int rows, int p) {
        DMatrixRMaj d = new DMatrixRMaj(rows, p + 1);
        for (int i = 0; i < rows; i++) {
            d.set(i, 0, 1.0);
            for (int j = 0; j < p; j++) {
                d.set(i, j + 1, x[i * p + j]);
            }
        }
        return d;
    }

    /** (X_1'X_1)^-1 by the normal equations (independent of the QR route of {@link Ipso}). */
    static DMatrixRMaj inverseGram(double[] x, int rows, int p) {
        DMatrixRMaj d = design(x, rows, p);
        DMatrixRMaj gram = new DMatrixRMaj(p + 1, p + 1);
        CommonOps_DDRM.multTransA(d, d, gram);
        DMatrixRMaj inv = new DMatrixRMaj(p + 1, p + 1);
        assertTrue(CommonOps_DDRM.invert(gram, inv), "X_1'X_1 invertible");
        return inv;
    }

    /** Standard errors of B_hat entries for residual covariance sigma: sqrt(sigma_kk [(X_1'X_1)^-1]_jj). */
    static double[] standardErrors(double[] x, int rows, int p, double[] sigma, int m) {
        DMatrixRMaj inv = inverseGram(x, rows, p);
        double[] se = new double[(p + 1) * m];
        for (int j = 0; j <= p; j++) {
            for (int k = 0; k < m; k++) {
                se[j * m + k] = Math.sqrt(sigma[k * m + k] * inv.get(j, j));
            }
        }
        return se;
    }

    /** Lower Cholesky factor (EJML), row-major. */
    static double[] cholesky(double[] s, int n) {
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(n, true);
        assertTrue(chol.decompose(new DMatrixRMaj(n, n, true, s.clone())), "positive definite");
        DMatrixRMaj l = chol.getT(null);
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                l.set(a, b, 0);
            }
        }
        return l.getData();
    }

    /** max_i |a_i - e_i| / |e_i| (every e_i must be non-zero). */
    static double maxRelativeError(double[] expected, double[] actual) {
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            assertTrue(expected[i] != 0, "reference entry " + i + " is zero");
            worst = Math.max(worst, Math.abs(actual[i] - expected[i]) / Math.abs(expected[i]));
        }
        return worst;
    }

    /**
     * Covariance-matrix error on the correlation scale: max_ab |A_ab - E_ab| / sqrt(E_aa E_bb), so
     * that a near-zero covariance is judged against the variances it relates.
     */
    static double maxCovarianceError(double[] expected, double[] actual, int n) {
        double worst = 0;
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                double scale = Math.sqrt(expected[a * n + a] * expected[b * n + b]);
                worst = Math.max(worst, Math.abs(actual[a * n + b] - expected[a * n + b]) / scale);
            }
        }
        return worst;
    }
}

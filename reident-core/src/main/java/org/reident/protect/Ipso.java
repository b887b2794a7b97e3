package org.reident.protect;

import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.reident.data.InputException;
import org.reident.distance.ColumnStats;

/**
 * IPSO (Information Preserving Statistical Obfuscation) synthetic quasi-identifiers: Burridge, J.
 * (2003) "Information preserving statistical obfuscation", Statistics and Computing 13, 321-327;
 * used as the protection method of mahalanobis-dbrl-synthetic.txt, section 3 (DESIGN.md section 3).
 *
 * <p><b>Model.</b> The p confidential attributes X (N x p) are the regressors and are released
 * unchanged; the m quasi-identifiers Y (N x m) are replaced by synthetic values. With
 * X_1 = [1, X] (an intercept column first),
 *
 * <pre>
 *     Y = X_1 B + E,   rows of E ~ N(0, Sigma)
 *     B_hat     = (X_1'X_1)^-1 X_1'Y                    ((p+1) x m, least squares)
 *     R         = Y - X_1 B_hat                          (residuals)
 *     Sigma_hat = R'R / N                                (m x m)
 * </pre>
 *
 * <b>Denominator:</b> Sigma_hat uses 1/N, the maximum-likelihood estimate of Burridge and of the
 * paper ("the maximum likelihood estimates of B and Sigma"), not the unbiased 1/(N - p - 1). The
 * same 1/N is used for the covariance S_B of IPSO-C and by {@link #fit}, so "preserves Sigma_hat"
 * means "{@link #fit} of (Y', X) returns the same residual covariance as {@link #fit} of (Y, X)"
 * (the preservation holds for any denominator used consistently).
 *
 * <p><b>Variants</b> (L_hat L_hat' = Sigma_hat, lower-triangular Cholesky; row vectors):
 *
 * <pre>
 *     A:  Y'_A = X_1 B_hat + E_A,  E_A = G L_hat'          G: N x m independent N(0,1)
 *                                                         (each row e_i' = (L_hat g_i)', e_i ~ N(0, Sigma_hat))
 *     B:  Y'_B = X_1 B_hat + E_B,  E_B = (I - H) E_A       H = X_1 (X_1'X_1)^-1 X_1'
 *     C:  Y'_C = X_1 B_hat + E_C,  E_C = E_B L_B^-T L_hat'  L_B L_B' = S_B = E_B'E_B / N
 * </pre>
 *
 * IPSO-A reproduces B_hat only in expectation, and Sigma_hat only approximately (E[Sigma_A] =
 * Sigma_hat (N - p - 1) / N). In IPSO-B, X_1'E_B = 0, so regressing
 * Y'_B on X_1 returns exactly B_hat (and residuals E_B). In IPSO-C, E_C is a right-multiple of E_B,
 * so X_1'E_C = 0 still (B_hat reproduced), and E_C'E_C / N = L_hat L_B^-1 S_B L_B^-T L_hat' =
 * L_hat L_hat' = Sigma_hat: both sufficient statistics of the original data are reproduced. H is
 * never formed: (I - H) E_A is the least-squares residual of E_A on X_1 (EJML QR, see
 * the package-private CenteredDesign).
 *
 * <p><b>Randomness.</b> G is drawn from {@code new Random(seed).nextGaussian()} row by row, in
 * column order within a row. The three variants use the same G for the same seed: IPSO-B and
 * IPSO-C are successive corrections of the IPSO-A draw. Same seed, same output.
 * Caveat of {@code java.util.Random}: its first outputs are strongly related across nearby seeds
 * (over seeds 1000..3999 the first nextGaussian() has mean 0.65 and sd 0.76), so the first record's
 * draw of files made with consecutive seeds is not an independent N(0, Sigma_hat) draw; use
 * unrelated (e.g. well-spread) seeds when several releases must be independent.
 *
 * <p><b>Errors.</b> Fewer than p + m + 1 records, a constant or collinear set of confidential
 * attributes (X_1'X_1 singular), a constant quasi-identifier, or a singular residual covariance
 * (a quasi-identifier is an exact linear function of the confidential attributes and the other
 * quasi-identifiers) throw {@link InputException} with a one-line message. Malformed arguments
 * (array lengths, non-finite values) throw {@link IllegalArgumentException}.
 */
public final class Ipso {
    /** IPSO variants of Burridge (2003); see the class documentation. */
    public enum Variant {
        /** Fitted values plus fresh N(0, Sigma_hat) residuals. */
        A,
        /** As A, with the residuals made orthogonal to X_1: B_hat reproduced exactly. */
        B,
        /** As B, with the residuals rescaled: B_hat and Sigma_hat reproduced exactly. */
        C
    }

    /** Residual correlation matrices with smallest / largest eigenvalue below this are singular. */
    static final double MIN_RESIDUAL_RCOND = 1e-12;
    /** A quasi-identifier whose residual variance is at most this fraction of its variance is exact. */
    static final double MIN_RESIDUAL_FRACTION = 1e-12;

    private Ipso() {
    }

    /**
     * Synthetic quasi-identifiers Y' for the given variant.
     *
     * @param y    quasi-identifiers, row-major {@code rows x m}, finite (not modified)
     * @param x    confidential attributes, row-major {@code rows x p}, finite (not modified);
     *             p = 0 is allowed (intercept only: Y' keeps the means, and with C the covariance)
     * @param seed seed of {@code java.util.Random}
     * @return Y', a new row-major {@code rows x m} array
     * @throws InputException when the model cannot be fitted or sampled (see class documentation)
     */
    public static double[] synthesize(Variant v, double[] y, int rows, int m, double[] x, int p, long seed) {
        if (v == null) {
            throw new IllegalArgumentException("IPSO variant must not be null");
        }
        checkArguments(y, rows, m, x, p);
        if (rows < p + m + 1) {
            throw new InputException("IPSO: too few records (" + rows + ") for " + p
                    + " confidential attributes and " + m + " quasi-identifiers; need at least p + m + 1 = "
                    + (p + m + 1));
        }
        Model model = Model.of(y, rows, m, x, p);
        checkResidualCovariance(model.sigma, model.totalVariance, m);
        DMatrixRMaj lHat = cholesky(model.sigma, m);
        if (lHat == null) {
            throw singularResiduals();
        }

        DMatrixRMaj e = draw(lHat, rows, m, seed);
        if (v != Variant.A) {
            model.design.residualize(e, null);
        }
        if (v == Variant.C) {
            DMatrixRMaj sB = new DMatrixRMaj(m, m);
            CommonOps_DDRM.multTransA(1.0 / rows, e, e, sB);
            DMatrixRMaj lB = cholesky(symmetrize(sB.data, m), m);
            if (lB == null) {
                throw new InputException("IPSO-C: the residualised random draws are degenerate ("
                        + rows + " records, " + p + " confidential attributes, " + m + " quasi-identifiers)");
            }
            DMatrixRMaj lBinv = lB.copy();
            TriangularSolver_DDRM.invertLower(lBinv.data, m);
            zeroUpper(lBinv);
            DMatrixRMaj t = new DMatrixRMaj(m, m);
            CommonOps_DDRM.multTransAB(lBinv, lHat, t); // t = L_B^-T L_hat'
            DMatrixRMaj c = new DMatrixRMaj(rows, m);
            CommonOps_DDRM.mult(e, t, c);
            e = c;
        }

        double[] out = new double[rows * m];
        double[] r = model.residuals.data;
        double[] ed = e.data;
        for (int i = 0; i < out.length; i++) {
            out[i] = (y[i] - r[i]) + ed[i];
        }
        return out;
    }

    /**
     * Least-squares fit of Y on X_1 = [1, X]: for tests and reports, to check what a user of the
     * released file would estimate.
     *
     * @throws InputException when rows <= p + 1 or X_1'X_1 is singular
     */
    public static Fit fit(double[] y, int rows, int m, double[] x, int p) {
        checkArguments(y, rows, m, x, p);
        if (rows <= p + 1) {
            throw new InputException("IPSO: too few records (" + rows + ") for " + p
                    + " confidential attributes; need more than p + 1 = " + (p + 1));
        }
        Model model = Model.of(y, rows, m, x, p);
        CenteredDesign d = model.design;
        double[] b = new double[(p + 1) * m];
        double[] g = model.slopes.data;
        for (int k = 0; k < m; k++) {
            double intercept = model.yMean[k];
            for (int j = 0; j < p; j++) {
                double slope = g[j * m + k] / d.sd[j];
                b[(j + 1) * m + k] = slope;
                intercept -= slope * d.mean[j];
            }
            b[k] = intercept;
        }
        return new Fit(rows, p, m, b, model.sigma);
    }

    /** B_hat and Sigma_hat of a fit of Y (rows x m) on [1, X] (rows x p). */
    public static final class Fit {
        private final int rows;
        private final int p;
        private final int m;
        private final double[] coefficients;
        private final double[] residualCovariance;

        private Fit(int rows, int p, int m, double[] coefficients, double[] residualCovariance) {
            this.rows = rows;
            this.p = p;
            this.m = m;
            this.coefficients = coefficients;
            this.residualCovariance = residualCovariance;
        }

        /** Number of records N. */
        public int rows() {
            return rows;
        }

        /** Number of confidential attributes p (regressors, without the intercept). */
        public int confidential() {
            return p;
        }

        /** Number of quasi-identifiers m (responses). */
        public int quasiIdentifiers() {
            return m;
        }

        /**
         * B_hat, row-major (p+1) x m: row 0 holds the intercepts, row j (1..p) the coefficients of
         * confidential attribute j; column k is quasi-identifier k. A copy.
         */
        public double[] coefficients() {
            return coefficients.clone();
        }

        /** Sigma_hat = R'R / N (maximum likelihood, 1/N), row-major m x m, symmetric. A copy. */
        public double[] residualCovariance() {
            return residualCovariance.clone();
        }
    }

    /** What synthesis and fit share: design, residuals, slopes on Z, Sigma_hat. */
    private static final class Model {
        final CenteredDesign design;
        final DMatrixRMaj residuals;
        final DMatrixRMaj slopes;
        final double[] yMean;
        final double[] totalVariance;
        final double[] sigma;

        private Model(CenteredDesign design, DMatrixRMaj residuals, DMatrixRMaj slopes, double[] yMean,
                double[] totalVariance, double[] sigma) {
            this.design = design;
            this.residuals = residuals;
            this.slopes = slopes;
            this.yMean = yMean;
            this.totalVariance = totalVariance;
            this.sigma = sigma;
        }

        static Model of(double[] y, int rows, int m, double[] x, int p) {
            CenteredDesign design = new CenteredDesign(x, rows, p);
            double[] mean = ColumnStats.means(y, rows, m);
            double[] sd = ColumnStats.sds(y, rows, m, mean);
            double[] total = new double[m];
            for (int k = 0; k < m; k++) {
                total[k] = sd[k] * sd[k] * (rows - 1) / rows;
            }
            DMatrixRMaj r = new DMatrixRMaj(rows, m, true, y.clone());
            DMatrixRMaj g = new DMatrixRMaj(p, m);
            double[] yMean = design.residualize(r, g);
            DMatrixRMaj s = new DMatrixRMaj(m, m);
            CommonOps_DDRM.multTransA(1.0 / rows, r, r, s);
            return new Model(design, r, g, yMean, total, symmetrize(s.data, m));
        }
    }

    private static void checkArguments(double[] y, int rows, int m, double[] x, int p) {
        if (y == null || x == null) {
            throw new IllegalArgumentException("IPSO: y and x must not be null");
        }
        if (rows < 1 || m < 1 || p < 0 || y.length != (long) rows * m || x.length != (long) rows * p) {
            throw new IllegalArgumentException("IPSO: need rows >= 1, m >= 1, p >= 0, y.length == rows * m"
                    + " and x.length == rows * p; got rows " + rows + ", m " + m + ", p " + p
                    + ", y.length " + y.length + ", x.length " + x.length);
        }
        for (int i = 0; i < y.length; i++) {
            if (!Double.isFinite(y[i])) {
                throw new IllegalArgumentException("IPSO: non-finite quasi-identifier value at row "
                        + i / m + ", column " + i % m);
            }
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("IPSO: non-finite confidential value at row "
                        + i / p + ", column " + i % p);
            }
        }
    }

    /** Rejects a residual covariance that cannot be sampled (not positive definite). */
    private static void checkResidualCovariance(double[] sigma, double[] totalVariance, int m) {
        for (int k = 0; k < m; k++) {
            if (!(totalVariance[k] > 0)) {
                throw new InputException("IPSO: quasi-identifier " + (k + 1) + " (of " + m
                        + ") is constant; drop it from the quasi-identifiers");
            }
            if (!(sigma[k * m + k] > MIN_RESIDUAL_FRACTION * totalVariance[k])) {
                throw new InputException("IPSO: quasi-identifier " + (k + 1) + " (of " + m
                        + ") is an exact linear function of the confidential attributes (zero residual"
                        + " variance); drop it or choose others with --confidential");
            }
        }
        double[] corr = new double[m * m];
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                corr[a * m + b] = sigma[a * m + b] / Math.sqrt(sigma[a * m + a] * sigma[b * m + b]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(m, false, true);
        if (!eig.decompose(new DMatrixRMaj(m, m, true, corr))) {
            throw singularResiduals();
        }
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (int k = 0; k < m; k++) {
            double l = eig.getEigenvalue(k).getReal();
            min = Math.min(min, l);
            max = Math.max(max, l);
        }
        if (!(min > MIN_RESIDUAL_RCOND * max)) {
            throw singularResiduals();
        }
    }

    private static InputException singularResiduals() {
        return new InputException("IPSO: the residual covariance of the quasi-identifiers is singular"
                + " (a quasi-identifier is a linear combination of the others and of the confidential"
                + " attributes); drop one of them");
    }

    /** Lower Cholesky factor (upper triangle zero), or null when not positive definite. */
    private static DMatrixRMaj cholesky(double[] s, int m) {
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(m, true);
        if (!chol.decompose(new DMatrixRMaj(m, m, true, s.clone()))) {
            return null;
        }
        DMatrixRMaj l = chol.getT(null);
        zeroUpper(l);
        for (int k = 0; k < m; k++) {
            if (!(l.get(k, k) > 0)) {
                return null;
            }
        }
        return l;
    }

    /** E_A: row i is (L g_i)' with g_i m standard normals drawn in column order. */
    private static DMatrixRMaj draw(DMatrixRMaj lower, int rows, int m, long seed) {
        Random rnd = new Random(seed);
        double[] l = lower.data;
        double[] g = new double[m];
        DMatrixRMaj e = new DMatrixRMaj(rows, m);
        double[] ed = e.data;
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < m; k++) {
                g[k] = rnd.nextGaussian();
            }
            int o = i * m;
            for (int k = 0; k < m; k++) {
                double s = 0;
                for (int j = 0; j <= k; j++) {
                    s += l[k * m + j] * g[j];
                }
                ed[o + k] = s;
            }
        }
        return e;
    }

    private static double[] symmetrize(double[] s, int m) {
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                double v = 0.5 * (s[a * m + b] + s[b * m + a]);
                s[a * m + b] = v;
                s[b * m + a] = v;
            }
        }
        return s;
    }

    private static void zeroUpper(DMatrixRMaj l) {
        int m = l.numCols;
        for (int a = 0; a < m; a++) {
            for (int b = a + 1; b < m; b++) {
                l.data[a * m + b] = 0;
            }
        }
    }
}

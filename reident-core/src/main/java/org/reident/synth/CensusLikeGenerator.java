package org.reident.synth;

import java.util.List;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * Seeded generator of synthetic census-like microdata: skewed, correlated, positive, integer-valued
 * variables (income components, in dollars).
 *
 * <p>Per record, a latent vector Z ~ N(0, R) is drawn as Z = L g, with g six independent standard
 * normals from {@link Random#nextGaussian()} (in column order) and L the Cholesky factor of the
 * fixed correlation matrix R ({@link #correlation()}). Then
 *
 * <pre>    V_k = max(1, rint(exp(mu_k + s_k Z_k)))</pre>
 *
 * i.e. V_k is a rounded lognormal with median exp(mu_k) ({@link #medians()}) and log-scale standard
 * deviation s_k ({@link #logSds()}); corr(log V_j, log V_k) ~ R_jk. The clamp at 1 is reached only
 * below about 6 standard deviations. Six normals are drawn per record whatever the number of
 * variables, so the file with k variables is the first k columns of the file with six. {@code exp}
 * is {@link StrictMath#exp}, so a seed gives the same file on every JVM. If a column comes out
 * constant (possible only for tiny files), the last record is redrawn until none is.
 */
public final class CensusLikeGenerator {
    /** Variable names, in column order. */
    public static final List<String> NAMES =
            List.of("WAGES", "INTEREST", "DIVIDENDS", "FEDTAX", "STATETAX", "FICA");

    private static final double[] MEDIANS = {30000, 1500, 2000, 4000, 1500, 2200};
    private static final double[] LOG_SDS = {0.7, 1.2, 1.3, 0.9, 0.9, 0.6};
    private static final double[] CORRELATION = {
        1.0, 0.3, 0.3, 0.7, 0.7, 0.8,
        0.3, 1.0, 0.6, 0.4, 0.3, 0.2,
        0.3, 0.6, 1.0, 0.4, 0.3, 0.2,
        0.7, 0.4, 0.4, 1.0, 0.8, 0.6,
        0.7, 0.3, 0.3, 0.8, 1.0, 0.6,
        0.8, 0.2, 0.2, 0.6, 0.6, 1.0,
    };
    private static final int P = MEDIANS.length;
    /** The most values one table holds: a Java array's limit. */
    public static final int MAX_VALUES = Integer.MAX_VALUE - 8;
    private static final double[] MU = new double[P];
    private static final double[] CHOLESKY = cholesky();

    static {
        for (int k = 0; k < P; k++) {
            MU[k] = StrictMath.log(MEDIANS[k]);
        }
    }

    private CensusLikeGenerator() {
    }

    /** @return {@code records} rows of the first {@code variables} of {@link #NAMES} */
    public static SyntheticTable generate(int records, int variables, long seed) {
        if (records < 2) {
            throw new IllegalArgumentException("records must be >= 2, got " + records);
        }
        if (variables < 1 || variables > P) {
            throw new IllegalArgumentException("variables must be in 1.." + P + ", got " + variables);
        }
        if ((long) records * variables > MAX_VALUES) {
            throw new IllegalArgumentException("records x variables must be at most " + MAX_VALUES + ", got " + records + " x "
                    + variables);
        }
        Random rnd = new Random(seed);
        double[] g = new double[P];
        double[] v = new double[records * variables];
        for (int i = 0; i < records; i++) {
            drawRecord(rnd, g, v, i * variables, variables);
        }
        while (hasConstantColumn(v, records, variables)) {
            drawRecord(rnd, g, v, (records - 1) * variables, variables);
        }
        return SyntheticTable.of(NAMES.subList(0, variables), records, v);
    }

    private static void drawRecord(Random rnd, double[] g, double[] out, int offset, int variables) {
        for (int m = 0; m < P; m++) {
            g[m] = rnd.nextGaussian();
        }
        for (int k = 0; k < variables; k++) {
            double z = 0;
            for (int m = 0; m <= k; m++) {
                z += CHOLESKY[k * P + m] * g[m];
            }
            out[offset + k] = Math.max(1.0, Math.rint(StrictMath.exp(MU[k] + LOG_SDS[k] * z)));
        }
    }

    private static boolean hasConstantColumn(double[] v, int rows, int n) {
        for (int k = 0; k < n; k++) {
            boolean constant = true;
            for (int i = 1; i < rows && constant; i++) {
                constant = v[i * n + k] == v[k];
            }
            if (constant) {
                return true;
            }
        }
        return false;
    }

    private static double[] cholesky() {
        DMatrixRMaj r = new DMatrixRMaj(P, P, true, CORRELATION.clone());
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(P, true);
        if (!chol.decompose(r)) {
            throw new IllegalStateException("correlation matrix is not positive definite");
        }
        return chol.getT(null).getData();
    }

    /** The latent correlation matrix R, row-major 6 x 6 (a copy). */
    public static double[] correlation() {
        return CORRELATION.clone();
    }

    /** Medians exp(mu_k) of the variables, in dollars (a copy). */
    public static double[] medians() {
        return MEDIANS.clone();
    }

    /** Log-scale standard deviations s_k (a copy). */
    public static double[] logSds() {
        return LOG_SDS.clone();
    }
}

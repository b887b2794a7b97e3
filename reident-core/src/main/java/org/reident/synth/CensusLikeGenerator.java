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
 * <p>Per record, a latent vector Z ~ N(0, R) is drawn as Z = L g, with g independent standard
 * normals from {@link Random#nextGaussian()} (in column order) and L the Cholesky factor of the
 * fixed correlation matrix R ({@link #correlation()}). Then
 *
 * <pre>    V_k = max(1, rint(exp(mu_k + s_k Z_k)))</pre>
 *
 * i.e. V_k is a rounded lognormal with median exp(mu_k) ({@link #medians()}) and log-scale standard
 * deviation s_k ({@link #logSds()}); corr(log V_j, log V_k) ~ R_jk. The clamp at 1 is reached only
 * below about 6 standard deviations. Six normals are drawn per record from the seed's stream whatever
 * the number of variables, so the file with k <= 6 variables is the first k columns of the file with
 * six. The seventh and eighth variables (RENTS, PENSIONS, added in stop 41 so that files of 7 and 8
 * variables can be made by a command) take their two normals from a second stream, seeded by
 * seed ^ {@link #EXTRA_STREAM}, drawn only when more than six variables are asked for: the files of
 * up to six variables are those made before them, and every file is the first columns of the file
 * with eight (but for a tiny file's redrawn last record, below). Their rows of L are those of the 8 x 8 factor, the first six rows the 6 x 6 factor's.
 * {@code exp} is {@link StrictMath#exp}, so a seed gives the same file on every JVM. If a column
 * comes out constant (possible only for tiny files), the last record is redrawn until none is.
 */
public final class CensusLikeGenerator {
    /** Variable names, in column order. */
    public static final List<String> NAMES =
            List.of("WAGES", "INTEREST", "DIVIDENDS", "FEDTAX", "STATETAX", "FICA", "RENTS", "PENSIONS");

    private static final double[] MEDIANS = {30000, 1500, 2000, 4000, 1500, 2200, 3000, 12000};
    private static final double[] LOG_SDS = {0.7, 1.2, 1.3, 0.9, 0.9, 0.6, 1.1, 0.8};
    private static final double[] CORRELATION = {
        1.0, 0.3, 0.3, 0.7, 0.7, 0.8, 0.2, 0.2,
        0.3, 1.0, 0.6, 0.4, 0.3, 0.2, 0.5, 0.4,
        0.3, 0.6, 1.0, 0.4, 0.3, 0.2, 0.5, 0.3,
        0.7, 0.4, 0.4, 1.0, 0.8, 0.6, 0.4, 0.4,
        0.7, 0.3, 0.3, 0.8, 1.0, 0.6, 0.3, 0.4,
        0.8, 0.2, 0.2, 0.6, 0.6, 1.0, 0.2, 0.2,
        0.2, 0.5, 0.5, 0.4, 0.3, 0.2, 1.0, 0.3,
        0.2, 0.4, 0.3, 0.4, 0.4, 0.2, 0.3, 1.0,
    };
    private static final int P = MEDIANS.length;
    /** The normals drawn from the seed's own stream per record (the first six variables'). */
    private static final int BASE = 6;
    /** The second stream's seed is the file's seed XOR this (drawn from only beyond six variables). */
    public static final long EXTRA_STREAM = 0x5EED_0F_7E57L;
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
        Random extra = variables > BASE ? new Random(seed ^ EXTRA_STREAM) : null;
        double[] g = new double[P];
        double[] v = new double[records * variables];
        for (int i = 0; i < records; i++) {
            drawRecord(rnd, extra, g, v, i * variables, variables);
        }
        while (hasConstantColumn(v, records, variables)) {
            drawRecord(rnd, extra, g, v, (records - 1) * variables, variables);
        }
        return SyntheticTable.of(NAMES.subList(0, variables), records, v);
    }

    private static void drawRecord(Random rnd, Random extra, double[] g, double[] out, int offset, int variables) {
        for (int m = 0; m < BASE; m++) {
            g[m] = rnd.nextGaussian();
        }
        for (int m = BASE; extra != null && m < P; m++) {
            g[m] = extra.nextGaussian();
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

    /**
     * L, P x P row-major: the rows of the first six variables from the 6 x 6 leading block's factor
     * (so that their values are those of the files made before the seventh variable), the rest from
     * the whole matrix's (whose leading block is the same factor up to rounding).
     */
    private static double[] cholesky() {
        double[] whole = factor(CORRELATION, P);
        double[] block = new double[BASE * BASE];
        for (int j = 0; j < BASE; j++) {
            System.arraycopy(CORRELATION, j * P, block, j * BASE, BASE);
        }
        double[] lead = factor(block, BASE);
        for (int j = 0; j < BASE; j++) {
            System.arraycopy(lead, j * BASE, whole, j * P, BASE);
        }
        return whole;
    }

    private static double[] factor(double[] matrix, int size) {
        DMatrixRMaj r = new DMatrixRMaj(size, size, true, matrix.clone());
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(size, true);
        if (!chol.decompose(r)) {
            throw new IllegalStateException("correlation matrix is not positive definite");
        }
        return chol.getT(null).getData();
    }

    /** The latent correlation matrix R, row-major 8 x 8 (a copy). */
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

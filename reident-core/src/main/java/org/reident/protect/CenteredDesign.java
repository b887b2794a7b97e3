package org.reident.protect;

import org.ejml.LinearSolverSafe;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.reident.data.InputException;
import org.reident.distance.ColumnStats;

/**
 * The regression design X_1 = [1, X] of IPSO, held in the equivalent centred and scaled form
 * [1, Z] with Z_ij = (X_ij - mean_j) / sd_j. Both span the same column space, so fitted values,
 * residuals and the hat matrix H are the same; the intercept column is orthogonal to Z, so
 * projecting onto the column space of X_1 is: centre each column, then subtract its least-squares
 * projection onto Z (EJML Householder QR, decomposed once). The N x N hat matrix is never formed.
 *
 * <p>Working with Z keeps the QR well conditioned whatever the units of X, and makes the
 * singularity test scale-free: X_1'X_1 is singular exactly when a column of X is constant or the
 * columns of Z are linearly dependent (smallest / largest singular value of Z below
 * {@link #MIN_RCOND}, i.e. condition number of the correlation matrix of X above 1e12).
 */
final class CenteredDesign {
    /** Smallest accepted ratio of the extreme singular values of Z. */
    static final double MIN_RCOND = 1e-6;
    /** A column whose sd is at most this fraction of |mean| is treated as constant. */
    static final double CONSTANT_RELATIVE_SD = 1e-12;

    final int rows;
    final int p;
    final double[] mean;
    final double[] sd;
    private final DMatrixRMaj z;
    private final LinearSolverDense<DMatrixRMaj> solver;

    /** @throws InputException when X_1'X_1 is singular */
    CenteredDesign(double[] x, int rows, int p) {
        this.rows = rows;
        this.p = p;
        this.z = new DMatrixRMaj(rows, p);
        if (p == 0) {
            this.mean = new double[0];
            this.sd = new double[0];
            this.solver = null;
            return;
        }
        this.mean = ColumnStats.means(x, rows, p);
        this.sd = ColumnStats.sds(x, rows, p, mean);
        for (int j = 0; j < p; j++) {
            if (!(sd[j] > CONSTANT_RELATIVE_SD * Math.abs(mean[j]))) {
                throw new InputException("IPSO: confidential attribute " + (j + 1) + " (of " + p
                        + ") is constant, so the confidential attributes are collinear with the intercept"
                        + " (X'X is singular); choose others with --confidential");
            }
        }
        double[] zd = z.data;
        for (int i = 0; i < rows; i++) {
            int o = i * p;
            for (int j = 0; j < p; j++) {
                zd[o + j] = (x[o + j] - mean[j]) / sd[j];
            }
        }
        if (reciprocalCondition(z) < MIN_RCOND) {
            throw new InputException("IPSO: the confidential attributes are collinear (X'X is singular);"
                    + " choose others with --confidential");
        }
        this.solver = new LinearSolverSafe<>(LinearSolverFactory_DDRM.leastSquares(rows, p));
        if (!solver.setA(z)) {
            throw new InputException("IPSO: the confidential attributes are collinear (X'X is singular);"
                    + " choose others with --confidential");
        }
    }

    private static double reciprocalCondition(DMatrixRMaj z) {
        SingularValueDecomposition_F64<DMatrixRMaj> svd =
                DecompositionFactory_DDRM.svd(z.numRows, z.numCols, false, false, true);
        if (!svd.decompose(z.copy())) {
            return 0;
        }
        double[] s = svd.getSingularValues();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (int k = 0; k < svd.numberOfSingularValues(); k++) {
            min = Math.min(min, s[k]);
            max = Math.max(max, s[k]);
        }
        return max > 0 ? min / max : 0;
    }

    /**
     * Replaces the columns of {@code e} (rows x m) by their residuals on X_1, i.e. e := (I - H) e,
     * and returns the column means removed (length m).
     *
     * @param slopes if not null, receives the p x m least-squares coefficients of the centred
     *               columns on Z
     */
    double[] residualize(DMatrixRMaj e, DMatrixRMaj slopes) {
        int m = e.numCols;
        double[] ed = e.data;
        double[] colMean = ColumnStats.means(ed, rows, m);
        for (int i = 0; i < rows; i++) {
            int o = i * m;
            for (int k = 0; k < m; k++) {
                ed[o + k] -= colMean[k];
            }
        }
        if (p > 0) {
            DMatrixRMaj g = slopes != null ? slopes : new DMatrixRMaj(p, m);
            g.reshape(p, m);
            solver.solve(e, g);
            CommonOps_DDRM.multAdd(-1.0, z, g, e);
        }
        return colMean;
    }
}

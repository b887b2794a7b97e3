package org.reident.distance;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Eigen-decomposition M = V diag(lambda) V' of a symmetric matrix (EJML), used to turn a quadratic
 * form of the difference into a weighted squared Euclidean distance on rotated coordinates:
 * (a - b)' M (a - b) = sum_k lambda_k (v_k'a - v_k'b)^2.
 */
public final class SymmetricEigen {
    private final int n;
    private final double[] values;
    private final double[] vectors;

    private SymmetricEigen(int n, double[] values, double[] vectors) {
        this.n = n;
        this.values = values;
        this.vectors = vectors;
    }

    /** @param m symmetric n x n, row-major */
    public static SymmetricEigen of(double[] m, int n) {
        DMatrixRMaj a = new DMatrixRMaj(n, n, true, m.clone());
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(a)) {
            throw new ArithmeticException("eigen-decomposition did not converge");
        }
        double[] values = new double[n];
        double[] vectors = new double[n * n];
        for (int k = 0; k < n; k++) {
            values[k] = eig.getEigenvalue(k).getReal();
            DMatrixRMaj v = eig.getEigenVector(k);
            for (int i = 0; i < n; i++) {
                vectors[i * n + k] = v.get(i, 0);
            }
        }
        return new SymmetricEigen(n, values, vectors);
    }

    public double[] values() {
        return values.clone();
    }

    /** Rows of {@code data} (row-major, n values each) expressed in the eigenvector basis: t = V'x. */
    public double[] rotate(double[] data) {
        double[] t = new double[data.length];
        int rows = data.length / n;
        for (int r = 0; r < rows; r++) {
            int o = r * n;
            for (int k = 0; k < n; k++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    s += vectors[i * n + k] * data[o + i];
                }
                t[o + k] = s;
            }
        }
        return t;
    }
}

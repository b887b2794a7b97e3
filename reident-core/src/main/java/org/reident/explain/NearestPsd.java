package org.reident.explain;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Nearest symmetric positive semidefinite matrix, the post-processing that turns the unconstrained
 * bilinear model SB_NC into SB_PD (symmetric-bilinear-form.txt section 5; DESIGN.md section 2).
 *
 * <p>The paper cites Higham (2002), "Computing the nearest correlation matrix - a problem from
 * finance", IMA J. Numer. Anal. 22(3), 329-343, whose alternating projections alternate between
 * the PSD cone and the unit-diagonal matrices. SB needs no unit diagonal, only positive
 * semidefiniteness, so the alternating projections stop after their first step, the projection onto
 * the PSD cone, which has a closed form (Higham 1988, "Computing a nearest symmetric positive
 * semidefinite matrix", Linear Algebra Appl. 103, 103-118): for symmetric S = Q diag(lambda) Q',
 *
 * <pre>
 *     P(S) = Q diag(max(lambda_i, 0)) Q',   ||S - P(S)||_F = sqrt(sum_{lambda_i &lt; 0} lambda_i^2),
 * </pre>
 *
 * the unique PSD matrix nearest to S in the Frobenius norm. A non-symmetric input A is replaced by
 * its symmetric part S = (A + A') / 2 first; since the antisymmetric part is Frobenius-orthogonal to
 * every symmetric matrix, P(S) is also the PSD matrix nearest to A. The quadratic form
 * diff' Sigma diff only sees the symmetric part of Sigma anyway.
 *
 * <p>Eigen-decompositions are EJML's symmetric QR algorithm. Matrices are row-major
 * {@code double[n * n]}, inputs are never modified, and outputs are exactly symmetric.
 */
public final class NearestPsd {
    private NearestPsd() {
    }

    /**
     * Nearest symmetric PSD matrix in the Frobenius norm to A: P((A + A') / 2) as in the class
     * comment. A matrix that is already symmetric PSD (no computed eigenvalue below 0) is returned
     * unchanged (a copy of its symmetric part); a negative semidefinite one gives the zero matrix.
     *
     * @param a square matrix, row-major n x n, finite values
     * @param n order, &gt;= 1
     * @return the projection, row-major n x n, symmetric
     */
    public static double[] project(double[] a, int n) {
        double[] s = symmetricPart(a, n);
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(s, n, true);
        double[] lambda = new double[n];
        boolean anyNegative = false;
        for (int k = 0; k < n; k++) {
            lambda[k] = eig.getEigenvalue(k).getReal();
            anyNegative |= lambda[k] < 0;
        }
        if (!anyNegative) {
            return s;
        }
        // Q diag(lambda+) Q' as a sum of PSD rank-one terms: entry-wise rounding only, no cancellation
        // against the discarded negative part. Upper triangle, then mirrored: exactly symmetric.
        double[] p = new double[n * n];
        for (int k = 0; k < n; k++) {
            if (!(lambda[k] > 0)) {
                continue;
            }
            DMatrixRMaj vk = eig.getEigenVector(k); // unit norm: a column of the orthogonal Q
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = vk.get(i, 0);
            }
            double l = lambda[k];
            for (int i = 0; i < n; i++) {
                double li = l * v[i];
                for (int j = i; j < n; j++) {
                    p[i * n + j] += li * v[j];
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                p[j * n + i] = p[i * n + j];
            }
        }
        return p;
    }

    /**
     * The PSD projection rescaled to unit trace: P / trace(P), P = {@link #project}(A). This is the
     * SB_PD matrix in the normalisation of the learned Sigma (trace(Sigma) = 1). The rescaling does
     * not change any linkage: every distance diff' Sigma diff is multiplied by the same positive
     * constant 1 / trace(P), so every nearest neighbour, tie and count stays the same. The result
     * also meets the SB bounds -1 &lt;= Sigma_kl &lt;= 1, because a PSD matrix has
     * |Sigma_kl| &lt;= sqrt(Sigma_kk Sigma_ll) and its non-negative diagonal sums to 1. (It is the
     * rescaled projection, not the nearest unit-trace PSD matrix, which would be a different
     * projection; only the direction of Sigma matters for linkage.)
     *
     * @param a square matrix, row-major n x n, finite values
     * @param n order, &gt;= 1
     * @return P / trace(P), row-major n x n, symmetric PSD, trace 1
     * @throws ArithmeticException when P = 0 (A is negative semidefinite): no rescaling has trace 1
     */
    public static double[] projectUnitTrace(double[] a, int n) {
        double[] p = project(a, n);
        double trace = 0;
        for (int k = 0; k < n; k++) {
            trace += p[k * n + k];
        }
        if (!(trace > 0) || Double.isInfinite(trace)) {
            throw new ArithmeticException("the nearest positive semidefinite matrix has trace "
                    + trace + ": the input is negative semidefinite, no unit-trace rescaling exists");
        }
        double inv = 1.0 / trace;
        for (int i = 0; i < p.length; i++) {
            p[i] *= inv;
        }
        return p;
    }

    /**
     * Eigenvalues of the symmetric part (A + A') / 2, sorted in decreasing order.
     *
     * @param a square matrix, row-major n x n, finite values
     * @param n order, &gt;= 1
     * @return the n real eigenvalues, largest first
     */
    public static double[] eigenvalues(double[] a, int n) {
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(symmetricPart(a, n), n, false);
        double[] lambda = new double[n];
        for (int k = 0; k < n; k++) {
            lambda[k] = eig.getEigenvalue(k).getReal();
        }
        Arrays.sort(lambda);
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            double t = lambda[i];
            lambda[i] = lambda[j];
            lambda[j] = t;
        }
        return lambda;
    }

    /**
     * Whether the symmetric part of A is positive semidefinite up to a relative tolerance:
     * lambda_min &gt;= -tol * max_i |lambda_i|. The zero matrix is PSD.
     *
     * @param a   square matrix, row-major n x n, finite values
     * @param n   order, &gt;= 1
     * @param tol non-negative relative tolerance (e.g. 1e-12; 0 demands no negative eigenvalue)
     */
    public static boolean isPsd(double[] a, int n, double tol) {
        if (!(tol >= 0)) {
            throw new IllegalArgumentException("tolerance must be >= 0, got " + tol);
        }
        double[] lambda = eigenvalues(a, n);
        double scale = Math.max(Math.abs(lambda[0]), Math.abs(lambda[n - 1]));
        return lambda[n - 1] >= -tol * scale;
    }

    private static double[] symmetricPart(double[] a, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("matrix order must be >= 1, got " + n);
        }
        if (a == null || a.length != n * n) {
            throw new IllegalArgumentException("a " + n + " x " + n + " matrix needs " + n * n
                    + " values, got " + (a == null ? "null" : a.length));
        }
        double[] s = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double x = a[i * n + j];
                double y = a[j * n + i];
                if (!Double.isFinite(x) || !Double.isFinite(y)) {
                    throw new IllegalArgumentException("matrix entry (" + i + ", " + j
                            + ") or its transpose is not finite");
                }
                double v = x == y ? x : 0.5 * x + 0.5 * y;
                s[i * n + j] = v;
                s[j * n + i] = v;
            }
        }
        return s;
    }

    private static EigenDecomposition_F64<DMatrixRMaj> decompose(double[] s, int n, boolean vectors) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, vectors, true);
        if (!eig.decompose(new DMatrixRMaj(n, n, true, s.clone()))) {
            throw new ArithmeticException("eigen-decomposition did not converge");
        }
        return eig;
    }
}

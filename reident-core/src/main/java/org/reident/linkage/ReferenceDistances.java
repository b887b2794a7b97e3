package org.reident.linkage;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.distance.Standardization;

/**
 * The distances of DESIGN.md section 2 evaluated pair by pair straight from their textbook
 * definitions, for {@link ReferenceLinkage}: an oracle for the tests and the naive baseline of the
 * benchmarks. It shares no code with the fast kernels of {@code org.reident.distance} (no
 * eigen-rotation, no kernel expansion, no shared statistics); only the parameter records are common.
 * Records are kept as one {@code double[]} per record, the statistics are computed here, simply.
 */
public final class ReferenceDistances {
    private final Method method;
    private final int n;
    private final double[][] query;
    private final double[][] reference;
    private final int[] truth;
    /** DBRL2: sd(V_k^X - V_k^Y); WM/OWA: weights; CHOQUET: measure; MD, MD0: S^-1; BILINEAR, MD_STAR: Sigma. */
    private final double[] params;
    private final int degree;
    /** PRL: the distance penalty of each variable's level of agreement. */
    private final double[][] prl;

    private ReferenceDistances(Method method, int n, double[][] query, double[][] reference, int[] truth,
            double[] params, int degree, double[][] prl) {
        this.prl = prl;
        this.method = method;
        this.n = n;
        this.query = query;
        this.reference = reference;
        this.truth = truth;
        this.params = params;
        this.degree = degree;
    }

    /**
     * @param model parameters of WM, OWA, CI or SB; null means {@link DistanceModel#neutral}
     */
    public static ReferenceDistances of(Method method, DistanceModel model, LinkageData data, DistanceOptions options) {
        int n = data.dimension();
        double[][] x = rows(data.original(), data.originalCount(), n);
        double[][] y = rows(data.masked(), data.maskedCount(), n);
        double[] params = null;
        switch (method) {
            case DBRL2:
                params = sds(alignedDifferences(data, x, y));
                break;
            case MD:
                params = inverse(covariance(alignedDifferences(data, x, y)), n);
                break;
            case MD0: {
                double[] s = covariance(x);
                double[] sy = covariance(y);
                for (int i = 0; i < s.length; i++) {
                    s[i] += sy[i];
                }
                params = inverse(s, n);
                break;
            }
            default: {
                double[][][] z = standardized(x, y, options.standardization());
                x = z[0];
                y = z[1];
                if (method.isParametrised()) {
                    params = (model != null ? model : DistanceModel.neutral(method, data.variables())).values().clone();
                }
            }
        }
        boolean rev = options.reverse();
        double[][] prl = method == Method.PRL ? ReferenceFellegiSunter.penalties(rev ? y : x, rev ? x : y, n) : null;
        return new ReferenceDistances(method, n, rev ? y : x, rev ? x : y, rev ? data.reverseTruth() : data.truth().clone(),
                params, options.kernelDegree(), prl);
    }

    public int queryCount() {
        return query.length;
    }

    public int referenceCount() {
        return reference.length;
    }

    /** For each query record, the index of its true match among the reference records, or -1. */
    public int[] truth() {
        return truth.clone();
    }

    /**
     * The engine's per-query tie scale ({@link org.reident.distance.PairwiseDistance#tieScale}),
     * computed here: for the kernel, the true match's distance, at least
     * {@link org.reident.distance.PolynomialKernelDistance#TIE_FLOOR} K(a, a); NaN otherwise.
     */
    public double tieScale(int q, double trueDistance) {
        if (method != Method.KERNEL || !(trueDistance >= 0 && trueDistance < Double.POSITIVE_INFINITY)) {
            return Double.NaN;
        }
        return Math.max(trueDistance, org.reident.distance.PolynomialKernelDistance.TIE_FLOOR * kernel(query[q], query[q], degree));
    }

    /** The distance of query record q to reference record j. */
    public double distance(int q, int j) {
        double[] a = query[q];
        double[] b = reference[j];
        switch (method) {
            case AM: {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += (a[k] - b[k]) * (a[k] - b[k]);
                }
                return s / n;
            }
            case DBRL2: {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    double t = (a[k] - b[k]) / params[k];
                    s += t * t;
                }
                return s;
            }
            case MD:
            case MD0:
            case BILINEAR:
                return quadraticForm(a, b, params);
            case MD_STAR:
                return absoluteQuadraticForm(a, b, params);
            case KERNEL:
                return kernel(a, a, degree) - 2 * kernel(a, b, degree) + kernel(b, b, degree);
            case PRL:
                return ReferenceFellegiSunter.distance(a, b, prl);
            case WM:
                return weightedMean(a, b, params);
            case OWA:
                return owa(a, b, params);
            case CHOQUET:
                return choquet(a, b, params);
            default:
                throw new IllegalStateException("unhandled method " + method);
        }
    }

    // ---- per-pair formulas -------------------------------------------------------------------

    /** sum_k w_k (a_k - b_k)^2. */
    public static double weightedMean(double[] a, double[] b, double[] w) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += w[k] * (a[k] - b[k]) * (a[k] - b[k]);
        }
        return s;
    }

    /** sum_k w_k c_(k), c_k = (a_k - b_k)^2 sorted decreasingly. */
    public static double owa(double[] a, double[] b, double[] w) {
        int n = a.length;
        double[] c = squares(a, b);
        Arrays.sort(c);
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += w[k] * c[n - 1 - k];
        }
        return s;
    }

    /**
     * sum_i (c_s(i) - c_s(i-1)) mu(A_s(i)), c_k = (a_k - b_k)^2 sorted increasingly, c_s(0) = 0. A_s(i)
     * is taken as {k : c_k >= c_s(i)}: it is the set {s(i), ..., s(n)} for the first of a run of
     * equal values, and the others of the run contribute (c_s(i) - c_s(i-1)) = 0 whatever the set.
     */
    public static double choquet(double[] a, double[] b, double[] mu) {
        int n = a.length;
        double[] c = squares(a, b);
        double[] sorted = c.clone();
        Arrays.sort(sorted);
        double s = 0;
        double prev = 0;
        for (int i = 0; i < n; i++) {
            int mask = 0;
            for (int k = 0; k < n; k++) {
                if (c[k] >= sorted[i]) {
                    mask |= 1 << k;
                }
            }
            s += (sorted[i] - prev) * mu[mask];
            prev = sorted[i];
        }
        return s;
    }

    /** (a-b)' M (a-b), M row-major n x n, evaluated as the double sum. */
    public static double quadraticForm(double[] a, double[] b, double[] m) {
        int n = a.length;
        double s = 0;
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                s += (a[k] - b[k]) * m[k * n + l] * (a[l] - b[l]);
            }
        }
        return s;
    }

    /** |a-b|' M |a-b| (MD*), M row-major n x n, evaluated as the double sum. */
    public static double absoluteQuadraticForm(double[] a, double[] b, double[] m) {
        int n = a.length;
        double s = 0;
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                s += Math.abs(a[k] - b[k]) * m[k * n + l] * Math.abs(a[l] - b[l]);
            }
        }
        return s;
    }

    /** The polynomial kernel (1 + x.y)^p. */
    public static double kernel(double[] x, double[] y, int p) {
        double dot = 0;
        for (int k = 0; k < x.length; k++) {
            dot += x[k] * y[k];
        }
        return Math.pow(1 + dot, p);
    }

    private static double[] squares(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int k = 0; k < a.length; k++) {
            c[k] = (a[k] - b[k]) * (a[k] - b[k]);
        }
        return c;
    }

    // ---- statistics ----------------------------------------------------------------------------

    private static double[][] rows(double[] v, int count, int n) {
        double[][] r = new double[count][];
        for (int i = 0; i < count; i++) {
            r[i] = Arrays.copyOfRange(v, i * n, (i + 1) * n);
        }
        return r;
    }

    /** x_i - y_truth(i) over the records of X that have a true match. */
    private static double[][] alignedDifferences(LinkageData data, double[][] x, double[][] y) {
        int[] t = data.truth();
        int n = data.dimension();
        double[][] d = new double[data.matchedCount()][n];
        int r = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] >= 0) {
                for (int k = 0; k < n; k++) {
                    d[r][k] = x[i][k] - y[t[i]][k];
                }
                r++;
            }
        }
        return d;
    }

    private static double[] means(double[][] v) {
        int n = v[0].length;
        double[] m = new double[n];
        for (double[] row : v) {
            for (int k = 0; k < n; k++) {
                m[k] += row[k];
            }
        }
        for (int k = 0; k < n; k++) {
            m[k] /= v.length;
        }
        return m;
    }

    /** Sample covariance (n-1 denominator), row-major n x n. */
    private static double[] covariance(double[][] v) {
        int n = v[0].length;
        double[] m = means(v);
        double[] c = new double[n * n];
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                double s = 0;
                for (double[] row : v) {
                    s += (row[k] - m[k]) * (row[l] - m[l]);
                }
                c[k * n + l] = s / (v.length - 1);
            }
        }
        return c;
    }

    private static double[] sds(double[][] v) {
        int n = v[0].length;
        double[] c = covariance(v);
        double[] s = new double[n];
        for (int k = 0; k < n; k++) {
            s[k] = Math.sqrt(c[k * n + k]);
        }
        return s;
    }

    private static double[] inverse(double[] s, int n) {
        DMatrixRMaj m = new DMatrixRMaj(n, n, true, s);
        if (!CommonOps_DDRM.invert(m)) {
            throw new ArithmeticException("covariance matrix is singular");
        }
        return m.getData().clone();
    }

    /** Both files standardised: OWN, each with its own statistics; ORIGINAL, X's; POOLED, X and Y together. */
    private static double[][][] standardized(double[][] x, double[][] y, Standardization s) {
        double[][] all = new double[x.length + y.length][];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        double[][] statsX = s == Standardization.POOLED ? all : x;
        double[][] statsY = s == Standardization.OWN ? y : statsX;
        return new double[][][] {zScores(x, statsX), zScores(y, statsY)};
    }

    private static double[][] zScores(double[][] v, double[][] stats) {
        double[] m = means(stats);
        double[] sd = sds(stats);
        double[][] z = new double[v.length][v[0].length];
        for (int i = 0; i < v.length; i++) {
            for (int k = 0; k < sd.length; k++) {
                z[i][k] = (v[i][k] - m[k]) / sd[k];
            }
        }
        return z;
    }
}

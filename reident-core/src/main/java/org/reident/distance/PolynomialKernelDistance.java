package org.reident.distance;

/**
 * KDBRL (mahalanobis-dbrl-synthetic.txt, section 2): distance in the feature space of the polynomial
 * kernel K(x, y) = (1 + x.y)^p on standardised values,
 * d(a, b) = ||phi(a) - phi(b)||^2 = K(a, a) - 2 K(a, b) + K(b, b). With p = 1 it is the Euclidean
 * distance.
 * <p>
 * Evaluated without the cancellation of that difference: with u = 1 + a.a, v = 1 + b.b,
 * w = 1 + a.b and delta = a - b (so u + v - 2w = |delta|^2, u - w = a.delta, u - v = (a + b).delta),
 * <pre>
 *   u^p + v^p - 2 w^p = |delta|^2 S + (u - w)(u - v) T,
 *   S = sum_{i=0}^{p-1} v^i w^{p-1-i},   T = sum_{i=1}^{p-1} h_i w^{p-1-i},   h_i = sum_{j=0}^{i-1} u^j v^{i-1-j}
 * </pre>
 * (from u^p - w^p = (u - w) sum u^i w^{p-1-i}, the same for v, and u^i - v^i = (u - v) h_i), with
 * |delta|^2 summed from the differences. Every term is then proportional to |delta| or its square,
 * so a close pair's distance keeps its digits; the plain difference of the three powers, each near
 * u^p, carries an absolute error of about 1e-16 u^p, more than the whole distance of pairs 1e-4
 * apart at moderate p (PolynomialKernelDistanceTest, against exact arithmetic, fails with it).
 */
public final class PolynomialKernelDistance implements PairwiseDistance {
    /**
     * The floor of a query's tie scale ({@link #tieScale}), relative to K(a, a) = u^p: the plain
     * difference of the three powers (the oracle's, {@code ReferenceDistances}) errs by a few times
     * 1e-16 u^p on a close pair, a twenty-fifth of this floor times the relative tie tolerance (1e-9).
     */
    public static final double TIE_FLOOR = 1e-5;
    private final double[] query;
    private final ColumnMajor reference;
    private final int n;
    private final int degree;
    /** 1 + a.a of each query record (u). */
    private final double[] kq;
    /** 1 + b.b of each reference record (v). */
    private final double[] kr;

    public PolynomialKernelDistance(double[] query, double[] reference, int n, int degree) {
        if (degree < 1) {
            throw new IllegalArgumentException("kernel degree must be >= 1");
        }
        this.query = query;
        this.reference = new ColumnMajor(reference, n);
        this.n = n;
        this.degree = degree;
        this.kq = selfDot(query, n);
        this.kr = selfDot(reference, n);
    }

    private static double[] selfDot(double[] v, int n) {
        double[] k = new double[v.length / n];
        for (int i = 0; i < k.length; i++) {
            double dot = 0;
            for (int c = 0; c < n; c++) {
                dot += v[i * n + c] * v[i * n + c];
            }
            k[i] = 1 + dot;
        }
        return k;
    }

    public int degree() {
        return degree;
    }

    @Override
    public int queryCount() {
        return kq.length;
    }

    @Override
    public int referenceCount() {
        return kr.length;
    }

    /**
     * The true match's distance itself, at least {@link #TIE_FLOOR} K(a, a): ties are distances
     * within 1e-9 of the true match's (NaN without a true match: the engine's median scale). The
     * distances are evaluated to about their own digits (above), while from one query to the next
     * they span orders of magnitude at a high degree: at p = 20 on the demo pair a query near the
     * centre has distances near 1e6 and the median is near 1e17, so the median's scale merged
     * distances 1e8 apart (88 ties; docs/design.md).
     */
    @Override
    public double tieScale(int q, double trueDistance) {
        return trueDistance >= 0 && trueDistance < Double.POSITIVE_INFINITY
                ? Math.max(trueDistance, TIE_FLOOR * Math.pow(kq[q], degree)) : Double.NaN;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int len = to - from;
        final double[] r = reference.values();
        final int nr = reference.rows();
        final double[][] ws = Workspace.get().rows(5, len);
        final double[] b = ws[0];
        final double[] dd = ws[1];
        final double[] s = ws[2];
        final double[] t = ws[3];
        final double[] h = ws[4];
        java.util.Arrays.fill(out, 0, len, 1.0); // out = w = 1 + a.b
        java.util.Arrays.fill(dd, 0, len, 0.0); // |a - b|^2
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            System.arraycopy(r, k * nr + from, b, 0, len); // see Workspace: keeps the loop vectorised
            for (int j = 0; j < len; j++) {
                final double bj = b[j];
                final double e = ak - bj;
                out[j] += ak * bj;
                dd[j] += e * e;
            }
        }
        if (degree == 1) {
            System.arraycopy(dd, 0, out, 0, len);
            return;
        }
        final double u = kq[q];
        System.arraycopy(kr, from, b, 0, len); // b = v = 1 + b.b
        if (degree == 2) { // the papers' degree, in one pass: S = w + v, T = 1
            for (int j = 0; j < len; j++) {
                final double w = out[j];
                out[j] = dd[j] * (w + b[j]) + (u - w) * (u - b[j]);
            }
            return;
        }
        java.util.Arrays.fill(s, 0, len, 1.0); // S after i = 0; the powers of v go in t meanwhile
        System.arraycopy(b, 0, t, 0, len);
        for (int i = 1; i < degree; i++) { // S = S w + v^i
            for (int j = 0; j < len; j++) {
                s[j] = s[j] * out[j] + t[j];
                t[j] *= b[j];
            }
        }
        java.util.Arrays.fill(h, 0, len, 1.0); // h_1
        java.util.Arrays.fill(t, 0, len, 1.0); // T after i = 1
        double ui = 1; // u^(i-1)
        for (int i = 2; i < degree; i++) { // h_i = v h_(i-1) + u^(i-1); T = T w + h_i
            ui *= u;
            final double up = ui;
            for (int j = 0; j < len; j++) {
                h[j] = b[j] * h[j] + up;
                t[j] = t[j] * out[j] + h[j];
            }
        }
        for (int j = 0; j < len; j++) {
            out[j] = dd[j] * s[j] + (u - out[j]) * (u - b[j]) * t[j];
        }
    }
}

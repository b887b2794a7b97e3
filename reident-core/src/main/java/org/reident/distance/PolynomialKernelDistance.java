package org.reident.distance;

/**
 * KDBRL (mahalanobis-dbrl-synthetic.txt, section 2): distance in the feature space of the polynomial
 * kernel K(x, y) = (1 + x.y)^p on standardised values,
 * d(a, b) = ||phi(a) - phi(b)||^2 = K(a, a) - 2 K(a, b) + K(b, b). With p = 1 it is the Euclidean
 * distance; K(a, a) and K(b, b) are computed once per record.
 */
public final class PolynomialKernelDistance implements PairwiseDistance {
    private final double[] query;
    private final ColumnMajor reference;
    private final int n;
    private final int degree;
    private final double[] kq;
    private final double[] kr;

    public PolynomialKernelDistance(double[] query, double[] reference, int n, int degree) {
        if (degree < 1) {
            throw new IllegalArgumentException("kernel degree must be >= 1");
        }
        this.query = query;
        this.reference = new ColumnMajor(reference, n);
        this.n = n;
        this.degree = degree;
        this.kq = selfKernel(query, n, degree);
        this.kr = selfKernel(reference, n, degree);
    }

    private static double[] selfKernel(double[] v, int n, int p) {
        double[] k = new double[v.length / n];
        for (int i = 0; i < k.length; i++) {
            double dot = 0;
            for (int c = 0; c < n; c++) {
                dot += v[i * n + c] * v[i * n + c];
            }
            k[i] = pow(1 + dot, p);
        }
        return k;
    }

    private static double pow(double x, int p) {
        double r = x;
        for (int i = 1; i < p; i++) {
            r *= x;
        }
        return r;
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

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int len = to - from;
        final double[] r = reference.values();
        final int nr = reference.rows();
        final double[][] ws = Workspace.get().rows(2, len);
        final double[] b = ws[0];
        final double[] x = ws[1];
        java.util.Arrays.fill(out, 0, len, 1.0);
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            System.arraycopy(r, k * nr + from, b, 0, len); // see Workspace: keeps the loop vectorised
            for (int j = 0; j < len; j++) {
                out[j] += ak * b[j];
            }
        }
        System.arraycopy(out, 0, x, 0, len); // x = 1 + a.b; out becomes K(a, b) = x^p
        for (int i = 1; i < degree; i++) {
            for (int j = 0; j < len; j++) {
                out[j] *= x[j];
            }
        }
        System.arraycopy(kr, from, b, 0, len);
        final double kaa = kq[q];
        for (int j = 0; j < len; j++) {
            out[j] = kaa - 2 * out[j] + b[j];
        }
    }
}

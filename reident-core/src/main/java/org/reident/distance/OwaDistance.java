package org.reident.distance;

/**
 * OWA_w (supervised-dbrl-overview.txt; DESIGN.md section 2): d(a, b) = sum_k w_k c_(k) where
 * c_k = (a_k - b_k)^2 on standardised values and c_(1) >= c_(2) >= ... >= c_(n) (decreasing order).
 * Equal weights 1/n give AM.
 */
public final class OwaDistance implements PairwiseDistance {
    private final double[] query;
    private final double[] reference;
    private final int n;
    private final double[] w;

    public OwaDistance(double[] query, double[] reference, int n, double[] w) {
        this.query = query;
        this.reference = reference;
        this.n = n;
        this.w = w.clone();
    }

    @Override
    public int queryCount() {
        return query.length / n;
    }

    @Override
    public int referenceCount() {
        return reference.length / n;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int n = this.n;
        final double[] r = reference;
        final double[] a = new double[n];
        final double[] c = new double[n];
        System.arraycopy(query, q * n, a, 0, n);
        for (int j = from; j < to; j++) {
            int o = j * n;
            // insertion sort, decreasing: n is small (the quasi-identifiers)
            for (int k = 0; k < n; k++) {
                double t = a[k] - r[o + k];
                double v = t * t;
                int i = k - 1;
                while (i >= 0 && c[i] < v) {
                    c[i + 1] = c[i];
                    i--;
                }
                c[i + 1] = v;
            }
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += w[k] * c[k];
            }
            out[j - from] = s;
        }
    }
}

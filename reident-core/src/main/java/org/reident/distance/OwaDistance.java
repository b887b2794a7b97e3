package org.reident.distance;

/**
 * OWA_w (supervised-dbrl-overview.txt; DESIGN.md section 2): d(a, b) = sum_k w_k c_(k) where
 * c_k = (a_k - b_k)^2 on standardised values and c_(1) >= c_(2) >= ... >= c_(n) (decreasing order).
 * Equal weights 1/n give AM. The values of a block of pairs are sorted by a {@link SortingNetwork}.
 */
public final class OwaDistance extends SortedGapDistance {
    private final double[] w;

    public OwaDistance(double[] query, double[] reference, int n, double[] w) {
        super(query, reference, n);
        this.w = w.clone();
    }

    @Override
    public boolean bounded() {
        return GapDistance.nonNegative(w);
    }

    /**
     * c_k = g_k g_k sorted increasingly, then {@code s = 0; s += w_(n-1-i) c_(i)}: {@link #block}'s
     * operations (a sort only orders the same values), so its value to the last bit.
     */
    @Override
    public double ofGaps(double[] g, double[] c) {
        for (int k = 0; k < n; k++) {
            double x = g[k] * g[k];
            insert(c, k, x);
        }
        double s = 0.0;
        for (int i = 0; i < n; i++) {
            s += w[n - 1 - i] * c[i];
        }
        return s;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int len = to - from;
        final double[][] c = Workspace.get().rows(n, len);
        diffs.fill(q, from, len, c);
        network.sortColumns(c, len);
        java.util.Arrays.fill(out, 0, len, 0.0);
        for (int i = 0; i < n; i++) {
            final double wi = w[n - 1 - i]; // row i holds the (i+1)-th smallest; w_1 weighs the largest
            final double[] ci = c[i];
            for (int j = 0; j < len; j++) {
                out[j] += wi * ci[j];
            }
        }
    }
}

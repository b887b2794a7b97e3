package org.reident.distance;

/**
 * OWA_w (supervised-dbrl-overview.txt; DESIGN.md section 2): d(a, b) = sum_k w_k c_(k) where
 * c_k = (a_k - b_k)^2 on standardised values and c_(1) >= c_(2) >= ... >= c_(n) (decreasing order).
 * Equal weights 1/n give AM.
 */
public final class OwaDistance implements PairwiseDistance {
    private final SquaredDifferences diffs;
    private final int n;
    private final double[] w;

    public OwaDistance(double[] query, double[] reference, int n, double[] w) {
        this.diffs = new SquaredDifferences(query, reference, n);
        this.n = n;
        this.w = w.clone();
    }

    @Override
    public int queryCount() {
        return diffs.queryCount();
    }

    @Override
    public int referenceCount() {
        return diffs.referenceCount();
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int n = this.n;
        final int len = to - from;
        final double[] c = new double[n * len];
        final double[] v = new double[n];
        final int[] order = new int[n];
        diffs.fill(q, from, len, c);
        for (int j = 0; j < len; j++) {
            SquaredDifferences.sortPair(c, len, j, n, v, order);
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += w[i] * v[order[n - 1 - i]]; // w_1 weighs the largest value
            }
            out[j] = s;
        }
    }
}

package org.reident.distance;

/**
 * CI_mu (hrla-heuristic-choquet.txt section 2; DESIGN.md section 2): the Choquet integral of
 * c_k = (a_k - b_k)^2 on standardised values with respect to a fuzzy measure mu,
 * CI_mu(c) = sum_i (c_s(i) - c_s(i-1)) mu(A_s(i)), c_s sorted increasingly, c_s(0) = 0,
 * A_s(i) = {s(i), ..., s(n)}. The measure is an array over subsets: mu[mask] with bit k standing for
 * variable k. The additive measure mu(A) = |A|/n gives AM.
 */
public final class ChoquetDistance implements PairwiseDistance {
    private final SquaredDifferences diffs;
    private final int n;
    private final double[] mu;

    public ChoquetDistance(double[] query, double[] reference, int n, double[] mu) {
        if (mu.length != 1 << n) {
            throw new IllegalArgumentException("fuzzy measure needs 2^n values");
        }
        this.diffs = new SquaredDifferences(query, reference, n);
        this.n = n;
        this.mu = mu.clone();
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
        final int full = (1 << n) - 1;
        diffs.fill(q, from, len, c);
        for (int j = 0; j < len; j++) {
            SquaredDifferences.sortPair(c, len, j, n, v, order);
            double s = 0;
            double prev = 0;
            int mask = full; // A_s(i): the variables from the i-th smallest on
            for (int i = 0; i < n; i++) {
                int k = order[i];
                s += (v[k] - prev) * mu[mask];
                prev = v[k];
                mask ^= 1 << k;
            }
            out[j] = s;
        }
    }
}

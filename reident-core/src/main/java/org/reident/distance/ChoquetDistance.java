package org.reident.distance;

/**
 * CI_mu (hrla-heuristic-choquet.txt section 2; DESIGN.md section 2): the Choquet integral of
 * c_k = (a_k - b_k)^2 on standardised values with respect to a fuzzy measure mu,
 * CI_mu(c) = sum_i (c_s(i) - c_s(i-1)) mu(A_s(i)), c_s sorted increasingly, c_s(0) = 0,
 * A_s(i) = {s(i), ..., s(n)}. The measure is an array over subsets: mu[mask] with bit k standing for
 * variable k. The additive measure mu(A) = |A|/n gives AM.
 */
public final class ChoquetDistance implements PairwiseDistance {
    private final double[] query;
    private final double[] reference;
    private final int n;
    private final double[] mu;

    public ChoquetDistance(double[] query, double[] reference, int n, double[] mu) {
        if (mu.length != 1 << n) {
            throw new IllegalArgumentException("fuzzy measure needs 2^n values");
        }
        this.query = query;
        this.reference = reference;
        this.n = n;
        this.mu = mu.clone();
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
        final double[] mu = this.mu;
        final double[] a = new double[n];
        final double[] c = new double[n];
        final int[] idx = new int[n];
        final int full = (1 << n) - 1;
        System.arraycopy(query, q * n, a, 0, n);
        for (int j = from; j < to; j++) {
            int o = j * n;
            // insertion sort of (value, variable) increasingly
            for (int k = 0; k < n; k++) {
                double t = a[k] - r[o + k];
                double v = t * t;
                int i = k - 1;
                while (i >= 0 && c[i] > v) {
                    c[i + 1] = c[i];
                    idx[i + 1] = idx[i];
                    i--;
                }
                c[i + 1] = v;
                idx[i + 1] = k;
            }
            double s = 0;
            double prev = 0;
            int mask = full;
            for (int i = 0; i < n; i++) {
                s += (c[i] - prev) * mu[mask];
                prev = c[i];
                mask &= ~(1 << idx[i]);
            }
            out[j - from] = s;
        }
    }
}

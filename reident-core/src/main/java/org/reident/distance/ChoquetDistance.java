package org.reident.distance;

/**
 * CI_mu (hrla-heuristic-choquet.txt section 2; DESIGN.md section 2): the Choquet integral of
 * c_k = (a_k - b_k)^2 on standardised values with respect to a fuzzy measure mu,
 * CI_mu(c) = sum_i (c_s(i) - c_s(i-1)) mu(A_s(i)), c_s sorted increasingly, c_s(0) = 0,
 * A_s(i) = {s(i), ..., s(n)}. The measure is an array over subsets: mu[mask] with bit k standing for
 * variable k. The additive measure mu(A) = |A|/n gives AM.
 *
 * <p>To sort a block of pairs with a branch-free {@link SortingNetwork} and still know which variable
 * each sorted value belongs to, the variable index is written into the 5 lowest mantissa bits of the
 * (non-negative) value: the bit pattern of a non-negative double orders like its value, so the sort
 * is by value (ties by index) and the integral is evaluated on values perturbed by at most 2^-47
 * relative, far inside the linkage engine's tie tolerance.
 */
public final class ChoquetDistance extends SortedGapDistance {
    private static final int INDEX_BITS = 5;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final double[] mu;

    public ChoquetDistance(double[] query, double[] reference, int n, double[] mu) {
        super(query, reference, checked(n, mu));
        this.mu = mu.clone();
    }

    private static int checked(int n, double[] mu) {
        if (mu.length != 1 << n || n > 1 << INDEX_BITS) {
            throw new IllegalArgumentException("fuzzy measure needs 2^n values, n <= 32");
        }
        return n;
    }

    /** mu >= 0 and mu(A) <= mu(A + k) for every subset A and variable k: the integral is then monotone. */
    @Override
    public boolean bounded() {
        for (int mask = 0; mask < mu.length; mask++) {
            if (!(mu[mask] >= 0) || Double.isInfinite(mu[mask])) {
                return false;
            }
            for (int k = 0; k < n; k++) {
                if ((mask & (1 << k)) == 0 && !(mu[mask] <= mu[mask | (1 << k)])) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * For a monotone measure CI is monotone and positively homogeneous, so the index bits (a relative
     * change of at most 2^-47 in each input) move it by at most 2^-47 of itself; the evaluation's
     * terms (x_(i) - x_(i-1)) mu(A) are non-negative, so its rounding is within (n + 3) 2^-53 of
     * the sum (below 5e-15 for n <= 32). 1e-12 covers both with room; near zero the index bits of
     * zero inputs add at most 32 n 2^-1074 absolutely, which a bound's absolute slack of 1e-300
     * covers ({@code KdTree}).
     */
    @Override
    public double relativeError() {
        return 1e-12;
    }

    /**
     * {@link #block}'s operations for one pair: c_k = g_k g_k with k in the low mantissa bits, sorted
     * increasingly (distinct values, so every sort gives one order), then s += (x - prev) mu(A).
     */
    @Override
    public double ofGaps(double[] g, double[] c) {
        for (int k = 0; k < n; k++) {
            double x = Double.longBitsToDouble((Double.doubleToRawLongBits(g[k] * g[k]) & ~INDEX_MASK) | k);
            insert(c, k, x);
        }
        double s = 0;
        double prev = 0;
        int mask = (1 << n) - 1;
        for (int i = 0; i < n; i++) {
            final double x = c[i];
            s += (x - prev) * mu[mask];
            prev = x;
            mask ^= 1 << (int) (Double.doubleToRawLongBits(x) & INDEX_MASK);
        }
        return s;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int n = this.n;
        final int len = to - from;
        final double[][] c = Workspace.get().rows(n, len);
        diffs.fill(q, from, len, c);
        for (int k = 0; k < n; k++) {
            final double[] ck = c[k];
            for (int j = 0; j < len; j++) {
                ck[j] = Double.longBitsToDouble((Double.doubleToRawLongBits(ck[j]) & ~INDEX_MASK) | k);
            }
        }
        network.sortColumns(c, len);
        final int full = (1 << n) - 1;
        final double[] mu = this.mu;
        for (int j = 0; j < len; j++) {
            double s = 0;
            double prev = 0;
            int mask = full; // A_s(i): the variables from the i-th smallest on
            for (int i = 0; i < n; i++) {
                final double x = c[i][j];
                s += (x - prev) * mu[mask];
                prev = x;
                mask ^= 1 << (int) (Double.doubleToRawLongBits(x) & INDEX_MASK);
            }
            out[j] = s;
        }
    }
}

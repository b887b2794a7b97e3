package org.reident.learn;

import java.util.Arrays;

/**
 * The linear form of an aggregator: for a pair (query record q, reference record j),
 * C_theta(a_q, b_j) = sum_f theta_f phi_f(q, j), with theta the parameters to learn
 * (symmetric-bilinear-form.txt section 5; DESIGN.md section 2). On standardised values, with
 * c_k = (a_k - b_k)^2 and diff_k = a_k - b_k:
 * <ul>
 * <li>WM: phi_k = c_k (theta = weights);</li>
 * <li>OWA: phi_r = the r-th largest c_k (theta = weights of the ordered values);</li>
 * <li>CI: with c sorted increasingly, c_s(0) = 0, phi_{A_s(i)} = c_s(i) - c_s(i-1) for the n subsets
 * A_s(i) = {s(i), ..., s(n)} of the pair's chain, 0 for every other subset (theta = mu, indexed by
 * subset bit mask; the Choquet integral is linear in mu once the order of the pair is fixed);</li>
 * <li>SB: phi_kk = diff_k^2, phi_kl = 2 diff_k diff_l for k &lt; l (theta = the upper triangle of
 * Sigma, row by row);</li>
 * <li>MD*: the same with |diff_k| for diff_k (phi_kl = 2 |diff_k| |diff_l|).</li>
 * </ul>
 */
final class Features {
    private final Aggregator aggregator;
    private final double[] query;
    private final double[] reference;
    private final int n;
    private final int parameters;
    /** {@link #columns()}: null until first needed. */
    private volatile double[][] columns;

    /** @param query standardised query records, row-major; @param reference standardised reference records */
    Features(Aggregator aggregator, double[] query, double[] reference, int n) {
        this.aggregator = aggregator;
        this.query = query;
        this.reference = reference;
        this.n = n;
        this.parameters = aggregator.isChoquet() ? 1 << n : aggregator.isBilinear() ? n * (n + 1) / 2 : n;
    }

    /** The same standardised records read as a weighted mean's (WM) features. */
    Features weighted() {
        return new Features(Aggregator.WM, query, reference, n);
    }

    Aggregator aggregator() {
        return aggregator;
    }

    int parameters() {
        return parameters;
    }

    int dimension() {
        return n;
    }

    /** Index of Sigma's entry (k, l), k &lt;= l, among the SB parameters. */
    int triangle(int k, int l) {
        return triangle(n, k, l);
    }

    /** Index of the entry (k, l), k &lt;= l, of an n x n symmetric matrix's upper triangle, row by row. */
    static int triangle(int n, int k, int l) {
        return k * n - k * (k - 1) / 2 + (l - k);
    }

    /** c_k = (a_k - b_k)^2 for the pair (q, j). */
    void squaredDifferences(int q, int j, double[] c) {
        for (int k = 0; k < n; k++) {
            double t = query[q * n + k] - reference[j * n + k];
            c[k] = t * t;
        }
    }

    /**
     * Against each reference record j &lt; sum.length, with e_k = c_k(q, j) - base_k (c_k as
     * {@link #squaredDifferences}): {@code sum[j]} = sum_k e_k (added in k's order, from 0),
     * {@code lower[j]} = min_k e_k and {@code upper[j]} = max_k e_k: the values the first rows
     * ({@link FirstRows}; their mean is sum / n) and, for WM and WM_m, the weight cells' scan of every
     * reference record ({@link CellRivals}, via {@link #simplexRow}) took pair by pair, in the same
     * operations and order, so the same values. These scans are O(N^2 n); this one runs along each
     * variable's column of reference values, a loop the JIT turns into vector instructions (the
     * pair-by-pair loop took about 40 ns a pair on 6 variables; docs/learning.md).
     */
    void spreads(int q, double[] base, double[] sum, double[] lower, double[] upper) {
        double[][] cols = columns();
        Arrays.fill(sum, 0);
        Arrays.fill(lower, Double.POSITIVE_INFINITY);
        Arrays.fill(upper, Double.NEGATIVE_INFINITY);
        for (int k = 0; k < n; k++) {
            double a = query[q * n + k];
            double b = base[k];
            double[] col = cols[k];
            for (int j = 0; j < sum.length; j++) {
                double t = a - col[j];
                double e = t * t - b;
                sum[j] += e;
                lower[j] = Math.min(lower[j], e);
                upper[j] = Math.max(upper[j], e);
            }
        }
    }

    /**
     * The same scan for one weighted mean w: {@code sum[j]} = sum_k w_k e_k (added in k's order, from
     * 0) and {@code lower[j]} = min_k e_k, e_k = c_k(q, j) - base_k: the values the weight cells' exact
     * check of a record against every reference record ({@link CellRivals}) took pair by pair.
     */
    void weightedSpreads(int q, double[] base, double[] w, double[] sum, double[] lower) {
        double[][] cols = columns();
        Arrays.fill(sum, 0);
        Arrays.fill(lower, Double.POSITIVE_INFINITY);
        for (int k = 0; k < n; k++) {
            double a = query[q * n + k];
            double b = base[k];
            double wk = w[k];
            double[] col = cols[k];
            for (int j = 0; j < sum.length; j++) {
                double t = a - col[j];
                double e = t * t - b;
                sum[j] += wk * e;
                lower[j] = Math.min(lower[j], e);
            }
        }
    }

    /** The reference records by variable (column k: every record's value of variable k), made once. */
    private double[][] columns() {
        double[][] c = columns;
        if (c == null) {
            synchronized (this) {
                c = columns;
                if (c == null) {
                    int count = reference.length / n;
                    c = new double[n][count];
                    for (int j = 0; j < count; j++) {
                        for (int k = 0; k < n; k++) {
                            c[k][j] = reference[j * n + k];
                        }
                    }
                    columns = c;
                }
            }
        }
        return c;
    }

    /** Adds {@code sign * phi(q, j)} into {@code acc.values}, recording the indices touched. */
    void add(int q, int j, double sign, Accumulator acc, double[] c, int[] order) {
        int count = terms();
        if (acc.idx == null || acc.idx.length < count) {
            acc.idx = new int[count];
            acc.val = new double[count];
        }
        terms(q, j, acc.idx, acc.val, c, order);
        for (int t = 0; t < count; t++) {
            acc.add(acc.idx[t], sign * acc.val[t]);
        }
    }

    /** How many terms {@link #terms} gives a pair: n, or n (n + 1) / 2 for SB, SB_NC and MD*. */
    int terms() {
        return aggregator.isBilinear() ? n * (n + 1) / 2 : n;
    }

    /**
     * phi(q, j) as {@link #terms()} terms: C_theta(q, j) = sum_t val[t] theta[idx[t]]. WM: idx = k,
     * val = c_k; OWA: idx = r, val = the r-th largest c_k; CI: idx = the chain's subsets A_s(i) (bit
     * masks, largest first), val = c_s(i) - c_s(i-1); SB: idx = Sigma's entry (k, l), k &lt;= l,
     * val = diff_k^2 or 2 diff_k diff_l (MD*: |diff|). {@code c} and {@code order} are scratch of n
     * values.
     */
    void terms(int q, int j, int[] idx, double[] val, double[] c, int[] order) {
        if (aggregator.isBilinear()) {
            boolean absolute = aggregator == Aggregator.MD_STAR;
            for (int k = 0; k < n; k++) {
                double dk = query[q * n + k] - reference[j * n + k];
                c[k] = absolute ? Math.abs(dk) : dk;
            }
            int t = 0;
            for (int k = 0; k < n; k++) {
                for (int l = k; l < n; l++) {
                    idx[t] = t; // triangle(k, l): the upper triangle row by row
                    val[t++] = k == l ? c[k] * c[k] : 2 * c[k] * c[l];
                }
            }
            return;
        }
        squaredDifferences(q, j, c);
        switch (aggregator) {
            case OWA:
                java.util.Arrays.sort(c, 0, n);
                for (int r = 0; r < n; r++) {
                    idx[r] = r;
                    val[r] = c[n - 1 - r]; // theta_0 weighs the largest value
                }
                break;
            case CHOQUET:
            case CHOQUET_M: {
                sortIndices(c, order);
                int mask = (1 << n) - 1;
                double prev = 0;
                for (int i = 0; i < n; i++) {
                    int k = order[i];
                    idx[i] = mask;
                    val[i] = c[k] - prev;
                    prev = c[k];
                    mask &= ~(1 << k);
                }
                break;
            }
            default:
                for (int k = 0; k < n; k++) {
                    idx[k] = k;
                    val[k] = c[k];
                }
        }
    }

    /**
     * Fills {@code acc} with Delta = phi(i, j) - phi(i, t), the row of rival j of query record i
     * (true match t), and returns a lower bound of theta . Delta over the family: min_k e_k with
     * e_k = c_k(i, j) - c_k(i, t) for WM, WM_m, OWA and CI (a normalised monotone Choquet integral
     * satisfies CI(x) - CI(y) >= min_k (x_k - y_k)); {@link #bilinearLowerBound} for SB and MD*.
     * A row whose bound is at least eps holds for every parameter value.
     */
    double rivalRow(int i, int t, int j, Accumulator acc, double[] c1, double[] c2, int[] order) {
        acc.clear();
        add(i, j, 1, acc, c1, order);
        add(i, t, -1, acc, c1, order);
        if (aggregator.isBilinear()) {
            return bilinearLowerBound(acc);
        }
        squaredDifferences(i, j, c1);
        squaredDifferences(i, t, c2);
        double lower = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            lower = Math.min(lower, c1[k] - c2[k]);
        }
        return lower;
    }

    /**
     * phi(i, t) of the simplex families (WM, WM_m, OWA) into {@code phi}, and c(i, t) into
     * {@code c}: the true match's side of {@link #simplexRow}.
     */
    void simplexPhi(int i, int t, double[] c, double[] phi) {
        squaredDifferences(i, t, c);
        System.arraycopy(c, 0, phi, 0, n);
        if (aggregator == Aggregator.OWA) {
            java.util.Arrays.sort(phi, 0, n);
            for (int r = 0; r < n / 2; r++) {
                double z = phi[r];
                phi[r] = phi[n - 1 - r];
                phi[n - 1 - r] = z; // decreasing: theta_0 weighs the largest value
            }
        }
    }

    /**
     * {@link #rivalRow} for the simplex families (WM, WM_m, OWA) without its accumulator, for the
     * scans of every reference record by the weight cells ({@link CellRivals}): returns the same
     * lower bound min_k (c_k(i, j) - ct_k) and, when it is below {@code eps}, writes
     * e = phi(i, j) - phi(i, t) into {@code e} (the same values, in the same floating-point
     * operations). {@code ct} and {@code phiT} come from {@link #simplexPhi}; {@code c} is scratch.
     * The cells' gathering on 10,000 records: 6.2 s with the accumulator, 2.5 s with this (docs/learning-log.md).
     */
    double simplexRow(int i, int j, double[] ct, double[] phiT, double eps, double[] c, double[] e) {
        int qi = i * n;
        int rj = j * n;
        double lower = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            double d = query[qi + k] - reference[rj + k];
            c[k] = d * d;
            lower = Math.min(lower, c[k] - ct[k]);
        }
        if (lower >= eps) {
            return lower;
        }
        if (aggregator == Aggregator.OWA) {
            java.util.Arrays.sort(c, 0, n);
            for (int r = 0; r < n; r++) {
                e[r] = c[n - 1 - r] - phiT[r];
            }
        } else {
            for (int k = 0; k < n; k++) {
                e[k] = c[k] - ct[k];
            }
        }
        return lower;
    }

    /**
     * min of theta . Delta over SB's parameter box with trace 1: off-diagonal entries in [-1, 1]
     * contribute -|Delta_kl| each; the diagonal solves min sum_k d_k Delta_kk subject to
     * sum_k d_k = 1, d_k in [-1, 1], whose optimum starts from d = -1 and raises the entries with
     * the smallest Delta_kk to +1 (then one partly) until the trace is 1. Valid for SB and SB_NC
     * (their feasible sets lie in this polytope) and tighter than -sum |Delta_f|.
     */
    double bilinearLowerBound(Accumulator acc) {
        double[] diag = new double[n];
        double bound = 0;
        for (int k = 0; k < n; k++) {
            diag[k] = acc.values[triangle(k, k)];
            bound -= diag[k]; // every d_k at -1
            for (int l = k + 1; l < n; l++) {
                bound -= Math.abs(acc.values[triangle(k, l)]);
            }
        }
        java.util.Arrays.sort(diag);
        double raise = n + 1; // the trace goes from -n to 1; each d_k can rise by at most 2
        for (int k = 0; k < n && raise > 0; k++) {
            double step = Math.min(2, raise);
            bound += step * diag[k];
            raise -= step;
        }
        return bound;
    }

    /** Variable indices in increasing order of c (ties by index). */
    private void sortIndices(double[] c, int[] order) {
        for (int k = 0; k < n; k++) {
            int i = k - 1;
            while (i >= 0 && c[order[i]] > c[k]) {
                order[i + 1] = order[i];
                i--;
            }
            order[i + 1] = k;
        }
    }

    /** A sparse vector being summed: dense values plus the list of indices touched. */
    static final class Accumulator {
        final double[] values;
        final int[] touched;
        final boolean[] seen;
        int count;
        /** Scratch for {@link Features#add}: one pair's terms. */
        int[] idx;
        double[] val;

        Accumulator(int size) {
            values = new double[size];
            touched = new int[size];
            seen = new boolean[size];
        }

        void add(int index, double v) {
            if (!seen[index]) {
                seen[index] = true;
                touched[count++] = index;
            }
            values[index] += v;
        }

        void clear() {
            for (int i = 0; i < count; i++) {
                values[touched[i]] = 0;
                seen[touched[i]] = false;
            }
            count = 0;
        }
    }
}

package org.reident.protect;

import java.util.Arrays;
import java.util.Random;
import org.reident.data.InputException;

/**
 * Rank swapping (Moore 1996, "Controlled data swapping techniques for masking public use microdata
 * sets", U.S. Bureau of the Census), as described by Domingo-Ferrer &amp; Torra (2001), "A quantitative
 * comparison of disclosure control methods for microdata", and used for the CASC reference files,
 * in sdcMicro and in section 4.2 of hrla-heuristic-choquet.txt ("each ranked value is swapped with
 * another ranked value randomly chosen within a restricted range"); see also Nin, Herranz &amp;
 * Torra (2007), "Rethinking rank swapping to decrease disclosure risk".
 *
 * <p>Each variable is swapped independently of the others. For a variable with values
 * {@code v_0..v_{N-1}} (one per record):
 * <ol>
 *   <li>Rank the records by value, ascending; equal values are ranked by record index (row
 *       order), so the ranking is a strict total order {@code s_0 <= s_1 <= ... <= s_{N-1}}.
 *       Values are compared numerically ({@code -0.0 == 0.0}).</li>
 *   <li>The window is {@code w = max(1, floor(p * N / 100))} ranks ({@link #window}); the floor
 *       allows 1e-9 of rounding so that a decimal p such as 0.7 gives the intended integer.</li>
 *   <li>Walk the ranks {@code i = 0, 1, ..., N-1} in increasing order. If rank i has not been
 *       swapped yet, let C be the set of not-yet-swapped ranks j with {@code i < j <= min(i + w, N-1)}.
 *       If C is empty the value at rank i stays where it is (for good). Otherwise a partner j is
 *       chosen uniformly from C ({@code rnd.nextInt(|C|)}-th element of C in increasing rank
 *       order), the values at ranks i and j are exchanged and both ranks are marked swapped.</li>
 *   <li>The value now at rank r is given to the record that had rank r.</li>
 * </ol>
 * Every value therefore moves by at most w ranks and is swapped at most once; each column of the
 * result is a permutation of the original column, so the marginal distributions are preserved
 * exactly. With {@code w = 1} the rule is deterministic: ranks (0,1), (2,3), ... are exchanged.
 *
 * <p>Randomness: {@code new Random(seed)} draws one {@code nextLong()} per variable in column order;
 * variable k uses its own {@code new Random(thatLong)}. The result for variable k thus depends only
 * on the seed, k and the values of column k. The unswapped ranks are kept in a Fenwick tree, so a
 * variable takes O(N log N) time whatever the window.
 */
public record RankSwapping(double p, long seed) implements Masking {
    /**
     * @param p    window in percent of the number of records, {@code 0 < p <= 100}
     * @param seed random seed
     * @throws InputException if p is outside (0, 100] or not a number
     */
    public RankSwapping {
        if (!(p > 0 && p <= 100)) {
            throw new InputException("--p: rank-swapping window must be in (0, 100], got " + format(p));
        }
    }

    /** The swap window in ranks: {@code max(1, floor(p * rows / 100 + 1e-9))}. */
    public static int window(double p, int rows) {
        double w = Math.floor(p * rows / 100.0 + 1e-9);
        return w < 1 ? 1 : (int) Math.min(w, Integer.MAX_VALUE);
    }

    @Override
    public String label() {
        return "rankswap(p=" + format(p) + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        PerturbationSupport.shape(x, rows, n, 1);
        int w = window(p, rows);
        Random master = new Random(seed);
        long[] streams = new long[n];
        for (int k = 0; k < n; k++) {
            streams[k] = master.nextLong();
        }
        double[] y = new double[x.length];
        double[] col = new double[rows];
        int[] order = new int[rows];
        int[] tmp = new int[rows];
        double[] sorted = new double[rows];
        boolean[] swapped = new boolean[rows];
        int[] fenwick = new int[rows + 1];
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < rows; i++) {
                col[i] = x[i * n + k];
                order[i] = i;
            }
            sortByValue(order, tmp, col, 0, rows);
            for (int r = 0; r < rows; r++) {
                sorted[r] = col[order[r]];
            }
            swapRanks(sorted, w, new Random(streams[k]), swapped, fenwick);
            for (int r = 0; r < rows; r++) {
                y[order[r] * n + k] = sorted[r];
            }
        }
        return y;
    }

    /** Applies the swapping rule to values already sorted by rank (in place). */
    static void swapRanks(double[] s, int w, Random rnd, boolean[] swapped, int[] fenwick) {
        int rows = s.length;
        // Fenwick tree over ranks (1-based), entry = 1 while the rank is not swapped
        for (int r = 1; r <= rows; r++) {
            fenwick[r] = 1;
        }
        for (int r = 1; r <= rows; r++) {
            int parent = r + (r & -r);
            if (parent <= rows) {
                fenwick[parent] += fenwick[r];
            }
        }
        Arrays.fill(swapped, 0, rows, false);
        for (int i = 0; i < rows; i++) {
            if (swapped[i]) {
                continue;
            }
            int hi = (int) Math.min((long) i + w, rows - 1);
            int before = prefix(fenwick, i); // unswapped ranks in [0, i]
            int count = prefix(fenwick, hi) - before;
            if (count == 0) {
                continue;
            }
            int j = kth(fenwick, rows, before + rnd.nextInt(count) + 1);
            double t = s[i];
            s[i] = s[j];
            s[j] = t;
            swapped[i] = true;
            swapped[j] = true;
            remove(fenwick, rows, i);
            remove(fenwick, rows, j);
        }
    }

    /** Number of unswapped ranks in [0, r]. */
    private static int prefix(int[] f, int r) {
        int s = 0;
        for (int q = r + 1; q > 0; q -= q & -q) {
            s += f[q];
        }
        return s;
    }

    private static void remove(int[] f, int rows, int r) {
        for (int q = r + 1; q <= rows; q += q & -q) {
            f[q]--;
        }
    }

    /** The smallest rank r with prefix(r) >= k (k >= 1, k <= total). */
    private static int kth(int[] f, int rows, int k) {
        int pos = 0;
        int step = Integer.highestOneBit(rows);
        for (; step > 0; step >>= 1) {
            int next = pos + step;
            if (next <= rows && f[next] < k) {
                pos = next;
                k -= f[next];
            }
        }
        return pos; // 0-based rank = (1-based position pos + 1) - 1
    }

    /** Stable merge sort of {@code idx[lo, hi)} by {@code key[idx]} ascending (numeric comparison). */
    private static void sortByValue(int[] idx, int[] tmp, double[] key, int lo, int hi) {
        if (hi - lo < 16) {
            for (int i = lo + 1; i < hi; i++) {
                int v = idx[i];
                double kv = key[v];
                int j = i - 1;
                while (j >= lo && key[idx[j]] > kv) {
                    idx[j + 1] = idx[j];
                    j--;
                }
                idx[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        sortByValue(idx, tmp, key, lo, mid);
        sortByValue(idx, tmp, key, mid, hi);
        if (!(key[idx[mid - 1]] > key[idx[mid]])) {
            return;
        }
        System.arraycopy(idx, lo, tmp, lo, hi - lo);
        int a = lo;
        int b = mid;
        for (int o = lo; o < hi; o++) {
            if (b >= hi || (a < mid && !(key[tmp[a]] > key[tmp[b]]))) {
                idx[o] = tmp[a++];
            } else {
                idx[o] = tmp[b++];
            }
        }
    }

    private static String format(double v) {
        return PerturbationSupport.format(v);
    }
}

package org.reident.distance;

import java.util.Arrays;

/**
 * The dense pattern index sum_k gamma_k LEVELS^k ({@link PatternCount}) of one query record against
 * every reference record at once, from the reference values sorted per variable, instead of a level
 * computed for each pair and variable.
 * <p>
 * For query value x and reference values v_s ascending, |fl(x - v_s)| is non-decreasing away from x
 * on either side (rounded subtraction is monotone in each argument, and fl(a - b) = -fl(b - a)), so
 * each level is one run of sorted positions on each side, whose ends a binary search on the
 * pair-by-pair predicate itself finds: the levels are exactly those of the pair-by-pair count, ties
 * and signed zeros included (-0.0 - 0.0 is -0.0, hence the absolute value there too). Every index
 * starts at the last level in every variable (most pairs of standardised records are more than
 * 1.28 sd apart in several variables) and only the records of lower levels are visited, through the
 * order of the sort: a few integer additions per record and variable, in a table of one int per
 * reference record (docs/design.md, PRL: 2.4 times faster on 20,000 records).
 */
final class SortedLevels {
    private static final int LAST = FellegiSunter.LEVELS - 1;

    private final int n;
    private final int nr;
    /** Per variable, the reference values ascending, and the reference record of each. */
    private final double[][] values;
    private final int[][] records;
    /**
     * The dense index's weights LEVELS^k, meaningful up to {@link PatternTable#VARIABLES}
     * variables ({@link #codes} uses 16^k).
     */
    private final int[] weight;
    private final int allLast;

    SortedLevels(double[] reference, int n) {
        this.n = n;
        this.nr = reference.length / n;
        values = new double[n][nr];
        records = new int[n][nr];
        weight = new int[n];
        int w = 1;
        int all = 0;
        for (int k = 0; k < n; k++) {
            weight[k] = w;
            all += LAST * w;
            w *= FellegiSunter.LEVELS;
            double[] v = new double[nr];
            for (int j = 0; j < nr; j++) {
                v[j] = reference[j * n + k];
            }
            Integer[] order = new Integer[nr]; // once per file, not per pair
            for (int j = 0; j < nr; j++) {
                order[j] = j;
            }
            Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
            for (int s = 0; s < nr; s++) {
                records[k][s] = order[s];
                values[k][s] = v[order[s]];
            }
        }
        allLast = all;
    }

    /** Writes into {@code index[j]} the dense pattern index of query record q against reference record j. */
    void indices(double[] query, int q, int[] index) {
        indices(query, q, index, 0);
    }

    /**
     * Writes into {@code index[offset + j]} the dense pattern index of query record q against
     * reference record j (up to {@link PatternTable#VARIABLES} variables, so that it is an int).
     */
    void indices(double[] query, int q, int[] index, int offset) {
        Arrays.fill(index, offset, offset + nr, allLast);
        for (int k = 0; k < n; k++) {
            double x = query[q * n + k];
            double[] v = values[k];
            int[] rec = records[k];
            int w = weight[k];
            int mid = firstAtLeast(v, x);
            // to the right: positions [from, to) hold level l
            int from = mid;
            for (int l = 0; l < LAST && from < nr; l++) {
                int to = rightEnd(v, x, from, l);
                int drop = (LAST - l) * w;
                for (int s = from; s < to; s++) {
                    index[offset + rec[s]] -= drop;
                }
                from = to;
            }
            // to the left: positions (to, from] hold level l
            from = mid - 1;
            for (int l = 0; l < LAST && from >= 0; l++) {
                int to = leftEnd(v, x, from, l);
                int drop = (LAST - l) * w;
                for (int s = from; s > to; s--) {
                    index[offset + rec[s]] -= drop;
                }
                from = to;
            }
        }
    }

    /**
     * Writes into {@code out[offset + j]} the pattern code (4 bits per variable, variable k at bits
     * 4k) of query record q against reference record j: the runs of {@link #indices}, with the
     * code's weights 16^k, for any number of variables up to {@link FellegiSunter#MAX_VARIABLES}.
     */
    void codes(double[] query, int q, long[] out, int offset) {
        long all = 0;
        for (int k = 0; k < n; k++) {
            all |= (long) LAST << (4 * k);
        }
        Arrays.fill(out, offset, offset + nr, all);
        for (int k = 0; k < n; k++) {
            double x = query[q * n + k];
            double[] v = values[k];
            int[] rec = records[k];
            int mid = firstAtLeast(v, x);
            int from = mid; // to the right: positions [from, to) hold level l
            for (int l = 0; l < LAST && from < nr; l++) {
                int to = rightEnd(v, x, from, l);
                long drop = (long) (LAST - l) << (4 * k);
                for (int s = from; s < to; s++) {
                    out[offset + rec[s]] -= drop;
                }
                from = to;
            }
            from = mid - 1; // to the left: positions (to, from] hold level l
            for (int l = 0; l < LAST && from >= 0; l++) {
                int to = leftEnd(v, x, from, l);
                long drop = (long) (LAST - l) << (4 * k);
                for (int s = from; s > to; s--) {
                    out[offset + rec[s]] -= drop;
                }
                from = to;
            }
        }
    }

    /** The first position whose value is >= x (nr when none). */
    private int firstAtLeast(double[] v, double x) {
        int lo = 0;
        int hi = nr;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (v[m] < x) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /** From {@code from} rightwards (values >= x), the first position whose level exceeds l (nr when none). */
    private int rightEnd(double[] v, double x, int from, int l) {
        int lo = from;
        int hi = nr;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (FellegiSunter.level(Math.abs(v[m] - x)) <= l) { // abs: -0.0 - 0.0 is -0.0
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /** From {@code from} leftwards (values < x), the last position whose level exceeds l (-1 when none). */
    private static int leftEnd(double[] v, double x, int from, int l) {
        int lo = 0; // the levels fall from position 0 to from: find the first in [0, from] at most l
        int hi = from + 1;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (FellegiSunter.level(Math.abs(x - v[m])) <= l) {
                hi = m;
            } else {
                lo = m + 1;
            }
        }
        return lo - 1;
    }
}

package org.reident.protect;

import org.reident.data.InputException;
import org.reident.distance.ColumnStats;

/**
 * Shared pieces of the microaggregation methods ({@link Mdav}, {@link IndividualRanking},
 * {@link Micz}): argument checks, the distance space, stable ordering, the consecutive-group rule
 * and replacement by group means.
 */
final class Microaggregation {
    private Microaggregation() {
    }

    /** k >= 1, checked when a method is built. */
    static int checkK(int k) {
        if (k < 1) {
            throw new InputException("--k: group size must be at least 1, got " + k);
        }
        return k;
    }

    /**
     * Shape and values of an input array (programming errors: IllegalArgumentException) and the
     * user-level requirement 2k <= rows (at least two groups: InputException).
     */
    static void check(double[] x, int rows, int n, int k) {
        if (rows < 1 || n < 1 || x.length != (long) rows * n) {
            throw new IllegalArgumentException("need rows >= 1, n >= 1 and x.length == rows * n; got rows "
                    + rows + ", n " + n + ", length " + x.length);
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("non-finite value at row " + i / n + ", column " + i % n);
            }
        }
        if (2L * k > rows) {
            throw new InputException("--k: group size " + k + " is larger than half the " + rows
                    + (rows == 1 ? " record" : " records") + "; microaggregation needs at least two groups");
        }
    }

    /**
     * The values distances are computed on: a copy of x, or each column standardised as
     * (v - mean) / sd (sample sd, n-1 denominator, {@link ColumnStats}). A constant column (all
     * values equal) is standardised to 0 everywhere: it carries no distance. (Tested by equality
     * of the values, not by sd == 0, because the computed sd of a constant column can be a tiny
     * non-zero rounding residue.)
     */
    static double[] distanceSpace(double[] x, int rows, int n, boolean standardize) {
        if (!standardize) {
            return x.clone();
        }
        double[] mean = ColumnStats.means(x, rows, n);
        double[] sd = ColumnStats.sds(x, rows, n, mean);
        double[] z = new double[rows * n];
        for (int k = 0; k < n; k++) {
            if (isConstant(x, rows, n, k)) {
                continue;
            }
            double m = mean[k];
            double s = sd[k];
            for (int i = 0; i < rows; i++) {
                z[i * n + k] = (x[i * n + k] - m) / s;
            }
        }
        return z;
    }

    static boolean isConstant(double[] x, int rows, int n, int col) {
        double first = x[col];
        for (int i = 1; i < rows; i++) {
            if (x[i * n + col] != first) {
                return false;
            }
        }
        return true;
    }

    /**
     * Record indices sorted by increasing key, ties by increasing index (a stable merge sort on
     * primitive arrays; -0.0 and 0.0 are equal keys).
     *
     * @param key    values, read at {@code key[offset + i * stride]} for record i
     */
    static int[] stableOrder(double[] key, int rows, int offset, int stride) {
        int[] a = new int[rows];
        for (int i = 0; i < rows; i++) {
            a[i] = i;
        }
        int[] b = new int[rows];
        for (int width = 1; width < rows; width *= 2) {
            for (int lo = 0; lo < rows; lo += 2 * width) {
                int mid = Math.min(lo + width, rows);
                int hi = Math.min(lo + 2 * width, rows);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    // take from the right run only when strictly smaller: stable
                    if (key[offset + a[j] * stride] < key[offset + a[i] * stride]) {
                        b[o++] = a[j++];
                    } else {
                        b[o++] = a[i++];
                    }
                }
                while (i < mid) {
                    b[o++] = a[i++];
                }
                while (j < hi) {
                    b[o++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Consecutive groups along an order: with rows = q k + m (0 <= m < k), the records at
     * positions 0..k-1 of the order form group 0, the next k group 1, ..., and the last group q-1
     * takes the last k + m records (size k..2k-1).
     *
     * @return the group id of each record (indexed by record, not by position)
     */
    static int[] consecutiveGroups(int[] order, int k) {
        int rows = order.length;
        int last = rows / k - 1;
        int[] gid = new int[rows];
        for (int p = 0; p < rows; p++) {
            gid[order[p]] = Math.min(p / k, last);
        }
        return gid;
    }

    /**
     * Replaces column {@code col} of every record by the mean of its group, written into y. The
     * mean is computed as v_f + sum_i (v_i - v_f) / size with v_f the value of the group's
     * lowest-index record, so a group of equal values keeps that value exactly (and k = 1 is the
     * identity).
     */
    static void groupMeans(double[] x, int rows, int n, int col, int[] gid, int groups, double[] y,
            int[] first, double[] sum, int[] size) {
        java.util.Arrays.fill(first, 0, groups, -1);
        java.util.Arrays.fill(sum, 0, groups, 0.0);
        java.util.Arrays.fill(size, 0, groups, 0);
        for (int i = 0; i < rows; i++) {
            int g = gid[i];
            if (first[g] < 0) {
                first[g] = i;
            }
            sum[g] += x[i * n + col] - x[first[g] * n + col];
            size[g]++;
        }
        for (int g = 0; g < groups; g++) {
            sum[g] = x[first[g] * n + col] + sum[g] / size[g];
        }
        for (int i = 0; i < rows; i++) {
            y[i * n + col] = sum[gid[i]];
        }
    }

    /** Every column replaced by its group mean (same groups for all columns). */
    static double[] replaceByGroupMeans(double[] x, int rows, int n, int[] gid) {
        int groups = 0;
        for (int g : gid) {
            groups = Math.max(groups, g + 1);
        }
        double[] y = new double[x.length];
        int[] first = new int[groups];
        double[] sum = new double[groups];
        int[] size = new int[groups];
        for (int col = 0; col < n; col++) {
            groupMeans(x, rows, n, col, gid, groups, y, first, sum, size);
        }
        return y;
    }
}

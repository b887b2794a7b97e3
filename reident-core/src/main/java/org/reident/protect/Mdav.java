package org.reident.protect;

import java.util.Arrays;

/**
 * MDAV microaggregation (maximum distance to average vector) with fixed group size k,
 * multivariate over all the given columns: J. Domingo-Ferrer and J. M. Mateo-Sanz, "Practical
 * data-oriented microaggregation for statistical disclosure control", IEEE TKDE 14(1), 2002; J.
 * Domingo-Ferrer and V. Torra, "Ordinal, continuous and heterogeneous k-anonymity through
 * microaggregation", Data Mining and Knowledge Discovery 11(2), 2005.
 *
 * <p>Distances are squared Euclidean on the standardised values (each column (v - mean) / sd,
 * sample sd with n-1 denominator, statistics of the whole file; a constant column counts 0) by
 * default, or on the raw values with {@link Scale#RAW}. With R the number of records not yet
 * grouped:
 * <ol>
 * <li>while R &gt;= 3k: c = centroid (mean vector) of the R records; r = the record farthest from
 * c; group r with its k-1 nearest records; s = the record farthest from r among those not in r's
 * group; group s with its k-1 nearest records among those left; remove both groups;</li>
 * <li>if 2k &lt;= R &lt;= 3k-1: r = the record farthest from the centroid of the R records; group r
 * with its k-1 nearest; the other R-k records form the last group;</li>
 * <li>if R &lt; 2k: the R records form the last group.</li>
 * </ol>
 * <b>Group sizes:</b> every group has k records except the last one, which has k..2k-1 records.
 * Requires 1 &lt;= k and 2k &lt;= rows (at least two groups), otherwise an
 * {@link org.reident.data.InputException}.
 *
 * <p><b>Ties</b> are broken by the lowest record index: the farthest record is the lowest-index one
 * among those at the maximal distance, and the k-1 nearest are the first k-1 records in the order
 * (distance, index). s is chosen after r's group is formed; this is the record farthest from r
 * overall except in the degenerate case where ties at the maximal distance put that record into
 * r's group. Arithmetic is fixed so that results are reproducible: the centroid is the sum in
 * increasing record index divided by R, distances sum (a_j - b_j)^2 over the columns in order.
 *
 * <p>The protected value of every record is the mean of its group, per column, in original
 * units. Cost: O(N^2 n / k) time and O(N n) memory (no N x N matrix): each pair of groups takes
 * four passes over the remaining records plus a bounded-heap selection of the nearest.
 */
public final class Mdav implements Masking {
    /** The space distances are computed in. */
    public enum Scale {
        /** Each column standardised to (v - mean) / sd (n-1), constant columns to 0 (the default). */
        STANDARDIZED,
        /** Raw values. */
        RAW
    }

    private final int k;
    private final Scale scale;

    /** MDAV with group size k on standardised values. */
    public Mdav(int k) {
        this(k, Scale.STANDARDIZED);
    }

    public Mdav(int k, Scale scale) {
        this.k = Microaggregation.checkK(k);
        if (scale == null) {
            throw new IllegalArgumentException("scale is null");
        }
        this.scale = scale;
    }

    public int k() {
        return k;
    }

    public Scale scale() {
        return scale;
    }

    @Override
    public String label() {
        return scale == Scale.RAW ? "mdav(k=" + k + ",raw)" : "mdav(k=" + k + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, k);
        if (k == 1) {
            return x.clone(); // singletons: every record is its own centroid
        }
        return Microaggregation.replaceByGroupMeans(x, rows, n, groups(x, rows, n));
    }

    /**
     * The MDAV partition: the group id of each record, groups numbered in the order they are
     * formed (0 = r's group of the first round, 1 = s's group, ..., the last group is the
     * remainder).
     */
    public int[] groups(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, k);
        double[] z = Microaggregation.distanceSpace(x, rows, n, scale == Scale.STANDARDIZED);
        return partition(z, rows, n, k);
    }

    /** MDAV on the distance-space values z (row-major rows x n), 2k <= rows. */
    static int[] partition(double[] z, int rows, int n, int k) {
        int[] gid = new int[rows];
        // The records not yet grouped, compacted in increasing index order and stored column-major
        // (column j at buf[j * rows .. j * rows + rem)) so that the distance loops run down
        // contiguous columns; idx holds their record indices. Position order is index order, so
        // "lowest position" is "lowest record index" in every tie rule. Per record, distances are
        // still summed over the columns in order: the arithmetic is that of the documented rule.
        double[] buf = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                buf[j * rows + i] = z[i * n + j];
            }
        }
        int[] idx = new int[rows];
        for (int i = 0; i < rows; i++) {
            idx[i] = i;
        }
        double[] c = new double[n];
        double[] d = new double[rows];
        boolean[] taken = new boolean[rows];
        int[] heap = new int[Math.max(k - 1, 1)];
        int rem = rows;
        int g = 0;
        while (rem >= 3 * k) {
            centroid(buf, rows, rem, n, c);
            int r = farthestFromCentroid(buf, rows, rem, n, c, d);
            int far = distancesTo(buf, rows, rem, n, r, d);
            take(r, d, rem, taken, heap, k - 1, idx, gid, g);
            int s = taken[far] ? farthestUntaken(d, rem, taken) : far;
            distancesTo(buf, rows, rem, n, s, d);
            take(s, d, rem, taken, heap, k - 1, idx, gid, g + 1);
            g += 2;
            rem = compact(buf, rows, idx, taken, rem, n);
        }
        if (rem >= 2 * k) {
            centroid(buf, rows, rem, n, c);
            int r = farthestFromCentroid(buf, rows, rem, n, c, d);
            distancesTo(buf, rows, rem, n, r, d);
            take(r, d, rem, taken, heap, k - 1, idx, gid, g);
            g++;
            for (int p = 0; p < rem; p++) {
                if (!taken[p]) {
                    gid[idx[p]] = g;
                }
            }
        } else {
            for (int p = 0; p < rem; p++) {
                gid[idx[p]] = g;
            }
        }
        return gid;
    }

    /** c_j = (sum of column j over positions 0..rem-1, in order) / rem. */
    private static void centroid(double[] buf, int stride, int rem, int n, double[] c) {
        Arrays.fill(c, 0.0);
        // all n column sums advance together: n independent addition chains instead of one
        for (int p = 0; p < rem; p++) {
            for (int j = 0, o = p; j < n; j++, o += stride) {
                c[j] += buf[o];
            }
        }
        for (int j = 0; j < n; j++) {
            c[j] /= rem;
        }
    }

    /** Position of the record farthest from c (lowest on ties); d is scratch. */
    private static int farthestFromCentroid(double[] buf, int stride, int rem, int n, double[] c, double[] d) {
        Arrays.fill(d, 0, rem, 0.0);
        for (int j = 0; j < n; j++) {
            int o = j * stride;
            double cj = c[j];
            for (int p = 0; p < rem; p++) {
                double t = buf[o + p] - cj;
                d[p] += t * t;
            }
        }
        return argmax(d, rem);
    }

    /**
     * d[p] = squared distance from position p to position r, for all p < rem.
     *
     * @return the position of the largest distance (lowest on ties)
     */
    private static int distancesTo(double[] buf, int stride, int rem, int n, int r, double[] d) {
        Arrays.fill(d, 0, rem, 0.0);
        for (int j = 0; j < n; j++) {
            int o = j * stride;
            double v = buf[o + r];
            for (int p = 0; p < rem; p++) {
                double t = buf[o + p] - v;
                d[p] += t * t;
            }
        }
        return argmax(d, rem);
    }

    private static int argmax(double[] d, int rem) {
        int best = 0;
        double bestD = d[0];
        for (int p = 1; p < rem; p++) {
            if (d[p] > bestD) {
                bestD = d[p];
                best = p;
            }
        }
        return best;
    }

    private static int farthestUntaken(double[] d, int rem, boolean[] taken) {
        int best = -1;
        double bestD = -1;
        for (int p = 0; p < rem; p++) {
            if (!taken[p] && d[p] > bestD) {
                bestD = d[p];
                best = p;
            }
        }
        return best;
    }

    /**
     * Groups the record at position c with the m untaken records nearest to it in the order
     * (d, position), marking them taken and assigning group id g. Bounded max-heap of size m.
     */
    private static void take(int c, double[] d, int rem, boolean[] taken, int[] heap, int m,
            int[] idx, int[] gid, int g) {
        taken[c] = true;
        gid[idx[c]] = g;
        int size = 0;
        for (int p = 0; p < rem && m > 0; p++) {
            if (taken[p]) {
                continue;
            }
            if (size < m) {
                // sift up
                int i = size++;
                while (i > 0) {
                    int parent = (i - 1) >>> 1;
                    if (!after(d, p, heap[parent])) {
                        break;
                    }
                    heap[i] = heap[parent];
                    i = parent;
                }
                heap[i] = p;
            } else if (after(d, heap[0], p)) {
                // p precedes the current worst: replace the root and sift down
                int i = 0;
                while (true) {
                    int l = 2 * i + 1;
                    if (l >= size) {
                        break;
                    }
                    int ch = l + 1 < size && after(d, heap[l + 1], heap[l]) ? l + 1 : l;
                    if (!after(d, heap[ch], p)) {
                        break;
                    }
                    heap[i] = heap[ch];
                    i = ch;
                }
                heap[i] = p;
            }
        }
        for (int i = 0; i < size; i++) {
            taken[heap[i]] = true;
            gid[idx[heap[i]]] = g;
        }
    }

    /** True when position a comes after position b in the order (distance, position). */
    private static boolean after(double[] d, int a, int b) {
        return d[a] > d[b] || (d[a] == d[b] && a > b);
    }

    /** Drops the taken records, keeping the order; clears taken; returns the new count. */
    private static int compact(double[] buf, int stride, int[] idx, boolean[] taken, int rem, int n) {
        int w = 0;
        for (int p = 0; p < rem; p++) {
            if (!taken[p]) {
                idx[w++] = idx[p];
            }
        }
        for (int j = 0; j < n; j++) {
            int o = j * stride;
            int q = o;
            for (int p = 0; p < rem; p++) {
                if (!taken[p]) {
                    buf[q++] = buf[o + p];
                }
            }
        }
        Arrays.fill(taken, 0, rem, false);
        return w;
    }
}

package org.reident.linkage;

import java.util.Arrays;
import org.reident.distance.GapDistance;

/**
 * A k-d tree (Bentley 1975; Friedman, Bentley and Finkel 1977) over the reference records of a
 * distance that is a non-decreasing function f of the coordinate gaps |a_k - b_k| ({@link GapDistance}):
 * a weighted squared Euclidean distance sum_k w_k (a_k - b_k)^2 with every w_k >= 0 (AM, WM, DBRL2, MD,
 * MD0, MD* and a positive semi-definite SB, their coordinates rotated onto the eigenvectors), OWA
 * with non-negative weights, or the Choquet integral of a monotone measure; or PRL, whose penalties
 * per level need not grow with the gap but are bounded by their envelopes. Each node holds the
 * tight box [lo_k, hi_k] of its records; a leaf holds at most {@value #LEAF}. A node splits at the
 * median of the coordinate whose weighted spread s_k (hi_k - lo_k)^2 is largest
 * ({@link GapDistance#spreadWeights}).
 *
 * <p><b>Bounds equal to the kernel's rounding.</b> For query a and a box, {@link #lower} is f of the
 * gaps g_k from a_k to [lo_k, hi_k], and {@link #upper} f of the gaps to the farthest corner, both
 * computed by the kernel's own operations ({@link GapDistance#lowerOfGaps}, {@link GapDistance#upperOfGaps};
 * f itself for a monotone f, PRL's envelopes otherwise). Every record b in the box has
 * |a_k - b_k| >= g_k exactly; rounding to nearest is monotone, so the rounded gap is at least the
 * rounded bound's gap, and f, computed in floating point, keeps that order step by step: the rounded
 * lower bound is at most the rounded distance of every record in the box (and the upper bound at
 * least). Pruning by the bounds therefore drops no record that the exhaustive scan would count, with
 * no safety margin. Choquet's rounded kernel is monotone only within a relative error
 * ({@link GapDistance#relativeError()}); its bounds give that much away (and 1e-300 absolutely).
 */
final class KdTree {
    /** Records per leaf, at most. */
    static final int LEAF = 16;

    private final int n;
    private final GapDistance d;
    /** {@link GapDistance#relativeError()}: 0, or how much the bounds give away. */
    private final double slack;
    /** Reference records in tree order, record-major: {@code points[p * n + k]}. */
    private final double[] points;
    /** The reference record at tree position p. */
    private final int[] index;
    /** The tree position of reference record j. */
    private final int[] position;
    private int[] start = new int[64];
    private int[] end = new int[64];
    /** Child nodes, -1 for a leaf. */
    private int[] left = new int[64];
    private int[] right = new int[64];
    /** Node v's box: {@code box[v * 2n + k]} = lo_k, {@code box[v * 2n + n + k]} = hi_k. */
    private double[] box = new double[64];
    private int nodes;

    private KdTree(GapDistance d, double[] w, double[] columns, int rows) {
        this.n = d.dimension();
        this.d = d;
        this.slack = d.relativeError();
        this.index = new int[rows];
        for (int j = 0; j < rows; j++) {
            index[j] = j;
        }
        build(columns, rows, 0, rows, w);
        this.points = new double[rows * n];
        this.position = new int[rows];
        for (int p = 0; p < rows; p++) {
            int j = index[p];
            position[j] = p;
            for (int k = 0; k < n; k++) {
                points[p * n + k] = columns[k * rows + j];
            }
        }
    }

    /** The tree of d's reference records; d must be {@link GapDistance#bounded()}. */
    static KdTree of(GapDistance d) {
        if (!d.bounded()) {
            throw new IllegalArgumentException("a k-d tree needs a distance bounded over a box by its gaps");
        }
        return new KdTree(d, d.spreadWeights(), d.referenceColumns(), d.referenceCount());
    }

    private int build(double[] columns, int rows, int from, int to, double[] w) {
        int v = newNode(from, to);
        int o = v * 2 * n;
        for (int k = 0; k < n; k++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (int p = from; p < to; p++) {
                double x = columns[k * rows + index[p]];
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            box[o + k] = lo;
            box[o + n + k] = hi;
        }
        int split = -1;
        double spread = 0;
        for (int k = 0; k < n; k++) {
            double r = box[o + n + k] - box[o + k];
            double s = w[k] * r * r;
            if (s > spread) {
                spread = s;
                split = k;
            }
        }
        if (to - from <= LEAF || split < 0) {
            left[v] = -1;
            right[v] = -1;
            return v;
        }
        int mid = (from + to) >>> 1;
        select(columns, split * rows, from, to - 1, mid);
        int l = build(columns, rows, from, mid, w);
        int r = build(columns, rows, mid, to, w);
        left[v] = l;
        right[v] = r;
        return v;
    }

    private int newNode(int from, int to) {
        if (nodes == start.length) {
            int c = 2 * nodes;
            start = Arrays.copyOf(start, c);
            end = Arrays.copyOf(end, c);
            left = Arrays.copyOf(left, c);
            right = Arrays.copyOf(right, c);
        }
        if ((nodes + 1) * 2 * n > box.length) {
            box = Arrays.copyOf(box, Math.max(2 * box.length, (nodes + 1) * 2 * n));
        }
        start[nodes] = from;
        end[nodes] = to;
        return nodes++;
    }

    /** Hoare's selection: index[lo..hi] arranged so that position m holds its order statistic by column c. */
    private void select(double[] columns, int c, int lo, int hi, int m) {
        while (lo < hi) {
            double pivot = columns[c + index[(lo + hi) >>> 1]];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (columns[c + index[i]] < pivot) {
                    i++;
                }
                while (columns[c + index[j]] > pivot) {
                    j--;
                }
                if (i <= j) {
                    int t = index[i];
                    index[i++] = index[j];
                    index[j--] = t;
                }
            }
            if (m <= j) {
                hi = j;
            } else if (m >= i) {
                lo = i;
            } else {
                return;
            }
        }
    }

    int dimension() {
        return n;
    }

    int nodeCount() {
        return nodes;
    }

    int root() {
        return 0;
    }

    boolean isLeaf(int v) {
        return left[v] < 0;
    }

    int left(int v) {
        return left[v];
    }

    int right(int v) {
        return right[v];
    }

    int start(int v) {
        return start[v];
    }

    int end(int v) {
        return end[v];
    }

    /** The reference record at tree position p. */
    int record(int p) {
        return index[p];
    }

    /** The tree position of reference record j. */
    int position(int j) {
        return position[j];
    }

    /** d(a, record at tree position p), by the kernel's operations; g and scratch hold n doubles each. */
    double distance(double[] a, int p, double[] g, double[] scratch) {
        final int o = p * n;
        for (int k = 0; k < n; k++) {
            g[k] = Math.abs(a[k] - points[o + k]);
        }
        return d.ofGaps(g, scratch);
    }

    /** A lower bound on d(a, b) over the records b of node v, never above the kernel's rounded value. */
    double lower(double[] a, int v, double[] g, double[] scratch) {
        final int o = v * 2 * n;
        for (int k = 0; k < n; k++) {
            double lo = box[o + k];
            double hi = box[o + n + k];
            g[k] = a[k] < lo ? lo - a[k] : a[k] > hi ? a[k] - hi : 0.0;
        }
        double f = d.lowerOfGaps(g, scratch);
        return slack == 0 ? f : f * (1 - slack) - 1e-300;
    }

    /** An upper bound on d(a, b) over the records b of node v, never below the kernel's rounded value. */
    double upper(double[] a, int v, double[] g, double[] scratch) {
        final int o = v * 2 * n;
        for (int k = 0; k < n; k++) {
            g[k] = Math.max(Math.abs(a[k] - box[o + k]), Math.abs(box[o + n + k] - a[k]));
        }
        double f = d.upperOfGaps(g, scratch);
        return slack == 0 ? f : f * (1 + slack) + 1e-300;
    }
}

package org.reident.learn;

/**
 * Two rivals that together rule a record out of a cell of weights where neither does alone
 * ({@link SimplexCells}). Let a and b be two rivals' e vectors of record i and v_1 .. v_n the cell's
 * vertices. If some t in [0, 1] has t (v . a) + (1 - t) (v . b) < eps at every vertex v, then, w
 * being a convex combination of the vertices, t (w . a) + (1 - t) (w . b) < eps for every w of the
 * cell, so w . a < eps or w . b < eps: no w of the cell links i. This is a Farkas certificate of the
 * record's LP over the cell with two rivals; Helly's theorem allows up to n to be needed, but on the
 * frontier of a 20 s search of 3,000 x 6 records (60% noise, WM) a pair sufficed for 129 of the 145
 * records that an exact LP (GLOP) ruled out (development probe, 2026-11-27, docs/learning.md).
 * <p>
 * A pair can only work if at each vertex one of the two is below eps, so each rival gets the bit
 * mask of its vertices below eps and only pairs whose masks cover every vertex are tested. The t
 * chosen is the middle of the open interval the vertices allow, and the certificate is checked
 * again at that t with the same rounding slack as the single-rival test.
 */
final class RivalPairs {
    /**
     * Pairs are sought among a record's first this many rivals below eps at some vertex of the
     * cell (in the order {@link SimplexCells} keeps them: least sum of e first). Measured on the
     * 3,000 x 6 file above, `learn --aggregator wm --time-limit 60s`, before the pairs' time was
     * limited, with the count set by a development switch (not kept), bound at the end: all rivals
     * 306 (4,180 cells), 40 274, 20 275, 12 273-274, 6 276, no pairs 284-285 (2026-11-27).
     */
    static final int RIVALS = 12;
    private final int n;
    /** eps less the rounding slack: below this a value counts as below eps. */
    private final double below;
    /** Per active rival (index c), its values at the n vertices: values[c * n + b]. */
    private final double[] values;
    private final int[] masks = new int[RIVALS];
    /** Per active rival, its offset in the record's rival array. */
    private final int[] offsets = new int[RIVALS];
    private final double[] pa;
    private final double[] pb;

    RivalPairs(int n, double eps, double round) {
        this.n = n;
        this.below = eps - round;
        values = new double[RIVALS * n];
        pa = new double[n];
        pb = new double[n];
    }

    /**
     * A pair of rivals of r (n values each) ruling its record out of the cell with vertices v,
     * packed as {@code (long) offsetA << 32 | offsetB}, or -1 when no pair does. Only the rivals in
     * {@code crossing} are tried ({@link CellKept#bit}; {@link CellKept#ALL}: every one): a rival
     * that reaches eps at every vertex is in no pair that works.
     */
    long find(double[][] v, double[] r, int crossing) {
        int full = (1 << n) - 1;
        int count = 0;
        int rivals = r.length / n;
        for (int j = CellKept.next(crossing, -1, rivals); j >= 0 && count < RIVALS; j = CellKept.next(crossing, j, rivals)) {
            int o = j * n;
            int mask = 0;
            int at = count * n;
            for (int b = 0; b < n; b++) {
                double s = 0;
                double[] vertex = v[b];
                for (int k = 0; k < n; k++) {
                    s += vertex[k] * r[o + k];
                }
                values[at + b] = s;
                if (s < below) {
                    mask |= 1 << b;
                }
            }
            if (mask != 0) {
                masks[count] = mask;
                offsets[count++] = o;
            }
        }
        for (int x = 0; x < count; x++) {
            int mx = masks[x];
            for (int y = x + 1; y < count; y++) {
                if ((mx | masks[y]) == full && separates(values, x * n, values, y * n)) {
                    return (long) offsets[x] << 32 | offsets[y];
                }
            }
        }
        return -1;
    }

    /** The pair {@link #find} returned still rules the record out of the cell with vertices v. */
    boolean holds(double[][] v, double[] r, long pair) {
        int oa = (int) (pair >>> 32);
        int ob = (int) pair;
        for (int b = 0; b < n; b++) {
            double sa = 0;
            double sb = 0;
            double[] vertex = v[b];
            for (int k = 0; k < n; k++) {
                sa += vertex[k] * r[oa + k];
                sb += vertex[k] * r[ob + k];
            }
            pa[b] = sa;
            pb[b] = sb;
        }
        return separates(pa, 0, pb, 0);
    }

    /** Some t in [0, 1] has t a_b + (1 - t) b_b below eps at every vertex b (checked again at that t). */
    private boolean separates(double[] a, int ia, double[] bv, int ib) {
        return separates(a, ia, bv, ib, n, below);
    }

    /**
     * Some t in [0, 1] has t a_b + (1 - t) b_b below {@code below} at every vertex b (a_b =
     * a[ia + b], b_b = bv[ib + b], b < n): the open interval of such t is narrowed vertex by vertex,
     * and its middle is checked again. Also `reident verify`'s pair test ({@link WeightCheck}).
     */
    static boolean separates(double[] a, int ia, double[] bv, int ib, int n, double below) {
        double lo = 0;
        double hi = 1;
        for (int b = 0; b < n; b++) {
            double x = a[ia + b];
            double y = bv[ib + b];
            double d = x - y;
            double room = below - y; // need t d < room
            if (d > 0) {
                hi = Math.min(hi, room / d);
            } else if (d < 0) {
                lo = Math.max(lo, room / d);
            } else if (room <= 0) {
                return false;
            }
            if (lo >= hi) {
                return false;
            }
        }
        double t = 0.5 * (lo + hi);
        for (int b = 0; b < n; b++) {
            if (t * a[ia + b] + (1 - t) * bv[ib + b] >= below) {
                return false;
            }
        }
        return true;
    }
}

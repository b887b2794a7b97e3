package org.reident.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Places the labels of a scatter plot's points so that no label covers another label or any point:
 * the risk-utility map of an experiment, where protected files of one method often land a few pixels
 * apart (Table 5's M4-28 and M4-82 are 3.4 px apart on the map) and labels all drawn at the same
 * offset were printed over each other.
 *
 * <p>Greedy, deterministic: the points are taken from the most crowded (most other points within
 * {@link #CROWD} px) to the least, ties in their given order; each label takes the first of its
 * candidate places that stays inside the plot, covers no point and no label placed so far, and is
 * crossed by no leader line placed so far. The first candidates are the eight places around the
 * point ({@link #GAP} px from it, upper right first), where the label must lie nearer its point than
 * any other (so that a reader pairs them right); then rings at growing distances (18 to 170 px, a
 * place every {@link #RING_STEP} px along each), joined to the point by a leader line that must cross
 * no other point, label or leader line. A label that finds no such place (a point ringed closely by
 * others, or more labels than the plot holds) takes the candidate inside the plot covering the least
 * area of the others, among those the one with the fewest faults, then the nearest: labels cover no
 * label or point wherever a free place exists (MapLabelsTest).
 *
 * <p>Label boxes are estimated from the text's length: {@link #CHAR_WIDTH} of the font size a
 * character (wider than the average of the common sans-serif fonts' digits and capitals) and from
 * {@link #ASCENT} above the baseline to {@link #DESCENT} below it.
 */
final class MapLabels {
    /** Pixels between a point's centre and its label's nearest corner or side. */
    static final double GAP = 6;
    /** The half side of the square kept clear around each point (its circle has radius 4). */
    static final double POINT = 5;
    /** A label's width a character, as a share of the font size. */
    static final double CHAR_WIDTH = 0.65;
    /** Above the baseline and below it, as shares of the font size. */
    static final double ASCENT = 0.8;
    static final double DESCENT = 0.25;
    /** Two points closer than this many pixels count as crowding each other. */
    static final double CROWD = 40;
    /** What a fallback's fault weighs beside a square pixel covered (a hundredth of one weighs as much as 10,000 faults). */
    private static final double FAULT = 1e-6;
    /** The rings' distances from the point, in pixels. */
    private static final double[] RINGS = {18, 30, 44, 60, 80, 105, 135, 170};
    /** Pixels along a ring between two of its places (at least 16 places a ring). */
    private static final double RING_STEP = 12;

    /** Where a label goes: its box, its text's anchor (start, x at the box's left) and whether it needs a leader line. */
    record Placed(double left, double top, double right, double bottom, boolean leader) {
        double baseline(double fontSize) {
            return bottom - DESCENT * fontSize;
        }

        /** Where the leader line from (px, py) meets the box: the box's point nearest it. */
        double[] leaderEnd(double px, double py) {
            return new double[] {Math.max(left, Math.min(right, px)), Math.max(top, Math.min(bottom, py))};
        }

        /**
         * Whether the leader line from (px, py) passes through the box [l, r] x [t, b] (Liang and
         * Barsky's clipping of the segment against the box's four sides).
         */
        boolean leaderHits(double px, double py, double l, double t, double r, double b) {
            double dx = Math.max(left, Math.min(right, px)) - px;
            double dy = Math.max(top, Math.min(bottom, py)) - py;
            double lo = 0; // the part [lo, hi] of the segment inside the sides clipped so far
            double hi = 1;
            for (int side = 0; side < 4; side++) { // p u <= q for the points at u inside this side
                double p = side == 0 ? -dx : side == 1 ? dx : side == 2 ? -dy : dy;
                double q = side == 0 ? px - l : side == 1 ? r - px : side == 2 ? py - t : b - py;
                if (p == 0) {
                    if (q < 0) {
                        return false; // parallel to this side and outside it
                    }
                } else if (p < 0) {
                    lo = Math.max(lo, q / p);
                } else {
                    hi = Math.min(hi, q / p);
                }
                if (lo >= hi) {
                    return false;
                }
            }
            return true;
        }

        /** The distance from (px, py) to the nearest point of the box (0 inside). */
        double distanceTo(double px, double py) {
            return Math.hypot(Math.max(0, Math.max(left - px, px - right)), Math.max(0, Math.max(top - py, py - bottom)));
        }

        double overlapArea(double l, double t, double r, double b) {
            double w = Math.min(right, r) - Math.max(left, l);
            double h = Math.min(bottom, b) - Math.max(top, t);
            return w > 0 && h > 0 ? w * h : 0;
        }
    }

    private MapLabels() {
    }

    /**
     * The label of each point (same order), inside the plot [x0, x1] x [y0, y1].
     *
     * @param x the points' centres across, in pixels
     * @param y the points' centres down, in pixels
     * @param text the labels
     */
    static Placed[] place(double[] x, double[] y, String[] text, double fontSize, double x0, double y0, double x1, double y1) {
        int n = x.length;
        Integer[] order = new Integer[n];
        int[] crowd = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            for (int j = 0; j < n; j++) {
                if (j != i && Math.hypot(x[i] - x[j], y[i] - y[j]) < CROWD) {
                    crowd[i]++;
                }
            }
        }
        Arrays.sort(order, (a, b) -> crowd[a] != crowd[b] ? Integer.compare(crowd[b], crowd[a]) : Integer.compare(a, b));
        Placed[] placed = new Placed[n];
        double[][] ends = new double[n][]; // where each placed label's leader line ends (null: none)
        for (int i : order) {
            placed[i] = best(i, x, y, text[i].length() * CHAR_WIDTH * fontSize, (ASCENT + DESCENT) * fontSize, placed, ends,
                    x0, y0, x1, y1);
            ends[i] = placed[i].leader() ? placed[i].leaderEnd(x[i], y[i]) : null;
        }
        return placed;
    }

    private static Placed best(int i, double[] x, double[] y, double w, double h, Placed[] placed, double[][] ends, double x0,
            double y0, double x1, double y1) {
        Placed fallback = null;
        double least = Double.POSITIVE_INFINITY;
        for (Placed c : candidates(x[i], y[i], w, h)) {
            if (c.left() < x0 || c.right() > x1 || c.top() < y0 || c.bottom() > y1) {
                continue;
            }
            double covered = 0;
            int faults = 0; // beside its point, nearer another point; a leader line crossing a point, a label or a leader
            double own = c.distanceTo(x[i], y[i]);
            double[] end = c.leader() ? c.leaderEnd(x[i], y[i]) : null;
            for (int j = 0; j < x.length && covered + FAULT * faults < least; j++) { // worse than the fallback: next
                Placed p = placed[j];
                covered += c.overlapArea(x[j] - POINT, y[j] - POINT, x[j] + POINT, y[j] + POINT);
                if (p != null) {
                    covered += c.overlapArea(p.left(), p.top(), p.right(), p.bottom());
                }
                if (j == i) {
                    continue;
                }
                if (!c.leader() && own >= c.distanceTo(x[j], y[j])) { // a leader line shows the pairing
                    faults++;
                }
                boolean on = Math.abs(x[j] - x[i]) < POINT && Math.abs(y[j] - y[i]) < POINT; // the leader starts on it
                if (c.leader() && !on && c.leaderHits(x[i], y[i], x[j] - POINT, y[j] - POINT, x[j] + POINT, y[j] + POINT)) {
                    faults++;
                }
                if (p != null && p.leader() && p.leaderHits(x[j], y[j], c.left(), c.top(), c.right(), c.bottom())) {
                    faults++;
                }
                if (p != null && c.leader() && (c.leaderHits(x[i], y[i], p.left(), p.top(), p.right(), p.bottom())
                        || p.leader() && crosses(x[i], y[i], end, x[j], y[j], ends[j]))) {
                    faults++;
                }
            }
            if (covered == 0 && faults == 0) {
                return c;
            }
            double score = covered + FAULT * faults; // no cover first, then the fewest faults, then the nearest
            if (score < least) {
                least = score;
                fallback = c;
            }
        }
        return fallback != null ? fallback : new Placed(x[i] + GAP, y[i] - GAP - h, x[i] + GAP + w, y[i] - GAP, false);
    }

    /** Whether the segments from (ax, ay) to a and from (bx, by) to b cross or touch. */
    static boolean crosses(double ax, double ay, double[] a, double bx, double by, double[] b) {
        double d1 = side(bx, by, b[0], b[1], ax, ay);
        double d2 = side(bx, by, b[0], b[1], a[0], a[1]);
        double d3 = side(ax, ay, a[0], a[1], bx, by);
        double d4 = side(ax, ay, a[0], a[1], b[0], b[1]);
        return d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 == 0 && d2 == 0); // collinear segments: taken as apart
    }

    /** The sign of the turn from (px, py) -> (qx, qy) to (rx, ry): the cross product. */
    private static double side(double px, double py, double qx, double qy, double rx, double ry) {
        return (qx - px) * (ry - py) - (qy - py) * (rx - px);
    }

    /** The eight places beside the point, then the rings (with a leader line), in the order tried. */
    static List<Placed> candidates(double px, double py, double w, double h) {
        List<Placed> out = new ArrayList<>();
        double g = GAP;
        out.add(box(px + g, py - g - h, w, h, false)); // upper right
        out.add(box(px + g, py - h / 2, w, h, false)); // right
        out.add(box(px + g, py + g, w, h, false)); // lower right
        out.add(box(px - g - w, py - g - h, w, h, false)); // upper left
        out.add(box(px - g - w, py - h / 2, w, h, false)); // left
        out.add(box(px - g - w, py + g, w, h, false)); // lower left
        out.add(box(px - w / 2, py - g - h, w, h, false)); // above
        out.add(box(px - w / 2, py + g, w, h, false)); // below
        for (double r : RINGS) {
            int places = Math.max(16, (int) (2 * Math.PI * r / RING_STEP));
            for (int k = 0; k < places; k++) {
                double a = -Math.PI / 4 + 2 * Math.PI * k / places; // from the upper right, clockwise on screen
                double cx = px + r * Math.cos(a);
                double cy = py + r * Math.sin(a);
                // the box's side nearest the point sits on the ring: to the right of it, the left side
                double left = Math.cos(a) > 0.3 ? cx : Math.cos(a) < -0.3 ? cx - w : cx - w / 2;
                double top = Math.sin(a) > 0.3 ? cy : Math.sin(a) < -0.3 ? cy - h : cy - h / 2;
                out.add(box(left, top, w, h, true));
            }
        }
        return out;
    }

    private static Placed box(double left, double top, double w, double h, boolean leader) {
        return new Placed(left, top, left + w, top + h, leader);
    }
}

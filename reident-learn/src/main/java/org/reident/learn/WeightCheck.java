package org.reident.learn;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * `reident verify`'s own proof of a bound for the simplex families (WM, WM_m, OWA), for runs whose
 * bound the weight cells gave ({@link SimplexCells} keeps no conflicts): a depth-first search over
 * the weights that shows that no weight vector links more than a target number of records with
 * margin eps, using only what it checks itself.
 * <p>
 * The weights are lambda on the standard simplex ({@link WeightThreats}). A cell is a simplex whose
 * vertices have dyadic coordinates, halved along its longest edge; every midpoint is checked to be
 * exact in floating point (else the cell is not split and counts as unproven), so the two halves
 * cover their parent exactly. In a cell:
 * <ul>
 * <li>a record with a rival below eps at every vertex is linked nowhere in it (lambda . g is
 * largest at a vertex), nor in any cell inside it; a rival at or above eps at every vertex is
 * beaten throughout and is no longer checked;</li>
 * <li>a record with two rivals a, b and some t in [0, 1] with t (v . a) + (1 - t) (v . b) below eps
 * at every vertex v is linked nowhere in it either (a Farkas certificate of two rows, found among
 * its first {@link #PAIR_RIVALS} rivals that cross the cell);</li>
 * <li>each value is compared with eps less its rival's rounding slack ({@link WeightThreats#slack});</li>
 * <li>of the records left ("possible"), at least one of every proven conflict lying among them is
 * lost: a feasible solution of the covering LP's dual bounds those from below ({@link WeightCover}).</li>
 * </ul>
 * The cell's bound is its possible records less that. A cell at or below the target is closed; any
 * other is split. A cell that cannot be split (too small, or its midpoint inexact) or left at the
 * deadline keeps its bound, and the search's bound is the largest such bound (or the largest closed
 * cell's when all close). No incumbent is used: the target is given.
 */
final class WeightCheck {
    /** What the search proved. */
    record Result(int bound, long cells, long unproven, boolean complete) {
    }

    /** Pairs are sought among a record's first this many rivals that cross a cell (as {@link RivalPairs#RIVALS}). */
    static final int PAIR_RIVALS = RivalPairs.RIVALS;
    /**
     * The rivals that cross a cell checked per record at most. A record's rivals are taken in order
     * (least sum first); one that a split drops (at or above eps at every vertex: it rules the
     * record out of no cell inside) frees a place for the next, at most {@link #SCAN} new ones at a
     * split. Each rival is so looked at most once on the way down to a cell, and a rule-out rests on
     * the rivals looked at alone, so fewer than all of them never makes a bound wrong, only later.
     */
    static final int WORKING = 16;
    /**
     * New rivals looked at per record and half at a split, at most (stop 91). Along any path down
     * every rival is still looked at in time; a rule-out or a drop waiting on a later rival only waits
     * a split or more. Scanning to fill every free place (the rule before) spent most of a search on
     * rivals the box test drops: on 3,000 records of 6 variables, WM to 221, 120.1 s with no limit,
     * 105.9 s at 16, 83.8 s at 8, 58.2 s at 2, 49.7 s at 1 (41.5 s at 0, which would never look past
     * the first {@link #WORKING}), the cells within 10% of each other.
     */
    static final int SCAN = 1;
    /** Below this squared edge length a cell is not split again. */
    private static final double MIN_EDGE = 1e-24;
    private final WeightThreats threats;
    private final int n;
    private final int records;
    private final double eps;
    /** The proven conflicts, by cell ({@link WeightCover}). */
    private final WeightCover cover;
    private final AtomicLong cells = new AtomicLong();
    private final AtomicLong unproven = new AtomicLong();
    private final AtomicLong lastSaid = new AtomicLong(System.nanoTime());
    private int target;
    private double deadline;
    private Consumer<String> progress;
    private long started;

    /**
     * @param conflicts proven conflicts, as training records; {@code threats}' records with no rivals
     *                  gathered (gone) are in no cell
     */
    WeightCheck(WeightThreats threats, int records, double eps, List<int[]> conflicts) {
        this.threats = threats;
        this.n = threats.dimension();
        this.records = records;
        this.eps = eps;
        this.cover = new WeightCover(records, conflicts);
    }

    /**
     * Searches until every cell is at most {@code target} or the deadline (seconds of
     * {@link StopRequest#now}); one search at a time per instance.
     */
    Result prove(int target, double deadline, int threads, Consumer<String> progress) {
        this.target = target;
        this.deadline = deadline;
        this.progress = progress;
        this.started = System.nanoTime();
        double[][] root = new double[n][n];
        for (int k = 0; k < n; k++) {
            root[k][k] = 1;
        }
        int[] sure = new int[records];
        int sureCount = 0;
        int[] open = new int[records];
        int[][] crossing = new int[records][];
        double[][] values = new double[records][];
        int[] next = new int[records];
        int openCount = 0;
        for (int q = 0; q < records; q++) {
            double[] g = threats.of(q);
            if (g == null) {
                continue;
            }
            int rivals = g.length / n;
            if (rivals == 0) {
                sure[sureCount++] = q;
            } else {
                int first = Math.min(WORKING, rivals);
                int[] some = new int[first];
                for (int r = 0; r < first; r++) {
                    some[r] = r;
                }
                crossing[openCount] = some;
                values[openCount] = Arrays.copyOf(g, first * n); // lambda . g at the root's vertex e_k is g_k
                next[openCount] = first;
                open[openCount++] = q;
            }
        }
        Cell whole = new Cell(root, Arrays.copyOf(sure, sureCount), Arrays.copyOf(open, openCount),
                Arrays.copyOf(crossing, openCount), Arrays.copyOf(values, openCount), Arrays.copyOf(next, openCount), records);
        ForkJoinPool pool = new ForkJoinPool(Math.max(1, threads));
        try {
            int bound = pool.invoke(new Search(whole));
            return new Result(bound, cells.get(), unproven.get(), unproven.get() == 0);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A cell: its vertices; its records that no rival crosses (sure) and the others (open), with at
     * most {@link #WORKING} rivals that cross it, their values lambda . g at its vertices (n per
     * rival, each computed once, by the split that made its vertex), and the first rival not yet
     * looked at (every rival before it crosses or was dropped in this cell or one around it); the
     * bound it inherits.
     */
    private record Cell(double[][] v, int[] sure, int[] open, int[][] crossing, double[][] values, int[] next,
            int inherited) {
        int possible() {
            return sure.length + open.length;
        }
    }

    /** The search below one cell: the largest bound of the cells it ends in. */
    private final class Search extends RecursiveTask<Integer> {
        private final Cell cell;

        Search(Cell cell) {
            this.cell = cell;
        }

        @Override
        protected Integer compute() {
            long done = cells.incrementAndGet();
            say(done);
            Cell c = cell;
            int bound = Math.min(c.inherited, c.possible());
            if (bound <= target) {
                return bound;
            }
            if (StopRequest.now() > deadline || StopRequest.requested()) {
                unproven.incrementAndGet();
                return bound;
            }
            bound = Math.min(bound, c.possible() - cover.lost(c.sure, c.open));
            if (bound <= target) {
                return bound;
            }
            Cell paired = pairedOut(c);
            if (paired != c) {
                c = paired;
                bound = Math.min(bound, c.possible() - cover.lost(c.sure, c.open));
                if (bound <= target) {
                    return bound;
                }
            }
            int[] edge = longestEdge(c.v);
            double[] mid = midpoint(c.v[edge[0]], c.v[edge[1]]);
            if (mid == null) {
                unproven.incrementAndGet();
                return bound;
            }
            Cell[] kids = split(c, edge, mid, bound);
            Search left = new Search(kids[0]);
            left.fork();
            int right = new Search(kids[1]).compute();
            return Math.max(left.join(), right);
        }
    }

    /** The midpoint of a and b, or null when the edge is too short or a coordinate's sum is not exact. */
    private static double[] midpoint(double[] a, double[] b) {
        double squared = 0;
        double[] mid = new double[a.length];
        for (int k = 0; k < a.length; k++) {
            double s = a[k] + b[k];
            double back = s - a[k];
            if ((a[k] - (s - back)) + (b[k] - back) != 0) {
                return null; // TwoSum's error term: the sum was rounded
            }
            mid[k] = 0.5 * s;
            squared += (a[k] - b[k]) * (a[k] - b[k]);
        }
        return squared < MIN_EDGE ? null : mid;
    }

    private static int[] longestEdge(double[][] v) {
        int[] best = {0, 1};
        double longest = -1;
        for (int a = 0; a < v.length; a++) {
            for (int b = a + 1; b < v.length; b++) {
                double s = 0;
                for (int k = 0; k < v[a].length; k++) {
                    double d = v[a][k] - v[b][k];
                    s += d * d;
                }
                if (s > longest) {
                    longest = s;
                    best = new int[] {a, b};
                }
            }
        }
        return best;
    }

    /**
     * The two halves of c split at the midpoint of edge: each open record's crossing rivals are
     * valued at the midpoint (their values at c's vertices are kept); in a half, a rival below eps
     * (less its slack) at every vertex rules the record out, one at or above eps everywhere is
     * dropped, and a record with none left is sure.
     */
    private Cell[] split(Cell c, int[] edge, double[] mid, int bound) {
        double[][][] v = new double[2][][];
        for (int s = 0; s < 2; s++) {
            v[s] = c.v.clone();
            v[s][edge[s]] = mid;
        }
        int m = c.open.length;
        int[][] sure = new int[2][c.sure.length + m];
        int[] sureCount = new int[2];
        int[][] open = new int[2][m];
        int[][][] crossing = new int[2][m][];
        double[][][] values = new double[2][m][];
        int[] openCount = new int[2];
        for (int s = 0; s < 2; s++) {
            System.arraycopy(c.sure, 0, sure[s], 0, c.sure.length);
            sureCount[s] = c.sure.length;
        }
        int[][] nexts = new int[2][m];
        double[][] low = new double[2][n];
        double[][] high = new double[2][n];
        for (int s = 0; s < 2; s++) {
            Arrays.fill(low[s], Double.POSITIVE_INFINITY);
            Arrays.fill(high[s], Double.NEGATIVE_INFINITY);
            for (double[] vertex : v[s]) {
                for (int k = 0; k < n; k++) {
                    low[s][k] = Math.min(low[s][k], vertex[k]);
                    high[s][k] = Math.max(high[s][k], vertex[k]);
                }
            }
        }
        int[][] keep = new int[2][WORKING];
        double[][] keptAt = new double[2][WORKING * n];
        int[] kept = new int[2];
        boolean[] out = new boolean[2];
        for (int o = 0; o < m; o++) {
            int q = c.open[o];
            double[] g = threats.of(q);
            int[] cross = c.crossing[o];
            double[] at = c.values[o];
            kept[0] = 0;
            kept[1] = 0;
            out[0] = false;
            out[1] = false;
            for (int x = 0; x < cross.length && !(out[0] && out[1]); x++) {
                int r = cross[x];
                double middle = dot(mid, g, r * n);
                double below = eps - threats.slack(q, r);
                for (int s = 0; s < 2; s++) {
                    if (out[s]) {
                        continue;
                    }
                    double hi = Double.NEGATIVE_INFINITY;
                    double lo = Double.POSITIVE_INFINITY;
                    for (int b = 0; b < n; b++) {
                        double value = b == edge[s] ? middle : at[x * n + b];
                        hi = Math.max(hi, value);
                        lo = Math.min(lo, value);
                    }
                    if (hi < below) {
                        out[s] = true;
                    } else if (lo < eps) {
                        System.arraycopy(at, x * n, keptAt[s], kept[s] * n, n);
                        keptAt[s][kept[s] * n + edge[s]] = middle;
                        keep[s][kept[s]++] = r;
                    }
                }
            }
            int total = g.length / n;
            for (int s = 0; s < 2; s++) {
                int r = c.next[o];
                int stopAt = (int) Math.min(total, (long) r + SCAN);
                for (; !out[s] && kept[s] < WORKING && r < stopAt; r++) {
                    out[s] = lookAt(v[s], low[s], high[s], g, q, r, keep[s], keptAt[s], kept, s);
                }
                if (out[s]) {
                    continue;
                }
                if (kept[s] == 0 && r == total) {
                    sure[s][sureCount[s]++] = q;
                } else {
                    crossing[s][openCount[s]] = Arrays.copyOf(keep[s], kept[s]);
                    values[s][openCount[s]] = Arrays.copyOf(keptAt[s], kept[s] * n);
                    nexts[s][openCount[s]] = r;
                    open[s][openCount[s]++] = q;
                }
            }
        }
        Cell[] kids = new Cell[2];
        for (int s = 0; s < 2; s++) {
            kids[s] = new Cell(v[s], Arrays.copyOf(sure[s], sureCount[s]), Arrays.copyOf(open[s], openCount[s]),
                    Arrays.copyOf(crossing[s], openCount[s]), Arrays.copyOf(values[s], openCount[s]),
                    Arrays.copyOf(nexts[s], openCount[s]), bound);
        }
        return kids;
    }

    /**
     * Record q's rival r looked at in the cell with vertices v: true when it rules the record out;
     * appended to keep / keptAt (its values at v) at kept[s] when it crosses; otherwise dropped. The
     * cell lies in the box [low, high] of its vertices' coordinates, and a rival at or above eps on
     * the whole box is dropped without its n values (most rivals looked at in a small cell are).
     */
    private boolean lookAt(double[][] v, double[] low, double[] high, double[] g, int q, int r, int[] keep, double[] keptAt,
            int[] kept, int s) {
        double least = 0;
        int o = r * n;
        for (int k = 0; k < n; k++) {
            double x = g[o + k];
            least += x * (x >= 0 ? low[k] : high[k]);
        }
        if (least >= eps) {
            return false; // dropping a rival never makes a bound wrong
        }
        double hi = Double.NEGATIVE_INFINITY;
        double lo = Double.POSITIVE_INFINITY;
        int at = kept[s] * n;
        for (int b = 0; b < n; b++) {
            double value = dot(v[b], g, r * n);
            keptAt[at + b] = value;
            hi = Math.max(hi, value);
            lo = Math.min(lo, value);
        }
        if (hi < eps - threats.slack(q, r)) {
            return true;
        }
        if (lo < eps) {
            keep[kept[s]++] = r;
        }
        return false;
    }

    private double dot(double[] vertex, double[] g, int o) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += vertex[k] * g[o + k];
        }
        return s;
    }

    /** c less the open records a pair of rivals rules out of it; c itself when none. */
    private Cell pairedOut(Cell c) {
        int m = c.open.length;
        boolean[] out = new boolean[m];
        int gone = 0;
        int[] masks = new int[PAIR_RIVALS];
        int[] ids = new int[PAIR_RIVALS];
        int full = (1 << n) - 1;
        for (int o = 0; o < m; o++) {
            int q = c.open[o];
            int[] cross = c.crossing[o];
            double[] values = c.values[o];
            int count = Math.min(PAIR_RIVALS, cross.length);
            for (int x = 0; x < count; x++) {
                int mask = 0;
                for (int b = 0; b < n; b++) {
                    mask |= values[x * n + b] < eps ? 1 << b : 0;
                }
                masks[x] = mask;
                ids[x] = cross[x];
            }
            for (int x = 0; x < count && !out[o]; x++) {
                for (int y = x + 1; y < count && !out[o]; y++) {
                    if ((masks[x] | masks[y]) == full) {
                        double below = eps - threats.slack(q, ids[x]) - threats.slack(q, ids[y]);
                        out[o] = RivalPairs.separates(values, x * n, values, y * n, n, below);
                    }
                }
            }
            gone += out[o] ? 1 : 0;
        }
        if (gone == 0) {
            return c;
        }
        int[] open = new int[m - gone];
        int[][] crossing = new int[m - gone][];
        double[][] values = new double[m - gone][];
        int[] next = new int[m - gone];
        int k = 0;
        for (int o = 0; o < m; o++) {
            if (!out[o]) {
                open[k] = c.open[o];
                values[k] = c.values[o];
                next[k] = c.next[o];
                crossing[k++] = c.crossing[o];
            }
        }
        return new Cell(c.v, c.sure, open, crossing, values, next, c.inherited);
    }

    private void say(long done) {
        if (progress == null || (done & 1023) != 0) {
            return;
        }
        long now = System.nanoTime();
        long last = lastSaid.get();
        if (now - last > 2_000_000_000L && lastSaid.compareAndSet(last, now)) {
            progress.accept(String.format(java.util.Locale.ROOT, "verify: weights: %d cells searched, %.1f s",
                    done, (now - started) / 1e9));
        }
    }
}

package org.reident.learn;

import java.util.Arrays;

/**
 * A lower bound for {@link CoverBranch} from the dual of the covering LP, kept from node to node.
 * The LP of a node is min sum_r x_r subject to sum_{r in C, r open} x_r >= 1 for every unhit cut C,
 * x >= 0; its dual is max sum_C y_C subject to sum_{C unhit, C contains r} y_C <= 1 for every open
 * record r, y >= 0. By weak duality any such y gives sum_C y_C <= LP <= the smallest cover, so a
 * node whose y sums to more than its budget has no cover within it.
 * <p>
 * The bound starts from the optimal dual of the whole master's LP (GLOP, once) and is inherited: a
 * y feasible at a node stays feasible at its children, which only drop cuts (a record taken hits
 * them) or constraints (a record forbidden). At each node it is then raised greedily: each unhit
 * cut, fewest allowed records first, gets the least slack (1 - sum of the y of its unhit cuts) of
 * its allowed records; a cut whose allowed records include one with no slack is skipped (its
 * "witness" is remembered). The slack also fixes records (reduced costs): taking r leaves a y worth
 * {@code lower - (1 - slack(r))} for a budget one smaller, so a record with
 * {@code lower + slack(r) > budget} is in no cover within the budget and is forbidden below the node.
 * <p>
 * Changes of y are trailed and undone when the search leaves the node that made them. Exact
 * arithmetic: y and the slacks are fixed-point integers (units of 2^-40, {@link #ONE} = 1), so sums
 * do not depend on their order, a raise undone leaves the slacks exactly as they were, and a node's
 * bound depends only on its path from the root, never on the nodes searched before it (which a
 * split search, {@link CoverSplit}, relies on). The LP's dual is rounded down into it and scaled
 * until every record's load is at most 1; rounding down only loosens the bound (by some 1e-12 per
 * cut), so a node is pruned exactly when y sums to more than its budget.
 * <p>
 * Measured on master problems written out from runs by a development harness (not kept; this
 * 2-core machine, 2026-11-26), one written-out whole-Census SB master (1,426 cuts, covers of 16 and
 * 17 records ruled out, one of 18 found): the packing alone 1,713,492 nodes; this bound 45,098
 * nodes, 0.75 s; the LP solved afresh by GLOP at every node 2,101 nodes but 3.2 s; afresh at the
 * nodes of depth 3 or less (inherited below) 38,127 nodes, 0.69 s. Raising greedily from y = 0
 * instead of the LP's dual is about as strong as the packing (root bound 8-9 against the LP's 13.1;
 * 13% fewer nodes, four times slower on another master). Without the reduced-cost fixing: about
 * twice the nodes and 10-20% slower.
 */
final class CoverDual {
    /** 1 in the fixed-point units of y and the slacks. */
    static final long ONE = 1L << 40;

    private final int[][] cuts;
    private final int cutCount;
    private final long[] y;
    /** y as started (scaled), for {@link #restart}. */
    private final long[] initial;
    private final long[] slack;
    private final int[] witness;
    private long lower;
    private int[] trailCut = new int[256];
    private long[] trailOld = new long[256];
    private int trailTop;
    private final int[] count;
    /**
     * Added to the slack of a forbidden record, so that the hot loops of {@link #raise} read one array:
     * (d + 1) {@link #ONE} for d the most cuts holding one record. Each y is at most ONE (it is raised
     * only up to the slack of an allowed record), so a slack is at least ONE - d ONE and a forbidden
     * record's, off above, at least 2 ONE: never without slack, and above every allowed record's
     * (at most ONE), so never the least of a cut that has an allowed record. A long holds it while
     * d is below 2^22 (ONE is 2^40).
     */
    private final long off;
    /** The node's forbidden counts ({@link #follow}), read by {@link #reset}. */
    private int[] forbidden = new int[0];

    /**
     * @param start a dual start (length cutCount, non-negative, every record's load at most 1 up
     *              to rounding; scaled down here when above), or null for zeros
     */
    CoverDual(int records, int[][] cuts, int cutCount, int maxSize, double[] start) {
        this.cuts = cuts;
        this.cutCount = cutCount;
        y = new long[cutCount];
        slack = new long[records];
        witness = new int[cutCount];
        Arrays.fill(witness, -1);
        count = new int[maxSize + 2];
        int[] degree = new int[records];
        int held = 0;
        for (int c = 0; c < cutCount; c++) {
            for (int r : cuts[c]) {
                held = Math.max(held, ++degree[r]);
            }
        }
        off = (held + 1) * ONE;
        if (start != null) {
            for (int c = 0; c < cutCount; c++) {
                y[c] = (long) Math.floor(Math.max(0, Math.min(1, start[c])) * ONE);
            }
            long most;
            while ((most = mostLoad(records)) > ONE) {
                double f = (double) ONE / most * (1 - 1e-9);
                for (int c = 0; c < cutCount; c++) {
                    y[c] = (long) Math.floor(y[c] * f);
                }
            }
        }
        initial = y.clone();
    }

    private long mostLoad(int records) {
        long[] load = new long[records];
        long most = 0;
        for (int c = 0; c < cutCount; c++) {
            for (int r : cuts[c]) {
                load[r] += y[c];
                most = Math.max(most, load[r]);
            }
        }
        return most;
    }

    /**
     * The optimal dual of the covering LP over all the cuts (GLOP), or null when GLOP does not
     * prove its answer optimal or the deadline (System.nanoTime() / 1e9) comes first: then the tree
     * starts from zeros, a weaker but valid bound. The LP gets the time left, so a large master
     * (EIA's 21,006 cuts) cannot overrun the run's limit by this solve.
     */
    static double[] lpStart(int records, int[][] cuts, int cutCount, double deadline) {
        return lpStart(records, cuts, cutCount, deadline, new Halt());
    }

    /**
     * The same, also interrupted by {@code halt} (null then: its master's solves are over): a
     * {@link CoverLp} of these cuts alone, solved once with GLOP's defaults.
     */
    static double[] lpStart(int records, int[][] cuts, int cutCount, double deadline, Halt halt) {
        if (deadline - StopRequest.now() <= 0 || halt.halted()) {
            return null;
        }
        CoverLp lp = new CoverLp(records, false);
        try {
            lp.sync(cuts, cutCount, new boolean[records]);
            return lp.duals(deadline, halt);
        } finally {
            lp.delete();
        }
    }

    /**
     * The node's forbidden counts, which {@link #reset} reads; the node then reports each record's
     * change between allowed and forbidden ({@link #forbid}).
     */
    void follow(int[] forbidden) {
        this.forbidden = forbidden;
    }

    /** Record r became forbidden (or allowed again): its slack moves by {@link #off}. */
    void forbid(int r, boolean on) {
        slack[r] += on ? off : -off;
    }

    /**
     * Recomputes the slacks and the bound for the cuts now unhit ({@code hit[c] == 0}), the records
     * forbidden now ({@link #follow}) {@link #off} above.
     */
    void reset(int[] hit) {
        Arrays.fill(slack, ONE);
        for (int r = 0; r < forbidden.length; r++) {
            if (forbidden[r] > 0) {
                slack[r] += off;
            }
        }
        lower = 0;
        for (int c = 0; c < cutCount; c++) {
            if (hit[c] == 0) {
                lower += y[c];
                for (int r : cuts[c]) {
                    slack[r] -= y[c];
                }
            }
        }
    }

    /**
     * Back to y as started, the trail emptied, then {@link #reset}: the state depends on the start and
     * {@code hit} alone, not on the searches before (undone raises can leave rounding in the slacks).
     */
    void restart(int[] hit) {
        System.arraycopy(initial, 0, y, 0, cutCount);
        trailTop = 0;
        Arrays.fill(witness, -1);
        reset(hit);
    }

    /**
     * Whether the incrementally kept bound and slacks equal their definitions for these hit counts,
     * and y is feasible (no allowed record's slack below zero); for assertions.
     */
    boolean consistent(int[] hit, int[] forbidden) {
        long[] load = new long[slack.length];
        long sum = 0;
        for (int c = 0; c < cutCount; c++) {
            if (y[c] < 0) {
                return false;
            }
            if (hit[c] == 0) {
                sum += y[c];
                for (int r : cuts[c]) {
                    load[r] += y[c];
                }
            }
        }
        for (int r = 0; r < slack.length; r++) {
            long shift = forbidden[r] > 0 ? off : 0;
            if (ONE - load[r] + shift != slack[r] || forbidden[r] == 0 && slack[r] < 0) {
                return false;
            }
        }
        return sum == lower;
    }

    /** Whether y sums to more than {@code budget}: no cover within it below this node. */
    boolean exceeds(int budget) {
        return lower > budget * ONE;
    }

    /**
     * Whether record r is in no cover within {@code budget} below this node: taking it leaves y worth
     * lower - (1 - slack(r)) for a budget one smaller.
     */
    boolean excludes(int r, int budget) {
        return lower + slack[r] > budget * ONE;
    }

    /** The bound: sum of y over the unhit cuts, in units of {@link #ONE}. */
    long lower() {
        return lower;
    }

    /**
     * Record r's slack, 1 - sum of y over the unhit cuts holding it, in units of {@link #ONE}
     * ({@link #off} above that when r is forbidden): the reduced cost that orders
     * {@link CoverBranch}'s branches and breaks {@link CoverBound}'s ties.
     */
    long slack(int r) {
        return slack[r];
    }

    /** y of cut c, in units of {@link #ONE} (tests). */
    long y(int c) {
        return y[c];
    }

    /** Cut c became hit (or unhit again): its y leaves (or re-enters) the bound and the slacks. */
    void hit(int c, boolean nowHit) {
        long v = y[c];
        if (v != 0) {
            long d = nowHit ? -v : v;
            lower += d;
            for (int r : cuts[c]) {
                slack[r] -= d;
            }
        }
    }

    /** The trail's height, for {@link #undo}. */
    int mark() {
        return trailTop;
    }

    /** Undoes the raises made since {@code mark}. */
    void undo(int mark) {
        while (trailTop > mark) {
            trailTop--;
            set(trailCut[trailTop], trailOld[trailTop]);
        }
    }

    /**
     * Raises y greedily on the unhit cuts {@code unhit[0..n)} (reordered here) that have no allowed
     * record without slack, fewest allowed records first; {@code sorted} is scratch of length n. A
     * forbidden record's slack is {@link #off} above its own, so it never counts as without slack nor
     * as a cut's least.
     */
    void raise(int[] unhit, int n, int[] allowed, int[] sorted) {
        int loose = 0;
        for (int q = 0; q < n; q++) {
            int c = unhit[q];
            int w = witness[c];
            if (w >= 0 && slack[w] <= 0) {
                continue;
            }
            w = -1;
            for (int r : cuts[c]) {
                if (slack[r] <= 0) {
                    w = r;
                    break;
                }
            }
            witness[c] = w;
            if (w < 0) {
                unhit[loose++] = c;
            }
        }
        Arrays.fill(count, 0);
        for (int q = 0; q < loose; q++) {
            count[allowed[unhit[q]] + 1]++;
        }
        for (int s = 1; s < count.length; s++) {
            count[s] += count[s - 1];
        }
        for (int q = 0; q < loose; q++) {
            sorted[count[allowed[unhit[q]]]++] = unhit[q];
        }
        for (int q = 0; q < loose; q++) {
            int c = sorted[q];
            long least = Long.MAX_VALUE;
            int w = -1;
            for (int r : cuts[c]) {
                if (slack[r] < least) {
                    least = slack[r];
                    w = r;
                }
            }
            assert least <= ONE : "an unhit cut in raise has an allowed record";
            witness[c] = w;
            if (least > 0) {
                if (trailTop == trailCut.length) {
                    trailCut = Arrays.copyOf(trailCut, 2 * trailTop);
                    trailOld = Arrays.copyOf(trailOld, 2 * trailTop);
                }
                trailCut[trailTop] = c;
                trailOld[trailTop++] = y[c];
                set(c, y[c] + least);
            }
        }
    }

    /** Sets y of an unhit cut, keeping the bound and the slacks. */
    private void set(int c, long v) {
        long d = v - y[c];
        y[c] = v;
        lower += d;
        for (int r : cuts[c]) {
            slack[r] -= d;
        }
    }
}

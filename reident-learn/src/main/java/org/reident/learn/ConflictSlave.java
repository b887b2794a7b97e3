package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.PairwiseDistance;

/**
 * The slave of {@link ConflictLearner}: for a set S of training records, the LP
 * min t subject to theta . Delta_ij + t >= eps (i in S, rows generated lazily), t >= 0, theta in the
 * family (GLOP, kept between calls so that each solve starts from the previous basis; records
 * outside S have their rows relaxed to -infinity). Answers "S is linkable" with a checked theta, or a
 * conflict: the records whose rows carry a non-zero dual in an optimal solution with t* > 0. The LP
 * and its working set of rows are {@link SlaveLp}'s; the slave generates the rows (the first rivals,
 * then those the linkage engine finds violated) and reads the conflicts.
 */
final class ConflictSlave {
    private static final double DUAL = 1e-9;

    private final LearnOptions o;
    private final LinkageData data;
    private final int[] train;
    private final Features features;
    private final SlaveLp lp;
    /** The global rows with a non-zero dual in the last conflict: where the deletion filter starts. */
    private int[] globalSupport = new int[0];
    /** Of each record in the last conflict, its rows with a non-zero dual (null: none). */
    private final int[][] supportRows;
    /** The deletion filters on their worker threads. */
    private final FilterQueue filters;
    /** {@link FirstRows#otherSolves()}. */
    private final int loneOtherSolves;
    /** See {@link #filterOtherSolves()}: incremented on the filters' threads. */
    private final AtomicInteger filterOtherSolves = new AtomicInteger();

    private final boolean[] unlinkable;
    private final Set<Long> added = new HashSet<>();
    private final Features.Accumulator acc;
    private final double[] c1;
    private final double[] c2;
    private final int[] order;
    private final int nr;
    private int rowCount;
    private double[] solution;

    ConflictSlave(LearnOptions o, LinkageData data, int[] train) {
        this(o, data, train, Double.POSITIVE_INFINITY);
    }

    /** Training records the first rows scanned before the deadline ({@link FirstRows#scanned()}). */
    private final int firstScanned;

    /** @param deadline for the first rows' scan and LPs ({@link FirstRows}, {@link LoneRecords}), nanoTime seconds */
    ConflictSlave(LearnOptions o, LinkageData data, int[] train, double deadline) {
        this.o = o;
        this.data = data;
        this.train = train;
        filters = new FilterQueue(o.threads());
        int n = data.dimension();
        double[][] z = Distances.standardized(data, o.standardization());
        features = new Features(o.aggregator(), z[0], z[1], n);
        lp = new SlaveLp(o, features, train.length);
        nr = data.maskedCount();
        acc = new Features.Accumulator(features.parameters());
        c1 = new double[n];
        c2 = new double[n];
        order = new int[n];
        unlinkable = new boolean[train.length];
        supportRows = new int[train.length][];
        FirstRows first = FirstRows.of(o, features, data, train, deadline);
        firstScanned = first.scanned();
        loneOtherSolves = first.otherSolves();
        for (int r = 0; r < train.length; r++) {
            unlinkable[r] = first.unlinkable(r);
            for (int j : first.rivals(r)) {
                addRow(r, j);
            }
        }
    }

    /** Sets the relaxed rows that allow a compaction of the LP (tests). */
    ConflictSlave compactAfter(int relaxedRows) {
        lp.compactAfter(relaxedRows);
        return this;
    }

    /** Sets how often and from what size the LP is purged of rows no recent answer held tight (tests). */
    ConflictSlave purge(int age, int from) {
        lp.purge(age, from);
        return this;
    }

    /** Times the LP was built again without the rows no recent answer held tight. */
    int purges() {
        return lp.purges();
    }

    /** Times the LP was built again without the rows of records outside S. */
    int compactions() {
        return lp.compactions();
    }

    Features features() {
        return features;
    }

    int parameters() {
        return features.parameters();
    }

    /** Training records the first rows scanned before the deadline ({@link FirstRows#scanned()}). */
    int firstScanned() {
        return firstScanned;
    }

    /** Rows generated (record rows that can fail and global rows). */
    int rows() {
        return rowCount;
    }

    /** Rows in the LP (the working set). */
    int lpRows() {
        return lp.lpRows();
    }

    /** True when a rival can never be pushed away from record r's true match (K_r = 1 in every solution). */
    boolean unlinkable(int r) {
        return unlinkable[r];
    }

    /** Per training record, whether no parameter value links it (a copy). */
    boolean[] unlinkable() {
        return unlinkable.clone();
    }

    /** The parameters of the last linkable answer. */
    double[] theta() {
        return solution.clone();
    }

    /**
     * @return an empty array when the records with keep[r] can all be linked (then {@link #theta}),
     * the records of a conflict otherwise, or null when the deadline passed first
     */
    int[] check(boolean[] keep, double deadline) {
        for (int r = 0; r < keep.length; r++) {
            lp.setActive(r, keep[r] && !unlinkable[r]);
        }
        double[] th = new double[features.parameters()];
        while (true) {
            double tStar = lp.solve(deadline, th);
            if (Double.isNaN(tStar)) {
                return null;
            }
            if (tStar > Margin.infeasible(o.eps())) {
                return conflict(keep);
            }
            solution = th.clone();
            if (separate() == 0) {
                return new int[0];
            }
        }
    }

    /**
     * Hands the conflict to the {@link DeletionFilter}, on the filter threads (one per core) so that
     * the next LP checks go on meanwhile; {@link #takeCuts} gives the cuts in the order of the conflicts. The
     * filter gets copies of what it reads (the conflict's rows, the global rows, the active set for
     * the fallback), as they are now, so the cuts do not depend on the timing.
     */
    void shrinkLater(int[] conflict, double deadline) {
        @SuppressWarnings("unchecked")
        List<double[]>[] own = new List[conflict.length];
        int[][] support = new int[conflict.length][];
        for (int q = 0; q < conflict.length; q++) {
            own[q] = List.copyOf(lp.coefficients(conflict[q]));
            support[q] = supportRows[conflict[q]];
        }
        List<double[]> globals = List.copyOf(lp.globals());
        int[] start = globalSupport.clone();
        int[] whole = activeRecords();
        filters.submit(() -> DeletionFilter.shrink(o, features, conflict.clone(), own, support, globals, start, deadline,
                filterOtherSolves::incrementAndGet), whole);
    }

    /**
     * Waits for the conflicts handed over since the last call and gives each cut, in order: the
     * shrunk conflict, or, when the small LP did not confirm it (the dual support did not certify
     * infeasibility on its own), every record that was active: a weak but valid cut.
     */
    void takeCuts(Consumer<int[]> sink) {
        filters.take(sink, () -> false);
    }

    /**
     * As {@link #takeCuts(Consumer)}, running {@code meanwhile} as it waits ({@link FilterQueue#take}):
     * false when that ended the wait.
     */
    boolean takeCuts(Consumer<int[]> sink, BooleanSupplier meanwhile) {
        return filters.take(sink, meanwhile);
    }

    private int[] activeRecords() {
        int count = 0;
        for (int r = 0; r < train.length; r++) {
            count += lp.active(r) ? 1 : 0;
        }
        int[] out = new int[count];
        int w = 0;
        for (int r = 0; r < train.length; r++) {
            if (lp.active(r)) {
                out[w++] = r;
            }
        }
        return out;
    }

    /** LP solves that had to start from scratch after a numerical failure of the warm start. */
    int restarts() {
        return lp.restarts();
    }

    /** LP solves with other GLOP settings after the slave's own failed from scratch. */
    int otherSolves() {
        return lp.otherSolves();
    }

    /**
     * The deletion filters' LP solves with other GLOP settings after their own failed or stalled
     * ({@link GlopFallback#solveSmall}).
     */
    int filterOtherSolves() {
        return filterOtherSolves.get();
    }

    /** The lone records' LP solves with other GLOP settings ({@link FirstRows#otherSolves()}). */
    int loneOtherSolves() {
        return loneOtherSolves;
    }

    /** Conflicts whose dual support had to be replaced by the whole active set. */
    int fallbacks() {
        return filters.fallbacks();
    }

    /** The records of the rows with a non-zero dual, the one with the largest dual sum first. */
    private int[] conflict(boolean[] keep) {
        List<Integer> c = new ArrayList<>();
        int lead = 0;
        double leadWeight = -1;
        int[] own = new int[16];
        for (int r = 0; r < keep.length; r++) {
            if (!lp.active(r)) {
                continue;
            }
            double w = 0;
            int n = 0;
            int count = lp.coefficients(r).size();
            for (int q = 0; q < count; q++) {
                double y = lp.dual(r, q);
                if (y > DUAL) {
                    w += y;
                    if (n == own.length) {
                        own = Arrays.copyOf(own, 2 * n);
                    }
                    own[n++] = q;
                }
            }
            supportRows[r] = n > 0 ? Arrays.copyOf(own, n) : null;
            if (w > 0) {
                if (w > leadWeight) {
                    leadWeight = w;
                    lead = c.size();
                }
                c.add(r);
            }
        }
        int g = 0;
        int[] support = new int[lp.globals().size()];
        for (int q = 0; q < support.length; q++) {
            if (lp.globalDual(q) > DUAL) {
                support[g++] = q;
            }
        }
        globalSupport = Arrays.copyOf(support, g);
        if (c.isEmpty()) { // numerically unclear: give up the whole set (a valid, weak cut)
            for (int r = 0; r < keep.length; r++) {
                if (lp.active(r)) {
                    c.add(r);
                }
            }
        }
        java.util.Collections.swap(c, 0, lead);
        int[] a = new int[c.size()];
        for (int q = 0; q < a.length; q++) {
            a[q] = c.get(q);
        }
        return a;
    }

    /**
     * Adds the rows the current solution violates (margin below eps: {@link Margin#separation}); returns how many.
     * Only SB and MD* (the sign-constrained families) need every record's distances, for the global rows; the
     * others skip the records outside the active set. The whole Census released by JPEG (q = 50), CI, 60 s,
     * where most records are given up: 0.73 s of separation against 2.36 s (a development timer, not kept; same
     * rounds and cuts; stop 57).
     */
    private int separate() {
        PairwiseDistance d = LearnedModels.distance(o, LearnedModels.toModel(o, solution, features, data), data);
        double[] row = new double[nr];
        double[] margin = new double[nr];
        int before = rowCount;
        boolean global = o.aggregator().signConstrained();
        for (int r = 0; r < train.length; r++) {
            if (!global && !lp.active(r)) {
                continue; // no global rows to look for: an inactive record's distances are not needed
            }
            int i = train[r];
            d.block(i, 0, nr, row);
            if (global) {
                nonNegative(i, row);
            }
            if (!lp.active(r)) {
                continue;
            }
            int tr = data.truth()[i];
            for (int j = 0; j < nr; j++) {
                margin[j] = j == tr ? Double.POSITIVE_INFINITY : row[j] - row[tr];
            }
            for (int j : MinIndexHeap.smallestBelow(margin, Margin.separation(o.eps()), o.rivals())) {
                addRow(r, j);
            }
        }
        return rowCount - before;
    }

    /** SB and MD*: theta . phi(i, j) >= 0 for the most negative distances of query record i. */
    private void nonNegative(int i, double[] row) {
        for (int j : MinIndexHeap.smallestBelow(row, -1e-9, o.rivals())) {
            if (added.add(-1 - ((long) i * nr + j))) {
                acc.clear();
                features.add(i, j, 1, acc, c1, order);
                lp.addGlobalRow(dense());
                rowCount++;
            }
        }
    }

    private void addRow(int r, int j) {
        int i = train[r];
        if (!added.add((long) i * nr + j)) {
            return;
        }
        double lower = features.rivalRow(i, data.truth()[i], j, acc, c1, c2, order);
        if (lower >= o.eps()) {
            return; // holds for every parameter value
        }
        lp.addRecordRow(r, dense());
        rowCount++;
    }

    /** The accumulated coefficients as a dense array over theta. */
    private double[] dense() {
        double[] coef = new double[features.parameters()];
        for (int q = 0; q < acc.count; q++) {
            int f = acc.touched[q];
            coef[f] = acc.values[f];
        }
        return coef;
    }

    void delete() {
        filters.shutdown();
        lp.delete();
    }
}

package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.PairwiseDistance;

/**
 * The slave of {@link ConflictLearner}: for a set S of training records, the LP
 * min t subject to theta . Delta_ij + t >= eps (i in S, rows generated lazily), t >= 0, theta in the
 * family (GLOP, kept between calls so that each solve starts from the previous basis; records
 * outside S have their rows relaxed to -infinity). Answers "S is linkable" with a checked theta, or a
 * conflict: the records whose rows carry a non-zero dual in an optimal solution with t* > 0.
 * <p>
 * <b>Working set.</b> Every row generated is kept in Java, but the LP holds only those that were
 * ever violated: after each solve the rows outside the LP are evaluated at (theta, t) and each active
 * record's most violated one (and up to {@value #GLOBAL_BATCH} global rows) is added, until none is
 * violated. The LP is a relaxation of the full one with the same objective, so t* > 0 proves S
 * infeasible as it stands, and a solution violating no row is optimal for the full LP. Only a few
 * rows per record are ever binding, so the LP is several times smaller than the set of rows.
 */
final class ConflictSlave {
    /** t* above this (squared standardised units) means infeasible; far below eps = 1e-4. */
    static final double INFEASIBLE = 1e-7;
    private static final double DUAL = 1e-9;
    /**
     * GLOP parameters for LPs solved again and again after bound changes: without presolve the dual
     * simplex restarts from the previous basis. On the seed-1 M5-38 file, SB: 18.5 ms per check with
     * GLOP's defaults, 8.3 ms with these (docs/learning.md).
     */
    static final String WARM = "use_preprocessing: false use_dual_simplex: true";

    private final LearnOptions o;
    private final LinkageData data;
    private final int[] train;
    private final Features features;
    private MPSolver lp;
    private MPVariable[] theta;
    private MPVariable t;
    /** Global rows (SB, MD*: distance >= 0 on data pairs) violated beyond this enter the LP. */
    private static final double NEGATIVE = -1e-9;
    /** Record rows violated beyond this enter the LP. */
    private static final double VIOLATED = 1e-9;
    static final int GLOBAL_BATCH = 16;

    /** The coefficients of each record's rows, dense over theta, and of the global rows. */
    private final List<List<double[]>> coefficients = new ArrayList<>();
    private final List<double[]> global = new ArrayList<>();
    /** Parallel to coefficients and global: the LP row, or null while the row is outside the LP. */
    private final List<List<MPConstraint>> rows = new ArrayList<>();
    private final List<MPConstraint> globalRows = new ArrayList<>();
    /** The global rows with a non-zero dual in the last conflict: where the deletion filter starts. */
    private int[] globalSupport = new int[0];
    /** Of each record in the last conflict, its rows with a non-zero dual (null: none). */
    private final int[][] supportRows;
    /** The deletion filters on their worker threads. */
    private final FilterQueue filters;

    private final boolean[] active;
    private final boolean[] unlinkable;
    private final Set<Long> added = new HashSet<>();
    private final Features.Accumulator acc;
    private final double[] c1;
    private final double[] c2;
    private final int[] order;
    private final int nr;
    private int rowCount;
    private int lpRows;
    /** Rows in the LP of records outside S (relaxed to -infinity). */
    private int relaxed;
    private int compactions;
    /** Relaxed rows below this never trigger {@link #compactIfMostlyRelaxed}. */
    static final int COMPACT_AFTER = 2000;
    private int compactAfter = COMPACT_AFTER;
    private int restarts;
    private double[] solution;

    ConflictSlave(LearnOptions o, LinkageData data, int[] train) {
        this.o = o;
        this.data = data;
        this.train = train;
        filters = new FilterQueue(o.threads());
        int n = data.dimension();
        double[][] z = Distances.standardized(data, o.standardization());
        features = new Features(o.aggregator(), z[0], z[1], n);
        MilpModel.loadNative();
        newLp();
        nr = data.maskedCount();
        acc = new Features.Accumulator(features.parameters());
        c1 = new double[n];
        c2 = new double[n];
        order = new int[n];
        active = new boolean[train.length];
        unlinkable = new boolean[train.length];
        supportRows = new int[train.length][];
        FirstRows first = FirstRows.of(o, features, data, train);
        for (int r = 0; r < train.length; r++) {
            rows.add(new ArrayList<>());
            coefficients.add(new ArrayList<>());
            active[r] = true;
            unlinkable[r] = first.unlinkable(r);
            for (int j : first.rivals(r)) {
                addRow(r, j);
            }
        }
    }

    /** A new LP with the parameters, t and the objective, and no rows. */
    private void newLp() {
        lp = MPSolver.createSolver("GLOP");
        lp.suppressOutput();
        if (!lp.setSolverSpecificParametersAsString(WARM)) {
            throw new IllegalStateException("GLOP refused the parameters " + WARM);
        }
        theta = MilpModel.parameters(lp, features, o);
        t = lp.makeNumVar(0, MPSolver.infinity(), "t");
        lp.objective().setCoefficient(t, 1);
        lp.objective().setMinimization();
    }

    /**
     * Builds the LP again with only the active records' rows (and the global rows) when the rows of
     * records outside S, relaxed to -infinity, are most of it: GLOP extracts the whole model at every
     * solve, so after a large repair (EIA, 4,092 records, about 3,100 given up in the first round)
     * they would slow every check that follows. The dropped rows stay in the working set and come
     * back when violated. The next solve starts without the previous basis.
     */
    private void compactIfMostlyRelaxed() {
        if (relaxed < compactAfter || 2 * relaxed < lpRows) {
            return;
        }
        lp.delete();
        newLp();
        lpRows = 0;
        for (int r = 0; r < rows.size(); r++) {
            List<MPConstraint> rs = rows.get(r);
            for (int q = 0; q < rs.size(); q++) {
                if (rs.get(q) != null) {
                    rs.set(q, active[r] ? recordRow(coefficients.get(r).get(q)) : null);
                    lpRows += active[r] ? 1 : 0;
                }
            }
        }
        for (int q = 0; q < globalRows.size(); q++) {
            if (globalRows.get(q) != null) {
                MPConstraint c = lp.makeConstraint(0, MPSolver.infinity());
                set(c, global.get(q));
                globalRows.set(q, c);
                lpRows++;
            }
        }
        relaxed = 0;
        compactions++;
    }

    private MPConstraint recordRow(double[] coef) {
        MPConstraint c = lp.makeConstraint(o.eps(), MPSolver.infinity());
        set(c, coef);
        c.setCoefficient(t, 1);
        return c;
    }

    /** Sets the relaxed rows that allow a compaction (tests: 1 compacts whenever most rows are relaxed). */
    ConflictSlave compactAfter(int relaxedRows) {
        compactAfter = relaxedRows;
        return this;
    }

    /** Times the LP was built again without the rows of records outside S. */
    int compactions() {
        return compactions;
    }

    Features features() {
        return features;
    }

    int parameters() {
        return features.parameters();
    }

    /** Rows generated (record rows that can fail and global rows). */
    int rows() {
        return rowCount;
    }

    /** Rows in the LP (the working set). */
    int lpRows() {
        return lpRows;
    }

    /** True when a rival can never be pushed away from record r's true match (K_r = 1 in every solution). */
    boolean unlinkable(int r) {
        return unlinkable[r];
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
            boolean on = keep[r] && !unlinkable[r];
            if (on != active[r]) {
                active[r] = on;
                for (MPConstraint c : rows.get(r)) {
                    if (c != null) {
                        c.setLb(on ? o.eps() : -MPSolver.infinity());
                        relaxed += on ? -1 : 1;
                    }
                }
            }
        }
        compactIfMostlyRelaxed();
        while (true) {
            double remaining = deadline - System.nanoTime() / 1e9;
            if (remaining <= 0) {
                return null;
            }
            lp.setTimeLimit((long) Math.max(1, remaining * 1000));
            MPSolver.ResultStatus st = lp.solve();
            remaining = deadline - System.nanoTime() / 1e9;
            if (st == MPSolver.ResultStatus.ABNORMAL && remaining > 1) {
                // GLOP's warm start can fail numerically after many bound changes: solve from scratch
                lp.reset();
                restarts++;
                lp.setTimeLimit((long) (remaining * 1000));
                st = lp.solve();
                remaining = deadline - System.nanoTime() / 1e9;
            }
            if (st != MPSolver.ResultStatus.OPTIMAL) {
                // GLOP stopped by its time limit answers ABNORMAL or NOT_SOLVED: out of time, not a failure
                if (remaining > 1 && st != MPSolver.ResultStatus.NOT_SOLVED) {
                    throw new IllegalStateException("the LP solver (GLOP) failed with status " + st);
                }
                return null;
            }
            double[] th = new double[theta.length];
            for (int f = 0; f < theta.length; f++) {
                th[f] = theta[f].solutionValue();
            }
            if (enterViolated(th, t.solutionValue()) > 0) {
                continue;
            }
            if (lp.objective().value() > INFEASIBLE) {
                return conflict(keep);
            }
            solution = th;
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
    void shrinkLater(int[] conflict) {
        @SuppressWarnings("unchecked")
        List<double[]>[] own = new List[conflict.length];
        int[][] support = new int[conflict.length][];
        for (int q = 0; q < conflict.length; q++) {
            own[q] = List.copyOf(coefficients.get(conflict[q]));
            support[q] = supportRows[conflict[q]];
        }
        List<double[]> globals = List.copyOf(global);
        int[] start = globalSupport.clone();
        int[] whole = activeRecords();
        filters.submit(() -> DeletionFilter.shrink(o, features, conflict.clone(), own, support, globals, start), whole);
    }

    /**
     * Waits for the conflicts handed over since the last call and gives each cut, in order: the
     * shrunk conflict, or, when the small LP did not confirm it (the dual support did not certify
     * infeasibility on its own), every record that was active: a weak but valid cut.
     */
    void takeCuts(Consumer<int[]> sink) {
        filters.take(sink);
    }

    private int[] activeRecords() {
        int count = 0;
        for (boolean a : active) {
            count += a ? 1 : 0;
        }
        int[] out = new int[count];
        int w = 0;
        for (int r = 0; r < active.length; r++) {
            if (active[r]) {
                out[w++] = r;
            }
        }
        return out;
    }

    /** LP solves that had to start from scratch after a numerical failure of the warm start. */
    int restarts() {
        return restarts;
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
            if (!active[r]) {
                continue;
            }
            double w = 0;
            int n = 0;
            List<MPConstraint> rs = rows.get(r);
            for (int q = 0; q < rs.size(); q++) {
                MPConstraint row = rs.get(q);
                double y = row == null ? 0 : Math.abs(row.dualValue());
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
        int[] support = new int[globalRows.size()];
        for (int q = 0; q < support.length; q++) {
            MPConstraint row = globalRows.get(q);
            if (row != null && Math.abs(row.dualValue()) > DUAL) {
                support[g++] = q;
            }
        }
        globalSupport = Arrays.copyOf(support, g);
        if (c.isEmpty()) { // numerically unclear: give up the whole set (a valid, weak cut)
            for (int r = 0; r < keep.length; r++) {
                if (active[r]) {
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

    /** Adds the rows the current solution violates (margin below eps/2); returns how many. */
    private int separate() {
        PairwiseDistance d = LearnedModels.distance(o, LearnedModels.toModel(o, solution, features, data), data);
        double[] row = new double[nr];
        double[] margin = new double[nr];
        int before = rowCount;
        for (int r = 0; r < train.length; r++) {
            int i = train[r];
            d.block(i, 0, nr, row);
            if (o.aggregator().signConstrained()) {
                nonNegative(i, row);
            }
            if (!active[r]) {
                continue;
            }
            int tr = data.truth()[i];
            for (int j = 0; j < nr; j++) {
                margin[j] = j == tr ? Double.POSITIVE_INFINITY : row[j] - row[tr];
            }
            for (int j : MinIndexHeap.smallestBelow(margin, o.eps() / 2, o.rivals())) {
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
                global.add(dense());
                globalRows.add(null);
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
        coefficients.get(r).add(dense());
        rows.get(r).add(null);
        rowCount++;
    }

    /**
     * Enters into the LP, for each active record, its most violated row outside the LP
     * (theta . Delta + t &lt; eps), and the most negative global rows (theta . phi &lt; 0); returns how many.
     */
    private int enterViolated(double[] th, double tv) {
        int entered = 0;
        for (int r = 0; r < train.length; r++) {
            if (!active[r]) {
                continue;
            }
            List<double[]> coef = coefficients.get(r);
            List<MPConstraint> lpRow = rows.get(r);
            int worst = -1;
            double worstValue = o.eps() - VIOLATED;
            for (int q = 0; q < coef.size(); q++) {
                if (lpRow.get(q) == null) {
                    double v = dot(coef.get(q), th) + tv;
                    if (v < worstValue) {
                        worstValue = v;
                        worst = q;
                    }
                }
            }
            if (worst >= 0) {
                lpRow.set(worst, recordRow(coef.get(worst)));
                entered++;
            }
        }
        if (!global.isEmpty()) {
            double[] value = new double[global.size()];
            for (int q = 0; q < value.length; q++) {
                value[q] = globalRows.get(q) == null ? dot(global.get(q), th) : 0;
            }
            for (int q : MinIndexHeap.smallestBelow(value, NEGATIVE, GLOBAL_BATCH)) {
                MPConstraint c = lp.makeConstraint(0, MPSolver.infinity());
                set(c, global.get(q));
                globalRows.set(q, c);
                entered++;
            }
        }
        lpRows += entered;
        return entered;
    }

    /** a . b over the parameters (also the deletion filter's row test). */
    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int f = 0; f < a.length; f++) {
            s += a[f] * b[f];
        }
        return s;
    }

    /** The accumulated coefficients as a dense array over theta. */
    private double[] dense() {
        double[] coef = new double[theta.length];
        for (int q = 0; q < acc.count; q++) {
            int f = acc.touched[q];
            coef[f] = acc.values[f];
        }
        return coef;
    }

    private void set(MPConstraint c, double[] coef) {
        for (int f = 0; f < coef.length; f++) {
            if (coef[f] != 0) {
                c.setCoefficient(theta[f], coef[f]);
            }
        }
    }

    void delete() {
        filters.shutdown();
        lp.delete();
    }
}

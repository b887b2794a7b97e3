package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The LP of {@link ConflictSlave} with its working set: min t subject to theta . Delta + t >= eps
 * for the rows of the active records, theta . phi >= 0 for the global rows (SB, MD*), theta in the
 * family (GLOP, kept between solves so that each starts from the previous basis; rows of inactive
 * records are relaxed to -infinity).
 * <p>
 * <b>Working set.</b> Every row generated is kept in Java, but the LP holds only those that were
 * ever violated: after each solve the rows outside the LP are evaluated at (theta, t) and each active
 * record's most violated one (and up to {@value #GLOBAL_BATCH} global rows) is added, until none is
 * violated. The LP is a relaxation of the full one with the same objective, so t* > 0 proves the
 * active set infeasible as it stands, and a solution violating no row is optimal for the full LP.
 * Only a few rows per record are ever binding, so the LP is several times smaller than the set of
 * rows.
 * <p>
 * <b>Compaction.</b> When the rows of inactive records are most of the LP and at least
 * {@link #COMPACT_AFTER}, the LP is built again without them (they stay in the working set and come
 * back when violated; the next solve starts without the previous basis). GLOP extracts the whole
 * model at every solve, so after a large repair (EIA, 4,092 records, about 3,100 given up in the
 * first round) they slowed every check that followed: EIA WM's first round 114.7-121.5 s -> 74.4 s,
 * the same cuts (docs/learning.md).
 * <p>
 * <b>Purge.</b> Rows enter when violated and, until stop 69, stayed for good: on the whole Census's
 * SB the LP grew to about 3,000 rows, three per linked record, of which a basis holds at most 16
 * tight ones. GLOP extracts the whole model at every solve (3.3-5.2 ms for a solve of those 3,000
 * rows with no simplex iteration at all) and its iterations grow with the rows too: 9.2 ms a solve.
 * Each answer now stamps the rows its solution holds tight (slack at most {@link #TIGHT} eps), and
 * every {@value #PURGE_AGE} answers, when the LP holds at least {@value #PURGE_FROM} rows and
 * most of them were not tight in the last {@value #PURGE_AGE} answers (or belong to inactive
 * records), the LP is built again without those. They stay in the working set and enter again
 * when violated, so every answer is still exact for the whole system. The same 60 s run (a
 * development build of this rule): about 800 rows and 2.5 ms a solve, and the first minute's bound
 * steps about 1.8 times sooner (980 at 25.9 s against 47.6 s); whole proofs are the master's and
 * their path's (docs/learning.md, "The slave's LP purged of rows no answer holds tight").
 */
final class SlaveLp {
    /**
     * GLOP parameters for LPs solved again and again after bound changes: without presolve the dual
     * simplex restarts from the previous basis. On the seed-1 M5-38 file, SB: 18.5 ms per check with
     * GLOP's defaults, 8.3 ms with these (docs/learning.md).
     */
    /** Global rows violated beyond this enter the LP. */
    private static final double NEGATIVE = -1e-9;
    static final int GLOBAL_BATCH = 16;
    /** Relaxed rows below this never trigger a compaction. */
    static final int COMPACT_AFTER = 2000;
    /** Answers between two looks for a purge, and the answers a row may go untight and stay. */
    static final int PURGE_AGE = 200;
    /** LPs smaller than this are never purged. */
    static final int PURGE_FROM = 1000;
    /** A row is tight at an answer when its slack is at most this share of eps. */
    static final double TIGHT = 1e-2;

    private final LearnOptions o;
    private final Features features;
    private MPSolver lp;
    private MPVariable[] theta;
    private MPVariable t;
    /** The coefficients of each record's rows, dense over theta, and of the global rows. */
    private final List<List<double[]>> coefficients = new ArrayList<>();
    private final List<double[]> global = new ArrayList<>();
    /** Parallel to coefficients and global: the LP row, or null while the row is outside the LP. */
    private final List<List<MPConstraint>> rows = new ArrayList<>();
    private final List<MPConstraint> globalRows = new ArrayList<>();
    private final boolean[] active;
    /**
     * Parallel to rows and globalRows: the last answer whose solution held the row tight, or the
     * answer before which it entered the LP (answers counted from 1; 0 for rows never in the LP).
     */
    private int[][] stamp;
    private int[] globalStamp = new int[16];
    private int answers;
    private int lastLook;
    private int purgeAge = PURGE_AGE;
    private int purgeFrom = PURGE_FROM;
    private int purges;
    private int lpRows;
    /** Rows in the LP of inactive records (relaxed to -infinity). */
    private int relaxed;
    private int compactions;
    private int compactAfter = COMPACT_AFTER;
    private int restarts;
    /** Solves with GLOP's other settings after the slave's own failed from scratch ({@link #otherSettings}). */
    private int otherSolves;

    /** An LP for {@code records} records, all active, with no rows yet. */
    SlaveLp(LearnOptions o, Features features, int records) {
        this.o = o;
        this.features = features;
        MilpModel.loadNative();
        newLp();
        active = new boolean[records];
        stamp = new int[records][4];
        for (int r = 0; r < records; r++) {
            rows.add(new ArrayList<>());
            coefficients.add(new ArrayList<>());
            active[r] = true;
        }
    }

    private void newLp() {
        lp = MPSolver.createSolver("GLOP");
        lp.suppressOutput();
        if (!lp.setSolverSpecificParametersAsString(Margin.glop(o.eps()))) {
            throw new IllegalStateException("GLOP refused the parameters " + Margin.glop(o.eps()));
        }
        theta = MilpModel.parameters(lp, features, o);
        t = lp.makeNumVar(0, MPSolver.infinity(), "t");
        lp.objective().setCoefficient(t, 1);
        lp.objective().setMinimization();
    }

    /**
     * The LP from scratch with GLOP's other settings ({@link GlopFallback}) until one answers OPTIMAL
     * or the deadline comes, then the slave's own settings again for the next solves. Met on the
     * whole Census's five variables released by rank swapping (docs/experiments/protections.json,
     * seed 1): p = 5 with WM and WM_m, p = 15 with MD*, each an internal error in its first round
     * from stop 69's purge of the LP (078bca2) until stop 72.
     */
    private MPSolver.ResultStatus otherSettings(double deadline) {
        return GlopFallback.solve(lp, GlopFallback.dualOwn(o.eps()), Margin.glopTolerance(o.eps()), deadline,
                Double.POSITIVE_INFINITY, this::solveNow,
                () -> otherSolves++);
    }

    /** A solve that a stop request interrupts ({@link StopRequest}): GLOP can run for minutes on a stalled LP. */
    private MPSolver.ResultStatus solveNow() {
        try (StopRequest.Registration r = StopRequest.during(lp::interruptSolve)) {
            return lp.solve();
        }
    }

    /** Adds a row of record r to the working set (not to the LP). */
    void addRecordRow(int r, double[] coef) {
        coefficients.get(r).add(coef);
        rows.get(r).add(null);
        int n = rows.get(r).size();
        if (n > stamp[r].length) {
            stamp[r] = Arrays.copyOf(stamp[r], 2 * n);
        }
    }

    /** Adds a global row to the working set (not to the LP). */
    void addGlobalRow(double[] coef) {
        global.add(coef);
        globalRows.add(null);
        if (global.size() > globalStamp.length) {
            globalStamp = Arrays.copyOf(globalStamp, 2 * global.size());
        }
    }

    boolean active(int r) {
        return active[r];
    }

    /** Switches record r's rows on (bound eps) or off (relaxed to -infinity). */
    void setActive(int r, boolean on) {
        if (on == active[r]) {
            return;
        }
        active[r] = on;
        for (MPConstraint c : rows.get(r)) {
            if (c != null) {
                c.setLb(on ? o.eps() : -MPSolver.infinity());
                relaxed += on ? -1 : 1;
            }
        }
    }

    /**
     * Solves, entering violated rows until none is left, and fills {@code th} with the parameters.
     * Returns t*, or NaN when the deadline came first (GLOP stopped by its time limit answers ABNORMAL
     * or NOT_SOLVED: only with more than a second left is ABNORMAL a numerical failure, and then the
     * LP is solved again from scratch within the time left; until 2026-11-27 the time left was read
     * before the solve, and a first LP longer than the limit was solved twice and then reported as an
     * internal error). Should that fail too, or GLOP answer INFEASIBLE or UNBOUNDED on this LP, which
     * is neither ({@link GlopFallback#failed}), {@link #otherSettings} tries GLOP's other settings.
     */
    double solve(double deadline, double[] th) {
        purgeIfMostlyStale();
        compactIfMostlyRelaxed();
        while (true) {
            double remaining = deadline - StopRequest.now();
            if (remaining <= 0) {
                return Double.NaN;
            }
            lp.setTimeLimit((long) Math.max(1, remaining * 1000));
            MPSolver.ResultStatus st = solveNow();
            remaining = deadline - StopRequest.now();
            if (st == MPSolver.ResultStatus.ABNORMAL && remaining > 1) {
                // GLOP's warm start can fail numerically after many bound changes: solve from scratch
                lp.reset();
                restarts++;
                lp.setTimeLimit((long) (remaining * 1000));
                st = solveNow();
                remaining = deadline - StopRequest.now();
            }
            if (GlopFallback.failed(st) && remaining > 1) { // also INFEASIBLE or UNBOUNDED, which this LP never is
                st = otherSettings(deadline);
                remaining = deadline - StopRequest.now();
            }
            if (st != MPSolver.ResultStatus.OPTIMAL) {
                if (remaining > 1 && st != MPSolver.ResultStatus.NOT_SOLVED) {
                    throw new IllegalStateException("the LP solver (GLOP) failed with status " + st);
                }
                return Double.NaN;
            }
            for (int f = 0; f < theta.length; f++) {
                th[f] = theta[f].solutionValue();
            }
            if (enterViolated(th, t.solutionValue()) == 0) {
                stampTight(th, t.solutionValue());
                return lp.objective().value();
            }
        }
    }

    /**
     * Enters into the LP, for each active record, its most violated row outside the LP
     * (theta . Delta + t &lt; eps), and the most negative global rows (theta . phi &lt; 0); returns how many.
     */
    private int enterViolated(double[] th, double tv) {
        int entered = 0;
        for (int r = 0; r < active.length; r++) {
            if (!active[r]) {
                continue;
            }
            List<double[]> coef = coefficients.get(r);
            List<MPConstraint> lpRow = rows.get(r);
            int worst = -1;
            double worstValue = o.eps() - Margin.violated(o.eps()); // record rows violated beyond this enter the LP
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
                stamp[r][worst] = answers;
                entered++;
            }
        }
        if (!global.isEmpty()) {
            double[] value = new double[global.size()];
            for (int q = 0; q < value.length; q++) {
                value[q] = globalRows.get(q) == null ? dot(global.get(q), th) : 0;
            }
            for (int q : MinIndexHeap.smallestBelow(value, NEGATIVE, GLOBAL_BATCH)) {
                globalRows.set(q, globalRow(global.get(q)));
                globalStamp[q] = answers;
                entered++;
            }
        }
        lpRows += entered;
        return entered;
    }

    /** Counts an answer and stamps the LP's rows that its solution (th, tv) holds tight. */
    private void stampTight(double[] th, double tv) {
        answers++;
        double tight = TIGHT * o.eps();
        for (int r = 0; r < rows.size(); r++) {
            if (!active[r]) {
                continue;
            }
            List<MPConstraint> rs = rows.get(r);
            for (int q = 0; q < rs.size(); q++) {
                if (rs.get(q) != null && dot(coefficients.get(r).get(q), th) + tv - o.eps() <= tight) {
                    stamp[r][q] = answers;
                }
            }
        }
        for (int q = 0; q < globalRows.size(); q++) {
            if (globalRows.get(q) != null && dot(global.get(q), th) <= tight) {
                globalStamp[q] = answers;
            }
        }
    }

    /**
     * Every {@link #purgeAge} answers: when the LP holds at least {@link #purgeFrom} rows and most
     * of them were not tight in the last {@link #purgeAge} answers or belong to inactive records,
     * builds it again without them.
     */
    private void purgeIfMostlyStale() {
        if (answers - lastLook < purgeAge) {
            return;
        }
        lastLook = answers;
        if (lpRows < purgeFrom) {
            return;
        }
        int before = answers - purgeAge;
        int stale = 0;
        for (int r = 0; r < rows.size(); r++) {
            List<MPConstraint> rs = rows.get(r);
            for (int q = 0; q < rs.size(); q++) {
                if (rs.get(q) != null && (!active[r] || stamp[r][q] < before)) {
                    stale++;
                }
            }
        }
        for (int q = 0; q < globalRows.size(); q++) {
            if (globalRows.get(q) != null && globalStamp[q] < before) {
                stale++;
            }
        }
        if (2 * stale >= lpRows) {
            rebuild(before);
            purges++;
        }
    }

    private void compactIfMostlyRelaxed() {
        if (relaxed < compactAfter || 2 * relaxed < lpRows) {
            return;
        }
        rebuild(Integer.MIN_VALUE);
        compactions++;
    }

    /**
     * Builds the LP again from the rows of active records and the global rows it holds, leaving out
     * those stamped before {@code staleBefore}; the rows left out stay in the working set.
     */
    private void rebuild(int staleBefore) {
        lp.delete();
        newLp();
        lpRows = 0;
        for (int r = 0; r < rows.size(); r++) {
            List<MPConstraint> rs = rows.get(r);
            for (int q = 0; q < rs.size(); q++) {
                if (rs.get(q) != null) {
                    boolean keep = active[r] && stamp[r][q] >= staleBefore;
                    rs.set(q, keep ? recordRow(coefficients.get(r).get(q)) : null);
                    lpRows += keep ? 1 : 0;
                }
            }
        }
        for (int q = 0; q < globalRows.size(); q++) {
            if (globalRows.get(q) != null) {
                boolean keep = globalStamp[q] >= staleBefore;
                globalRows.set(q, keep ? globalRow(global.get(q)) : null);
                lpRows += keep ? 1 : 0;
            }
        }
        relaxed = 0;
    }

    private MPConstraint recordRow(double[] coef) {
        MPConstraint c = lp.makeConstraint(o.eps(), MPSolver.infinity());
        set(c, theta, coef);
        c.setCoefficient(t, 1);
        return c;
    }

    private MPConstraint globalRow(double[] coef) {
        MPConstraint c = lp.makeConstraint(0, MPSolver.infinity());
        set(c, theta, coef);
        return c;
    }

    /** Sets a row's non-zero coefficients over the parameters (also the deletion filter's rows). */
    static void set(MPConstraint c, MPVariable[] theta, double[] coef) {
        for (int f = 0; f < coef.length; f++) {
            if (coef[f] != 0) {
                c.setCoefficient(theta[f], coef[f]);
            }
        }
    }

    /** a . b over the parameters (also the deletion filter's row test). */
    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int f = 0; f < a.length; f++) {
            s += a[f] * b[f];
        }
        return s;
    }

    /** Rows of record r in the working set. */
    List<double[]> coefficients(int r) {
        return coefficients.get(r);
    }

    /** The global rows in the working set. */
    List<double[]> globals() {
        return global;
    }

    /** |dual| of record r's q-th row in the last solve (0 outside the LP). */
    double dual(int r, int q) {
        MPConstraint row = rows.get(r).get(q);
        return row == null ? 0 : Math.abs(row.dualValue());
    }

    /** |dual| of the q-th global row in the last solve (0 outside the LP). */
    double globalDual(int q) {
        MPConstraint row = globalRows.get(q);
        return row == null ? 0 : Math.abs(row.dualValue());
    }

    /** Rows in the LP as it stands. */
    int lpRows() {
        return lpRows;
    }

    /** Sets the relaxed rows that allow a compaction (tests: 1 compacts whenever most rows are relaxed). */
    void compactAfter(int relaxedRows) {
        compactAfter = relaxedRows;
    }

    /** Sets how often and from what size the LP is purged of rows no recent answer held tight (tests). */
    void purge(int age, int from) {
        purgeAge = age;
        purgeFrom = from;
    }

    /** Times the LP was built again without the rows no recent answer held tight. */
    int purges() {
        return purges;
    }

    /** Times the LP was built again without the rows of inactive records. */
    int compactions() {
        return compactions;
    }

    /** Solves that had to start from scratch after a numerical failure of the warm start. */
    int restarts() {
        return restarts;
    }

    /** Solves with other GLOP settings after the slave's own failed from scratch ({@link #otherSettings}). */
    int otherSolves() {
        return otherSolves;
    }

    void delete() {
        lp.delete();
    }
}

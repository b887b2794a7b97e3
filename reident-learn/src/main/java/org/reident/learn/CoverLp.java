package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Arrays;

/**
 * The master's covering LP kept from one master solve to the next (GLOP), for {@link CoverDual}'s
 * start: min sum_r x_r subject to sum_{r in C} x_r >= 1 for every cut C not hit by a given record,
 * x >= 0. The learner's cuts are only ever added, and records only ever given, so each solve
 * appends the new cuts' rows and relaxes (to -infinity) the rows of cuts that a newly given record
 * hits; GLOP then starts from the previous basis (dual simplex, no presolve, as {@link SlaveLp}),
 * where {@link CoverDual#lpStart} solved every master's LP from nothing.
 * <p>
 * Any optimal dual serves: the LP's optimum is the same, only the vertex may differ, and with it
 * which records the reduced costs forbid first, so the tree may find another cover of the same
 * size and the run take another path (the size cannot change: {@link CoverDual} is a valid bound
 * from any dual start). Deterministic: the same sequence of solves gives the same duals.
 * <p>
 * Measured (`learn --original c5.csv --protected p5.csv --aggregator bilinear`, the whole Census,
 * JFR profile, 2026-12-05, AMD EPYC, 2 cores): the cold LP took about 5 s of the first 308 s, 14 s
 * of the next 229 s and 27 s of the last 70 s, where rounds are many and quick over some 14,000
 * cuts. The last 124 of those LPs solved both ways by a scratch harness: 31.9 s afresh, 2.1 s warm,
 * the same optimum. The whole proof took 560.4 s against 561.4 s for the build before: its master
 * 44 s less, its other path's slave as much more (docs/learning.md, "The covering LP kept warm").
 */
final class CoverLp {
    private final int records;
    private MPSolver lp;
    private MPVariable[] x;
    private MPConstraint[] rows = new MPConstraint[256];
    /** The cuts in the LP, by the learner's index. */
    private int[][] cuts = new int[256][];
    private int count;
    /** The records given when the rows were last relaxed. */
    private boolean[] given;
    private int restarts;
    /** Whether the LP holds the optimum of the last {@link #duals}, unchanged since ({@link #point}). */
    private boolean optimal;
    /** GLOP's parameters: no presolve and the dual simplex for an LP kept warm, GLOP's defaults for one solve. */
    private final String parameters;

    /** An LP to keep warm from solve to solve. */
    CoverLp(int records) {
        this(records, true);
    }

    /**
     * @param warm kept from solve to solve (no presolve, the dual simplex, so that GLOP restarts from
     *             the last basis), or solved once ({@link CoverDual#lpStart}) with GLOP's defaults,
     *             which solve one LP from nothing faster: the 124 last masters of the whole Census's
     *             SB proof took 48.0-52.4 s with the warm parameters, 31.0-34.5 s with the defaults
     *             (scratch harness, 2026-12-05)
     */
    CoverLp(int records, boolean warm) {
        this.records = records;
        given = new boolean[records];
        parameters = warm ? "use_preprocessing: false use_dual_simplex: true" : "";
    }

    /**
     * Brings the LP up to these cuts and given records. When the cuts do not begin with those already
     * in the LP, in the same order, or a record given before is not given now (a problem that is not
     * the learner's next, as in a replay of unrelated problems), the LP is built afresh.
     */
    void sync(int[][] all, int cutCount, boolean[] now) {
        optimal = false;
        if (lp != null && !continues(all, cutCount, now)) {
            delete();
            count = 0;
            given = new boolean[records];
        }
        ensure();
        boolean more = false;
        for (int r = 0; r < records; r++) {
            more |= now[r] && !given[r];
        }
        if (more) {
            given = now.clone();
            for (int c = 0; c < count; c++) {
                if (hit(cuts[c])) {
                    rows[c].setLb(Double.NEGATIVE_INFINITY);
                }
            }
        }
        if (cutCount > rows.length) {
            int n = Math.max(cutCount, 2 * rows.length);
            rows = Arrays.copyOf(rows, n);
            cuts = Arrays.copyOf(cuts, n);
        }
        for (int c = count; c < cutCount; c++) {
            int[] cut = all[c];
            MPConstraint row = lp.makeConstraint(hit(cut) ? Double.NEGATIVE_INFINITY : 1, Double.POSITIVE_INFINITY);
            for (int r : cut) {
                if (x[r] == null) {
                    x[r] = lp.makeNumVar(0, Double.POSITIVE_INFINITY, "x" + r);
                    lp.objective().setCoefficient(x[r], 1);
                }
                row.setCoefficient(x[r], 1);
            }
            rows[c] = row;
            cuts[c] = cut;
        }
        count = Math.max(count, cutCount);
    }

    private boolean continues(int[][] all, int cutCount, boolean[] now) {
        if (cutCount < count) {
            return false;
        }
        for (int r = 0; r < records; r++) {
            if (given[r] && !now[r]) {
                return false;
            }
        }
        for (int c = 0; c < count; c++) {
            if (all[c] != cuts[c] && !Arrays.equals(all[c], cuts[c])) {
                return false;
            }
        }
        return true;
    }

    private boolean hit(int[] cut) {
        for (int r : cut) {
            if (given[r]) {
                return true;
            }
        }
        return false;
    }

    private void ensure() {
        if (lp == null) {
            MilpModel.loadNative();
            lp = MPSolver.createSolver("GLOP");
            if (!lp.setSolverSpecificParametersAsString(parameters)) {
                throw new IllegalStateException("GLOP refused the covering LP's parameters");
            }
            lp.objective().setMinimization();
            x = new MPVariable[records];
        }
    }

    /**
     * The optimal dual of the rows synced, by the learner's cut index (0 for relaxed rows), or null
     * when GLOP does not prove its answer optimal, the deadline (System.nanoTime() / 1e9) comes
     * first or {@code halt} halts the solve: the tree then starts from zeros, as after
     * {@link CoverDual#lpStart}'s null.
     */
    double[] duals(double deadline, Halt halt) {
        optimal = false;
        double remaining = deadline - StopRequest.now();
        if (remaining <= 0 || halt.halted() || lp == null) {
            return null;
        }
        MPSolver.ResultStatus st = solve(remaining, halt);
        remaining = deadline - StopRequest.now();
        if (st == MPSolver.ResultStatus.ABNORMAL && remaining > 0 && !halt.halted()) {
            lp.reset(); // a warm start that failed numerically: once more from scratch
            restarts++;
            st = solve(remaining, halt);
        }
        if (st != MPSolver.ResultStatus.OPTIMAL) {
            return null;
        }
        double[] dual = new double[count];
        for (int c = 0; c < count; c++) {
            dual[c] = Math.max(0, rows[c].dualValue());
        }
        optimal = true;
        return dual;
    }

    private MPSolver.ResultStatus solve(double seconds, Halt halt) {
        lp.setTimeLimit((long) Math.ceil(Math.max(seconds, 1e-3) * 1000));
        try (StopRequest.Registration stop = halt.during(lp::interruptSolve)) {
            return lp.solve();
        }
    }

    /**
     * The LP's optimal x by record (0 for records in no row), read from the solver when asked: only
     * right after a {@link #duals} that returned a dual, with no {@link #sync} since; else null.
     */
    double[] point() {
        if (!optimal) {
            return null;
        }
        double[] point = new double[records];
        for (int r = 0; r < records; r++) {
            point[r] = x[r] == null ? 0 : Math.max(0, x[r].solutionValue());
        }
        return point;
    }

    /** GLOP's simplex iterations in the last solve. */
    long iterations() {
        return lp == null ? 0 : lp.iterations();
    }

    /** Solves started again from scratch after GLOP's warm start failed. */
    int restarts() {
        return restarts;
    }

    void delete() {
        optimal = false;
        if (lp != null) {
            lp.delete();
            lp = null;
        }
    }
}

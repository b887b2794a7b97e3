package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * The master problem of {@link ConflictLearner}: min sum K_r over binaries K (1 = record r given up)
 * subject to the conflict cuts sum_{r in C} K_r >= 1, a set-covering problem, solved by the MILP
 * backend of the options (SCIP by default). The model grows by one row a cut; each solve is
 * warm-started from the incumbent. (CP-SAT was measured slower on these models: M5-38 WM, 0.3 s
 * against 1.5 s a solve at 300 cuts.)
 */
final class CoverMaster {
    private final MPSolver solver;
    private final MPVariable[] k;
    private long bestBound;
    private boolean optimal;

    CoverMaster(int records, LearnOptions o) {
        solver = MilpModel.createSolver(o);
        k = new MPVariable[records];
        for (int r = 0; r < records; r++) {
            k[r] = solver.makeIntVar(0, 1, "K" + r);
            solver.objective().setCoefficient(k[r], 1);
        }
        solver.objective().setMinimization();
    }

    void fix(int r) {
        k[r].setBounds(1, 1);
    }

    void cut(int[] records) {
        MPConstraint c = solver.makeConstraint(1, MPSolver.infinity());
        for (int r : records) {
            c.setCoefficient(k[r], 1);
        }
    }

    void hint(boolean[] keep) {
        double[] v = new double[k.length];
        for (int r = 0; r < k.length; r++) {
            v[r] = keep[r] ? 0 : 1;
        }
        solver.setHint(k, v);
    }

    /** Solves; writes the records kept (K = 0) into keep. False when no solution was found in time. */
    boolean solve(double seconds, boolean[] keep) {
        solver.setTimeLimit((long) Math.max(1, seconds * 1000));
        MPSolver.ResultStatus st = solver.solve();
        if (st != MPSolver.ResultStatus.OPTIMAL && st != MPSolver.ResultStatus.FEASIBLE) {
            return false;
        }
        optimal = st == MPSolver.ResultStatus.OPTIMAL;
        bestBound = (long) Math.ceil(solver.objective().bestBound() - 1e-6);
        for (int r = 0; r < k.length; r++) {
            keep[r] = k[r].solutionValue() < 0.5;
        }
        return true;
    }

    /** The solver's lower bound on sum K after the last solve. */
    long bestBound() {
        return bestBound;
    }

    boolean optimal() {
        return optimal;
    }

    String version() {
        return solver.solverVersion();
    }

    void delete() {
        solver.delete();
    }
}

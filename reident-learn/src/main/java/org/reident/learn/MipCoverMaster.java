package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/** {@link CoverMaster} solved by OR-Tools' linear-solver wrapper: SCIP (default), HiGHS or CBC. */
final class MipCoverMaster implements CoverMaster {
    private final MPSolver solver;
    private final MPVariable[] k;
    private final MPConstraint total;
    private final boolean highs;
    private final Halt halt = new Halt();

    MipCoverMaster(int records, LearnOptions o) {
        solver = MilpModel.createSolver(o);
        highs = MilpModel.isHighs(o.solver());
        k = new MPVariable[records];
        for (int r = 0; r < records; r++) {
            k[r] = solver.makeIntVar(0, 1, "K" + r);
            solver.objective().setCoefficient(k[r], 1);
        }
        solver.objective().setMinimization();
        total = solver.makeConstraint(0, records);
        for (MPVariable v : k) {
            total.setCoefficient(v, 1);
        }
    }

    @Override
    public void fix(int r) {
        k[r].setBounds(1, 1);
    }

    @Override
    public void cut(int[] records) {
        MPConstraint c = solver.makeConstraint(1, MPSolver.infinity());
        for (int r : records) {
            c.setCoefficient(k[r], 1);
        }
    }

    @Override
    public Solved solve(double seconds, boolean[] keep, long atLeast, long atMost) {
        total.setBounds(atLeast, atMost);
        solver.setTimeLimit((long) Math.max(1, seconds * 1000));
        MPSolver.ResultStatus st = MilpModel.solve(solver, highs, halt);
        if (st == MPSolver.ResultStatus.INFEASIBLE) {
            return new Solved(true, atMost + 1, true);
        }
        if (st != MPSolver.ResultStatus.OPTIMAL && st != MPSolver.ResultStatus.FEASIBLE) {
            return null;
        }
        Solved out = new Solved(st == MPSolver.ResultStatus.OPTIMAL, (long) Math.ceil(solver.objective().bestBound() - 1e-6), false);
        for (int r = 0; r < k.length; r++) {
            keep[r] = k[r].solutionValue() < 0.5;
        }
        return out;
    }

    @Override
    public void halt() {
        halt.halt();
    }

    @Override
    public void resume() {
        halt.clear();
    }

    @Override
    public String version() {
        return MilpModel.version(solver, highs);
    }

    @Override
    public void delete() {
        solver.delete();
    }
}

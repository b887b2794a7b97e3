package org.reident.learn;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;

/**
 * {@link CoverMaster} solved by OR-Tools' native CP-SAT: cuts are clauses, the objective the number
 * of records given up. Pure 0/1, so none of the trouble of CP-SAT with continuous weights (the
 * parameters stay in the LP slave).
 */
final class CpSatCoverMaster implements CoverMaster {
    /**
     * CP-SAT's workers, whatever the cores: with fewer than 8 its portfolio leaves out the workers whose LP
     * relaxation bounds a cover, and on a 2-core machine its 2 workers proved nothing beyond a packing of
     * disjoint conflicts on 400-record MD* proofs: in 600 s on one of 563 conflicts (stop 88), in 30 s on
     * one of 547 that 8 workers prove in 2.8 s; on the whole Census's 120 s SB file at 60 s, 86 records
     * lost with 2 workers, 97 with 8 (stop 92; docs/learning.md, "CP-SAT on 8 workers").
     */
    static final int WORKERS = 8;
    private final Halt halt = new Halt();
    private final CpModel model = new CpModel();
    private final BoolVar[] k;
    private final com.google.ortools.sat.IntVar total;

    CpSatCoverMaster(int records) {
        MilpModel.loadNative();
        k = new BoolVar[records];
        for (int r = 0; r < records; r++) {
            k[r] = model.newBoolVar("K" + r);
        }
        total = model.newIntVar(0, records, "total");
        model.addEquality(total, LinearExpr.sum(k));
        model.minimize(total);
    }

    @Override
    public void fix(int r) {
        model.addEquality(k[r], 1);
    }

    @Override
    public void cut(int[] records) {
        Literal[] lits = new Literal[records.length];
        for (int q = 0; q < records.length; q++) {
            lits[q] = k[records[q]];
        }
        model.addBoolOr(lits);
    }

    @Override
    public Solved solve(double seconds, boolean[] keep, long atLeast, long atMost) {
        if (halt.halted()) {
            return null;
        }
        total.getBuilder().clearDomain().addDomain(atLeast).addDomain(atMost);
        CpSolver s = new CpSolver();
        s.getParameters().setMaxTimeInSeconds(Math.max(0.01, seconds));
        s.getParameters().setCatchSigintSignal(false); // Ctrl-C is the command line's (StopRequest), which stops the search
        s.getParameters().setNumWorkers(Math.max(WORKERS, Runtime.getRuntime().availableProcessors()));
        CpSolverStatus st;
        try (StopRequest.Registration r = halt.during(s::stopSearch)) {
            st = s.solve(model);
        }
        if (st == CpSolverStatus.INFEASIBLE) {
            return new Solved(true, atMost + 1, true);
        }
        if (st != CpSolverStatus.OPTIMAL && st != CpSolverStatus.FEASIBLE) {
            return null;
        }
        Solved out = new Solved(st == CpSolverStatus.OPTIMAL, (long) Math.ceil(s.bestObjectiveBound() - 1e-6), false);
        for (int r = 0; r < k.length; r++) {
            keep[r] = !s.booleanValue(k[r]);
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
        return "CP-SAT (OR-Tools " + com.google.ortools.init.OrToolsVersion.getVersionString() + ")";
    }

    @Override
    public void delete() {
        // Java-side model: nothing native to free
    }
}

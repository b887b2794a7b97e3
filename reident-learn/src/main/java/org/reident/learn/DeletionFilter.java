package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.List;

/**
 * Shrinks a conflict of {@link ConflictSlave} towards an irreducible one: on a small LP holding only
 * the conflict's rows (min t subject to theta . Delta + t >= eps, theta in the family), first checks
 * that the conflict is infeasible (t* > 0), then drops each record whose removal leaves the rest
 * infeasible (the deletion filter of Chinneck's IIS methods). Every step is an explicit LP solve,
 * never read from dual values: shrinking with the small LP's own dual support was tried and gave
 * invalid cuts (GLOP's duals after bound changes). Smaller cuts are stronger in the master (a
 * development run on M4-28 SB: mean cut 9.7 -> 6.6 records, rounds 85 -> 32).
 * <p>
 * Rows enter lazily: each record's rows start with those that carried a dual in the slave's
 * conflict, the global rows (SB, MD*: theta . phi(i, j) >= 0 on data pairs; hundreds to thousands)
 * with the global ones that did. Whenever the LP finds a theta with t* = 0, the rows theta violates
 * (of the records switched on, and up to {@value #BATCH} global ones) are added and it is solved
 * again. Rows outside the LP only relax it, so each answer is exact for the whole system, on an LP
 * of about a hundred rows. GLOP extracts the whole model at every solve, so the time per solve
 * grows with the rows (development runs on the seed-1 M5-38 file, SB: every global row, about 440,
 * in the LP from the start, 1.1 ms per solve; global rows lazily, 0.43 ms; record rows lazily too,
 * 0.30 ms with 124 rows on average, of which 93 global). Keeping the global rows of earlier filters
 * was tried: the set snowballs to all of them (0.9 ms per solve).
 * <p>
 * <b>Deadline.</b> At the run's deadline a filter stops shrinking and returns the records still
 * switched on: each drop was kept only after an explicit infeasibility check, so the set is a valid
 * (larger) cut. Its LP solves get the time left (at most {@link GlopFallback#SMALL_LP_SECONDS}
 * each); one the deadline cuts short counts as "not infeasible", which
 * keeps a record (or, at the first check, leaves the whole active set as the cut): both valid.
 * Before this, a run whose filters were behind waited for all of them: a whole-Census Choquet on 8
 * variables with 20% noise, `--time-limit 60s`, ended after 89 s (docs/learning-log.md).
 * <p>
 * <b>GLOP failing.</b> An LP whose solve fails ({@link GlopFallback#failed}) or stalls is solved from
 * scratch with GLOP's other settings ({@link GlopFallback#solveSmall}, stops 73 and 74), as the
 * slave's is; until stop 73 it counted as "not infeasible" as above, which kept a record the filter
 * could have dropped. Stop 73's fallback waited for each setting until the deadline, and one that
 * stalled held the run's cuts there (the whole Census released by rank swapping p = 5, WM: proven
 * in 45.9 s before stop 73, held to the limit after it).
 */
final class DeletionFilter {
    /** Violated global rows added per lazy round. */
    private static final int BATCH = 16;
    private static final double VIOLATED = -1e-9;

    private final LearnOptions o;
    private final List<double[]> global;
    private final MPSolver small;
    private final MPVariable[] th;
    private final boolean[] inLp;
    private final double[] theta;
    private final double[] violation;
    /** The run's deadline (nanoTime seconds). */
    private final double deadline;
    /** Run once per solve with GLOP's other settings ({@link GlopFallback}). */
    private final Runnable otherSolved;
    private MPVariable tt;
    /** Per conflict record: its rows, their LP rows (null while outside), whether it is switched on. */
    private List<double[]>[] rows;
    private MPConstraint[][] lpRows;
    private boolean[] on;

    private DeletionFilter(LearnOptions o, Features features, List<double[]> global, double deadline, Runnable otherSolved) {
        this.o = o;
        this.deadline = deadline;
        this.otherSolved = otherSolved;
        this.global = global;
        small = MPSolver.createSolver("GLOP");
        small.suppressOutput();
        if (!small.setSolverSpecificParametersAsString(Margin.glop(o.eps()))) {
            throw new IllegalStateException("GLOP refused the parameters " + Margin.glop(o.eps()));
        }
        th = MilpModel.parameters(small, features, o);
        inLp = new boolean[global.size()];
        theta = new double[th.length];
        violation = new double[global.size()];
    }

    /**
     * @param conflict     the records of the conflict
     * @param coefficients the rows of each conflict record (aligned with conflict), dense over the
     *                     parameters
     * @param support      of each conflict record, the rows to enter first (null: none); the others
     *                     enter lazily
     * @param global       rows on the parameters alone (SB, MD*: distance >= 0), entered lazily
     * @param start        the global rows to enter first
     * @param deadline     when to stop shrinking (System.nanoTime() seconds)
     * @param otherSolved  run once per LP solve with GLOP's other settings after its own failed or stalled
     * @return the shrunk conflict (only partly shrunk when the deadline came first), or null when the
     *         small LP does not confirm the conflict
     */
    static int[] shrink(LearnOptions o, Features features, int[] conflict, List<double[]>[] coefficients,
            int[][] support, List<double[]> global, int[] start, double deadline, Runnable otherSolved) {
        if (StopRequest.now() >= deadline) {
            return null; // a filter still queued at the deadline: not even its LP is built
        }
        DeletionFilter f = new DeletionFilter(o, features, global, deadline, otherSolved);
        try {
            return f.shrink(conflict, coefficients, support, start);
        } finally {
            f.small.delete();
        }
    }

    private int[] shrink(int[] conflict, List<double[]>[] coefficients, int[][] support, int[] start) {
        tt = small.makeNumVar(0, MPSolver.infinity(), "t");
        small.objective().setCoefficient(tt, 1);
        small.objective().setMinimization();
        for (int q : start) {
            addGlobal(q);
        }
        rows = coefficients;
        lpRows = new MPConstraint[conflict.length][];
        on = new boolean[conflict.length];
        for (int q = 0; q < conflict.length; q++) {
            lpRows[q] = new MPConstraint[rows[q].size()];
            on[q] = true;
            int[] first = support[q];
            if (first != null) {
                for (int k : first) {
                    addRow(q, k);
                }
            }
        }
        if (!infeasible()) {
            return null;
        }
        int left = conflict.length;
        for (int q = conflict.length - 1; q >= 0 && left > 1 && StopRequest.now() < deadline; q--) {
            switchRecord(q, false);
            if (infeasible()) {
                left--;
            } else {
                switchRecord(q, true);
            }
        }
        int[] out = new int[left];
        int w = 0;
        for (int q = 0; q < conflict.length; q++) {
            if (on[q]) {
                out[w++] = conflict[q];
            }
        }
        return out;
    }

    /**
     * t* > 0 on the LP, with every row the answer violates (of the records switched on, and global)
     * entered first: rows outside the LP only relax it, so t* > 0 is a proof, and an answer
     * violating nothing is feasible for the whole system.
     */
    private boolean infeasible() {
        while (true) {
            double remaining = deadline - StopRequest.now();
            if (remaining <= 0) {
                return false;
            }
            MPSolver.ResultStatus st = GlopFallback.solveSmall(small, GlopFallback.dualOwn(o.eps()),
                    Margin.glopTolerance(o.eps()), deadline, small::solve, otherSolved::run);
            if (st != MPSolver.ResultStatus.OPTIMAL) {
                return false;
            }
            if (small.objective().value() > Margin.infeasible(o.eps())) {
                return true;
            }
            for (int f = 0; f < th.length; f++) {
                theta[f] = th[f].solutionValue();
            }
            double tv = tt.solutionValue();
            int entered = 0;
            for (int q = 0; q < rows.length; q++) {
                if (!on[q]) {
                    continue;
                }
                for (int k = 0; k < lpRows[q].length; k++) {
                    // a row violated beyond Margin.violated enters the LP
                    if (lpRows[q][k] == null && SlaveLp.dot(rows[q].get(k), theta) + tv < o.eps() - Margin.violated(o.eps())) {
                        addRow(q, k);
                        entered++;
                    }
                }
            }
            for (int q = 0; q < violation.length; q++) {
                violation[q] = inLp[q] ? 0 : SlaveLp.dot(global.get(q), theta);
            }
            int[] worst = MinIndexHeap.smallestBelow(violation, VIOLATED, BATCH);
            for (int q : worst) {
                addGlobal(q);
            }
            if (entered + worst.length == 0) {
                return false;
            }
        }
    }

    private void addRow(int q, int k) {
        MPConstraint c = small.makeConstraint(o.eps(), MPSolver.infinity());
        SlaveLp.set(c, th, rows[q].get(k));
        c.setCoefficient(tt, 1);
        lpRows[q][k] = c;
    }

    private void switchRecord(int q, boolean to) {
        on[q] = to;
        for (MPConstraint c : lpRows[q]) {
            if (c != null) {
                c.setLb(to ? o.eps() : -MPSolver.infinity());
            }
        }
    }

    private void addGlobal(int q) {
        if (!inLp[q]) {
            inLp[q] = true;
            SlaveLp.set(small.makeConstraint(0, MPSolver.infinity()), th, global.get(q));
        }
    }
}

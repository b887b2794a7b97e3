package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.ArrayList;
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
 * The global rows (SB, MD*: theta . phi(i, j) >= 0 on data pairs; hundreds to thousands) enter
 * lazily: the LP starts with those that carried a dual in the slave's conflict, and whenever it
 * finds a theta with t* = 0, the global rows theta violates are added and it is solved again. Each
 * answer is thus exact for the whole system, on an LP of a few dozen rows. (On the seed-1 M5-38
 * file, SB, with every global row (about 440) in the LP from the start the filter took 10.8 s for
 * the same 636 cuts, lazily 6.2 s: 1.1 ms against 0.43 ms per solve.)
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

    private DeletionFilter(LearnOptions o, Features features, List<double[]> global) {
        this.o = o;
        this.global = global;
        small = MPSolver.createSolver("GLOP");
        small.suppressOutput();
        if (!small.setSolverSpecificParametersAsString(ConflictSlave.WARM)) {
            throw new IllegalStateException("GLOP refused the parameters " + ConflictSlave.WARM);
        }
        th = MilpModel.parameters(small, features, o);
        inLp = new boolean[global.size()];
        theta = new double[th.length];
        violation = new double[global.size()];
    }

    /**
     * @param coefficients each record's rows, dense over the parameters
     * @param global       rows on the parameters alone (SB, MD*: distance >= 0), entered lazily
     * @param start        the global rows to enter first (null: all of them)
     * @return the shrunk conflict, or null when the small LP does not confirm the conflict
     */
    static int[] shrink(LearnOptions o, Features features, int[] conflict, List<List<double[]>> coefficients,
            List<double[]> global, int[] start) {
        DeletionFilter f = new DeletionFilter(o, features, global);
        try {
            return f.shrink(conflict, coefficients, start);
        } finally {
            f.small.delete();
        }
    }

    private int[] shrink(int[] conflict, List<List<double[]>> coefficients, int[] start) {
        MPVariable tt = small.makeNumVar(0, MPSolver.infinity(), "t");
        small.objective().setCoefficient(tt, 1);
        small.objective().setMinimization();
        for (int q = 0; q < global.size(); q++) {
            if (start == null) {
                addGlobal(q);
            }
        }
        if (start != null) {
            for (int q : start) {
                addGlobal(q);
            }
        }
        List<List<MPConstraint>> own = new ArrayList<>();
        for (int r : conflict) {
            List<MPConstraint> l = new ArrayList<>();
            for (double[] coef : coefficients.get(r)) {
                MPConstraint c = small.makeConstraint(o.eps(), MPSolver.infinity());
                dense(c, th, coef);
                c.setCoefficient(tt, 1);
                l.add(c);
            }
            own.add(l);
        }
        if (!infeasible()) {
            return null;
        }
        boolean[] in = new boolean[conflict.length];
        java.util.Arrays.fill(in, true);
        int left = conflict.length;
        for (int q = conflict.length - 1; q >= 0 && left > 1; q--) {
            setLb(own.get(q), -MPSolver.infinity());
            if (infeasible()) {
                in[q] = false;
                left--;
            } else {
                setLb(own.get(q), o.eps());
            }
        }
        int[] out = new int[left];
        int w = 0;
        for (int q = 0; q < conflict.length; q++) {
            if (in[q]) {
                out[w++] = conflict[q];
            }
        }
        return out;
    }

    /** t* > 0 on the LP, with every global row the answer violates entered first. */
    private boolean infeasible() {
        while (true) {
            if (small.solve() != MPSolver.ResultStatus.OPTIMAL) {
                return false;
            }
            if (small.objective().value() > ConflictSlave.INFEASIBLE) {
                return true;
            }
            for (int f = 0; f < th.length; f++) {
                theta[f] = th[f].solutionValue();
            }
            for (int q = 0; q < violation.length; q++) {
                double v = 0;
                if (!inLp[q]) {
                    double[] g = global.get(q);
                    for (int f = 0; f < g.length; f++) {
                        v += g[f] * theta[f];
                    }
                }
                violation[q] = v;
            }
            int[] worst = MinIndexHeap.smallestBelow(violation, VIOLATED, BATCH);
            if (worst.length == 0) {
                return false;
            }
            for (int q : worst) {
                addGlobal(q);
            }
        }
    }

    private void addGlobal(int q) {
        if (!inLp[q]) {
            inLp[q] = true;
            dense(small.makeConstraint(0, MPSolver.infinity()), th, global.get(q));
        }
    }

    private static void setLb(List<MPConstraint> rows, double lb) {
        for (MPConstraint c : rows) {
            c.setLb(lb);
        }
    }

    private static void dense(MPConstraint c, MPVariable[] th, double[] coef) {
        for (int f = 0; f < coef.length; f++) {
            if (coef[f] != 0) {
                c.setCoefficient(th[f], coef[f]);
            }
        }
    }
}

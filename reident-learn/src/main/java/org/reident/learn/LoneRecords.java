package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * Records no parameter value links even against a few of their rivals taken together, found by one
 * small LP per record before the first round ({@link FirstRows}): min t subject to
 * theta . Delta_ij + t >= eps for the record's {@link #RIVALS} first Pareto-minimal rivals j (nearest
 * by AM), theta in the family. If t* > 0 (beyond {@link ConflictSlave#INFEASIBLE}, the slave's own
 * test), no theta links the record against those rivals, let alone against all of them, so K_i = 1
 * in every solution: the record is fixed as unlinkable, as a rival no theta can push away fixes it
 * (the single-rival test, which this extends to sets of rivals). The first round's slave would find
 * most of them one conflict at a time, and, on a large file, after a minute or more. Records AM
 * links with margin eps are skipped ({@link FirstRows}): AM is in every family this runs for, so
 * they are linkable (on the default demo's 2,000 MDAV records that leaves about 30 LPs).
 * <p>
 * Where it pays: large well-protected files, where a fifth of the records that pass the
 * single-rival test have an empty linking region. 10,000 generated records on 6 variables with 25%
 * noise (`demo --records 10000 --protection noise --noise 25`), WM, 64 rivals: 1,145 more records
 * fixed in 2.5 s; the first round ends at 73.6 s with bound 4,519 instead of 93.1 s with 5,155;
 * Choquet's bound at 60 s 6,238 -> 5,663; EIA with 10% noise, WM: 302 records fixed against 91,
 * bound 2,978 at 160 s against 3,034, though a harder second master made the 120 s run miss its
 * second round (docs/learning.md). Rivals swept on the 10,000-record file: 32 fix 911
 * records (+2.2 s), 64 fix 1,145 (+2.5 s), 128 fix 1,300 (+4.2 s). It runs only from
 * {@link #FROM} training records (the 400- and 1,080-record runs keep their paths and times: with
 * 1,000 the whole Census M5-38 fixed not one record more and WM, CI and CI_m took 0.1-0.9 s longer,
 * docs/learning.md), only for
 * the monotone families on at most {@link #MAX_PARAMETERS} parameters (CI's LP grows as 2^n), and
 * not for SB, SB_NC and MD*: on that file not one record of the 10,000 had an empty region against
 * its 64 nearest rivals (their off-diagonal entries bend the distance too freely), for 6 s.
 */
final class LoneRecords {
    /** Rivals per record in its LP (swept above). */
    static final int RIVALS = 64;
    /** Training records from which the check runs. */
    static final int FROM = 2000;
    /** The most parameters (CI on 6 variables: 64, with 192 monotonicity rows). */
    static final int MAX_PARAMETERS = 64;

    private LoneRecords() {
    }

    /** Whether the check runs for this family, these features and this many training records. */
    static boolean applies(LearnOptions o, Features f, int records) {
        return !o.aggregator().isBilinear() && f.parameters() <= MAX_PARAMETERS && records >= FROM;
    }

    /**
     * True when no theta of the family links query record i (true match t) with margin eps against
     * these rivals; false when one does, or when GLOP gives no optimal answer by the deadline
     * (nanoTime seconds).
     */
    static boolean unlinkable(LearnOptions o, Features features, int i, int t, int[] rivals, Features.Accumulator acc,
            double[] c1, double[] c2, int[] order, double deadline) {
        double left = deadline - StopRequest.now();
        if (left <= 0) {
            return false;
        }
        MilpModel.loadNative();
        MPSolver s = MPSolver.createSolver("GLOP");
        try {
            s.suppressOutput();
            s.setTimeLimit((long) Math.max(1, Math.min(left, 1e6) * 1000));
            MPVariable[] theta = MilpModel.parameters(s, features, o);
            MPVariable slack = s.makeNumVar(0, MPSolver.infinity(), "t");
            s.objective().setCoefficient(slack, 1);
            s.objective().setMinimization();
            for (int j : rivals) {
                if (features.rivalRow(i, t, j, acc, c1, c2, order) >= o.eps()) {
                    continue; // holds for every theta
                }
                MPConstraint row = s.makeConstraint(o.eps(), MPSolver.infinity());
                for (int q = 0; q < acc.count; q++) {
                    int f = acc.touched[q];
                    row.setCoefficient(theta[f], acc.values[f]);
                }
                row.setCoefficient(slack, 1);
            }
            return s.solve() == MPSolver.ResultStatus.OPTIMAL && s.objective().value() > ConflictSlave.INFEASIBLE;
        } finally {
            s.delete();
        }
    }
}

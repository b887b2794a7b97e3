package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Arrays;

/**
 * Records no parameter value links even against a few of their rivals taken together, found by one
 * small LP per record before the first round ({@link FirstRows}): min t subject to
 * theta . Delta_ij + t >= eps for the record's {@link #RIVALS} first Pareto-minimal rivals j (nearest
 * by AM), theta in the family. If t* > 0 (beyond {@link Margin#infeasible}, the slave's own
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
 * second round (docs/learning-log.md). Rivals swept on the 10,000-record file: 32 fix 911
 * records (+2.2 s), 64 fix 1,145 (+2.5 s), 128 fix 1,300 (+4.2 s). It runs only from
 * {@link #FROM} training records (the 400- and 1,080-record runs keep their paths and times: with
 * 1,000 the whole Census M5-38 fixed not one record more and WM, CI and CI_m took 0.1-0.9 s longer,
 * docs/learning-log.md), only for
 * the monotone families on at most {@link #MAX_PARAMETERS} parameters (CI's LP grows as 2^n), and
 * not for SB, SB_NC and MD*: on that file not one record of the 10,000 had an empty region against
 * its 64 nearest rivals (their off-diagonal entries bend the distance too freely), for 6 s.
 */
final class LoneRecords implements AutoCloseable {
    /** Rivals per record in its LP (swept above). */
    static final int RIVALS = 64;
    /** Training records from which the check runs. */
    static final int FROM = 2000;
    /** The most parameters (CI on 6 variables: 64, with 192 monotonicity rows). */
    static final int MAX_PARAMETERS = 64;
    /** Parameter values kept per thread to try before an LP (swept in the constructor's comment). */
    static final int WITNESSES = 64;

    private final LearnOptions o;
    private final MPSolver s;
    /** Run once per solve with GLOP's other settings. */
    private final Runnable otherSolved;
    private final MPVariable[] theta;
    private final MPVariable slack;
    /** The rival rows made so far; a record uses the first ones, the rest are left free. */
    private MPConstraint[] rows = new MPConstraint[0];
    /** For each LP row, the parameters it has a coefficient on (to be set to 0 when it is rewritten). */
    private int[][] set = new int[0][];
    private int[] setCount = new int[0];
    /** The current record's rows (buffers of one per parameter, kept): parameters, coefficients, count. */
    private int[][] rowTouched = new int[0][];
    private double[][] rowValues = new double[0][];
    private int[] rowCount = new int[0];
    /** The parameter values of the last {@link #WITNESSES} LPs that found a record linkable, most recently useful first. */
    private final double[][] witnesses = new double[WITNESSES][];

    /**
     * One thread's LP, kept from record to record: the family's parameters and constraints are made
     * once, and each record rewrites the rival rows. Before its LP a record is tried against the
     * parameter values of earlier LPs that found their record linkable (its witnesses): if one links
     * it with margin eps against the rows, the record is linkable and needs no LP. The GLOP solve is
     * the cost (building the LP anew for each record took the same time: 11.0-12.6 against
     * 11.1-13.9 s to the `model:` line, below). On 20,000 records, 6 variables, 25% noise, CI
     * (`learn --aggregator choquet`, 2026-11-29, 2 cores): 9,590 records fixed either way; to the
     * `model:` line 11.1-13.9 s without witnesses, 9.6-10.4 s with 128 (half of the about 7,700 records
     * that would have needed an LP found linkable by a witness), 8.4-9.3 s with 64 (about 3,200),
     * 8.7-9.0 s with 256, 13.9-15.6 s with 1; without the check at all 3.8-4.7 s, with 8,324 fixed.
     * A witness changes no answer of an exact LP: it proves the record linkable in the arithmetic the
     * rows are made in, where the LP could only be wrong. {@link #close} frees the native solver.
     */
    LoneRecords(LearnOptions o, Features features, Runnable otherSolved) {
        this.o = o;
        this.otherSolved = otherSolved;
        MilpModel.loadNative();
        s = MPSolver.createSolver("GLOP");
        s.suppressOutput();
        String tolerance = Margin.glopTolerance(o.eps()); // empty (GLOP's defaults) from eps = 1e-4 up
        if (!tolerance.isEmpty() && !s.setSolverSpecificParametersAsString(tolerance)) {
            throw new IllegalStateException("GLOP refused the parameters " + tolerance);
        }
        theta = MilpModel.parameters(s, features, o);
        slack = s.makeNumVar(0, MPSolver.infinity(), "t");
        s.objective().setCoefficient(slack, 1);
        s.objective().setMinimization();
    }

    /** Whether the check runs for this family, these features and this many training records. */
    static boolean applies(LearnOptions o, Features f, int records) {
        return !o.aggregator().isBilinear() && f.parameters() <= MAX_PARAMETERS && records >= FROM;
    }

    /**
     * True when no theta of the family links query record i (true match t) with margin eps against
     * these rivals; false when one does, or when GLOP gives no optimal answer by the deadline
     * (nanoTime seconds), also with its other settings after its own failed or stalled
     * ({@link GlopFallback#solveSmall}, stops 73 and 74). The features must be of the family and
     * dimension this LP was made for.
     */
    boolean unlinkable(Features features, int i, int t, int[] rivals, Features.Accumulator acc, double[] c1, double[] c2,
            int[] order, double deadline) {
        double left = deadline - StopRequest.now();
        if (left <= 0) {
            return false;
        }
        int used = 0;
        for (int j : rivals) {
            if (features.rivalRow(i, t, j, acc, c1, c2, order) >= o.eps()) {
                continue; // holds for every theta
            }
            int r = used++;
            if (r == rowTouched.length) {
                rowTouched = Arrays.copyOf(rowTouched, r + 1);
                rowValues = Arrays.copyOf(rowValues, r + 1);
                rowCount = Arrays.copyOf(rowCount, r + 1);
                rowTouched[r] = new int[theta.length];
                rowValues[r] = new double[theta.length];
            }
            for (int q = 0; q < acc.count; q++) {
                rowTouched[r][q] = acc.touched[q];
                rowValues[r][q] = acc.values[acc.touched[q]];
            }
            rowCount[r] = acc.count;
        }
        if (linkedByAWitness(used)) {
            return false;
        }
        for (int r = 0; r < used; r++) {
            MPConstraint row = row(r);
            for (int q = 0; q < setCount[r]; q++) {
                row.setCoefficient(theta[set[r][q]], 0);
            }
            for (int q = 0; q < rowCount[r]; q++) {
                row.setCoefficient(theta[rowTouched[r][q]], rowValues[r][q]);
            }
            System.arraycopy(rowTouched[r], 0, set[r], 0, rowCount[r]);
            setCount[r] = rowCount[r];
            row.setCoefficient(slack, 1);
            row.setBounds(o.eps(), MPSolver.infinity());
        }
        for (int q = used; q < rows.length; q++) {
            rows[q].setBounds(-MPSolver.infinity(), MPSolver.infinity()); // free: the last record's row
        }
        MPSolver.ResultStatus st = GlopFallback.solveSmall(s, GlopFallback.defaultsOwn(o.eps()), Margin.glopTolerance(o.eps()),
                deadline, s::solve, otherSolved);
        if (st != MPSolver.ResultStatus.OPTIMAL) {
            return false;
        }
        if (s.objective().value() > Margin.infeasible(o.eps())) {
            return true;
        }
        double[] w = witnesses[witnesses.length - 1];
        System.arraycopy(witnesses, 0, witnesses, 1, witnesses.length - 1);
        if (w == null) {
            w = new double[theta.length];
        }
        for (int f = 0; f < theta.length; f++) {
            w[f] = theta[f].solutionValue();
        }
        witnesses[0] = w;
        return false;
    }

    /**
     * Whether a parameter value an earlier LP found links the record against its rows with margin eps
     * (theta . Delta_ij >= eps in double arithmetic, each row's terms summed in one order); the one
     * that does moves to the front.
     */
    private boolean linkedByAWitness(int used) {
        for (int k = 0; k < witnesses.length && witnesses[k] != null; k++) {
            double[] w = witnesses[k];
            boolean all = true;
            for (int r = 0; r < used && all; r++) {
                int[] f = rowTouched[r];
                double[] v = rowValues[r];
                double m = 0;
                for (int q = 0; q < rowCount[r]; q++) {
                    m += v[q] * w[f[q]];
                }
                all = m >= o.eps();
            }
            if (all) {
                System.arraycopy(witnesses, 0, witnesses, 1, k);
                witnesses[0] = w;
                return true;
            }
        }
        return false;
    }

    /** The q-th rival row, made when first needed. */
    private MPConstraint row(int q) {
        if (q == rows.length) {
            rows = Arrays.copyOf(rows, q + 1);
            set = Arrays.copyOf(set, q + 1);
            rows[q] = s.makeConstraint(-MPSolver.infinity(), MPSolver.infinity());
            setCount = Arrays.copyOf(setCount, q + 1);
            set[q] = new int[theta.length];
        }
        return rows[q];
    }

    @Override
    public void close() {
        s.delete();
    }
}

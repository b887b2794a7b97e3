package org.reident.learn;

import com.google.ortools.Loader;
import com.google.ortools.init.OrToolsVersion;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Locale;
import org.reident.data.InputException;

/**
 * The MILP of symmetric-bilinear-form.txt section 5, through OR-Tools' linear solver wrapper:
 * parameters theta with the aggregator's constraints, one binary K_i per record, minimise sum K_i,
 * and separation rows theta . (phi(i, j) - phi(i, t_i)) + M_ij K_i >= eps added as they are needed.
 */
final class MilpModel {
    private static boolean loaded;


    final MPSolver solver;
    final MPVariable[] theta;
    final MPVariable[] k;
    private final boolean highs;
    /** Every row's factor ({@link Margin#rowScale}): 1 from eps = 1e-4 up, and with HiGHS. */
    private final double scale;
    private int rows;

    /**
     * SCIP catches Ctrl-C during its solves by default (and then ends only that solve); Ctrl-C is the
     * command line's ({@link StopRequest}), which interrupts a SCIP solve itself. Set before the
     * user's {@code --solver-params}, which may set it again.
     */
    static final String SCIP_NO_CTRL_C = "misc/catchctrlc = FALSE";

    /**
     * Loads OR-Tools' native code once per process and has its C++ logging initialised, so that
     * solver warnings (e.g. a SCIP parameter it rejects, which the caller reports itself) no longer
     * reach standard error; errors still do. Until the logging is initialised everything goes to
     * standard error. OR-Tools 9.12's CP-SAT initialises it on its first solve and aborts the
     * process if it was initialised before ({@code CppBridge.initLogging}), so CP-SAT does it here,
     * solving an empty model once (about 90 ms per process, measured 2026-11-27), with
     * {@code catch_sigint_signal} off: CP-SAT left its SIGINT handler installed after the solve, and
     * the next Ctrl-C aborted the process ({@code std::bad_function_call}, OR-Tools 9.15).
     */
    static synchronized void loadNative() {
        if (!loaded) {
            Loader.loadNativeLibraries();
            CpSolver warmUp = new CpSolver();
            warmUp.getParameters().setCatchSigintSignal(false);
            warmUp.solve(new CpModel());
            loaded = true;
        }
    }

    MilpModel(Features features, int records, LearnOptions o) {
        MPSolver s = createSolver(o);
        this.solver = s;
        // HiGHS on the scaled rows of a small eps returned bounds below what parameters already found
        // link (OPTIMAL at 0 and at 53 where the cuts prove 298 and 294: 300 records with a variable
        // released, eps 1e-8, WM and OWA); unscaled, its tolerance lets it count too many, a valid
        // bound that BigMPolish's check brings down to the optimum (docs/learning.md "Big-M's tolerances")
        this.scale = isHighs(o.solver()) ? 1 : Margin.rowScale(o.eps());
        highs = isHighs(o.solver());
        theta = parameters(s, features, o);
        k = new MPVariable[records];
        MPObjective obj = s.objective();
        for (int i = 0; i < records; i++) {
            k[i] = s.makeIntVar(0, 1, "K" + i);
            obj.setCoefficient(k[i], 1);
        }
        obj.setMinimization();
    }

    /** The MILP backend of the options, with the SCIP parameters set and its output suppressed. */
    static MPSolver createSolver(LearnOptions o) {
        loadNative();
        String backend = o.solver();
        String id = backend.toUpperCase(Locale.ROOT);
        if (id.equals("CP-SAT")) {
            throw new InputException("--solver cp-sat works with --formulation cuts only (CP-SAT needs integer variables, and "
                    + "the big-M model has continuous weights)");
        }
        if (!id.equals("SCIP") && !id.equals("HIGHS") && !id.equals("CBC")) {
            throw new InputException("--solver: expected scip, highs, cbc or cp-sat, got '" + backend + "'");
        }
        MPSolver s = MPSolver.createSolver(id);
        if (s == null) {
            throw new InputException("--solver: " + backend + " is not available in this OR-Tools build (try scip or cbc)");
        }
        s.suppressOutput();
        if (id.equals("HIGHS")) {
            if (!o.solverParameters().isBlank() && !o.solverParameters().equals(LearnOptions.SCIP_PARAMETERS)) {
                throw new InputException("--solver-params: these are SCIP's parameters; with --solver highs leave them out");
            }
            // HiGHS prints a banner to standard output whatever suppressOutput says; its own option silences it.
            // OR-Tools 9.15 returns false here even when the option is applied, so the answer is not read.
            s.setSolverSpecificParametersAsString("output_flag=false");
        }
        if (id.equals("SCIP") && !s.setSolverSpecificParametersAsString(SCIP_NO_CTRL_C
                + (o.solverParameters().isBlank() ? "" : "\n" + o.solverParameters()))) {
            throw new InputException("--solver-params: SCIP does not accept '" + o.solverParameters().replace('\n', ';') + "'");
        }
        return s;
    }

    /**
     * The parameter variables theta of the aggregator with the constraints of its family: simplex
     * (WM, OWA), weights >= delta (WM_m), mu(empty) = 0, mu(V) = 1, monotone (CI) and submodular
     * (CI_m), trace 1 and entries in [-1, 1] (SB, SB_NC, MD*).
     */
    static MPVariable[] parameters(MPSolver s, Features features, LearnOptions o) {
        int p = features.parameters();
        int n = features.dimension();
        Aggregator a = o.aggregator();
        MPVariable[] theta = new MPVariable[p];
        double lo = a == Aggregator.WM_M ? o.delta() : a.isBilinear() ? -1 : 0;
        for (int f = 0; f < p; f++) {
            theta[f] = s.makeNumVar(lo, 1, "theta" + f);
        }
        if (a.isChoquet()) {
            theta[0].setBounds(0, 0);
            theta[p - 1].setBounds(1, 1);
            monotone(s, theta, n);
            if (a == Aggregator.CHOQUET_M) {
                submodular(s, theta, n);
            }
        } else if (a.isBilinear()) {
            MPConstraint trace = s.makeConstraint(1, 1, "trace");
            for (int d = 0; d < n; d++) {
                trace.setCoefficient(theta[features.triangle(d, d)], 1);
            }
        } else {
            MPConstraint simplex = s.makeConstraint(1, 1, "simplex");
            for (MPVariable v : theta) {
                simplex.setCoefficient(v, 1);
            }
        }
        return theta;
    }

    /** mu(A) <= mu(A u {k}) for every A and k not in A. */
    private static void monotone(MPSolver solver, MPVariable[] theta, int n) {
        for (int mask = 0; mask < 1 << n; mask++) {
            for (int b = 0; b < n; b++) {
                if ((mask & (1 << b)) == 0) {
                    MPConstraint c = solver.makeConstraint(0, MPSolver.infinity());
                    c.setCoefficient(theta[mask | (1 << b)], 1);
                    c.setCoefficient(theta[mask], -1);
                }
            }
        }
    }

    /** mu(A u {k}) + mu(A u {l}) >= mu(A u {k, l}) + mu(A), k &lt; l not in A (pairwise submodularity). */
    private static void submodular(MPSolver solver, MPVariable[] theta, int n) {
        for (int mask = 0; mask < 1 << n; mask++) {
            for (int b = 0; b < n; b++) {
                for (int c = b + 1; c < n; c++) {
                    if ((mask & (1 << b)) == 0 && (mask & (1 << c)) == 0) {
                        MPConstraint r = solver.makeConstraint(0, MPSolver.infinity());
                        r.setCoefficient(theta[mask | (1 << b)], 1);
                        r.setCoefficient(theta[mask | (1 << c)], 1);
                        r.setCoefficient(theta[mask | (1 << b) | (1 << c)], -1);
                        r.setCoefficient(theta[mask], -1);
                    }
                }
            }
        }
    }

    /** theta . delta + bigM K_i >= eps (bigM = 0: a constraint on theta alone, e.g. SB >= 0 with eps = 0). */
    void addRow(Features.Accumulator delta, int record, double bigM, double eps) {
        MPConstraint c = solver.makeConstraint(eps * scale, MPSolver.infinity());
        for (int t = 0; t < delta.count; t++) {
            int f = delta.touched[t];
            double v = delta.values[f];
            if (v != 0) {
                c.setCoefficient(theta[f], c.getCoefficient(theta[f]) + v * scale);
            }
        }
        if (record >= 0 && bigM > 0) {
            c.setCoefficient(k[record], bigM * scale);
        }
        rows++;
    }

    /**
     * sum_{r in cut} K_r >= 1: at least one of the records is given up (a conflict of the slave,
     * {@link BigMPolish}). Not counted in {@link #rows}.
     */
    void addCover(int[] cut) {
        MPConstraint c = solver.makeConstraint(1, MPSolver.infinity());
        for (int r : cut) {
            c.setCoefficient(k[r], 1);
        }
    }

    int rows() {
        return rows;
    }

    /**
     * Warm start: the parameter values; the solver completes K. Not given to HiGHS: OR-Tools
     * 9.15's HiGHS interface crashes (SIGSEGV in HighsSolveProto) on a hint that covers only some
     * of the variables.
     */
    void hint(double[] values) {
        if (!highs) {
            solver.setHint(theta, values);
        }
    }

    /** Solves the model as it stands ({@link #solve(MPSolver, boolean)}). */
    MPSolver.ResultStatus solve() {
        return solve(solver, highs);
    }

    /** The backend named is HiGHS. */
    static boolean isHighs(String backend) {
        return backend.equalsIgnoreCase("highs");
    }

    /**
     * Solves; with HiGHS, through {@link NativeOutput#silenced}, which keeps its stray lines off
     * standard output, and a solve stopped by the clock reads NOT_SOLVED.
     */
    static MPSolver.ResultStatus solve(MPSolver s, boolean highs) {
        return solve(s, highs, new Halt()); // a Halt's registration is also a Ctrl-C one
    }

    /** The same, also interrupted by {@code halt} (NOT_SOLVED at once when it has come already). */
    static MPSolver.ResultStatus solve(MPSolver s, boolean highs, Halt halt) {
        if (halt.halted()) {
            return MPSolver.ResultStatus.NOT_SOLVED;
        }
        try (StopRequest.Registration r = halt.during(s::interruptSolve)) {
            return solveHere(s, highs);
        }
    }

    private static MPSolver.ResultStatus solveHere(MPSolver s, boolean highs) {
        if (!highs) {
            return s.solve();
        }
        try {
            return NativeOutput.silenced(s::solve);
        } catch (IllegalArgumentException e) {
            // OR-Tools 9.15 answers a HiGHS solve stopped by its time limit with status 99 (unknown), which
            // its Java enum lacks; no values and no bound come with it (both read 0, measured 2026-11-27),
            // so the solve counts as not solved: the bound stays that of the rounds before.
            return MPSolver.ResultStatus.NOT_SOLVED;
        }
    }

    String version() {
        return version(solver, highs);
    }

    /**
     * The backend's name and version. OR-Tools 9.15 answers "PDLP Solver" for HiGHS, whose version
     * it does not expose, so HiGHS is named with the OR-Tools release that bundles it.
     */
    static String version(MPSolver s, boolean highs) {
        return highs ? "HiGHS, OR-Tools " + OrToolsVersion.getVersionString() : s.solverVersion();
    }
}

package org.reident.learn;

import com.google.ortools.linearsolver.MPSolver;
import java.util.function.Supplier;

/**
 * GLOP's other settings for an LP its own could not solve. GLOP can answer ABNORMAL (or, on an LP
 * that is feasible by construction, INFEASIBLE) from any start with one setting and solve the same
 * LP with another. Of the three such LPs of the slave met (stop 72, docs/learning-log.md) the
 * presolve with the dual simplex solved all three, the dual simplex without presolve or scaling the
 * two it was tried on, the primal simplex one without presolve and two with it: which setting fails
 * differs from LP to LP, so all four are tried, each from scratch, rather than one.
 * <p>
 * Used by {@link SlaveLp} (after its restart from scratch fails), {@link DeletionFilter} and
 * {@link LoneRecords} (at their first failure, {@link #failed}, or stall, {@link #solveSmall}): every
 * LP here is min t subject to rows theta . Delta + t >= eps, always feasible and bounded below by 0,
 * so any status but OPTIMAL is the solver's, not the LP's.
 * <p>
 * A setting can also stall rather than fail: a deletion filter's LP of 12 rows, the presolve with
 * the dual simplex, ran on to the run's deadline (37.6 s) where the next setting solved it at once
 * (the whole Census's five variables released by rank swapping p = 5, WM, stop 74; the LP is
 * {@code GlopFallbackTest}'s fixture). So each solve of a small LP, and each setting tried here for
 * one, stops after {@link #SMALL_LP_SECONDS}.
 */
final class GlopFallback {
    /** The settings tried in turn (see the class comment). */
    static final String[] OTHER_SETTINGS = {
        "use_preprocessing: true use_dual_simplex: true",
        "use_preprocessing: false use_dual_simplex: true use_scaling: false",
        "use_preprocessing: true use_dual_simplex: false",
        "use_preprocessing: false use_dual_simplex: false use_scaling: false",
    };

    /**
     * Seconds a solve of a small LP (a deletion filter's, a lone record's: 6 to about 750 rows on the
     * file above, each solved in at most 3 ms with every setting that answered, by a development
     * build's prints) may take before it
     * counts as stalled and the next setting is tried ({@link #solveSmall}). The slave's LP, of
     * thousands of rows and many seconds a solve on large files, has no such cap.
     */
    static final double SMALL_LP_SECONDS = 1.0;

    /** GLOP's defaults for the fields {@link #OTHER_SETTINGS} set (the lone records' LPs keep them). */
    private static final String DEFAULTS = "use_preprocessing: true use_dual_simplex: false use_scaling: true";

    private GlopFallback() {
    }

    /**
     * The slave's and the filters' own settings ({@link Margin#glop}: no presolve, the dual simplex)
     * with scaling named too, as {@link #solve} needs them to restore.
     */
    static String dualOwn(double eps) {
        return Margin.glop(eps) + " use_scaling: true";
    }

    /** GLOP's defaults named in full, with the tolerance for eps: the lone records' own settings. */
    static String defaultsOwn(double eps) {
        return (DEFAULTS + " " + Margin.glopTolerance(eps)).trim();
    }

    /**
     * A status of the solver's own failing (every LP here is feasible and bounded): ABNORMAL,
     * INFEASIBLE or UNBOUNDED; not NOT_SOLVED or FEASIBLE. A solve cut short by its time limit (the
     * run's deadline) may answer ABNORMAL too: {@link #solve} then finds no time left and solves
     * nothing.
     */
    static boolean failed(MPSolver.ResultStatus st) {
        return st == MPSolver.ResultStatus.ABNORMAL || st == MPSolver.ResultStatus.INFEASIBLE
                || st == MPSolver.ResultStatus.UNBOUNDED;
    }

    /**
     * One solve of a small LP with its own settings, stopped after {@link #SMALL_LP_SECONDS}; when it
     * fails ({@link #failed}) or stalls (NOT_SOLVED with time left before the deadline), the other
     * settings in turn, each stopped after {@link #SMALL_LP_SECONDS} too ({@link #solve}).
     *
     * @return OPTIMAL, or the last status (NOT_SOLVED when the deadline has passed)
     */
    static MPSolver.ResultStatus solveSmall(MPSolver lp, String own, String tolerance, double deadline,
            Supplier<MPSolver.ResultStatus> solve, Runnable counted) {
        double remaining = deadline - StopRequest.now();
        if (remaining <= 0) {
            return MPSolver.ResultStatus.NOT_SOLVED;
        }
        lp.setTimeLimit(millis(Math.min(remaining, SMALL_LP_SECONDS)));
        MPSolver.ResultStatus st = solve.get();
        if (failed(st) || st == MPSolver.ResultStatus.NOT_SOLVED && StopRequest.now() < deadline) {
            st = solve(lp, own, tolerance, deadline, SMALL_LP_SECONDS, solve, counted);
        }
        return st;
    }

    /**
     * Solves {@code lp} from scratch with {@link #OTHER_SETTINGS} in turn (each with {@code tolerance},
     * GLOP's tolerances for the run's eps, and stopped after {@code cap} seconds) until one answers
     * OPTIMAL or the deadline comes, then sets {@code own} again for the LP's next solves. {@code own}
     * must name every field the other settings set ({@code use_preprocessing}, {@code use_dual_simplex},
     * {@code use_scaling}): GLOP may merge settings rather than replace them.
     *
     * @param cap      seconds each setting may take ({@link #SMALL_LP_SECONDS}; infinite: until the deadline)
     * @param solve    one solve of {@code lp} (e.g. one a stop request interrupts)
     * @param counted  run once per solve made here
     * @return the last status (ABNORMAL when the deadline left no time for any)
     */
    static MPSolver.ResultStatus solve(MPSolver lp, String own, String tolerance, double deadline, double cap,
            Supplier<MPSolver.ResultStatus> solve, Runnable counted) {
        MPSolver.ResultStatus st = MPSolver.ResultStatus.ABNORMAL;
        try {
            for (String setting : OTHER_SETTINGS) {
                double remaining = deadline - StopRequest.now();
                if (remaining <= 0) {
                    return st;
                }
                set(lp, (setting + " " + tolerance).trim());
                lp.reset();
                counted.run();
                lp.setTimeLimit(millis(Math.min(remaining, cap)));
                st = solve.get();
                if (st == MPSolver.ResultStatus.OPTIMAL) {
                    return st;
                }
            }
            return st;
        } finally {
            set(lp, own);
        }
    }

    /** GLOP's time limit for {@code seconds}: at least 1 ms. */
    private static long millis(double seconds) {
        return (long) Math.max(1, Math.min(seconds, 1e9) * 1000);
    }

    private static void set(MPSolver lp, String parameters) {
        if (!lp.setSolverSpecificParametersAsString(parameters)) {
            throw new IllegalStateException("GLOP refused the parameters " + parameters);
        }
    }
}

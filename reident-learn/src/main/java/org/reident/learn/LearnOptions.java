package org.reident.learn;

import java.util.function.Consumer;
import org.reident.distance.Standardization;

/**
 * Options of a supervised learning run.
 *
 * @param aggregator     the distance family
 * @param solver         OR-Tools backend: "scip", "highs" or "cbc" (MILP), or "cp-sat" (the cuts formulation's master only)
 * @param timeLimit      wall-clock seconds for the whole run (all lazy rounds)
 * @param eps            strictness margin: a record counts as linked in the MILP when every rival is
 *                       farther than its true match by at least eps (squared standardised units)
 * @param delta          lower bound of the weights of WM_m
 * @param rivals         rivals per record in the first round, and rows added per record per round
 * @param standardization how the files are standardised
 * @param progress       receives one line per round (null: silent)
 * @param solverParameters SCIP parameters, "name = value" lines ({@link #SCIP_PARAMETERS} by default;
 *                       "" for SCIP's own defaults); ignored by CBC; with HiGHS only the default or ""
 * @param threads        threads of the cuts formulation's deletion filters and master search tree
 *                       (default: one per core); its answers do not depend on them
 * @param startWeights   weights of a weighted mean (one per variable, summing to 1) for either
 *                       formulation to start from when the family holds it (null: none); see
 *                       {@link LearnedModels#embed}
 */
public record LearnOptions(Aggregator aggregator, String solver, double timeLimit, double eps, double delta, int rivals,
        Standardization standardization, Consumer<String> progress, String solverParameters, int threads, double[] startWeights) {

    public LearnOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    /**
     * Fewer cutting-plane rounds: at most 3 at the root, none below it. The LP relaxation of this
     * model is weak (big-M rows) and SCIP's default separation spends most of the time for little
     * bound. Measured against SCIP's defaults
     * ({@code reident learn ... --formulation big-m --solver-params ""}) on the seed-1 preset files,
     * same optimum in every case: M5-38 WM 48.5 s -> 17.7 s, M4-33 CI 11.7 s -> 1.8 s, M4-33 WM
     * 4.1 s -> 2.2 s, M4-28 CI 5.7 s -> 3.3 s. (No root rounds at all was slower: 41 s on M5-38 WM.)
     */
    public static final String SCIP_PARAMETERS = "separating/maxroundsroot = 3\nseparating/maxrounds = 0";

    public static LearnOptions defaults(Aggregator a) {
        return new LearnOptions(a, "scip", 600, 1e-4, 1e-4, 8, Standardization.OWN, null, SCIP_PARAMETERS,
                Runtime.getRuntime().availableProcessors(), null);
    }

    public LearnOptions withSolver(String s) {
        return new LearnOptions(aggregator, s, timeLimit, eps, delta, rivals, standardization, progress, solverParameters, threads, startWeights);
    }

    public LearnOptions withEps(double margin) {
        return new LearnOptions(aggregator, solver, timeLimit, margin, delta, rivals, standardization, progress, solverParameters, threads, startWeights);
    }

    public LearnOptions withTimeLimit(double seconds) {
        return new LearnOptions(aggregator, solver, seconds, eps, delta, rivals, standardization, progress, solverParameters, threads, startWeights);
    }

    public LearnOptions withProgress(Consumer<String> p) {
        return new LearnOptions(aggregator, solver, timeLimit, eps, delta, rivals, standardization, p, solverParameters, threads, startWeights);
    }

    public LearnOptions withThreads(int count) {
        return new LearnOptions(aggregator, solver, timeLimit, eps, delta, rivals, standardization, progress, solverParameters, count, startWeights);
    }

    public LearnOptions withSolverParameters(String parameters) {
        return new LearnOptions(aggregator, solver, timeLimit, eps, delta, rivals, standardization, progress, parameters, threads, startWeights);
    }

    /** Starts from a weighted mean's weights where the family holds it ({@link LearnedModels#embed}); null: none. */
    public LearnOptions withStart(double[] weights) {
        return new LearnOptions(aggregator, solver, timeLimit, eps, delta, rivals, standardization, progress, solverParameters, threads,
                weights == null ? null : weights.clone());
    }
}

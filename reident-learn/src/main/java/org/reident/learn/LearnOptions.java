package org.reident.learn;

import java.util.function.Consumer;
import org.reident.distance.Standardization;

/**
 * Options of a supervised learning run.
 *
 * @param aggregator     the distance family
 * @param solver         OR-Tools backend: "scip", "highs" or "cbc"
 * @param timeLimit      wall-clock seconds for the whole run (all lazy rounds)
 * @param eps            strictness margin: a record counts as linked in the MILP when every rival is
 *                       farther than its true match by at least eps (squared standardised units)
 * @param delta          lower bound of the weights of WM_m
 * @param rivals         rivals per record in the first round, and rows added per record per round
 * @param standardization how the files are standardised
 * @param progress       receives one line per round (null: silent)
 */
public record LearnOptions(Aggregator aggregator, String solver, double timeLimit, double eps, double delta, int rivals,
        Standardization standardization, Consumer<String> progress) {

    public static LearnOptions defaults(Aggregator a) {
        return new LearnOptions(a, "scip", 600, 1e-4, 1e-4, 8, Standardization.OWN, null);
    }

    public LearnOptions withSolver(String s) {
        return new LearnOptions(aggregator, s, timeLimit, eps, delta, rivals, standardization, progress);
    }

    public LearnOptions withTimeLimit(double seconds) {
        return new LearnOptions(aggregator, solver, seconds, eps, delta, rivals, standardization, progress);
    }

    public LearnOptions withProgress(Consumer<String> p) {
        return new LearnOptions(aggregator, solver, timeLimit, eps, delta, rivals, standardization, p);
    }
}

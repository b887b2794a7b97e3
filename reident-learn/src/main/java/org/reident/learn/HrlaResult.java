package org.reident.learn;

/**
 * Outcome of an {@link Hrla} run.
 *
 * @param result      the learned measure and its counts, in the shape of a MILP run: status
 *                    "FEASIBLE" (a solution with a bound and a gap, never claimed optimal); trainingLinked and linkage recomputed by the linkage engine;
 *                    milpLinked = trainingLinked (there is no MILP); bound = training records minus
 *                    {@code unlinkable} (records with a rival at most as far as the true match in every
 *                    variable, which no monotone measure links strictly); rounds = epochs run; rows = 0
 * @param amLinked    strict links among the training records under the equilibrium measure (= AM),
 *                    recomputed by the engine; {@code result.trainingLinked() >= amLinked} always
 * @param bestEpoch   the epoch whose measure is returned (0: the equilibrium measure)
 * @param epochLinked the engine's strict training count after each epoch run (index 0 = epoch 1)
 */
public record HrlaResult(LearnResult result, int amLinked, int bestEpoch, int[] epochLinked) {

    /** The learned fuzzy measure, indexed by subset bit mask (bit k = variable k); a copy. */
    public double[] measure() {
        return result.model().values().clone();
    }
}

package org.reident.distance;

/**
 * Hears the fit of a model to every pair before a linkage (PRL: the count of the pairs' agreement
 * patterns, then EM, {@link FellegiSunter#fit(double[], double[], int, FitProgress)}), so that a
 * command can show it while it runs.
 */
public interface FitProgress {
    /** The count begins: the pairs of so many query records are to be counted (all, or a sample). */
    default void counting(int queries) {
    }

    /**
     * So many query records have had their pairs counted. Called from the counting threads, so calls
     * may come slightly out of order.
     */
    void counted(int queries);

    /**
     * EM ended this iteration (1, 2, ...), its largest move of a probability relative to itself
     * ({@link FellegiSunter#relativeMove}); it stops once that is at most
     * {@link FellegiSunter#CONVERGED}. Called from the fitting thread.
     */
    default void iterated(int iteration, double moved) {
    }

    /** EM ended (converged or at its limit) after so many iterations; the linkage comes next. */
    default void fitted(int iterations) {
    }
}

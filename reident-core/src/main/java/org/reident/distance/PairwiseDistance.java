package org.reident.distance;

/**
 * A distance prepared for one linkage: query records (the intruder's file) against reference
 * records (the file linked to), both already transformed as the distance needs. Implementations
 * are final, immutable and safe to share between threads; they compute a block of one row at a
 * time into a caller-owned buffer, so no per-pair object and no N x N array is ever made.
 */
public interface PairwiseDistance {
    int queryCount();

    int referenceCount();

    /** Writes d(q, j) into {@code out[j - from]} for every reference record j in [from, to). */
    void block(int q, int from, int to, double[] out);

    /**
     * True when a whole row (from 0 to {@link #referenceCount()}) costs much less than the same row in
     * blocks, so that the engine should ask for whole rows (PRL: {@link FellegiSunter}).
     */
    default boolean wholeRows() {
        return false;
    }

    /**
     * The scale of query record q's tie tolerance (the engine's tolerance is
     * {@code LinkageEngine.RELATIVE_TIE_TOLERANCE} times it), given the distance to its true match
     * ({@code trueDistance}, NaN when it has none); NaN (the default): the engine's one scale for
     * all queries, the median distance over a sample of pairs. A distance whose values span many
     * orders of magnitude from one query to the next (the kernel at a high degree) scales by the
     * query's own distances instead, or the median merges a close query's distinct distances.
     */
    default double tieScale(int q, double trueDistance) {
        return Double.NaN;
    }

    /** d(q, j) for one pair. */
    default double distance(int q, int j) {
        double[] one = new double[1];
        block(q, j, j + 1, one);
        return one[0];
    }
}

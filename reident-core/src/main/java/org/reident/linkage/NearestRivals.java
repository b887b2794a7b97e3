package org.reident.linkage;

/**
 * For each of a list of query records, its k nearest reference records other than its true match,
 * nearest first (ties by lower index), with their distances and the true match's
 * ({@link LinkageEngine#nearest}). Where the true match is nearest, the first rival's distance less
 * the true match's is the record's margin ({@link LinkageResult#margin}); the list is what a search
 * over a distance's parameters keeps to test a record quickly against the rivals likeliest to rule
 * it out. Entries are indexed by the query's position s in the list given.
 */
public final class NearestRivals {
    private final int k;
    private final int[] queries;
    private final int[] size;
    private final int[] rival;
    private final double[] distance;
    private final double[] trueDistance;

    NearestRivals(int k, int[] queries, int[] size, int[] rival, double[] distance, double[] trueDistance) {
        this.k = k;
        this.queries = queries;
        this.size = size;
        this.rival = rival;
        this.distance = distance;
        this.trueDistance = trueDistance;
    }

    /** The number of query records listed. */
    public int queries() {
        return queries.length;
    }

    /** The s-th query record listed. */
    public int query(int s) {
        return queries[s];
    }

    /** The rivals found for the s-th query: k, or every other reference record when there are fewer. */
    public int size(int s) {
        return size[s];
    }

    /** The s-th query's r-th nearest rival (r = 0: the nearest). */
    public int rival(int s, int r) {
        return rival[index(s, r)];
    }

    /** The distance from the s-th query to its r-th nearest rival. */
    public double distance(int s, int r) {
        return distance[index(s, r)];
    }

    /** The distance from the s-th query to its true match (NaN without one). */
    public double trueDistance(int s) {
        return trueDistance[s];
    }

    /**
     * The nearest rival's distance less the true match's: the s-th query's margin (NaN without a true
     * match, positive infinity without a rival).
     */
    public double margin(int s) {
        return size[s] == 0 ? (Double.isNaN(trueDistance[s]) ? Double.NaN : Double.POSITIVE_INFINITY)
                : distance[s * k] - trueDistance[s];
    }

    private int index(int s, int r) {
        if (r < 0 || r >= size[s]) {
            throw new IndexOutOfBoundsException("rival " + r + " of " + size[s]);
        }
        return s * k + r;
    }
}

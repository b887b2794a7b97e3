package org.reident.distance;

/**
 * The distances of the sorted squared gaps: OWA (weights on the sorted c_(k)) and the Choquet
 * integral (a fuzzy measure on the sets the sorted order leaves), both of c_k = (a_k - b_k)^2 on
 * standardised values. What they share: the squared differences of a block of pairs
 * ({@link SquaredDifferences}), the {@link SortingNetwork} that sorts them per pair, and, for a k-d
 * tree, coordinates that count alike for a split (the parameters sit on sorted positions or on
 * subsets, not on coordinates). Each subclass gives its kernel ({@link #block}, {@link #ofGaps})
 * and when its bounds hold ({@link #bounded}).
 */
abstract sealed class SortedGapDistance implements GapDistance permits OwaDistance, ChoquetDistance {
    final SquaredDifferences diffs;
    final SortingNetwork network;
    final int n;

    SortedGapDistance(double[] query, double[] reference, int n) {
        this.diffs = new SquaredDifferences(query, reference, n);
        this.network = new SortingNetwork(n);
        this.n = n;
    }

    @Override
    public final int queryCount() {
        return diffs.queryCount();
    }

    @Override
    public final int referenceCount() {
        return diffs.referenceCount();
    }

    @Override
    public final int dimension() {
        return n;
    }

    @Override
    public final void queryRow(int q, double[] out) {
        diffs.queryRow(q, out);
    }

    @Override
    public final double[] referenceColumns() {
        return diffs.referenceColumns();
    }

    /** The parameters weigh sorted positions or subsets, not coordinates: every coordinate counts alike. */
    @Override
    public final double[] spreadWeights() {
        return GapDistance.equalSpread(n);
    }

    /** Puts x into c[0, k], c[0, k) being sorted increasingly (an insertion sort's step, for {@link #ofGaps}). */
    static void insert(double[] c, int k, double x) {
        int i = k;
        while (i > 0 && c[i - 1] > x) {
            c[i] = c[i - 1];
            i--;
        }
        c[i] = x;
    }
}

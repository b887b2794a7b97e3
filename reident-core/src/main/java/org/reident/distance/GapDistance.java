package org.reident.distance;

/**
 * A distance that is a function of the coordinate gaps g_k = |a_k - b_k| alone (on the distance's
 * transformed coordinates): the weighted squared Euclidean forms, OWA, Choquet and PRL. When the
 * distance of any record in a box of reference values is at least {@link #lowerOfGaps} of the query's
 * gaps to the box and at most {@link #upperOfGaps} of its gaps to the box's farthest corner
 * ({@link #bounded()}), a search tree ({@code org.reident.linkage.KdTree}) can skip whole boxes without
 * changing any outcome. For a function that is non-decreasing in every gap, also as the kernel rounds
 * it, both bounds are the function itself (the defaults).
 */
public interface GapDistance extends PairwiseDistance {
    /** The number of coordinates n. */
    int dimension();

    /** Query record q's transformed coordinates, into {@code out[0, n)}. */
    void queryRow(int q, double[] out);

    /** The reference file's transformed coordinates, variable-major: {@code [k * rows + j]} (a copy). */
    double[] referenceColumns();

    /** How much a spread in each coordinate moves the distance, for choosing where a tree splits. */
    double[] spreadWeights();

    /**
     * Whether the bounds hold, up to {@link #relativeError()}: for gaps h >= g (every coordinate),
     * {@code lowerOfGaps(g) <= ofGaps(h)}, and for h <= g, {@code upperOfGaps(g) >= ofGaps(h)}, all as
     * the kernel rounds them. With the default bounds, whether {@link #ofGaps} never decreases when a
     * gap grows: true when every weight is non-negative (WM, OWA: rounding to nearest is monotone, so
     * each step of the kernel keeps the order of its inputs) or the fuzzy measure is monotone
     * (Choquet).
     */
    boolean bounded();

    /**
     * How far the kernel's rounded value may fall below a monotone function of the gaps, relative to
     * it: 0 when the rounded kernel is itself monotone (the weighted squared Euclidean forms and OWA);
     * a bound then shrinks a lower bound and grows an upper bound by this much.
     */
    default double relativeError() {
        return 0;
    }

    /**
     * The kernel's value for the gaps {@code g[0, n)} (left as they are), by the kernel's operations in
     * the kernel's order, so that it equals {@link #block}'s value for the pair to the last bit;
     * {@code scratch} holds n doubles.
     */
    double ofGaps(double[] g, double[] scratch);

    /** A lower bound of {@link #ofGaps} over all gaps at least g ({@link #bounded()}); by default ofGaps(g). */
    default double lowerOfGaps(double[] g, double[] scratch) {
        return ofGaps(g, scratch);
    }

    /** An upper bound of {@link #ofGaps} over all gaps at most g ({@link #bounded()}); by default ofGaps(g). */
    default double upperOfGaps(double[] g, double[] scratch) {
        return ofGaps(g, scratch);
    }

    /** Whether every weight is a number >= 0 (the monotone case of the weighted forms and OWA). */
    static boolean nonNegative(double[] w) {
        for (double x : w) {
            if (!(x >= 0)) {
                return false;
            }
        }
        return true;
    }

    /** n ones: split weights for a distance whose parameters do not weigh coordinates (OWA, Choquet). */
    static double[] equalSpread(int n) {
        double[] s = new double[n];
        java.util.Arrays.fill(s, 1.0);
        return s;
    }
}

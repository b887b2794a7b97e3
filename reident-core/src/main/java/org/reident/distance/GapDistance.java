package org.reident.distance;

/**
 * A distance that is a function of the coordinate gaps g_k = |a_k - b_k| alone (on the distance's
 * transformed coordinates): the weighted squared Euclidean forms and OWA. When that function is
 * non-decreasing in every gap, also as the kernel rounds it ({@link #monotone()}), the distance of any
 * record in a box of reference values is at least the function of the query's gaps to the box, which
 * is what lets a search tree ({@code org.reident.linkage.KdTree}) skip whole boxes without changing
 * any outcome.
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
     * Whether {@link #ofGaps} never decreases when a gap grows, up to {@link #relativeError()}: true when
     * every weight is non-negative (WM, OWA: rounding to nearest is monotone, so each step of the
     * kernel keeps the order of its inputs) or the fuzzy measure is monotone (Choquet).
     */
    boolean monotone();

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

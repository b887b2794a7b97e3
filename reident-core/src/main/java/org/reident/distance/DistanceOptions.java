package org.reident.distance;

/**
 * Options that shape a distance.
 *
 * @param standardization how the two files are standardised (AM, kernel, WM, OWA, CI, SB)
 * @param kernelDegree    p of the polynomial kernel (1 + x.y)^p, at least 1
 * @param reverse         link protected records to original ones instead of the papers' direction
 * @param prlQueries      PRL's EM is fitted to the pairs of at most this many query records, a seeded
 *                        sample beyond (0: every query record; {@link FellegiSunter#fit(double[], double[], int, int, FitProgress)})
 */
public record DistanceOptions(Standardization standardization, int kernelDegree, boolean reverse, int prlQueries) {
    /**
     * The default of {@code prlQueries}: files of up to 50,000 records are fitted to every pair, as
     * before there was a sample; a file of 500,000 counts 2.5e10 pairs instead of 2.5e11 (the count
     * grows as the pairs; docs/design.md, PRL).
     */
    public static final int PRL_QUERIES = 50_000;
    public static final DistanceOptions DEFAULT = new DistanceOptions(Standardization.OWN, 2, false);
    /**
     * The largest kernel degree: (1 + x.y)^p of standardised records stays far inside the double
     * range up to it (the papers use p = 2); at p = 1000 the powers overflowed and most distances
     * were NaN.
     */
    public static final int MAX_KERNEL_DEGREE = 20;

    /** With PRL's default sample ({@link #PRL_QUERIES}). */
    public DistanceOptions(Standardization standardization, int kernelDegree, boolean reverse) {
        this(standardization, kernelDegree, reverse, PRL_QUERIES);
    }

    public DistanceOptions {
        if (prlQueries < 0) {
            throw new org.reident.data.InputException("--prl-sample: expected a number of records >= 1 or 'all', got " + prlQueries);
        }
        if (kernelDegree < 1 || kernelDegree > MAX_KERNEL_DEGREE) {
            throw new org.reident.data.InputException("--degree: the kernel degree must be 1 to " + MAX_KERNEL_DEGREE + ", got "
                    + kernelDegree);
        }
    }

    /** These options with PRL fitted to at most {@code queries} query records' pairs (0: all). */
    public DistanceOptions withPrlQueries(int queries) {
        return new DistanceOptions(standardization, kernelDegree, reverse, queries);
    }
}

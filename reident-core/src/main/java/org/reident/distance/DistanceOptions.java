package org.reident.distance;

/**
 * Options that shape a distance.
 *
 * @param standardization how the two files are standardised (AM, kernel, WM, OWA, CI, SB)
 * @param kernelDegree    p of the polynomial kernel (1 + x.y)^p, at least 1
 * @param reverse         link protected records to original ones instead of the papers' direction
 */
public record DistanceOptions(Standardization standardization, int kernelDegree, boolean reverse) {
    public static final DistanceOptions DEFAULT = new DistanceOptions(Standardization.OWN, 2, false);
    /**
     * The largest kernel degree: (1 + x.y)^p of standardised records stays far inside the double
     * range up to it (the papers use p = 2); at p = 1000 the powers overflowed and most distances
     * were NaN.
     */
    public static final int MAX_KERNEL_DEGREE = 20;

    public DistanceOptions {
        if (kernelDegree < 1 || kernelDegree > MAX_KERNEL_DEGREE) {
            throw new org.reident.data.InputException("--degree: the kernel degree must be 1 to " + MAX_KERNEL_DEGREE + ", got "
                    + kernelDegree);
        }
    }
}

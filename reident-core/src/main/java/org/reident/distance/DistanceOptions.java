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

    public DistanceOptions {
        if (kernelDegree < 1) {
            throw new org.reident.data.InputException("--degree: the kernel degree must be at least 1, got " + kernelDegree);
        }
    }
}

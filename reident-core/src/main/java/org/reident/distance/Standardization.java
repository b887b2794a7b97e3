package org.reident.distance;

import java.util.Locale;

/**
 * How the per-variable standardised difference of DESIGN.md section 2 scales the two files.
 * Protection shrinks the protected file's variance, so the choice changes who is linkable.
 */
public enum Standardization {
    /** Each file with its own mean and sample standard deviation (n-1): the papers' choice, default. */
    OWN,
    /** Both files with the original file's mean and standard deviation. */
    ORIGINAL,
    /** Both files with the mean and standard deviation of the two files pooled together. */
    POOLED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Standardization parse(String s) {
        for (Standardization v : values()) {
            if (v.label().equalsIgnoreCase(s.strip())) {
                return v;
            }
        }
        throw new org.reident.data.InputException("--standardize: unknown choice '" + s + "' (expected own, original or pooled)");
    }
}

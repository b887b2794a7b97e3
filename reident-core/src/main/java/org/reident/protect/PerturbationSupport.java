package org.reident.protect;

import java.math.BigDecimal;

/** Argument checks and label formatting shared by the perturbative maskings of this package. */
final class PerturbationSupport {
    private PerturbationSupport() {
    }

    /**
     * Checks the shape contract of {@link Masking#apply}: {@code rows >= minRows}, {@code n >= 1},
     * {@code x.length == rows * n}, every value finite. Violations are programming errors.
     */
    static void shape(double[] x, int rows, int n, int minRows) {
        if (x == null || rows < minRows || n < 1 || x.length != (long) rows * n) {
            throw new IllegalArgumentException("need rows >= " + minRows + ", n >= 1 and x.length == rows * n; got rows "
                    + rows + ", n " + n + ", length " + (x == null ? "null" : Integer.toString(x.length)));
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("non-finite value at row " + i / n + ", column " + i % n);
            }
        }
    }

    /**
     * A noise level in percent of each column's standard deviation, checked once at the front door.
     *
     * @param what the masking's name, for the message ("noise", "correlated-noise")
     * @return p
     * @throws org.reident.data.InputException if p is negative, infinite or not a number
     */
    static double level(double p, String what) {
        if (!(p >= 0) || Double.isInfinite(p)) {
            throw new org.reident.data.InputException("--p: " + what + " level must be a finite number >= 0, got " + format(p));
        }
        return p;
    }

    /** Shortest plain decimal form of a parameter: 5 -> "5", 2.5 -> "2.5", 0.1 -> "0.1". */
    static String format(double v) {
        return Double.isFinite(v) ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : Double.toString(v);
    }
}

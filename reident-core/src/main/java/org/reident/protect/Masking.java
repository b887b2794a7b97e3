package org.reident.protect;
/** A masking (protection) method for numerical microdata: maps the selected variables of a file to their protected values. */
public interface Masking {
    /** @param x row-major values, rows x n (the selected variables only); not modified.
     *  @return a new row-major array of the same shape with the protected values. Deterministic: the same input and parameters (seed included) give the same output. */
    double[] apply(double[] x, int rows, int n);
    /** Short label with parameters, e.g. "mdav(k=3)". */
    String label();
}

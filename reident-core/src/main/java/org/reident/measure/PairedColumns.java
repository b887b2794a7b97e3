package org.reident.measure;

import java.util.List;
import org.reident.data.InputException;
import org.reident.data.LinkageData;

/**
 * The original and protected values of the records that have a true match, column by column:
 * {@code original[k][i]} and {@code masked[k][i]} are variable k of the i-th matched pair. The
 * information-loss and attribute-disclosure measures compare a record with its own protected
 * version, so they are taken over these pairs (every record, on aligned files).
 *
 * @param variables the n variable names, in column order
 * @param original  n columns of the original values of the matched records
 * @param masked    n columns of their protected versions, pair by pair
 */
public record PairedColumns(List<String> variables, double[][] original, double[][] masked) {

    /** Number of matched pairs. */
    public int pairs() {
        return original.length == 0 ? 0 : original[0].length;
    }

    /**
     * The matched pairs of a linkage problem (records without a true match are left out).
     *
     * @throws InputException when fewer than 2 records are matched (no variance, no ranks), or a
     *         variable is constant on the matched records of either file
     */
    public static PairedColumns of(LinkageData d) {
        int n = d.dimension();
        int pairs = d.matchedCount();
        if (pairs < 2) {
            throw new InputException(d.originalName() + ": " + pairs + " record(s) have a true match in " + d.maskedName()
                    + "; the measures need at least 2");
        }
        double[][] x = new double[n][pairs];
        double[][] y = new double[n][pairs];
        int[] truth = d.truth();
        int p = 0;
        for (int i = 0; i < truth.length; i++) {
            int j = truth[i];
            if (j < 0) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                x[k][p] = d.original()[i * n + k];
                y[k][p] = d.masked()[j * n + k];
            }
            p++;
        }
        for (int k = 0; k < n; k++) { // each file's builder refused constant columns, but the matched records may be
            checkVaries(x[k], d.originalName(), d.variables().get(k));
            checkVaries(y[k], d.maskedName(), d.variables().get(k));
        }
        return new PairedColumns(d.variables(), x, y);
    }

    private static void checkVaries(double[] v, String file, String variable) {
        for (double e : v) {
            if (e != v[0]) {
                return;
            }
        }
        throw new InputException(file + ": column '" + variable + "' is constant (" + v[0] + ") on the " + v.length
                + " records that have a true match: no spread to measure the loss against; leave it out with --vars");
    }
}

package org.reident.data;

import java.util.List;

/**
 * The two files of a linkage problem, reduced to the selected quasi-identifiers, validated and
 * aligned. Values are stored record-major ({@code x[i * n + k]} is variable k of original record i),
 * the layout of the pairwise distance loops.
 *
 * @param variables      names of the n quasi-identifiers, in the order of the value arrays
 * @param original       original file X, N_X rows of n values, row-major
 * @param originalCount  N_X
 * @param masked         protected file Y, N_Y rows of n values, row-major
 * @param maskedCount    N_Y
 * @param truth          for each original record, the index of its protected version in Y, or -1
 * @param originalIds    display id of each original record (id column value, or file line number)
 * @param maskedIds      display id of each protected record
 * @param originalName   the original file as named by the user
 * @param maskedName     the protected file as named by the user
 * @param dropped        records dropped for missing values (both files together)
 * @param notes          things the user should know (unmatched ids, dropped records), one line each
 */
public record LinkageData(
        List<String> variables,
        double[] original,
        int originalCount,
        double[] masked,
        int maskedCount,
        int[] truth,
        String[] originalIds,
        String[] maskedIds,
        String originalName,
        String maskedName,
        int dropped,
        List<String> notes) {

    /** Number of quasi-identifiers n. */
    public int dimension() {
        return variables.size();
    }

    /** Number of original records whose true match is in the protected file. */
    public int matchedCount() {
        int m = 0;
        for (int t : truth) {
            if (t >= 0) {
                m++;
            }
        }
        return m;
    }

    /**
     * The same problem seen from the protected file: its records become the queries (the
     * "original" slot) and the original file the reference. Everything that reads the original as
     * the query side (learning, linkage without the reverse option) then works on the reverse direction.
     */
    public LinkageData reversed() {
        return new LinkageData(variables, masked, maskedCount, original, originalCount, reverseTruth(), maskedIds, originalIds,
                maskedName, originalName, dropped, notes);
    }

    /** The ground truth seen from the protected file: for each protected record, its original or -1. */
    public int[] reverseTruth() {
        int[] r = new int[maskedCount];
        java.util.Arrays.fill(r, -1);
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] >= 0) {
                r[truth[i]] = i;
            }
        }
        return r;
    }
}

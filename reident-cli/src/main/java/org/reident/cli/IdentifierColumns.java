package org.reident.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.reident.data.LinkageData;

/**
 * The variables of a file that look like identifiers, which {@code protect} would otherwise mask
 * like any quasi-identifier when it picks every numeric column itself: record numbers (distinct
 * whole numbers filling a range, such as 1..N) and columns named like an identifier ("id",
 * "record_id", "personId"). Distinct whole numbers alone are no sign: on the CASC
 * Census file 7 of the 13 income variables are.
 */
final class IdentifierColumns {
    /**
     * "id" alone or after a separator (any case), or "Id" or "ID" after a lower-case letter ("personId",
     * "recordID"). Not any name ending in "ID": "PAID" or "VALID" may well be quasi-identifiers (and
     * EIA's UTILITYID, 259 values over 4,092 records, is a code of the utility, not of the record).
     */
    private static final Pattern NAMED = Pattern.compile("(?i:(^|.*[_\\-. ])id)|.*[a-z]I[dD]");

    private IdentifierColumns() {
    }

    /** One note for each variable that looks like an identifier, in the order of the variables. */
    static List<String> notes(LinkageData data) {
        int n = data.dimension();
        int rows = data.originalCount();
        double[] x = data.original();
        List<String> notes = new ArrayList<>();
        double[] column = new double[rows];
        for (int k = 0; k < n; k++) {
            String v = data.variables().get(k);
            for (int i = 0; i < rows; i++) {
                column[i] = x[i * n + k];
            }
            boolean unique = recordNumbers(column);
            if (unique || NAMED.matcher(v).matches()) {
                notes.add("column '" + v + "' " + (unique ? "holds the record numbers " + (long) column[0] + " to "
                        + (long) column[rows - 1] : "is named like an identifier") + "; it is masked like the others: "
                        + (unique ? "give --id " + v + " to copy it unchanged, or " : "") + "choose the variables with --vars");
            }
        }
        return notes;
    }

    /** Sorts the values and says whether they are distinct whole numbers with no gap (at least two). */
    static boolean recordNumbers(double[] column) {
        if (column.length < 2) {
            return false;
        }
        Arrays.sort(column);
        for (int i = 0; i < column.length; i++) {
            if (column[i] != Math.rint(column[i]) || i > 0 && column[i] != column[i - 1] + 1) {
                return false;
            }
        }
        return true;
    }
}

package org.reident.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The front door: turns two loaded CSV files into validated, aligned {@link LinkageData}. Every check
 * of the validation catalogue that concerns content (absent or non-numeric variables, NaN/Inf,
 * missing cells, duplicate or absent ids, record counts, constant variables) is made here, once, so
 * that the numeric code behind it never sees bad values.
 */
public final class LinkageDataBuilder {
    private final CsvTable x;
    private final CsvTable y;
    private List<String> variables;
    private String idColumn;
    private MissingPolicy missing = MissingPolicy.ERROR;
    private String missingHint = ", or --missing drop to drop such records";

    public LinkageDataBuilder(CsvTable original, CsvTable masked) {
        this.x = original;
        this.y = masked;
    }

    /** Quasi-identifiers by name; null or empty means all numeric columns present in both files. */
    public LinkageDataBuilder variables(List<String> names) {
        this.variables = names == null || names.isEmpty() ? null : List.copyOf(names);
        return this;
    }

    /** Align by this id column instead of by row order; null for row order. */
    public LinkageDataBuilder idColumn(String name) {
        this.idColumn = name;
        return this;
    }

    public LinkageDataBuilder missing(MissingPolicy policy) {
        this.missing = policy;
        return this;
    }

    /**
     * The largest magnitude a variable's value may have: its square, summed over a file's records
     * (means, variances, covariances, squared distances on raw values in protection), stays far
     * from the double range's 1.8e308. Values around 1e200 made the standard deviations infinite,
     * every standardised value 0 and every record tied (0 re-identified, silently).
     */
    public static final double MAX_MAGNITUDE = 1e150;
    /**
     * The smallest magnitude of a non-zero value: below it, squared deviations underflow (a column
     * of values near 1e-200 got a standard deviation of 0, as if constant).
     */
    public static final double MIN_MAGNITUDE = 1e-150;

    /** What the missing-value error suggests after "expected a number" (commands without --missing: ""). */
    public LinkageDataBuilder missingHint(String hint) {
        this.missingHint = hint;
        return this;
    }

    public LinkageData build() {
        Column xid = idColumn == null ? null : requireColumn(x, idColumn, "id column");
        Column yid = idColumn == null ? null : requireColumn(y, idColumn, "id column");
        List<String> vars = variables != null ? variables : defaultVariables();
        Column[] xc = new Column[vars.size()];
        Column[] yc = new Column[vars.size()];
        for (int k = 0; k < xc.length; k++) {
            String v = vars.get(k);
            if (v.equals(idColumn)) {
                throw new InputException("--vars: '" + v + "' is the id column and cannot also be a quasi-identifier");
            }
            if (vars.indexOf(v) != k) {
                throw new InputException("--vars: variable '" + v + "' is listed twice");
            }
            xc[k] = requireNumeric(x, v);
            yc[k] = requireNumeric(y, v);
        }
        boolean[] xIncomplete = incomplete(x, xc);
        boolean[] yIncomplete = incomplete(y, yc);

        List<String> notes = new ArrayList<>();
        int[] truthAll;
        if (xid == null) {
            if (x.rows() != y.rows()) {
                throw new InputException("different record counts: " + x.source() + " has " + x.rows() + ", "
                        + y.source() + " has " + y.rows()
                        + "; records are aligned by row order unless --id COL names an id column");
            }
            truthAll = new int[x.rows()];
            for (int i = 0; i < truthAll.length; i++) {
                truthAll[i] = i;
            }
            if (variables == null && x != y) { // one table on both sides (protect's input) is no pair of files
                for (int k = 0; k < xc.length; k++) {
                    if (sameAndDistinct(xc[k].values(), yc[k].values())) {
                        notes.add("column '" + vars.get(k) + "' is the same in both files on every record and differs from"
                                + " record to record: alone it re-identifies every record (an id column? then give --id "
                                + vars.get(k) + ", or choose the variables with --vars)");
                    }
                }
            }
        } else {
            truthAll = alignById(xid, yid, notes);
        }

        // Drop incomplete records and their counterparts (missing == DROP; ERROR already threw).
        boolean[] dropX = xIncomplete.clone();
        boolean[] dropY = yIncomplete.clone();
        for (int i = 0; i < truthAll.length; i++) {
            int t = truthAll[i];
            if (t >= 0 && (dropX[i] || dropY[t])) {
                dropX[i] = true;
                dropY[t] = true;
            }
        }
        int[] xKeep = kept(dropX);
        int[] yKeep = kept(dropY);
        int dropped = (x.rows() - xKeep.length) + (y.rows() - yKeep.length);
        if (dropped > 0) {
            notes.add("dropped " + (x.rows() - xKeep.length) + " records of " + x.source() + " and "
                    + (y.rows() - yKeep.length) + " of " + y.source() + " with missing values (--missing drop)");
        }
        if (xKeep.length < 2 || yKeep.length < 2) {
            throw new InputException("fewer than 2 complete records left in " + (xKeep.length < 2 ? x.source() : y.source()));
        }
        int[] yNew = new int[y.rows()];
        java.util.Arrays.fill(yNew, -1);
        for (int j = 0; j < yKeep.length; j++) {
            yNew[yKeep[j]] = j;
        }
        int[] truth = new int[xKeep.length];
        for (int i = 0; i < xKeep.length; i++) {
            int t = truthAll[xKeep[i]];
            truth[i] = t < 0 ? -1 : yNew[t];
        }
        double[] xv = gather(xc, xKeep);
        double[] yv = gather(yc, yKeep);
        checkNotConstant(x, xc, xv, xKeep.length);
        checkNotConstant(y, yc, yv, yKeep.length);
        return new LinkageData(List.copyOf(vars), xv, xKeep.length, yv, yKeep.length, truth,
                ids(x, xid, xKeep), ids(y, yid, yKeep), x.source(), y.source(), dropped, List.copyOf(notes));
    }

    private List<String> defaultVariables() {
        List<String> vars = new ArrayList<>();
        for (Column c : x.columns()) {
            Column other = y.column(c.name());
            if (c.isNumeric() && other != null && other.isNumeric() && !c.name().equals(idColumn)) {
                vars.add(c.name());
            }
        }
        if (vars.isEmpty()) {
            throw new InputException("no numeric column is present in both " + x.source() + " and " + y.source()
                    + " (columns: " + String.join(", ", x.names()) + " / " + String.join(", ", y.names()) + ")");
        }
        return vars;
    }

    private static Column requireColumn(CsvTable t, String name, String what) {
        Column c = t.column(name);
        if (c == null) {
            throw new InputException(t.source() + ":1: no " + what + " '" + name + "' (columns: "
                    + String.join(", ", t.names()) + ")");
        }
        return c;
    }

    private static Column requireNumeric(CsvTable t, String name) {
        Column c = requireColumn(t, name, "variable");
        if (!c.isNumeric()) {
            int r = firstNonMissing(c);
            throw InputException.at(t.source(), t.line(r), c.position(), name,
                    "expected a number, found \"" + c.texts()[r] + "\"");
        }
        if (c.firstBadRow() >= 0) {
            String s = c.firstBadText();
            String what = Cells.isNonFinite(s) || Cells.isDecimal(s) ? "expected a finite number, found " + s
                    : "expected a number, found \"" + s + "\"";
            throw InputException.at(t.source(), t.line(c.firstBadRow()), c.position(), name, what);
        }
        double[] v = c.values();
        for (int r = 0; r < v.length; r++) {
            double m = Math.abs(v[r]); // NaN (a missing cell) is neither
            if (m > MAX_MAGNITUDE || m > 0 && m < MIN_MAGNITUDE) {
                throw InputException.at(t.source(), t.line(r), c.position(), name, "expected 0 or a number of magnitude 1e-150 to 1e150 (squares would overflow or underflow), found " + c.texts()[r]);
            }
        }
        return c;
    }

    /** Equal row by row (no missing value) and no value twice: a column that links every record by itself. */
    private static boolean sameAndDistinct(double[] a, double[] b) {
        if (a.length != b.length || a.length < 2) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) { // NaN (missing) is not equal
                return false;
            }
        }
        double[] sorted = a.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                return false;
            }
        }
        return true;
    }

    private static int firstNonMissing(Column c) {
        String[] s = c.texts();
        for (int r = 0; r < s.length; r++) {
            if (!Cells.isMissing(s[r])) {
                return r;
            }
        }
        return 0;
    }

    private boolean[] incomplete(CsvTable t, Column[] cols) {
        boolean[] inc = new boolean[t.rows()];
        int cells = 0;
        int firstRow = Integer.MAX_VALUE;
        Column firstCol = null;
        for (Column c : cols) {
            if (c.missingCount() == 0) {
                continue;
            }
            cells += c.missingCount();
            double[] v = c.values();
            for (int r = 0; r < inc.length; r++) {
                if (Double.isNaN(v[r])) {
                    inc[r] = true;
                }
            }
            if (c.firstMissingRow() < firstRow) {
                firstRow = c.firstMissingRow();
                firstCol = c;
            }
        }
        if (cells > 0 && missing == MissingPolicy.ERROR) {
            int records = 0;
            for (boolean b : inc) {
                records += b ? 1 : 0;
            }
            throw InputException.at(t.source(), t.line(firstRow), firstCol.position(), firstCol.name(),
                    "missing value (" + cells + " empty/NA cells in " + records
                            + " records of this file); expected a number" + missingHint);
        }
        return inc;
    }

    private int[] alignById(Column xid, Column yid, List<String> notes) {
        Map<String, Integer> ymap = indexIds(y, yid);
        indexIds(x, xid);
        String[] xs = xid.texts();
        int[] truth = new int[xs.length];
        int unmatched = 0;
        int firstUnmatched = -1;
        for (int i = 0; i < xs.length; i++) {
            Integer t = ymap.get(xs[i]);
            truth[i] = t == null ? -1 : t;
            if (t == null) {
                unmatched++;
                if (firstUnmatched < 0) {
                    firstUnmatched = i;
                }
            }
        }
        if (unmatched == xs.length) {
            throw new InputException("no id of " + x.source() + " occurs in " + y.source() + " (column '"
                    + xid.name() + "'): nothing to align");
        }
        if (unmatched > 0) {
            notes.add(unmatched + " of " + xs.length + " records of " + x.source() + " have no record with the same "
                    + xid.name() + " in " + y.source() + " (first: " + xs[firstUnmatched] + " on line "
                    + x.line(firstUnmatched) + "); they cannot be re-identified and are not counted");
        }
        int ymatched = ymap.size() - (xs.length - unmatched);
        if (ymatched > 0) {
            notes.add(ymatched + " records of " + y.source() + " have no counterpart in " + x.source()
                    + "; they remain candidates for linkage");
        }
        return truth;
    }

    private static Map<String, Integer> indexIds(CsvTable t, Column id) {
        String[] s = id.texts();
        Map<String, Integer> map = new HashMap<>(s.length * 2);
        for (int r = 0; r < s.length; r++) {
            if (Cells.isMissing(s[r])) {
                throw InputException.at(t.source(), t.line(r), id.position(), id.name(), "empty id: every record needs one");
            }
            Integer before = map.putIfAbsent(s[r], r);
            if (before != null) {
                throw InputException.at(t.source(), t.line(r), id.position(), id.name(), "duplicate id '" + s[r]
                        + "' (also on line " + t.line(before) + "); ids must be unique");
            }
        }
        return map;
    }

    private static int[] kept(boolean[] drop) {
        int n = 0;
        for (boolean d : drop) {
            n += d ? 0 : 1;
        }
        int[] keep = new int[n];
        int k = 0;
        for (int r = 0; r < drop.length; r++) {
            if (!drop[r]) {
                keep[k++] = r;
            }
        }
        return keep;
    }

    private static double[] gather(Column[] cols, int[] rows) {
        int n = cols.length;
        double[] v = new double[rows.length * n];
        for (int k = 0; k < n; k++) {
            double[] src = cols[k].values();
            for (int i = 0; i < rows.length; i++) {
                v[i * n + k] = src[rows[i]];
            }
        }
        return v;
    }

    private static void checkNotConstant(CsvTable t, Column[] cols, double[] v, int rows) {
        int n = cols.length;
        for (int k = 0; k < n; k++) {
            double first = v[k];
            boolean constant = true;
            for (int i = 1; i < rows && constant; i++) {
                constant = v[i * n + k] == first;
            }
            if (constant) {
                throw new InputException(t.source() + ": column '" + cols[k].name() + "' (column " + cols[k].position()
                        + ") is constant (all " + rows + " values are " + first
                        + "): its standard deviation is 0, so it cannot be standardised; leave it out with --vars");
            }
        }
    }

    private static String[] ids(CsvTable t, Column id, int[] rows) {
        String[] ids = new String[rows.length];
        for (int i = 0; i < rows.length; i++) {
            ids[i] = id == null ? Integer.toString(rows[i] + 1) : id.texts()[rows[i]];
        }
        return ids;
    }
}

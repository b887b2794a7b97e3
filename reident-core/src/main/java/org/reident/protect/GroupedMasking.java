package org.reident.protect;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reident.data.InputException;

/**
 * Applies a different masking to disjoint groups of columns, each group independently, as in the
 * papers' protected files (supervised-dbrl-overview.txt section 4: M4-28 = columns {0,1} with MDAV
 * k = 2 and columns {2,3} with MDAV k = 8). Each masking sees only its own columns, in the order
 * given; columns in no group are copied unchanged.
 */
public final class GroupedMasking implements Masking {
    /** One group: the column indices (distinct, >= 0) and the masking applied to them. */
    public record ColumnGroup(int[] columns, Masking masking) {
        public ColumnGroup {
            if (columns == null || columns.length == 0 || masking == null) {
                throw new IllegalArgumentException("a column group needs at least one column and a masking");
            }
            columns = columns.clone();
            for (int c : columns) {
                if (c < 0) {
                    throw new IllegalArgumentException("negative column index " + c);
                }
            }
        }

        @Override
        public int[] columns() {
            return columns.clone();
        }
    }

    private final List<ColumnGroup> groups;
    /** Names of the columns, for messages (null: the indices are shown). */
    private final List<String> names;

    /** @throws InputException when a column is in more than one group */
    public GroupedMasking(List<ColumnGroup> groups) {
        this(groups, null);
    }

    /**
     * The same, with the names of the columns (index k is {@code names.get(k)}) for the messages of
     * a group that cannot be masked (e.g. more records per group than the file has).
     */
    public GroupedMasking(List<ColumnGroup> groups, List<String> names) {
        this.names = names == null ? null : List.copyOf(names);
        this.groups = List.copyOf(groups);
        List<Integer> seen = new ArrayList<>();
        for (ColumnGroup g : this.groups) {
            for (int c : g.columns) {
                if (seen.contains(c)) {
                    throw new InputException("--groups: column " + c + " is in more than one variable group");
                }
                seen.add(c);
            }
        }
    }

    public List<ColumnGroup> groups() {
        return groups;
    }

    /** E.g. "mdav(k=2)[0,1];mdav(k=8)[2,3]". */
    @Override
    public String label() {
        StringBuilder sb = new StringBuilder();
        for (ColumnGroup g : groups) {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(g.masking.label()).append('[');
            for (int i = 0; i < g.columns.length; i++) {
                sb.append(i == 0 ? "" : ",").append(g.columns[i]);
            }
            sb.append(']');
        }
        return sb.toString();
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        if (rows < 1 || n < 1 || x.length != (long) rows * n) {
            throw new IllegalArgumentException("need rows >= 1, n >= 1 and x.length == rows * n; got rows "
                    + rows + ", n " + n + ", length " + x.length);
        }
        for (ColumnGroup g : groups) {
            for (int c : g.columns) {
                if (c >= n) {
                    throw new IllegalArgumentException("column index " + c + " out of range 0.." + (n - 1));
                }
            }
        }
        double[] y = x.clone();
        for (ColumnGroup g : groups) {
            int[] cols = g.columns;
            int m = cols.length;
            double[] sub = new double[rows * m];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < m; j++) {
                    sub[i * m + j] = x[i * n + cols[j]];
                }
            }
            double[] out;
            try {
                out = g.masking.apply(sub, rows, m);
            } catch (InputException e) {
                String msg = e.getMessage();
                String where = "--groups: " + describe(cols) + ": ";
                throw new InputException(msg.startsWith("--k: ") ? where + msg.substring(5) : where + msg);
            }
            if (out.length != sub.length) {
                throw new IllegalStateException(g.masking.label() + " returned " + out.length
                        + " values for " + sub.length);
            }
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < m; j++) {
                    y[i * n + cols[j]] = out[i * m + j];
                }
            }
        }
        return y;
    }

    /** "variables A, B" when the names are known, else "columns [0, 1]". */
    private String describe(int[] cols) {
        if (names == null) {
            return "columns " + Arrays.toString(cols);
        }
        List<String> n = new ArrayList<>();
        for (int c : cols) {
            n.add(c < names.size() ? names.get(c) : String.valueOf(c));
        }
        return "variables " + String.join(", ", n);
    }
}

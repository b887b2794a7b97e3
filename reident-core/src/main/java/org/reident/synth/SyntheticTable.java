package org.reident.synth;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * An immutable numeric table: column names and {@code rows x names().size()} finite values stored
 * row-major. Written as CSV with a header line, "\n" line ends and RFC 4180 quoting of names.
 */
public final class SyntheticTable {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();
    /** Integral values below this magnitude are exact in a double and are written as integers. */
    private static final double MAX_PLAIN_INTEGER = 1e15;

    private final List<String> names;
    private final int rows;
    private final double[] values;

    private SyntheticTable(List<String> names, int rows, double[] values) {
        this.names = names;
        this.rows = rows;
        this.values = values;
    }

    /**
     * @param names  distinct column names, at least one
     * @param values row-major, {@code rows * names.size()} finite values (copied)
     */
    public static SyntheticTable of(List<String> names, int rows, double[] values) {
        List<String> copy = List.copyOf(names);
        if (copy.isEmpty() || copy.size() != copy.stream().distinct().count()) {
            throw new IllegalArgumentException("need at least one column and distinct names: " + names);
        }
        if (rows < 0 || values.length != (long) rows * copy.size()) {
            throw new IllegalArgumentException("values.length " + values.length + " != rows " + rows
                    + " x columns " + copy.size());
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("non-finite value at row " + i / copy.size()
                        + ", column " + copy.get(i % copy.size()));
            }
        }
        return new SyntheticTable(copy, rows, values.clone());
    }

    public List<String> names() {
        return names;
    }

    public int rows() {
        return rows;
    }

    /** A copy of the values, row-major ({@code rows() * names().size()}). */
    public double[] values() {
        return values.clone();
    }

    /**
     * Writes a header line then one line per row. Integral values are written without a fractional
     * part ("1234"); other values with {@link Double#toString}, which round-trips exactly.
     * The writer is flushed, not closed.
     */
    public void writeCsv(Writer w) throws IOException {
        CSVPrinter p = new CSVPrinter(w, FORMAT);
        p.printRecord(names);
        int n = names.size();
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < n; k++) {
                p.print(format(values[i * n + k]));
            }
            p.println();
        }
        p.flush();
    }

    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < MAX_PLAIN_INTEGER) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}

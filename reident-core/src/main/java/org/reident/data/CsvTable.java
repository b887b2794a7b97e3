package org.reident.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A CSV file as loaded: header, columns, and the file line of every data row (for messages). */
public final class CsvTable {
    private final String source;
    private final List<Column> columns;
    private final int[] lines;

    CsvTable(String source, List<Column> columns, int[] lines) {
        this.source = source;
        this.columns = Collections.unmodifiableList(new ArrayList<>(columns));
        this.lines = lines;
    }

    /** The file name as given by the user, used in every message. */
    public String source() {
        return source;
    }

    public List<Column> columns() {
        return columns;
    }

    public int rows() {
        return lines.length;
    }

    /** 1-based line number in the file of data row {@code row}. */
    public int line(int row) {
        return lines[row];
    }

    /** The text of a cell exactly as written in the file (surrounding blanks included). */
    public String cell(int row, int column) {
        return columns.get(column).raw()[row];
    }

    /** The column called {@code name}, or null. */
    public Column column(String name) {
        for (Column c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    public List<String> names() {
        List<String> names = new ArrayList<>(columns.size());
        for (Column c : columns) {
            names.add(c.name());
        }
        return names;
    }
}

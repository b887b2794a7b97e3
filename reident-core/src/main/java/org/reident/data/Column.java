package org.reident.data;

/**
 * One column of a loaded CSV file. A column is numeric when its first non-missing cell is a number
 * (or a NaN/Inf literal); its values are then parsed, with {@link Double#NaN} standing for a missing
 * cell, and the first offending cell (text, NaN or Inf) is remembered so that selecting the column
 * later reports it with its line. Every column also keeps its raw text when asked to (id columns).
 */
public final class Column {
    private final String name;
    private final int position;
    private final boolean numeric;
    private final double[] values;
    private final String[] texts;
    private final String[] raw;
    private final int missingCount;
    private final int firstMissingRow;
    private final int firstBadRow;
    private final String firstBadText;

    Column(String name, int position, boolean numeric, double[] values, String[] texts, String[] raw, int missingCount,
            int firstMissingRow, int firstBadRow, String firstBadText) {
        this.name = name;
        this.position = position;
        this.numeric = numeric;
        this.values = values;
        this.texts = texts;
        this.raw = raw;
        this.missingCount = missingCount;
        this.firstMissingRow = firstMissingRow;
        this.firstBadRow = firstBadRow;
        this.firstBadText = firstBadText;
    }

    public String name() {
        return name;
    }

    /** 1-based column number in the file. */
    public int position() {
        return position;
    }

    /** True when the first non-missing cell is numeric; later cells may still be bad. */
    public boolean isNumeric() {
        return numeric;
    }

    /** Parsed values, NaN where missing or bad; null for a text column. */
    double[] values() {
        return values;
    }

    /** Cell texts, trimmed, kept for every column. */
    String[] texts() {
        return texts;
    }

    /** Cell texts exactly as written (surrounding blanks included). */
    String[] raw() {
        return raw;
    }

    public int missingCount() {
        return missingCount;
    }

    /** Row index (0-based data row) of the first missing cell, or -1. */
    public int firstMissingRow() {
        return firstMissingRow;
    }

    /** Row index of the first cell that is neither a number nor missing (text, NaN, Inf), or -1. */
    public int firstBadRow() {
        return firstBadRow;
    }

    public String firstBadText() {
        return firstBadText;
    }
}

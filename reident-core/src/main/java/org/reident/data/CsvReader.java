package org.reident.data;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a comma-separated file with a header line (RFC 4180 quoting, via Apache Commons CSV) into a
 * {@link CsvTable}. Structural problems (missing or unreadable file, empty file, header only,
 * duplicate or empty column names, ragged rows, malformed quoting) are reported here as
 * {@link InputException}s naming file, line and column; problems of individual cells are recorded
 * per column and reported only if the column is used. Lines are physical file lines ("\r\n", "\n"
 * and a lone "\r" each end one, skipped blank lines count), a record's line is the line its first
 * field starts on, and a column is the 1-based field number within the record.
 */
public final class CsvReader {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setIgnoreEmptyLines(true)
            .get();

    private CsvReader() {
    }

    /** Reads {@code file}; {@code display} is the name used in messages (usually the path as typed). */
    public static CsvTable read(Path file, String display) {
        String text = readText(file, display);
        LineCounter lineCounter = new LineCounter(text);
        List<String> header = null;
        int headerLine = 0;
        List<String[]> rows = new ArrayList<>();
        List<Integer> rowLines = new ArrayList<>();
        int start = 0; // offset and line of the last record read: a quoting error lies after them
        int line = 1;
        try (CSVParser parser = CSVParser.parse(new StringReader(text), FORMAT)) {
            for (CSVRecord rec : parser) {
                start = LineCounter.skipBreaks(text, (int) rec.getCharacterPosition());
                line = lineCounter.lineAt(start);
                if (header == null) {
                    header = new ArrayList<>(rec.size());
                    for (String h : rec) {
                        header.add(h.strip());
                    }
                    headerLine = line;
                    checkHeader(display, line, header);
                    continue;
                }
                if (rec.size() != header.size()) {
                    throw new InputException(display + ":" + line + ": ragged row: " + rec.size()
                            + " fields where the header on line " + headerLine + " has " + header.size());
                }
                String[] cells = new String[rec.size()];
                for (int c = 0; c < cells.length; c++) {
                    cells[c] = rec.get(c); // as written: copied unchanged by protect; trimmed for parsing
                }
                rows.add(cells);
                rowLines.add(line);
            }
        } catch (IOException | UncheckedIOException e) {
            throw malformed(display, text, start, line);
        }
        if (header == null) {
            throw new InputException(display + ":1: empty file: expected a header line naming the columns");
        }
        if (rows.isEmpty()) {
            throw new InputException(display + ":" + headerLine + ": header only: expected records after the header");
        }
        int[] lines = new int[rowLines.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = rowLines.get(i);
        }
        List<Column> columns = new ArrayList<>(header.size());
        for (int c = 0; c < header.size(); c++) {
            columns.add(buildColumn(header.get(c), c, rows));
        }
        return new CsvTable(display, columns, lines);
    }

    private static String readText(Path file, String display) {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new InputException(display + ": is a directory, expected a CSV file");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(display + ": no such file");
        } catch (IOException e) {
            throw new InputException(display + ": cannot read: " + oneLine(e.getMessage()));
        }
        Utf8Text.Decoded decoded = Utf8Text.decode(bytes);
        String text = decoded.text();
        if (!decoded.ok()) {
            CsvLocator where = new CsvLocator(text, 0, 1);
            where.walkTo(text.length());
            throw new InputException(display + ":" + where.line() + ":" + where.field() + ": not UTF-8 text: byte "
                    + decoded.badByteHex() + " (expected a CSV file saved as UTF-8)");
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * The message for text the parser refused, which can only be quoting: the parser's own message
     * counts lines its way and gives a file offset, so the place is found again by walking the text
     * from the last record read ({@code start}, on line {@code line}), or from the top.
     */
    private static InputException malformed(String display, String text, int start, int line) {
        CsvLocator where = new CsvLocator(text, start, line);
        switch (where.walkTo(text.length())) {
            case UNTERMINATED:
                return new InputException(display + ":" + where.quoteLine() + ":" + where.field()
                        + ": unterminated quoted field (expected a closing \")");
            case AFTER_QUOTE:
                return new InputException(display + ":" + where.line() + ":" + where.field()
                        + ": unexpected character after a closing quote (expected a comma or the end of the line)");
            default:
                return new InputException(display + ":" + line + ": malformed CSV after this line (expected RFC 4180"
                        + " quoting)");
        }
    }

    private static void checkHeader(String display, int line, List<String> header) {
        Map<String, Integer> seen = new HashMap<>();
        for (int c = 0; c < header.size(); c++) {
            String h = header.get(c);
            if (h.isEmpty()) {
                throw new InputException(display + ":" + line + ":" + (c + 1) + ": empty column name in the header");
            }
            Integer before = seen.putIfAbsent(h, c);
            if (before != null) {
                throw new InputException(display + ":" + line + ":" + (c + 1) + ": duplicate column name '" + h
                        + "' (also column " + (before + 1) + ")");
            }
        }
    }

    private static Column buildColumn(String name, int c, List<String[]> rows) {
        int n = rows.size();
        String[] texts = new String[n];
        String[] raw = null;
        Cells.Kind firstKind = null;
        for (int r = 0; r < n; r++) {
            String cell = rows.get(r)[c];
            texts[r] = cell.strip();
            if (raw == null && !cell.equals(texts[r])) {
                raw = new String[n];
                for (int q = 0; q < r; q++) {
                    raw[q] = texts[q];
                }
            }
            if (raw != null) {
                raw[r] = cell;
            }
            if (firstKind == null) {
                Cells.Kind k = Cells.classify(texts[r]);
                if (k != Cells.Kind.MISSING) {
                    firstKind = k;
                }
            }
        }
        boolean numeric = firstKind == Cells.Kind.NUMBER || firstKind == Cells.Kind.NON_FINITE;
        double[] values = null;
        int missing = 0;
        int firstMissing = -1;
        int firstBad = -1;
        String badText = null;
        if (numeric) {
            values = new double[n];
            for (int r = 0; r < n; r++) {
                String s = texts[r];
                Cells.Kind k = Cells.classify(s);
                if (k == Cells.Kind.NUMBER) {
                    values[r] = Double.parseDouble(s);
                    if (Double.isFinite(values[r])) {
                        continue;
                    }
                    k = Cells.Kind.NON_FINITE; // overflow, e.g. 1e400
                }
                values[r] = Double.NaN;
                if (k == Cells.Kind.MISSING) {
                    missing++;
                    if (firstMissing < 0) {
                        firstMissing = r;
                    }
                } else if (firstBad < 0) {
                    firstBad = r;
                    badText = s;
                }
            }
        } else {
            for (int r = 0; r < n; r++) {
                if (Cells.isMissing(texts[r])) {
                    missing++;
                    if (firstMissing < 0) {
                        firstMissing = r;
                    }
                }
            }
        }
        return new Column(name, c + 1, numeric, values, texts, raw == null ? texts : raw, missing, firstMissing, firstBad,
                badText);
    }

    static String oneLine(String s) {
        return s == null ? "unknown error" : s.replaceAll("\\s+", " ").strip();
    }
}

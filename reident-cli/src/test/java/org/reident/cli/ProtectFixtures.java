package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** A small generated input file for {@code reident protect} and helpers to read what it writes. */
final class ProtectFixtures {
    static final int ROWS = 60;
    static final List<String> HEADER = List.of("ID", "A", "B", "C", "D", "E", "NAME");

    private ProtectFixtures() {
    }

    /**
     * 60 records: ID text ("r100".."r159"), A distinct integers ~1e5, B distinct 3-decimal values in
     * (0, 1), C distinct integers 1..1000, D distinct values ~1000 with 2 decimals (trailing zeros
     * kept, e.g. "1043.10"), E numeric with a trailing zero ("7.50", never masked in these tests,
     * so it must come back as written) and NAME text with commas, quotes, a tab and non-ASCII letters
     * (no leading or trailing blanks: the reader trims cells).
     * All numeric values of a column are distinct, so group sizes can be read off by counting
     * identical values.
     */
    static Path writeSample(Path file) throws IOException {
        Random r = new Random(20240607L);
        int[] a = distinct(r, 10_000, 300_000);
        int[] b = distinct(r, 1, 999);
        int[] c = distinct(r, 1, 1000);
        int[] d = distinct(r, 60_000, 140_000);
        StringBuilder sb = new StringBuilder(String.join(",", HEADER)).append('\n');
        String[] names = {"Smith, J", "O\"Brien", "Zoë Müller", "plain", "Lee; K", "tab\there"};
        for (int i = 0; i < ROWS; i++) {
            String name = names[i % names.length] + " " + i;
            sb.append("r").append(100 + i).append(',')
                    .append(a[i]).append(',')
                    .append(String.format(Locale.ROOT, "0.%03d", b[i])).append(',')
                    .append(c[i]).append(',')
                    .append(String.format(Locale.ROOT, "%d.%02d", d[i] / 100, d[i] % 100)).append(',')
                    .append(i % 10).append(".50").append(',')
                    .append('"').append(name.replace("\"", "\"\"")).append('"').append('\n');
        }
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        return file;
    }

    private static int[] distinct(Random r, int lo, int hi) {
        List<Integer> all = new ArrayList<>();
        for (int v = lo; v <= hi; v++) {
            all.add(v);
        }
        java.util.Collections.shuffle(all, r);
        int[] out = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            out[i] = all.get(i);
        }
        return out;
    }

    /** A CSV file as parsed cells; row 0 is the header. */
    record Table(List<String> header, List<List<String>> rows) {
        int col(String name) {
            int c = header.indexOf(name);
            if (c < 0) {
                throw new AssertionError("no column " + name + " in " + header);
            }
            return c;
        }

        String cell(int row, String name) {
            return rows.get(row).get(col(name));
        }

        double num(int row, String name) {
            return Double.parseDouble(cell(row, name));
        }

        double[] column(String name) {
            double[] v = new double[rows.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = num(i, name);
            }
            return v;
        }

        /** The tuple of the named columns of a row, as text of the parsed doubles. */
        String tuple(int row, List<String> names) {
            StringBuilder sb = new StringBuilder();
            for (String n : names) {
                sb.append(num(row, n)).append('|');
            }
            return sb.toString();
        }

        /** How many rows share each distinct tuple of the named columns. */
        Map<String, Integer> groupSizes(List<String> names) {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                m.merge(tuple(i, names), 1, Integer::sum);
            }
            return m;
        }
    }

    static Table read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT)) {
            List<List<String>> all = new ArrayList<>();
            for (CSVRecord rec : p) {
                all.add(rec.toList());
            }
            List<String> header = all.get(0);
            List<List<String>> rows = all.subList(1, all.size());
            for (List<String> row : rows) {
                assertEquals(header.size(), row.size(), "ragged row in " + file + ": " + row);
            }
            return new Table(header, rows);
        }
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}

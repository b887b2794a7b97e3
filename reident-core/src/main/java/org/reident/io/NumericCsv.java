package org.reident.io;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Writes a numeric table (row-major values) as CSV with a header; integral values without ".0". */
public final class NumericCsv {
    private NumericCsv() {
    }

    public static void write(Writer w, List<String> names, double[] values) throws IOException {
        int n = names.size();
        StringBuilder line = new StringBuilder(256);
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                line.append(',');
            }
            line.append(quote(names.get(k)));
        }
        w.write(line.append('\n').toString());
        int rows = values.length / n;
        for (int i = 0; i < rows; i++) {
            line.setLength(0);
            for (int k = 0; k < n; k++) {
                if (k > 0) {
                    line.append(',');
                }
                line.append(format(values[i * n + k]));
            }
            w.write(line.append('\n').toString());
        }
    }

    /** Shortest text that reads back as the same double; integers as integers. */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}

package org.reident.learn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reident.data.InputException;

/**
 * The master problems of a learning run ({@link MasterReplay.Problem}) as a text file, so that
 * {@code reident bench-master --load} replays the very same problems with another build of the
 * tree: a replay inside one learning run poses different problems as soon as a change alters the
 * run's path (the node samples, and so the rounds, follow the tree), which made figures of two
 * builds incomparable (learning-log.md, "Stop 66").
 * <p>
 * Format (one item per line, numbers in decimal, separated by single spaces):
 * <pre>
 * reident master problems 1
 * records N
 * problem atLeast atMost kept total
 * fixed r r ...
 * cut r r ...        (total - kept lines)
 * </pre>
 * A problem's cuts are the previous problem's first {@code kept} cuts followed by the cut lines
 * written after it (a run only appends cuts, so {@code kept} is the previous problem's count and
 * each problem writes only its new cuts). Records are numbered 0 .. N-1.
 */
public final class MasterFile {
    static final String HEADER = "reident master problems 1";

    private MasterFile() {
    }

    /** Writes {@code problems} (all over the same number of records) in the format above. */
    public static void write(Writer out, List<MasterReplay.Problem> problems) throws IOException {
        int records = problems.isEmpty() ? 0 : problems.get(0).records();
        out.write(HEADER + "\nrecords " + records + "\n");
        int[][] previous = new int[0][];
        StringBuilder line = new StringBuilder();
        for (MasterReplay.Problem p : problems) {
            if (p.records() != records) {
                throw new IllegalArgumentException("problems over " + records + " and " + p.records() + " records");
            }
            int[][] cuts = p.cuts();
            int kept = 0;
            while (kept < Math.min(previous.length, cuts.length) && Arrays.equals(previous[kept], cuts[kept])) {
                kept++;
            }
            out.write("problem " + p.atLeast() + " " + p.atMost() + " " + kept + " " + cuts.length + "\n");
            line.setLength(0);
            line.append("fixed");
            for (int r = 0; r < records; r++) {
                if (p.fixed()[r]) {
                    line.append(' ').append(r);
                }
            }
            out.write(line.append('\n').toString());
            for (int c = kept; c < cuts.length; c++) {
                line.setLength(0);
                line.append("cut");
                for (int r : cuts[c]) {
                    line.append(' ').append(r);
                }
                out.write(line.append('\n').toString());
            }
            previous = cuts;
        }
    }

    /**
     * Reads a file written by {@link #write}. Anything else is refused with an {@link InputException}
     * naming the file, the line and what was expected.
     */
    public static List<MasterReplay.Problem> read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new Reader(file.toString(), in).problems();
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }

    /** The line-by-line parse, with the position for errors. */
    private static final class Reader {
        private final String name;
        private final BufferedReader in;
        private int lineNo;
        private String line;

        Reader(String name, BufferedReader in) {
            this.name = name;
            this.in = in;
        }

        List<MasterReplay.Problem> problems() throws IOException {
            if (!HEADER.equals(next())) {
                throw error("expected the header '" + HEADER + "' (a file written by bench-master --save)");
            }
            long[] r = numbers(next(), "records", 1, 1);
            if (r[0] < 0 || r[0] > Integer.MAX_VALUE) {
                throw error("expected a number of records from 0 to " + Integer.MAX_VALUE);
            }
            int records = (int) r[0];
            List<MasterReplay.Problem> out = new ArrayList<>();
            int[][] previous = new int[0][];
            while (next() != null) {
                long[] p = numbers(line, "problem", 4, 4);
                if (p[0] < 0 || p[1] < 0) {
                    throw error("expected sizes atLeast and atMost of 0 or more");
                }
                if (p[2] < 0 || p[2] > previous.length || p[3] < p[2] || p[3] > Integer.MAX_VALUE) {
                    throw error("expected 0 <= kept <= the previous problem's " + previous.length + " cuts and kept <= total");
                }
                boolean[] fixed = new boolean[records];
                for (long f : numbers(next(), "fixed", 0, records)) {
                    fixed[record(f, records)] = true;
                }
                int[][] cuts = Arrays.copyOf(previous, (int) p[3]);
                for (int c = (int) p[2]; c < cuts.length; c++) {
                    long[] cut = numbers(next(), "cut", 1, records);
                    cuts[c] = new int[cut.length];
                    for (int q = 0; q < cut.length; q++) {
                        cuts[c][q] = record(cut[q], records);
                    }
                }
                out.add(new MasterReplay.Problem(records, fixed, cuts, p[0], p[1]));
                previous = cuts;
            }
            return out;
        }

        private String next() throws IOException {
            line = in.readLine();
            lineNo++;
            return line;
        }

        private int record(long r, int records) {
            if (r < 0 || r >= records) {
                throw error("expected record numbers 0 to " + (records - 1) + ", got " + r);
            }
            return (int) r;
        }

        /** The numbers after {@code word} on {@code text}: between min and max of them. */
        private long[] numbers(String text, String word, int min, int max) {
            if (text == null) {
                throw error("expected a '" + word + "' line, got the end of the file");
            }
            String[] parts = text.split(" ", -1);
            if (!parts[0].equals(word) || parts.length - 1 < min || parts.length - 1 > max) {
                throw error("expected '" + word + "' followed by " + (min == max ? Integer.toString(min)
                        : min + " to " + max) + " numbers");
            }
            long[] out = new long[parts.length - 1];
            for (int q = 1; q < parts.length; q++) {
                try {
                    out[q - 1] = Long.parseLong(parts[q]);
                } catch (NumberFormatException e) {
                    throw error("expected a whole number, got '" + parts[q] + "'");
                }
            }
            return out;
        }

        private InputException error(String what) {
            return new InputException(name + ":" + lineNo + ": " + what);
        }
    }
}

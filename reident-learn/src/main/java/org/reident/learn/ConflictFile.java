package org.reident.learn;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.io.AtomicOutput;

/**
 * The conflicts a run of the cuts formulation proved, kept in a file ({@code learn --conflicts FILE})
 * so that a later run on the same problem starts from them instead of proving them again: a run
 * stopped by its limit or by Ctrl-C goes on where it stood. A conflict is a set of training records
 * that no parameter value of the family links together with margin eps (each was proven by the
 * slave's LP and shrunk by a deletion filter, {@link DeletionFilter}); it stays true for the same
 * records, family and eps whatever else the run does, so the master may take it as a cut from the
 * start. The best parameters found are kept beside them and taken as an incumbent.
 * <p>
 * The file is bound to its problem by a {@link #fingerprint}: SHA-256 over the family, delta, the
 * standardisation, the variables, both files' values, the true matches and the training records.
 * A file of another problem is refused (a user error), never used. Conflicts are kept per eps (an
 * auto-eps run's passes each have their own; a conflict at one eps need not be one at a smaller), and
 * a pass takes only those of its own eps. The body's SHA-256 stands in the header, so a file changed
 * or cut short since it was written is refused too.
 * <p>
 * Format (one item per line, numbers in decimal, separated by single spaces; records are positions
 * in the training records, 0 .. records-1, in increasing order within a cut):
 * <pre>
 * reident conflicts 1
 * fingerprint HEX
 * records N
 * body HEX                           (SHA-256 of every line after this one, each ended by '\n')
 * eps E cuts K best B bound U       (one block per eps; U the bound its run proved)
 * theta t1 t2 ...                   (only when B >= 0: the best parameters, in the family's order)
 * cut r r ...                       (K lines)
 * </pre>
 */
public final class ConflictFile {
    static final String HEADER = "reident conflicts 1";
    /** Bumped when what a conflict means changes (the family's constraints, eps's meaning): old files are then refused. */
    private static final int MEANING = 1;

    /**
     * One eps's conflicts, best parameters (best -1 and theta null: none found) and the bound its run
     * proved (no parameter value links more than {@code bound} training records with margin eps);
     * {@code groupCuts}, the conflicts of the groups learned alone ({@link GroupBound}) when the bound
     * rests on them: kept for `reident verify`, not handed to a later run's master (which they slow
     * down, stop 49). In the file, "cut" lines and then "group" lines.
     */
    record Block(double eps, int best, double[] theta, int bound, List<int[]> cuts, List<int[]> groupCuts) {
        /** A block without the groups' conflicts. */
        Block(double eps, int best, double[] theta, int bound, List<int[]> cuts) {
            this(eps, best, theta, bound, cuts, List.of());
        }
    }

    private final Path path;
    private final String fingerprint;
    private final int records;
    private final Map<Double, Block> blocks;
    /** The blocks as this run's passes read them ({@link #at}). */
    private final Map<Double, Block> read = new TreeMap<>();

    private ConflictFile(Path path, String fingerprint, int records, Map<Double, Block> blocks) {
        this.path = path;
        this.fingerprint = fingerprint;
        this.records = records;
        this.blocks = blocks;
    }

    /**
     * The file for this problem: read and checked now (at the front door, before any solve), empty when
     * it does not exist yet. Throws {@link InputException} when it is malformed, changed since it was
     * written, or holds another problem's conflicts.
     */
    public static ConflictFile open(Path path, LearnOptions o, LinkageData data, int[] train) {
        String fp = fingerprint(o, data, train);
        List<String> lines = lines(path);
        Map<Double, Block> blocks = lines == null ? new TreeMap<>() : parse(path.toString(), lines, fp, train.length).blocks();
        return new ConflictFile(path, fp, train.length, blocks);
    }

    /**
     * The master's problem over the conflicts of {@code path} (its smallest eps's block when it holds
     * several; none fixed), covers of at most {@code atMost} records sought: the master alone on a
     * run's conflicts (`bench-master --conflicts`). The file's problem is not checked (no data is at
     * hand), its body is.
     */
    public static MasterReplay.Problem masterProblem(Path path, long atMost) {
        List<String> lines = lines(path);
        if (lines == null) {
            throw new InputException(path + ": no such file");
        }
        Contents c = parse(path.toString(), lines, null, -1);
        if (c.blocks().isEmpty()) {
            throw new InputException(path + ": holds no conflicts");
        }
        List<int[]> cuts = c.blocks().values().iterator().next().cuts();
        return new MasterReplay.Problem(c.records(), new boolean[c.records()], cuts.toArray(new int[0][]), 0, atMost);
    }

    /** The file's lines; null when it does not exist. */
    private static List<String> lines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new InputException(path + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** This eps's block, null when the file holds none; what it holds counts as read ({@link #readAt}). */
    Block at(double eps) {
        Block b = blocks.get(eps);
        if (b != null) {
            read.put(eps, b);
        }
        return b;
    }

    /** This eps's block as the file holds it, null when none; not counted as read (`reident verify`). */
    Block blockAt(double eps) {
        return blocks.get(eps);
    }

    /** The conflicts this eps's runs read from the file (0: none). */
    public int readAt(double eps) {
        Block b = read.get(eps);
        return b == null ? 0 : b.cuts().size();
    }

    /** The bound read at this eps (-1: none read). */
    public int boundReadAt(double eps) {
        Block b = read.get(eps);
        return b == null ? -1 : b.bound();
    }

    /** The conflicts the file keeps at this eps (0: none). */
    public int keptAt(double eps) {
        Block b = blocks.get(eps);
        return b == null ? 0 : b.cuts().size();
    }

    /**
     * The result's line about the file at the run's last eps, {@code bound} the run's: says when that
     * bound is the one read (proven by the run that wrote the file, not by this one).
     */
    public String note(double eps, int bound) {
        Block b = read.get(eps);
        String from = b != null && b.bound() == bound ? "; the bound " + bound + " is the one read, proven by the run that wrote it" : "";
        return String.format(Locale.ROOT, "conflicts: %d at eps %s kept in %s for a later run (%d of them read from it%s)",
                keptAt(eps), EpsAdvice.format(eps), path, readAt(eps), from);
    }

    /** Every eps the file holds conflicts of, ascending. */
    public List<Double> epsHeld() {
        return new ArrayList<>(blocks.keySet());
    }

    public Path path() {
        return path;
    }

    /**
     * Keeps {@code b} as its eps's block (the other eps's blocks stay) and writes the file whole,
     * atomically: a run ended by an error leaves the file as it was.
     */
    void write(Block b) {
        blocks.put(b.eps(), new Block(b.eps(), b.best(), b.theta(), b.bound(), distinct(b.cuts()), distinct(b.groupCuts())));
        StringBuilder body = new StringBuilder();
        for (Block k : blocks.values()) {
            body.append("eps ").append(k.eps()).append(" cuts ").append(k.cuts().size()).append(" best ").append(k.best())
                    .append(" bound ").append(k.bound()).append('\n');
            if (k.best() >= 0) {
                body.append("theta");
                for (double t : k.theta()) {
                    body.append(' ').append(t);
                }
                body.append('\n');
            }
            for (int[] c : k.cuts()) {
                body.append("cut");
                for (int r : c) {
                    body.append(' ').append(r);
                }
                body.append('\n');
            }
            for (int[] c : k.groupCuts()) {
                body.append("group");
                for (int r : c) {
                    body.append(' ').append(r);
                }
                body.append('\n');
            }
        }
        String text = HEADER + "\nfingerprint " + fingerprint + "\nrecords " + records + "\nbody " + sha256(body.toString()) + "\n" + body;
        AtomicOutput.writeString(path, text);
    }

    /**
     * The cuts each as its records in increasing order, each record and each cut once (a run may prove
     * a conflict the file already held), as {@link Reader#cut} reads them.
     */
    private static List<int[]> distinct(List<int[]> cuts) {
        DistinctCuts seen = new DistinctCuts();
        List<int[]> out = new ArrayList<>(cuts.size());
        for (int[] c : cuts) {
            int[] sorted = Arrays.stream(c).sorted().distinct().toArray(); // once per cut at the run's end, not a hot loop
            if (seen.add(sorted)) {
                out.add(sorted);
            }
        }
        return out;
    }

    /**
     * SHA-256 over what decides whether a conflict holds: the family and delta, the standardisation,
     * the variables, both files' values, the true matches and the training records (eps is kept per
     * block). Solver, threads, time limit and rivals per round change how conflicts are found, not
     * whether they hold, and are left out.
     */
    static String fingerprint(LearnOptions o, LinkageData data, int[] train) {
        MessageDigest d = digest();
        text(d, "meaning " + MEANING + "\n" + o.aggregator().label() + "\n" + o.delta() + "\n" + o.standardization() + "\n"
                + String.join("\u0000", data.variables()) + "\n");
        doubles(d, data.original());
        doubles(d, data.masked());
        ints(d, data.truth());
        ints(d, train);
        return HexFormat.of().formatHex(d.digest());
    }

    /** A file's training records and blocks. */
    private record Contents(int records, Map<Double, Block> blocks) {
    }

    /**
     * Reads and checks a file's lines: against this run's fingerprint and training records, or with
     * {@code fp} null and {@code records} -1 against none (the file's own are taken); the body always.
     */
    private static Contents parse(String file, List<String> lines, String fp, int records) {
        Reader in = new Reader(file, lines);
        in.expect(HEADER, "the header '" + HEADER + "'");
        String got = in.field("fingerprint");
        if (fp != null && !got.equals(fp)) {
            throw new InputException(file + ": holds the conflicts of another problem (its fingerprint " + abbreviate(got)
                    + ", this run's " + abbreviate(fp) + ": other files, variables, training records, family or"
                    + " standardisation); give another --conflicts file or remove this one");
        }
        int at = in.line;
        int n = in.count("records");
        if (records >= 0 && n != records) {
            in.line = at;
            throw in.error("records " + records + " (this run's training records)");
        }
        String body = in.field("body");
        StringBuilder rest = new StringBuilder();
        for (int i = in.line; i < lines.size(); i++) {
            rest.append(lines.get(i)).append('\n');
        }
        if (!body.equals(sha256(rest.toString()))) {
            throw new InputException(file + ": changed or cut short since it was written (its body's SHA-256 is not the"
                    + " header's); remove it to start afresh");
        }
        Map<Double, Block> blocks = new TreeMap<>();
        while (in.more()) {
            blocks.put(in.peekEps(), in.block(n));
        }
        return new Contents(n, blocks);
    }

    private static String abbreviate(String hex) {
        return hex.length() > 12 ? hex.substring(0, 12) + "..." : hex;
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static String sha256(String s) {
        MessageDigest d = digest();
        text(d, s);
        return HexFormat.of().formatHex(d.digest());
    }

    private static void text(MessageDigest d, String s) {
        d.update(s.getBytes(StandardCharsets.UTF_8));
    }

    private static void doubles(MessageDigest d, double[] v) {
        ByteBuffer b = ByteBuffer.allocate(8 * v.length + 4);
        b.putInt(v.length);
        for (double x : v) {
            b.putLong(Double.doubleToLongBits(x));
        }
        d.update(b.array());
    }

    private static void ints(MessageDigest d, int[] v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length + 4);
        b.putInt(v.length);
        for (int x : v) {
            b.putInt(x);
        }
        d.update(b.array());
    }

    /** The lines of a file with the position of the next one, for errors that say where. */
    private static final class Reader {
        private final String file;
        private final List<String> lines;
        private int line;

        Reader(String file, List<String> lines) {
            this.file = file;
            this.lines = lines;
        }

        boolean more() {
            return line < lines.size();
        }

        InputException error(String expected) {
            String got = line < lines.size() ? "'" + shorten(lines.get(line)) + "'" : "the end of the file";
            return new InputException(file + ":" + (line + 1) + ":1: expected " + expected + ", got " + got);
        }

        void expect(String text, String what) {
            if (!more() || !lines.get(line).equals(text)) {
                throw error(what);
            }
            line++;
        }

        String field(String name) {
            if (!more() || !lines.get(line).startsWith(name + " ") || lines.get(line).length() == name.length() + 1) {
                throw error("'" + name + " VALUE'");
            }
            return lines.get(line++).substring(name.length() + 1);
        }

        int count(String name) {
            int at = line;
            String v = field(name);
            try {
                int n = Integer.parseInt(v);
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            line = at;
            throw error("'" + name + " N' with N a whole number >= 0");
        }

        double peekEps() {
            String[] t = lines.get(line).split(" ", -1);
            if (t.length == 8 && t[0].equals("eps") && t[2].equals("cuts") && t[4].equals("best") && t[6].equals("bound")) {
                try {
                    double e = Double.parseDouble(t[1]);
                    if (e > 0 && Double.isFinite(e)) {
                        return e;
                    }
                } catch (NumberFormatException ex) {
                    // said below
                }
            }
            throw error("'eps E cuts K best B bound U' with E > 0");
        }

        Block block(int records) {
            String[] t = lines.get(line).split(" ", -1);
            double eps = peekEps();
            int k = whole(t[3]);
            int best = t[5].equals("-1") ? -1 : whole(t[5]);
            int bound = whole(t[7]);
            if (bound > records || best > bound) {
                throw error("a bound U of at most " + records + " records and a best B of at most U");
            }
            line++;
            double[] theta = null;
            if (best >= 0) {
                theta = theta();
            }
            List<int[]> cuts = new ArrayList<>(k);
            for (int c = 0; c < k; c++) {
                cuts.add(cut("cut", records));
            }
            List<int[]> groups = new ArrayList<>();
            while (more() && lines.get(line).startsWith("group ")) {
                groups.add(cut("group", records));
            }
            return new Block(eps, best, theta, bound, cuts, groups);
        }

        private double[] theta() {
            String[] t = more() ? lines.get(line).split(" ", -1) : new String[0];
            if (t.length < 2 || !t[0].equals("theta")) {
                throw error("'theta t1 t2 ...' (the best parameters)");
            }
            double[] v = new double[t.length - 1];
            for (int i = 1; i < t.length; i++) {
                try {
                    v[i - 1] = Double.parseDouble(t[i]);
                } catch (NumberFormatException e) {
                    v[i - 1] = Double.NaN;
                }
                if (!Double.isFinite(v[i - 1])) {
                    throw new InputException(file + ":" + (line + 1) + ":" + (i + 1) + ": expected a finite number, got '" + shorten(t[i]) + "'");
                }
            }
            line++;
            return v;
        }

        private int[] cut(String kind, int records) {
            String[] t = more() ? lines.get(line).split(" ", -1) : new String[0];
            if (t.length < 2 || !t[0].equals(kind)) {
                throw error("'" + kind + " r r ...' (the number of cuts its block's line gives)");
            }
            int[] c = new int[t.length - 1];
            for (int i = 1; i < t.length; i++) {
                int r;
                try {
                    r = Integer.parseInt(t[i]);
                } catch (NumberFormatException e) {
                    r = -1;
                }
                if (r < 0 || r >= records || i > 1 && r <= c[i - 2]) {
                    throw new InputException(String.format(Locale.ROOT, "%s:%d:%d: expected a record 0..%d above the one before it, got '%s'",
                            file, line + 1, i + 1, records - 1, shorten(t[i])));
                }
                c[i - 1] = r;
            }
            line++;
            return c;
        }

        private int whole(String s) {
            try {
                int n = Integer.parseInt(s);
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw error("'eps E cuts K best B bound U' with K, B and U whole numbers (B -1: none found)");
        }

        private static String shorten(String s) {
            return s.length() > 40 ? s.substring(0, 40) + "..." : s;
        }
    }
}

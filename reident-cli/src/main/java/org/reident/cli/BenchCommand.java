package org.reident.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.reident.data.CsvReader;
import org.reident.data.CsvTable;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;
import org.reident.linkage.ReferenceLinkage;
import org.reident.synth.AdditiveNoise;
import org.reident.synth.CensusLikeGenerator;
import org.reident.synth.SyntheticTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident bench}: linkage speed of every method against the naive single-threaded double loop
 * ({@link ReferenceLinkage}) in the same run, on the EIA shape (4,092 x 4,092, 10 variables) and on a
 * large generated file (default 50,000 x 50,000, 6 variables; the naive loop is timed on a prefix of
 * the query records and scaled up, as the table says).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Benchmark the linkage engine against a naive double loop, every method.",
            "",
            "Prints a Markdown table (and writes it with --markdown) naming the machine and date."})
public final class BenchCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--eia", defaultValue = "../shared/data/eia.csv", paramLabel = "FILE",
            description = "The EIA reference file (default ${DEFAULT-VALUE}, skipped when absent; a file named here must exist); "
                    + "its 10 numeric columns, protected with noise.")
    Path eia;

    @Option(names = "--large", defaultValue = "50000", paramLabel = "N", description = "Records of the large generated file, at least 2 (0 to skip).")
    int large;

    @Option(names = "--large-vars", defaultValue = "6", paramLabel = "n", description = "Variables of the large file, 1 to 8 (default ${DEFAULT-VALUE}).")
    int largeVars;

    @Option(names = "--naive-rows", defaultValue = "200", paramLabel = "R",
            description = "Query records the naive loop is timed on for the large file (scaled up to N).")
    int naiveRows;

    @Option(names = "--repeat", defaultValue = "3", paramLabel = "K",
            description = "Engine timings per method on EIA after a warm-up run (best is kept; 0: the warm-up runs count; a warm-up over 10 s is the timing).")
    int repeat;

    @Option(names = "--noise", defaultValue = "10", paramLabel = "P", description = "Noise percent for the protected files.")
    double noise;

    @Option(names = "--methods", split = ",", paramLabel = "M",
            description = "The methods to time, comma-separated (default: every method), e.g. am for a file too large to "
                    + "time every method's scan on.")
    List<String> methodNames;

    @Option(names = "--nearest", defaultValue = "16", paramLabel = "K",
            description = "Also time every record's K nearest rivals by the tree against every pair, for the methods the tree "
                    + "searches (default ${DEFAULT-VALUE}, as learn's climbs keep; 0 skips).")
    int nearest;

    @picocli.CommandLine.Mixin
    MarkdownReport report;

    /** The methods of --methods, in the table's order (every method without it). */
    private List<Method> methods() {
        if (methodNames == null) {
            return List.of(Method.values());
        }
        List<Method> chosen = new ArrayList<>();
        for (String s : methodNames) {
            Method m;
            try {
                m = Method.parse(s);
            } catch (InputException e) {
                throw new InputException("--methods: unknown method '" + s + "' (expected am, dbrl2, md, md0, kernel, prl, wm, owa, "
                        + "choquet, bilinear or md-star)");
            }
            if (!chosen.contains(m)) {
                chosen.add(m);
            }
        }
        chosen.sort(null);
        return chosen;
    }

    @Override
    public Integer call() {
        checkOptions();
        report.start(spec.commandLine().getOut());
        PrintWriter err = spec.commandLine().getErr();
        LinkageData eiaData = null; // read before the header: a bad file is refused before anything is printed
        if (Files.exists(eia)) {
            CsvTable t = CsvReader.read(eia, eia.toString());
            List<String> vars = new ArrayList<>(t.names());
            vars.remove("UTILITYID");
            eiaData = new LinkageDataBuilder(t, t).variables(vars).build();
        } else if (spec.commandLine().getParseResult().hasMatchedOption("--eia")) {
            throw new InputException(eia + ": no such file (--eia)");
        }
        report.line("# Linkage benchmark");
        report.line("");
        report.line("Generated by `./reident bench" + (large != 50000 ? " --large " + large : "")
                + (methodNames != null ? " --methods " + String.join(",", methodNames) : "")
                + (nearest != 16 ? " --nearest " + nearest : "") + "` on " + Machine.generatedOn() + ".");
        report.line("Engine: as `link` runs it, all cores (" + Runtime.getRuntime().availableProcessors() + ") and 1 thread: a k-d tree "
                + "for the weighted squared Euclidean distances (am, dbrl2, md, md0, wm, a positive semi-definite bilinear form or md-star)"
                + ", owa with non-negative weights, choquet with a monotone measure and prl on "
                + "reference files of at least " + LinkageEngine.TREE_MIN_RECORDS + " records and at most "
                + LinkageEngine.TREE_MAX_VARIABLES + " variables, else every pair in blocks; ranks of true matches counted where "
                + "nearest (all the counts need). Scan: every pair in blocks with every rank counted, all cores (the engine before "
                + "2026-12-01, as `link --out` still counts ranks). Naive: "
                + "ReferenceLinkage, the plain single-threaded double loop over pairs with each distance evaluated from its definition. "
                + "Seconds include preparing the distance. Parametrised methods use seeded random parameters. "
                + "PRL has no naive timing (its oracle, the EM pair by pair, is checked against the engine in the tests); its "
                + "time is mostly EM's iterations over the counted patterns (on EIA) and the count of every pair's pattern, both on all "
                + "cores and the same in the engine's and the scan's columns. A run over " + (int) TIMED_ONCE + " s is timed once, its warm-up run kept.");
        report.line("");
        if (eiaData != null) {
            err.println("reident bench: EIA " + eia);
            section("EIA, " + eiaData.originalCount() + " x " + eiaData.originalCount() + ", " + eiaData.dimension() + " variables, noise "
                    + noise + "%", protect(eiaData), eiaData.originalCount(), repeat);
        } else { // only the default path may be absent (a checkout without the shared data)
            err.println("reident bench: " + eia + " not found, EIA part skipped");
        }
        if (large > 0) {
            err.println("reident bench: generating " + large + " records");
            SyntheticTable g = CensusLikeGenerator.generate(large, largeVars, 7);
            LinkageData self = direct(g.names(), g.values(), g.rows(), g.values());
            section("generated, " + large + " x " + large + ", " + largeVars + " variables, noise " + noise + "%", protect(self),
                    Math.min(naiveRows, large), 1);
        }
        report.finish(err, "bench");
        return 0;
    }

    /** Every option value checked at once, before any work: a bad one is a user error, not a failure halfway. */
    private void checkOptions() {
        if (large < 0 || large == 1) {
            throw new InputException("--large: expected 0 (no generated file) or at least 2 records, got " + large);
        }
        int most = CensusLikeGenerator.NAMES.size();
        if (largeVars < 1 || largeVars > most) {
            throw new InputException("--large-vars: expected 1 to " + most + " (" + String.join(", ", CensusLikeGenerator.NAMES)
                    + "), got " + largeVars);
        }
        if ((long) large * largeVars > CensusLikeGenerator.MAX_VALUES) {
            throw new InputException("--large: at most " + CensusLikeGenerator.MAX_VALUES / largeVars + " with --large-vars " + largeVars
                    + " (one table of values is a Java array), got " + large);
        }
        if (naiveRows < 1) {
            throw new InputException("--naive-rows: expected at least 1, got " + naiveRows);
        }
        if (nearest < 0) {
            throw new InputException("--nearest: expected 0 or more rivals, got " + nearest);
        }
        if (repeat < 0) {
            throw new InputException("--repeat: expected 0 or more, got " + repeat);
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new InputException("--noise: expected a percentage >= 0, got " + noise);
        }
        methods();
    }

    /**
     * PRL is benchmarked up to this many pairs: EIA's 16.7M and the large file's 2.5G (about 33 s a run
     * on 2 cores since EM's SQUAREM on the logarithms, stop 36); a larger --large would take many minutes.
     */
    private static final long PRL_PAIRS = 3_000_000_000L;
    /** A run longer than this many seconds is timed once, by its first run: the JIT's warm-up is lost in it. */
    private static final double TIMED_ONCE = 10;

    private void section(String title, LinkageData data, int naiveQueries, int reps) {
        PrintWriter err = spec.commandLine().getErr();
        report.line("## " + title);
        report.line("");
        report.line("| method | re-identified | engine s (all cores) | engine s (1 thread) | scan s | scan / engine | naive s"
                + (naiveQueries < data.originalCount() ? " (scaled from " + naiveQueries + " rows)" : "")
                + " | naive / engine | same counts |");
        report.line("|---|---|---|---|---|---|---|---|---|");
        LinkageData prefix = naiveQueries < data.originalCount() ? prefix(data, naiveQueries) : data;
        double scale = data.originalCount() / (double) prefix.originalCount();
        DistanceOptions o = DistanceOptions.DEFAULT;
        for (Method m : methods()) {
            if (m == Method.PRL && (long) data.originalCount() * data.maskedCount() > PRL_PAIRS) {
                report.line("| prl | not run: its EM counts every one of the " + (long) data.originalCount() * data.maskedCount()
                        + " pairs (limit " + PRL_PAIRS + ") | | | | | | | |");
                continue;
            }
            err.println("reident bench: " + m.label());
            DistanceModel model = m.isParametrised() ? randomModel(m, data.variables(), 11) : null;
            LinkageEngine all = LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP);
            LinkageResult r = null;
            double best = Double.POSITIVE_INFINITY;
            for (int k = 0; k < Math.max(1, reps) + 1; k++) { // first run warms the JIT up
                long t0 = System.nanoTime();
                r = all.link(Distances.prepare(m, model, data, o), data.truth());
                double s = (System.nanoTime() - t0) / 1e9;
                if (k > 0 || reps == 0) {
                    best = Math.min(best, s);
                } else if (s > TIMED_ONCE) {
                    best = s;
                    break;
                }
            }
            long t1 = System.nanoTime();
            LinkageResult r1 = new LinkageEngine(1).with(LinkageEngine.Ranks.TOP).link(Distances.prepare(m, model, data, o), data.truth());
            double single = (System.nanoTime() - t1) / 1e9;
            long ts = System.nanoTime();
            LinkageResult scanned = new LinkageEngine(Runtime.getRuntime().availableProcessors(), LinkageEngine.Search.SCAN)
                    .link(Distances.prepare(m, model, data, o), data.truth());
            double scanS = (System.nanoTime() - ts) / 1e9;
            if (m == Method.PRL) { // the oracle's EM pair by pair costs hours here; it is checked against the engine in the tests
                boolean same = r1.reidentified() == r.reidentified() && scanned.reidentified() == r.reidentified()
                        && scanned.expected() == r.expected();
                report.line(String.format(Locale.ROOT, "| %s | %d / %d | %.3f | %.3f | %.3f | %.1f | - | - | %s |", m.label(),
                        r.reidentified(), r.records(), best, single, scanS, scanS / best, same ? "yes (1 thread, scan)" : "NO"));
                continue;
            }
            long t2 = System.nanoTime();
            LinkageResult naive = ReferenceLinkage.link(m, model, prefix, o);
            double naiveS = (System.nanoTime() - t2) / 1e9 * scale;
            boolean same = r1.reidentified() == r.reidentified() && r1.expected() == r.expected()
                    && scanned.reidentified() == r.reidentified() && scanned.expected() == r.expected()
                    && (prefix != data || naive.reidentified() == r.reidentified());
            report.line(String.format(Locale.ROOT, "| %s | %d / %d | %.3f | %.3f | %.3f | %.1f | %.3f | %.1f | %s |", m.label(), r.reidentified(),
                    r.records(), best, single, scanS, scanS / best, naiveS, naiveS / best, same ? "yes" : "NO"));
        }
        report.line("");
        if (nearest > 0) {
            NearestBench.table(report, err, data, methods(), nearest);
        }
    }

    private LinkageData protect(LinkageData d) {
        double[] y = AdditiveNoise.apply(d.original(), d.originalCount(), d.dimension(), noise, 20261126L);
        return direct(d.variables(), d.original(), d.originalCount(), y);
    }

    private static LinkageData direct(List<String> vars, double[] x, int rows, double[] y) {
        int[] truth = new int[rows];
        String[] ids = new String[rows];
        for (int i = 0; i < rows; i++) {
            truth[i] = i;
            ids[i] = Integer.toString(i + 1);
        }
        return new LinkageData(List.copyOf(vars), x, rows, y, rows, truth, ids, ids, "x", "y", 0, List.of());
    }

    /** The first {@code rows} query records against the whole protected file. */
    private static LinkageData prefix(LinkageData d, int rows) {
        int n = d.dimension();
        return new LinkageData(d.variables(), Arrays.copyOf(d.original(), rows * n), rows, d.masked(), d.maskedCount(),
                Arrays.copyOf(d.truth(), rows), Arrays.copyOf(d.originalIds(), rows), d.maskedIds(), "x", "y", 0, List.of());
    }

    static DistanceModel randomModel(Method m, List<String> vars, long seed) {
        Random rnd = new Random(seed);
        int n = vars.size();
        double[] v;
        if (m == Method.CHOQUET) {
            v = new double[1 << n];
            for (int mask = 1; mask < v.length; mask++) { // max over sub-masks keeps it monotone
                double x = rnd.nextDouble() * Integer.bitCount(mask);
                for (int k = 0; k < n; k++) {
                    if ((mask & (1 << k)) != 0) {
                        x = Math.max(x, v[mask & ~(1 << k)]);
                    }
                }
                v[mask] = x;
            }
            double top = v[v.length - 1];
            for (int mask = 0; mask < v.length; mask++) {
                v[mask] /= top;
            }
        } else if (m == Method.BILINEAR || m == Method.MD_STAR) {
            v = new double[n * n];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b <= a; b++) {
                    double x = a == b ? 1 + rnd.nextDouble() : 0.4 * (rnd.nextDouble() - 0.5);
                    v[a * n + b] = x;
                    v[b * n + a] = x;
                }
            }
        } else {
            v = new double[n];
            double s = 0;
            for (int k = 0; k < n; k++) {
                v[k] = rnd.nextDouble();
                s += v[k];
            }
            for (int k = 0; k < n; k++) {
                v[k] /= s;
            }
        }
        return new DistanceModel(m, m.label(), List.copyOf(vars), null, v);
    }
}

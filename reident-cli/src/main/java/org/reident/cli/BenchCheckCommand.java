package org.reident.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.reident.data.CsvReader;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.linkage.Direction;
import org.reident.distance.Standardization;
import org.reident.io.AtomicOutput;
import org.reident.io.NumericCsv;
import org.reident.learn.Aggregator;
import org.reident.learn.CertificateCheck;
import org.reident.learn.ConflictFile;
import org.reident.learn.EpsAdvice;
import org.reident.learn.EpsPasses;
import org.reident.learn.Formulation;
import org.reident.learn.LearnOptions;
import org.reident.learn.LearnResult;
import org.reident.learn.Margin;
import org.reident.protect.Masking;
import org.reident.synth.CensusLikeGenerator;
import org.reident.synth.SyntheticTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident bench-check}: the learner's answers checked against facts of the mathematics on
 * generated files ({@link AgreementChecks}): every family learned by the cuts formulation and by the
 * lazy big-M model, each cuts run's conflicts file checked by {@code verify}'s code, and the families'
 * bounds against one another. A build that skips work looks fast; this is the check to run before
 * measuring a change to the master's search (learning-log.md, stop 95).
 */
@Command(name = "bench-check", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Check the learner's answers on generated files: the two formulations, verify, and the families' order.",
            "",
            "For each seed and shape, generates the pair 'reident demo' would (same generator, same protection, same seed), "
                + "learns every family with the cuts formulation (keeping its conflicts) and with the lazy big-M model, "
                + "verifies the cuts run's conflicts file, and checks: a run's parameters link no more than its bound "
                + "(as many when OPTIMAL); a proven optimum lies within the other formulation's [found, bound]; verify "
                + "proves the file's bound (and an OPTIMAL run's optimum); a family's bound is no smaller than what a "
                + "family it contains found (Choquet contains Choquet_m, WM, WM_m and OWA; bilinear-nc contains "
                + "bilinear, which contains WM, which contains WM_m) nor than AM's records. A verify whose hitting set "
                + "SCIP leaves open is tried again with the learner's tree (verify --cover tree); one still open gives no "
                + "verdict and is listed apart. Prints a Markdown table, "
                + "the disagreements with the demo command that makes their file, and exits 1 when there is one "
                + "(0 when all hold)."},
        footer = {"", "Examples:",
            "  reident bench-check                        # 3 seeds x 4 shapes x 8 families, about 11 min",
            "  reident bench-check --seeds 1,2,3,4,5,6 --markdown docs/benchmark-check.md",
            "  reident bench-check --shapes 150x4:noise30 --variants bilinear --no-big-m --verify-all"})
public final class BenchCheckCommand implements java.util.concurrent.Callable<Integer> {
    private static final List<String> SHAPES = List.of("40x3:noise30", "60x4:noise20", "60x3:mdav", "50x3:noise50");

    @Spec
    CommandSpec spec;

    @Option(names = "--seeds", split = ",", defaultValue = "1,2,3", paramLabel = "S",
            description = "Seeds of the generated files (default ${DEFAULT-VALUE}).")
    List<Long> seeds;

    @Option(names = "--shapes", split = ",", paramLabel = "SHAPE",
            description = "Files as RECORDSxVARIABLES:PROTECTION, the protection mdav or noiseP (P percent of each "
                    + "variable's sd), e.g. 60x4:noise20 (default: 40x3:noise30, 60x4:noise20, 60x3:mdav, 50x3:noise50).")
    List<String> shapes;

    @Option(names = "--variants", split = ",", paramLabel = "A", description = "Families (default: all eight).")
    List<String> variants;

    @Option(names = "--time-limit", defaultValue = "20s", paramLabel = "T",
            description = "Per learn run (default ${DEFAULT-VALUE}); a run not proven in it is checked by its bound.")
    String timeLimit;

    @Option(names = "--verify-limit", defaultValue = "60s", paramLabel = "T",
            description = "verify's --time-limit (default ${DEFAULT-VALUE}).")
    String verifyLimit;

    @Option(names = "--no-big-m", description = "Skip the big-M runs (the other checks stay).")
    boolean noBigM;

    @Option(names = "--verify-all", description = "Verify the bound of cuts runs not proven optimal too (default: OPTIMAL runs only).")
    boolean verifyAll;

    @Option(names = "--standardize", defaultValue = "own", paramLabel = "S",
            description = "As learn's: own (default), original or pooled.")
    String standardize;

    @Option(names = "--direction", defaultValue = "original-to-protected", paramLabel = "D",
            description = "As learn's: original-to-protected (default) or protected-to-original.")
    String direction;

    @Option(names = "--train-fraction", paramLabel = "F",
            description = "Learn (and verify) on this fraction of the records, drawn with --train-seed (default: all).")
    Double trainFraction;

    @Option(names = "--train-seed", defaultValue = "1", paramLabel = "S",
            description = "learn's --seed with --train-fraction (default ${DEFAULT-VALUE}).")
    long trainSeed;

    @Option(names = "--keep", paramLabel = "DIR", converter = FileName.class,
            description = "Keep the generated pairs and conflicts files in DIR (default: a temporary folder, removed at the end).")
    Path keep;

    @Mixin
    MarkdownReport report;

    /** A parsed --shapes entry. */
    record Shape(String text, int records, int variables, String protection, double noise) {
        /** The demo command that makes this shape's pair with {@code seed}. */
        String demo(long seed) {
            String percent = new java.math.BigDecimal(Double.toString(noise)).stripTrailingZeros().toPlainString();
            return String.format(Locale.ROOT, "reident demo --records %d --variables %d --protection %s%s --learn none --seed %d",
                    records, variables, protection, protection.equals("noise") ? " --noise " + percent : "", seed);
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        double limit = LearnCommand.parseDuration(timeLimit);
        double vlimit;
        try {
            vlimit = LearnCommand.parseDuration(verifyLimit);
        } catch (InputException e) {
            throw new InputException(e.getMessage().replaceFirst("^--time-limit", "--verify-limit"));
        }
        List<Shape> sh = new ArrayList<>();
        for (String s : shapes != null ? shapes : SHAPES) {
            sh.add(shape(s));
        }
        List<Aggregator> fams = new ArrayList<>();
        for (String v : variants != null ? variants : List.of("wm", "wm-m", "owa", "choquet", "choquet-m", "bilinear",
                "bilinear-nc", "md-star")) {
            fams.add(PresetSample.aggregator(v, "--variants"));
        }
        Standardization std = Standardization.parse(standardize);
        Direction dir = Direction.parse(direction);
        if (dir == Direction.PROTECTED_TO_ORIGINAL && std == Standardization.ORIGINAL) {
            throw new InputException("--direction protected-to-original: use --standardize own or pooled, as learn asks");
        }
        TrainingSet.check(trainFraction, null);
        report.start(spec.commandLine().getOut());
        long t0 = System.nanoTime();
        Path folder = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("reident-bench-check");
        try {
            report.line("# The learner's answers checked");
            report.line("");
            report.line(String.format(Locale.ROOT, "Generated by `./reident %s` on %s. Each file is the pair `reident demo` makes "
                    + "with the shape and seed given (the reproduction command is in the disagreements). 'cuts': `learn` "
                    + "(combinatorial Benders, conflicts kept), 'big-M': `learn --formulation big-m`, both with eps 1e-4 and %s "
                    + "each; found: the records the run's parameters link with margin eps, counted by the linkage engine; "
                    + "verify: `verify` on the cuts run's conflicts file (%s, SCIP's cover, the learner's tree where SCIP left it open: '(tree)'), %s; learned on %s, %s, standardised %s. "
                    + "AgreementChecks lists what is asked.",
                    String.join(" ", spec.commandLine().getParseResult().originalArgs()), Machine.generatedOn(),
                    timeLimit, verifyLimit, verifyAll ? "every run" : "OPTIMAL runs",
                    trainFraction == null ? "all records" : "a fraction " + trainFraction + " of the records (seed " + trainSeed + ")",
                    dir.label(), std.label()));
            report.line("");
            report.line("| file | seed | family | cuts: status | bound | found | s | big-M: status | bound | found | s | verify |");
            report.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
            List<String> problems = new ArrayList<>();
            List<String> open = new ArrayList<>();
            int[] tally = new int[7]; // cuts runs, cuts OPTIMAL, verified, big-M runs, big-M OPTIMAL, comparisons, left open
            for (long seed : seeds) {
                for (Shape s : sh) {
                    Path at = folder.resolve(s.text().replace(':', '-') + "-seed" + seed);
                    LinkageData made = generate(s, seed, at);
                    LinkageData data = dir == Direction.PROTECTED_TO_ORIGINAL ? made.reversed() : made;
                    int[] all = TrainingSet.select(data, trainFraction, trainSeed, null);
                    int am = EpsAdvice.of(Margin.amLinkage(data, std), all, 1e-4, 0).withMargin();
                    List<AgreementChecks.Family> runs = new ArrayList<>();
                    for (Aggregator a : fams) {
                        LearnOptions o = new LearnOptions(a, "scip", limit, 1e-4, 1e-4, 8, std, null, LearnOptions.SCIP_PARAMETERS,
                                Runtime.getRuntime().availableProcessors(), null);
                        AgreementChecks.Family f = family(o, data, all, at, vlimit, err, s, seed);
                        runs.add(f);
                        row(s, seed, f, tally);
                    }
                    tally[5] += AgreementChecks.comparisons(runs, true);
                    for (String p : AgreementChecks.problems(runs, am)) {
                        problems.add(p + " (file: " + s.demo(seed) + ")");
                    }
                    for (String p : AgreementChecks.open(runs)) {
                        open.add(p + " (file: " + s.demo(seed) + ")");
                    }
                }
            }
            report.line("");
            int files = seeds.size() * sh.size();
            report.line(String.format(Locale.ROOT, "%d file%s; cuts: %d runs, %d OPTIMAL, %d verified, %d left open; big-M: %d runs, "
                    + "%d OPTIMAL; %d comparisons between families and with AM; %.1f minutes.", files, files == 1 ? "" : "s",
                    tally[0], tally[1], tally[2], tally[6], tally[3], tally[4], tally[5], (System.nanoTime() - t0) / 60e9));
            report.line("");
            if (problems.isEmpty()) {
                report.line("Every check holds.");
            } else {
                report.line(problems.size() + (problems.size() == 1 ? " disagreement:" : " disagreements:"));
                report.line("");
                for (String p : problems) {
                    report.line("- " + p);
                }
            }
            if (!open.isEmpty()) {
                report.line("");
                report.line(open.size() + " verif" + (open.size() == 1 ? "y" : "ies") + " left open (no verdict, not a "
                        + "disagreement: the hitting set not closed by SCIP nor by the tree within --verify-limit):");
                report.line("");
                for (String p : open) {
                    report.line("- " + p);
                }
            }
            report.finish(err, "bench-check");
            return problems.isEmpty() ? 0 : 1;
        } finally {
            if (keep == null) {
                remove(folder);
            }
        }
    }

    /** One family on one file: both formulations, then verify on the cuts run's conflicts. */
    private AgreementChecks.Family family(LearnOptions o, LinkageData data, int[] all, Path at, double vlimit,
            PrintWriter err, Shape s, long seed) throws IOException, InterruptedException {
        Aggregator a = o.aggregator();
        Path cf = at.resolve(a.label() + ".conflicts");
        Files.deleteIfExists(cf); // a kept folder's old conflicts would start the run from them
        AgreementChecks.Run cuts = run(EpsPasses.learn(Formulation.CUTS, o, data, all, false, ConflictFile.open(cf, o, data, all)));
        AgreementChecks.Run bigM = noBigM ? null : run(EpsPasses.learn(Formulation.BIG_M, o, data, all, false));
        AgreementChecks.Verified v = null;
        if (cuts.optimal() || verifyAll) {
            v = verify(o, data, all, cf, vlimit, CertificateCheck.Cover.SCIP, cuts);
            if (v.open()) { // SCIP left a cover open: the learner's tree on the proven conflicts alone (verify --cover tree)
                v = verify(o, data, all, cf, vlimit, CertificateCheck.Cover.TREE, cuts);
            }
        }
        err.printf(Locale.ROOT, "reident bench-check: %s seed %d %s: cuts %s %d (%.1f s)%s%s%s%n", s.text(), seed, a.label(),
                cuts.status(), cuts.bound(), cuts.seconds(),
                bigM == null ? "" : String.format(Locale.ROOT, ", big-M %s %d (%.1f s)", bigM.status(), bigM.bound(), bigM.seconds()),
                v == null ? "" : v.bound() ? ", VERIFIED" : v.open() ? ", OPEN" : ", NOT VERIFIED",
                v == null || v.cover().equals("SCIP") ? "" : " (tree)");
        err.flush();
        return new AgreementChecks.Family(a, cuts, bigM, v);
    }

    /** verify's check of the conflicts file {@code cf} with the cover {@code by}. */
    private static AgreementChecks.Verified verify(LearnOptions o, LinkageData data, int[] all, Path cf, double seconds,
            CertificateCheck.Cover by, AgreementChecks.Run cuts) throws InterruptedException {
        String label = by == CertificateCheck.Cover.TREE ? "tree" : "SCIP";
        CertificateCheck.Outcome r = Files.isRegularFile(cf)
                ? CertificateCheck.check(o, data, all, ConflictFile.open(cf, o, data, all), seconds, by)
                : null;
        if (r == null) { // no conflicts kept at eps: nothing to prove only when the bound is every record
            boolean every = cuts.bound() >= all.length;
            return new AgreementChecks.Verified(every, every && cuts.optimal(), all.length, false, label);
        }
        CertificateCheck.Groups g = r.groups();
        CertificateCheck.Weights w = r.weights();
        boolean open = !r.boundVerified() && r.failed().isEmpty() && ((r.hittingSolved() && !r.hittingExact())
                || (g != null && g.closed() < g.pieces()) || (w != null && !w.complete()));
        return new AgreementChecks.Verified(r.boundVerified(), r.boundVerified() && r.optimal(), r.bound(), open, label);
    }

    private static AgreementChecks.Run run(EpsPasses.Outcome p) {
        LearnResult r = p.result();
        return new AgreementChecks.Run(r.status(), r.bound(), p.advice().withMargin(), r.seconds());
    }

    private void row(Shape s, long seed, AgreementChecks.Family f, int[] tally) {
        AgreementChecks.Run c = f.cuts();
        AgreementChecks.Run b = f.bigM();
        AgreementChecks.Verified v = f.verified();
        tally[0]++;
        tally[1] += c.optimal() ? 1 : 0;
        tally[2] += v != null && v.bound() ? 1 : 0;
        tally[6] += v != null && !v.bound() && v.open() ? 1 : 0;
        tally[3] += b == null ? 0 : 1;
        tally[4] += b != null && b.optimal() ? 1 : 0;
        report.line(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d | %d | %.1f | %s | %s | %s | %s | %s |", s.text(), seed,
                f.aggregator().label(), c.status(), c.bound(), c.found(), c.seconds(), b == null ? "-" : b.status(),
                b == null ? "-" : Integer.toString(b.bound()), b == null ? "-" : Integer.toString(b.found()),
                b == null ? "-" : String.format(Locale.ROOT, "%.1f", b.seconds()),
                v == null ? "-" : (v.bound() ? (c.optimal() && v.optimum() ? "VERIFIED optimal" : "VERIFIED")
                        : (v.open() ? "OPEN " : "NOT VERIFIED ") + v.proven()) + (v.cover().equals("SCIP") ? "" : " (tree)")));
    }

    /** The demo's pair of this shape and seed, written to {@code at} and read back as the demo reads it. */
    private static LinkageData generate(Shape s, long seed, Path at) throws IOException {
        Files.createDirectories(at);
        SyntheticTable original = CensusLikeGenerator.generate(s.records(), s.variables(), seed);
        Masking masking = DemoCommand.masking(s.protection(), s.noise(), seed, s.variables());
        double[] masked = masking.apply(original.values(), original.rows(), original.names().size());
        Path x = at.resolve("original.csv");
        Path y = at.resolve("protected.csv");
        AtomicOutput.write(x, w -> NumericCsv.write(w, original.names(), original.values()));
        AtomicOutput.write(y, w -> NumericCsv.write(w, original.names(), masked));
        return new LinkageDataBuilder(CsvReader.read(x, x.toString()), CsvReader.read(y, y.toString())).build();
    }

    /** Parses RECORDSxVARIABLES:PROTECTION, checked against the demo's limits. */
    static Shape shape(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,7})x(\\d{1,2}):(mdav|noise(\\d+(\\.\\d+)?))").matcher(t);
        if (!m.matches()) {
            throw new InputException("--shapes: expected RECORDSxVARIABLES:PROTECTION such as 60x4:noise20 or 60x3:mdav, got '"
                    + text + "'");
        }
        int records = Integer.parseInt(m.group(1));
        int variables = Integer.parseInt(m.group(2));
        int most = CensusLikeGenerator.NAMES.size();
        if (records < 2 || variables < 1 || variables > most) {
            throw new InputException("--shapes: expected at least 2 records and 1 to " + most + " variables, got '" + text + "'");
        }
        boolean noise = m.group(4) != null;
        return new Shape(t, records, variables, noise ? "noise" : "mdav", noise ? Double.parseDouble(m.group(4)) : 0);
    }

    private static void remove(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind is not worth failing a finished check for
        }
    }
}

package org.reident.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.learn.Aggregator;
import org.reident.learn.LearnOptions;
import org.reident.learn.LearnResult;
import org.reident.learn.PlainMilp;
import org.reident.learn.Formulation;
import org.reident.protect.Preset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident bench-learn}: the supervised-linkage MILP on the papers' six microaggregated files,
 * every variant, beside the papers' Table 6 rates and Table 7 CPLEX seconds
 * (symmetric-bilinear-form.txt) and beside the plain full model solved by the same solver in the
 * same run (every family; {@code PlainMilp}).
 */
@Command(name = "bench-learn", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Benchmark supervised learning on the papers' files, beside the plain full model and the papers.",
            "",
            "Prints a Markdown table (and writes it with --markdown) naming the machine and date."})
public final class BenchLearnCommand implements java.util.concurrent.Callable<Integer> {
    private static final List<String> FILES = List.of("M4-33", "M4-28", "M4-82", "M5-38", "M6-385", "M6-853");
    private static final List<String> VARIANTS = List.of("wm", "wm-m", "choquet", "choquet-m", "bilinear-nc", "bilinear");
    /** symmetric-bilinear-form.txt Table 6 (percent) and Table 7 (CPLEX seconds), rows as VARIANTS, columns as FILES. */
    private static final double[][] PAPER_RATE = {
        {95.50, 93.00, 94.25, 90.50, 99.25, 98.75}, {95.50, 93.00, 94.25, 90.50, 99.25, 98.75},
        {95.75, 93.75, 94.25, 91.25, 99.75, 99.25}, {95.75, 93.75, 94.25, 90.50, 99.50, 98.75},
        {96.75, 94.50, 95.25, 92.25, 99.75, 99.50}, {96.75, 94.50, 95.25, 92.25, 99.75, 99.50}};
    private static final double[][] PAPER_SECONDS = {
        {29.83, 41.37, 24.33, 718.43, 11.81, 17.77}, {3.43, 6.26, 2.26, 190.75, 4.34, 6.72},
        {280.24, 427.75, 242.86, 42731.22, 24.17, 87.43}, {155.07, 441.99, 294.98, 4017.16, 79.43, 829.81},
        {32.04, 2793.81, 150.66, 10592.99, 13.65, 14.11}, {13.67, 3479.06, 139.59, 169049.55, 13.93, 13.70}};

    @Spec
    CommandSpec spec;

    @Option(names = "--files", split = ",", paramLabel = "NAME", description = "Presets (default: all six).")
    List<String> files;

    @Option(names = "--variants", split = ",", paramLabel = "A", description = "Aggregators (default: wm, wm-m, choquet, choquet-m, bilinear-nc, bilinear).")
    List<String> variants;

    @Option(names = "--time-limit", defaultValue = "60s", paramLabel = "T", description = "Per solve (default ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--records", paramLabel = "N",
            description = "Records drawn for each file (default: the preset's 400; 0: the whole Census file, 1080).")
    Integer records;

    @Option(names = "--solver", defaultValue = "scip", paramLabel = "S",
            description = "MILP backend of the big-M and plain models and behind the master's search tree: scip (default), highs or cbc.")
    String solver;

    @Option(names = "--no-big-m", description = "Skip the lazy big-M formulation (the previous default).")
    boolean noBigM;

    @Option(names = "--no-plain", description = "Skip the plain full model.")
    boolean noPlain;

    @picocli.CommandLine.Mixin
    PresetSample sample;

    @picocli.CommandLine.Mixin
    MarkdownReport report;

    @Override
    public Integer call() {
        report.start(spec.commandLine().getOut());
        PrintWriter err = spec.commandLine().getErr();
        double limit = LearnCommand.parseDuration(timeLimit);
        List<String> fs = files != null ? files : FILES;
        List<String> vs = variants != null ? variants : VARIANTS;
        for (String f : fs) { // every name checked before hours of solving start
            PresetSample.preset(f, "--files");
        }
        for (String v : vs) {
            PresetSample.aggregator(v, "--variants");
        }
        if (!List.of("scip", "highs", "cbc").contains(solver.toLowerCase(Locale.ROOT))) {
            throw new InputException("--solver: expected scip, highs or cbc, got '" + solver + "'");
        }
        if (records != null && records < 0) {
            throw new InputException("--records: expected 0 (the whole file) or a number of records, got " + records);
        }
        List<LinkageData> made = new java.util.ArrayList<>(); // every file made before the header: a bad --records stops it first
        for (String f : fs) {
            made.add(sample.data(PresetSample.preset(f, "--files"), records));
        }
        report.line("# Supervised learning benchmark");
        report.line("");
        String solverName = solver.equalsIgnoreCase("highs") ? "HiGHS" : solver.toUpperCase(Locale.ROOT);
        String size = records == null ? "400 Census records" : records == 0 ? "the whole Census file, 1080 records"
                : records + " Census records";
        report.line(String.format(Locale.ROOT, "Generated by `./reident %s` on %s. "
                + "Each file is the preset made with seed %d (%s). 'ours': combinatorial Benders cuts (ConflictLearner: master answered by a search tree, " + solverName + " past 10M nodes; GLOP slave; deletion filters on one thread per core; eps 1e-4), "
                + "count recomputed by the linkage engine; 'big-M': the lazy big-M formulation (SupervisedLearner), same solver and limit; 'plain': the full model (all N(N-1) rows, one big-M; "
                + "for SB and MD* also all N^2 rows of distance >= 0) by the same solver, same limit, its seconds including the model's making; 'paper': symmetric-bilinear-form.txt Table 6 rate and Table 7 CPLEX seconds (their own "
                + "sample, 16 cores). The bound counts links with margin >= eps; the recomputed count also counts smaller "
                + "positive margins, so it may exceed the bound by a record or two.", String.join(" ", spec.commandLine().getParseResult().originalArgs()),
                Machine.generatedOn(), sample.seed, size));
        report.line("");
        report.line("| file | variant | ours: status | re-identified % | bound % | seconds | big-M: status, bound | big-M s "
                + "| plain: status | plain s | plain / ours | paper % | paper s |");
        report.line("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        List<Double> seconds = new java.util.ArrayList<>();
        int optimal = 0;
        for (int at = 0; at < fs.size(); at++) {
            Preset p = PresetSample.preset(fs.get(at), "--files");
            LinkageData data = made.get(at);
            int[] all = new int[data.originalCount()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            for (String v : vs) {
                Aggregator a = PresetSample.aggregator(v, "--variants");
                err.println("reident bench-learn: " + p.name() + " " + a.label());
                LearnResult r = Formulation.CUTS.learn(LearnOptions.defaults(a).withSolver(solver).withTimeLimit(limit), data, all);
                String bigM = "-";
                String bigMSeconds = "-";
                if (!noBigM) {
                    LearnResult b = Formulation.BIG_M.learn(LearnOptions.defaults(a).withSolver(solver).withTimeLimit(limit), data, all);
                    bigM = b.status() + " " + b.bound();
                    bigMSeconds = String.format(Locale.ROOT, "%.1f", b.seconds());
                }
                String plainStatus = "-";
                String plainSeconds = "-";
                String ratio = "-";
                if (!noPlain) {
                    long t0 = System.nanoTime();
                    PlainMilp.Outcome po = PlainMilp.solve(a, data, all, 1e-4, limit, solver);
                    double ps = (System.nanoTime() - t0) / 1e9;
                    plainStatus = po.status() + (po.linked() >= 0 ? " " + po.linked() : "");
                    plainSeconds = String.format(Locale.ROOT, "%.1f", ps);
                    boolean solved = po.status() == com.google.ortools.linearsolver.MPSolver.ResultStatus.OPTIMAL;
                    ratio = String.format(Locale.ROOT, "%s%.1f", solved ? "" : ">", ps / r.seconds());
                }
                int fi = FILES.indexOf(p.name());
                int vi = VARIANTS.indexOf(a.label());
                String paperRate = fi >= 0 && vi >= 0 ? String.format(Locale.ROOT, "%.2f", PAPER_RATE[vi][fi]) : "-";
                String paperSeconds = fi >= 0 && vi >= 0 ? String.format(Locale.ROOT, "%.1f", PAPER_SECONDS[vi][fi]) : "-";
                report.line(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %.1f | %s | %s | %s | %s | %s | %s | %s |", p.name(),
                        a.label(), r.status(), 100.0 * r.trainingLinked() / r.trainingRecords(), 100.0 * r.bound() / r.trainingRecords(),
                        r.seconds(), bigM, bigMSeconds, plainStatus, plainSeconds, ratio, paperRate, paperSeconds));
                seconds.add(r.seconds());
                optimal += r.status().equals("OPTIMAL") ? 1 : 0;
            }
        }
        java.util.Collections.sort(seconds);
        int under10 = 0;
        for (double x : seconds) {
            under10 += x < 10 ? 1 : 0;
        }
        report.line("");
        report.line(String.format(Locale.ROOT, "Ours: %d of %d cells proven optimal, %d under 10 s, median %.2f s, slowest %.1f s.",
                optimal, seconds.size(), under10, seconds.isEmpty() ? 0 : median(seconds), seconds.isEmpty() ? 0 : seconds.get(seconds.size() - 1)));
        report.finish(err, "bench-learn");
        return 0;
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}

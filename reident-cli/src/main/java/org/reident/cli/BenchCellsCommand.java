package org.reident.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.learn.Aggregator;
import org.reident.learn.CellsBench;
import org.reident.learn.LearnOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code reident bench-cells}: the weight cells, the learner's second bound for WM, WM_m and OWA
 * (docs/learning.md), alone on a pair of files: set-up, gathering of the first rivals, then the
 * search to a cell count or a time limit. Several first-rival counts are run in turn, round after
 * round, so that they compare on the same machine in the same run.
 */
@Command(name = "bench-cells", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Benchmark the weight cells (the learner's second bound for wm, wm-m and owa) alone.",
            "",
            "Runs the set-up the learner does (the first rows' checks), gathers each record's first",
            "rivals and searches the cells until --cells cells or --time-limit, with no cuts and no",
            "climb beside them. Each --first-rivals value is run in turn, --rounds times. Prints a",
            "Markdown table (and writes it with --markdown) naming the machine and date."},
        footer = {"", "Example:",
            "  reident demo --records 10000 --protection noise --noise 25 --learn none --out n10k",
            "  reident bench-cells --original n10k/original.csv --protected n10k/protected.csv --time-limit 60s \\",
            "      --first-rivals 16,64 --rounds 2"})
public final class BenchCellsCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(names = "--aggregator", defaultValue = "wm", paramLabel = "A", description = "wm, wm-m or owa (default ${DEFAULT-VALUE}).")
    String aggregator;

    @Option(names = "--first-rivals", defaultValue = "16", split = ",", paramLabel = "K",
            description = "Rivals gathered per record at the start, one search per value (default ${DEFAULT-VALUE}, the learner's).")
    List<Integer> firstRivals;

    @Option(names = "--workers", defaultValue = "1", split = ",", paramLabel = "N",
            description = "Threads searching the one queue of cells, one search per value (default ${DEFAULT-VALUE}).")
    List<Integer> workers;

    @Option(names = "--cells", defaultValue = "0", paramLabel = "N", description = "Stop each search after N cells (default 0: at the time limit).")
    long cells;

    @Option(names = "--time-limit", defaultValue = "60s", paramLabel = "T", description = "Per search, set-up included (default ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--rounds", defaultValue = "1", paramLabel = "R", description = "Times each value is run, in turn (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--pairs-always",
            description = "Seek pairs of rivals on every popped cell (the search then depends on the cell count only, not on timing).")
    boolean pairsAlways;

    @Option(names = "--eps", defaultValue = "1e-4", paramLabel = "E", description = "Strictness margin, as learn's --eps (default ${DEFAULT-VALUE}, the tables' margin; no auto here).")
    double eps;

    @Mixin
    MarkdownReport report;

    @Override
    public Integer call() {
        Aggregator a = PresetSample.aggregator(aggregator, "--aggregator");
        if (a != Aggregator.WM && a != Aggregator.WM_M && a != Aggregator.OWA) {
            throw new InputException("--aggregator: the weight cells search wm, wm-m and owa, not '" + aggregator + "'");
        }
        if (cells < 0 || rounds < 1 || !(eps > 0) || Double.isInfinite(eps)) {
            throw new InputException("--cells must be >= 0, --rounds >= 1 and --eps a finite number > 0");
        }
        for (int k : firstRivals) {
            if (k < 1) {
                throw new InputException("--first-rivals: expected counts of at least 1, got " + k);
            }
        }
        for (int w : workers) {
            if (w < 1) {
                throw new InputException("--workers: expected counts of at least 1, got " + w);
            }
        }
        double limit = LearnCommand.parseDuration(timeLimit);
        report.start(spec.commandLine().getOut());
        PrintWriter err = spec.commandLine().getErr();
        LinkageData data = input.load();
        if (data.dimension() < 2 || data.dimension() > CellsBench.MAX_VARIABLES) {
            throw new InputException("--vars: the weight cells search 2 to " + CellsBench.MAX_VARIABLES + " variables, got "
                    + data.dimension());
        }
        int[] all = TrainingSet.select(data, null, 0, null); // every record with a true match, as learn's default
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(limit).withEps(eps); // the learner's set-up but for eps
        report.line("# Weight cells benchmark");
        report.line("");
        report.line(String.format(Locale.ROOT, "Generated by `./reident %s` on %s. The weight cells "
                + "(SimplexCells) alone for %s on %s / %s: %d records, %d variables, eps %s. Each search does the learner's "
                + "set-up (the first rows' checks, which fix the records no weights link), gathers each record's first rivals "
                + "and searches until %s%s; no cuts, no climb. Pairs of rivals: %s. Rivals: kept when the search began. "
                + "Bound: no weights link more records (valid at any time); found: the best centre's records.",
                String.join(" ", spec.commandLine().getParseResult().originalArgs()), Machine.generatedOn(), a.label(),
                input.original, input.masked, all.length, data.dimension(), eps, timeLimit,
                cells > 0 ? String.format(Locale.ROOT, " or %,d cells", cells) : "",
                pairsAlways ? "on every popped cell" : "within the learner's share of the time"));
        report.line("");
        report.line("| first rivals | workers | round | linkable | rivals | set-up s | gather s | cells | search s | cells/s | bound | found |");
        report.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int round = 1; round <= rounds; round++) {
            for (int k : firstRivals) {
                for (int w : workers) {
                    err.printf(Locale.ROOT, "reident bench-cells: round %d, %d first rivals, %d workers (up to %s)%n", round, k, w,
                            timeLimit);
                    err.flush();
                    CellsBench.Run r = CellsBench.run(o, data, all, k, w, cells > 0 ? cells : Long.MAX_VALUE, limit, pairsAlways);
                    row(r, round);
                }
            }
        }
        report.finish(err, "bench-cells");
        return 0;
    }

    private void row(CellsBench.Run r, int round) {
        String bound = !r.searched() ? "not searched: rivals not gathered in time"
                : r.proven() ? r.bound() + " (proven)" : r.full() ? r.bound() + " (cells at their heap share)" : Integer.toString(r.bound());
        report.line(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d | %.1f | %.1f | %d | %.1f | %.0f | %s | %d |",
                r.firstRivals(), r.workers(), round, r.linkable(), r.rivals(), r.setupSeconds(), r.gatherSeconds(), r.cells(),
                r.searchSeconds(), r.searchSeconds() > 0 ? r.cells() / r.searchSeconds() : 0.0, bound, r.found()));
    }
}

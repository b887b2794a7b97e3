package org.reident.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import org.reident.learn.Aggregator;
import org.reident.learn.ConflictFile;
import org.reident.learn.LearnOptions;
import org.reident.learn.MasterFile;
import org.reident.learn.MasterReplay;
import org.reident.protect.Preset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code reident bench-master}: the master problems of one learning run (cuts formulation),
 * recorded and replayed in the same process with a baseline tree (the packing bound alone, the
 * covering LP's dual bound on one thread, or the split tree with every solve from the root) and with
 * the learner's own tree (the dual bound from the covering LP kept warm, split over threads, each
 * solve resumed from the previous one's frontier), so that the two compare on identical problems.
 */
@Command(name = "bench-master", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Benchmark the master's search tree on the problems one learning run poses.",
            "",
            "Learns once (cuts formulation), records every master problem, then replays them with a",
            "baseline tree (--baseline) and with the learner's tree: the LP-dual bound (its LP kept warm",
            "from solve to solve), the search split over --threads threads, each solve resumed where the",
            "last one found its cover. Prints a",
            "Markdown table (and writes it with --markdown) naming the machine and date; exit 1 if the",
            "two trees disagree on an answer.",
            "",
            "--save FILE keeps the recorded problems; --load FILE replays them instead of learning, so",
            "that two builds of the tree are timed on the very same problems (a change to the tree",
            "changes a learning run's path, and with it the problems the run poses)."})
public final class BenchMasterCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--file", defaultValue = "M5-38", paramLabel = "NAME", description = "Preset (default ${DEFAULT-VALUE}).")
    String file;

    @Option(names = "--records", defaultValue = "0", paramLabel = "N",
            description = "Records drawn (default ${DEFAULT-VALUE}: the whole Census file, 1080).")
    int records;

    @Option(names = "--aggregator", defaultValue = "bilinear", paramLabel = "A", description = "Variant learned (default ${DEFAULT-VALUE}).")
    String aggregator;

    @Option(names = "--time-limit", defaultValue = "60s", paramLabel = "T", description = "Of the learning run (default ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--node-limit", defaultValue = "10000000", paramLabel = "N", description = "Per replayed solve (default ${DEFAULT-VALUE}).")
    long nodeLimit;

    @Option(names = "--baseline", defaultValue = "dual", paramLabel = "TREE",
            description = "packing (the packing bound alone, one thread), dual (the LP-dual bound, one thread, never split) or split "
                    + "(the learner's tree, each solve from the root); default ${DEFAULT-VALUE}.")
    String baseline;

    @Option(names = "--threads", paramLabel = "N", description = "Threads of the learner's tree (default: one per core).")
    Integer threads;

    @Option(names = "--save", paramLabel = "FILE", description = "Also write the recorded master problems to FILE (text).")
    Path save;

    @Option(names = "--load", paramLabel = "FILE",
            description = "Replay the master problems of FILE (from --save) instead of learning; --file, --records, "
                    + "--aggregator and --time-limit are then not used (--seed draws --cell-bounds' cells only).")
    Path load;

    @Option(names = "--conflicts", paramLabel = "FILE",
            description = "Replay one problem instead of learning: the conflicts FILE keeps (from 'learn --conflicts'; of its "
                    + "smallest eps when it holds several) with covers of at most --at-most records, none fixed; --file, --records, "
                    + "--aggregator and --time-limit are then not used.")
    Path conflicts;

    @Option(names = "--at-most", paramLabel = "N",
            description = "With --conflicts: the largest cover sought (the proof of a run that linked B of M training records, U "
                    + "of them unlinkable alone, is that none has M - U - B - 1 or fewer).")
    Long atMost;

    @Option(names = "--cell-bounds", defaultValue = "0", paramLabel = "N",
            description = "Also time the weight cells' cover bound on the last problem's cuts: N seeded random cells "
                    + "(sets of a quarter to all of its records), three times over (default ${DEFAULT-VALUE}: not timed).")
    int cellBounds;

    @picocli.CommandLine.Mixin
    PresetSample sample;

    @picocli.CommandLine.Mixin
    MarkdownReport report;

    @Override
    public Integer call() {
        if (records < 0 || nodeLimit <= 0 || cellBounds < 0) {
            throw new InputException("--records and --cell-bounds must be >= 0 and --node-limit > 0");
        }
        if (!baseline.equals("packing") && !baseline.equals("dual") && !baseline.equals("split")) {
            throw new InputException("--baseline: expected packing, dual or split, got '" + baseline + "'");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int n = threads == null ? cores : threads;
        if (n < 1) {
            throw new InputException("--threads must be at least 1");
        }
        if (save != null && load != null) {
            throw new InputException("--save and --load: give one of them (a loaded file is already saved)");
        }
        if (conflicts != null && (load != null || save != null)) {
            throw new InputException("--conflicts: give it without --load and --save");
        }
        if ((conflicts == null) != (atMost == null) || atMost != null && atMost < 0) {
            throw new InputException("--conflicts and --at-most: give both (--at-most >= 0) or neither");
        }
        MasterReplay.Tree base = MasterReplay.Tree.valueOf(baseline.toUpperCase(Locale.ROOT));
        report.start(spec.commandLine().getOut());
        PrintWriter err = spec.commandLine().getErr();
        String source;
        List<MasterReplay.Problem> problems;
        if (conflicts != null) {
            MasterReplay.Problem one = ConflictFile.masterProblem(conflicts, atMost);
            problems = List.of(one);
            source = String.format(Locale.ROOT, "made, as one problem, from the conflicts a learning run kept in %s (`learn"
                    + " --conflicts`; %d conflicts over %d records, SHA-256 %s), covers of at most %d records sought",
                    conflicts.getFileName(), one.cuts().length, one.records(), Checksums.sha256(conflicts), atMost);
        } else if (load != null) {
            problems = MasterFile.read(load);
            source = "loaded from " + load.getFileName() + " (" + problems.size() + " problems written by `bench-master --save`, SHA-256 "
                    + Checksums.sha256(load) + ")";
        } else {
            double limit = LearnCommand.parseDuration(timeLimit);
            Aggregator a = PresetSample.aggregator(aggregator, "--aggregator");
            Preset p = PresetSample.preset(file, "--file");
            sample.read();
            LinkageData data = sample.data(p, records);
            int[] all = new int[data.originalCount()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            err.println("reident bench-master: learning " + a.label() + " on " + p.name() + " (up to " + timeLimit + ")");
            problems = MasterReplay.record(LearnOptions.defaults(a).withTimeLimit(limit), data, all);
            source = String.format(Locale.ROOT, "of one learning run: cuts formulation, %s, preset %s with seed %d, "
                    + "%s records, time limit %s", a.label(), p.name(), sample.seed,
                    records == 0 ? "all" : Integer.toString(records), timeLimit);
            if (save != null) {
                List<MasterReplay.Problem> kept = problems;
                AtomicOutput.write(save, w -> MasterFile.write(w, kept));
                err.println("reident bench-master: wrote " + problems.size() + " master problems to " + save);
            }
        }
        err.println("reident bench-master: replaying " + problems.size() + " master problems with the " + baseline + " tree");
        List<MasterReplay.Solve> packing = MasterReplay.replay(problems, base, base == MasterReplay.Tree.SPLIT ? n : 1, nodeLimit);
        err.println("reident bench-master: replaying them with the learner's tree on " + n + " threads");
        List<MasterReplay.Solve> dual = MasterReplay.replay(problems, MasterReplay.Tree.RESUME, n, nodeLimit);
        report.line("# Master search-tree benchmark");
        report.line("");
        report.line(String.format(Locale.ROOT, "Generated by `./reident %s` on %s. The master problems "
                + "(hitting sets over the conflict cuts) %s. Replayed in this process with the baseline, %s, and with the learner's "
                + "tree: the covering LP's dual bound (CoverDual, on after 1,000 nodes of a solve, its LP kept warm from solve "
                + "to solve by CoverLp), a size's search split "
                + "into items after %,d nodes (CoverSplit) and searched on %d threads, each solve resumed from the items "
                + "the previous one had not ruled out when it found its cover, where they still apply (CoverBranch.resume). "
                + "Each solve up to %d nodes, the previous problem's answer tried first as in the run. Answer: records given "
                + "up in the smallest cover.",
                String.join(" ", spec.commandLine().getParseResult().originalArgs()), Machine.generatedOn(), source,
                switch (base) {
                    case PACKING -> "the packing bound alone on one thread";
                    case DUAL -> "the dual bound on one thread, never split";
                    default -> "the learner's split tree on " + n + " threads, each solve from the root";
                }, MasterReplay.SPLIT_AFTER, n, nodeLimit));
        report.line("");
        report.line("| solve | cuts | answer | " + baseline + ": nodes | " + baseline + " s | learner's, " + n
                + " threads: nodes | learner's s |");
        report.line("|---|---|---|---|---|---|---|");
        long nodesP = 0;
        long nodesD = 0;
        double secondsP = 0;
        double secondsD = 0;
        boolean agree = true;
        for (int i = 0; i < problems.size(); i++) {
            MasterReplay.Solve s = packing.get(i);
            MasterReplay.Solve d = dual.get(i);
            boolean definite = !s.outcome().equals("GAVE_UP") && !d.outcome().equals("GAVE_UP");
            agree &= !definite || s.outcome().equals(d.outcome()) && s.size() == d.size();
            report.line(String.format(Locale.ROOT, "| %d | %d | %s | %d | %.3f | %d | %.3f |", i + 1, problems.get(i).cuts().length,
                    answer(s, d), s.nodes(), s.seconds(), d.nodes(), d.seconds()));
            nodesP += s.nodes();
            nodesD += d.nodes();
            secondsP += s.seconds();
            secondsD += d.seconds();
        }
        report.line(String.format(Locale.ROOT, "| all | | | %d | %.2f | %d | %.2f |", nodesP, secondsP, nodesD, secondsD));
        report.line("");
        report.line(agree ? "The two trees give the same answer on every solve both finished."
                : "MISMATCH: the two trees disagree on a solve both finished (a defect).");
        if (cellBounds > 0 && !problems.isEmpty()) {
            err.println("reident bench-master: timing the weight cells' cover bound on " + cellBounds + " cells");
            MasterReplay.Problem last = problems.get(problems.size() - 1);
            MasterReplay.CellBounds c = MasterReplay.cellBounds(last, cellBounds, 3, sample.seed);
            report.line("");
            report.line(String.format(Locale.ROOT, "The weight cells' cover bound (CellCuts, as a popped cell gets it) on the last "
                    + "problem's %d cuts over %d records: %d cells of a quarter to all of the records, drawn with seed %d, "
                    + "%s s in three passes of one scratch; the bounds add up to %d.", last.cuts().length, last.records(), c.cells(),
                    sample.seed, Arrays.stream(c.seconds()).mapToObj(x -> String.format(Locale.ROOT, "%.2f", x))
                            .collect(java.util.stream.Collectors.joining(", ")), c.sum()));
        }
        report.finish(err, "bench-master");
        return agree ? 0 : 1;
    }

    private static String answer(MasterReplay.Solve s, MasterReplay.Solve d) {
        MasterReplay.Solve known = s.outcome().equals("GAVE_UP") ? d : s;
        return switch (known.outcome()) {
            case "FOUND" -> Long.toString(known.size());
            case "NONE" -> "none up to " + (known.size() - 1);
            default -> "gave up at " + known.size();
        };
    }
}

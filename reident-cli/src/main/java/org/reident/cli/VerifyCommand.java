package org.reident.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.linkage.Direction;
import org.reident.distance.Standardization;
import org.reident.learn.Aggregator;
import org.reident.learn.CertificateCheck;
import org.reident.learn.ConflictFile;
import org.reident.learn.EpsAdvice;
import org.reident.learn.LearnOptions;
import org.reident.learn.StopRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code reident verify}: checks a learned bound's certificate (a conflicts file) without the learner's search. */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Check the certificate of a learned worst case: the conflicts file of 'learn --conflicts'.",
            "",
            "Proves every conflict of the file again by an LP built afresh, whose duals are turned into an exact "
                + "bound (no solver tolerance is trusted), checks alone every record in no conflict, and bounds the "
                + "records any parameter value links by a hitting set of the proven conflicts solved by SCIP (not "
                + "the learner's search tree); when the run's bound came from groups learned alone, their conflicts alone "
                + "first, group by group (separate pieces, each a small hitting set), and the whole hitting set only when "
                + "those fall short. For wm, wm-m and owa, "
                + "whose runs may owe their bound to the weight cells "
                + "(which keep no conflicts), a search over the weights of its own, each cell's records ruled out by "
                + "rivals it checks itself, closes what the conflicts leave. Then counts the file's best parameters "
                + "again. Exit status 0 when the "
                + "file's bound is proven so, 1 when it is not (the lines say what falls short), 2 on bad input.",
            "",
            "Give the same files, variables, ids, training records, --aggregator and --standardize as the learn run: "
                + "the file is bound to them and refused otherwise."},
        footer = {"", "Examples:",
            "  reident learn --original X.csv --protected Y.csv --aggregator bilinear --conflicts sb.conflicts",
            "  reident verify --original X.csv --protected Y.csv --aggregator bilinear --conflicts sb.conflicts",
            "  reident verify --original X.csv --protected Y.csv --aggregator choquet --conflicts ci.conflicts --json"})
public final class VerifyCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(names = "--aggregator", required = true, paramLabel = "A",
            description = "The family of the learn run: wm, wm-m, owa, choquet, choquet-m, bilinear, bilinear-nc or md-star.")
    String aggregator;

    @Option(names = "--conflicts", required = true, paramLabel = "FILE", converter = FileName.class,
            description = "The conflicts file a 'learn --conflicts FILE' run wrote.")
    Path conflicts;

    @Option(names = "--time-limit", defaultValue = "600s", paramLabel = "T",
            description = "Time for the hitting set of each eps's conflicts (default ${DEFAULT-VALUE}), and as much again "
                    + "for the groups' conflicts piece by piece (tried first when the file holds them) and for the search "
                    + "over the weights (wm, wm-m, owa) when the conflicts alone fall short of the file's bound; "
                    + "when it runs out, the best bound proven by then counts.")
    String timeLimit;

    @Option(names = "--cover", defaultValue = "scip", paramLabel = "C",
            description = {"Who bounds the hitting set of the proven conflicts: scip (default: SCIP's MILP), cp-sat, or "
                + "tree (the learner's own search tree, given only the conflicts proven here: not independent of the learner's "
                + "code, but of its run; proves in minutes what the general solvers cannot, e.g. the whole Census's SB)."})
    String cover;

    @Option(names = "--standardize", defaultValue = "own", paramLabel = "S", description = "own (default), original or pooled.")
    String standardize;

    @Option(names = "--direction", paramLabel = "D", defaultValue = "original-to-protected",
            description = "original-to-protected (default) or protected-to-original, as in the learn run.")
    String direction;

    @Option(names = "--train-fraction", paramLabel = "F", description = "The learn run's --train-fraction.")
    Double trainFraction;

    @Option(names = "--train-ids", paramLabel = "FILE", description = "The learn run's --train-ids.")
    Path trainIds;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "The learn run's --seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "T", description = "Threads checking the conflicts' LPs (default: all cores).")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object on standard output (no progress).")
    boolean json;

    /** WM_m's lower bound on the weights, as the learn run's. */
    private static final double DELTA = LearnOptions.defaults(Aggregator.WM_M).delta();

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Aggregator a = Aggregator.parse(aggregator);
        if (threads != null && threads < 1) {
            throw new InputException("--threads: expected at least 1, got " + threads);
        }
        double seconds = LearnCommand.parseDuration(timeLimit);
        String c = cover.strip().toLowerCase(Locale.ROOT);
        CertificateCheck.Cover by = switch (c) {
            case "scip" -> CertificateCheck.Cover.SCIP;
            case "cp-sat" -> CertificateCheck.Cover.CP_SAT;
            case "tree" -> CertificateCheck.Cover.TREE;
            default -> throw new InputException("--cover: expected scip, cp-sat or tree, got '" + cover + "'");
        };
        if (!Files.isRegularFile(conflicts)) {
            throw new InputException("--conflicts " + conflicts + ": no such file, expected the file a 'learn --conflicts' run wrote");
        }
        TrainingSet.check(trainFraction, trainIds);
        Direction dir = Direction.parse(direction);
        Standardization std = Standardization.parse(standardize);
        LinkageData loaded = input.load();
        LinkageData data = dir == Direction.PROTECTED_TO_ORIGINAL ? loaded.reversed() : loaded;
        int[] train = TrainingSet.select(data, trainFraction, seed, trainIds);
        LearnOptions o = new LearnOptions(a, "scip", seconds, 1e-4, DELTA, 8, std,
                json ? null : line -> {
                    stderr.println("reident " + line);
                    stderr.flush();
                }, LearnOptions.SCIP_PARAMETERS, threads == null ? Runtime.getRuntime().availableProcessors() : threads, null);
        ConflictFile file = ConflictFile.open(conflicts, o, data, train);
        List<Double> held = file.epsHeld();
        if (held.isEmpty()) {
            throw new InputException("--conflicts " + conflicts + ": holds no conflicts");
        }
        ObjectNode j = new ObjectMapper().createObjectNode();
        j.put("aggregator", a.label());
        j.put("conflicts_file", conflicts.toString());
        j.put("records", train.length);
        ArrayNode blocks = j.putArray("blocks");
        boolean all = true;
        boolean interrupted;
        StopOnInterrupt stop = StopOnInterrupt.install(stderr);
        try {
            for (double eps : held) {
                CertificateCheck.Outcome r = CertificateCheck.check(o.withEps(eps), data, train, file, seconds, by);
                all &= r.boundVerified();
                blocks.add(json(r));
                if (!json) {
                    text(stdout, r, a, conflicts, by);
                }
            }
            interrupted = StopRequest.requested();
        } finally {
            stop.close();
        }
        if (interrupted) {
            j.put("interrupted", true);
            if (!json) {
                stdout.println("interrupted: the sets not checked by then count as not proven, the hitting set as far as it went");
            }
        }
        j.put("verified", all);
        if (json) {
            stdout.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(j));
        }
        stdout.flush();
        return all ? 0 : 1;
    }

    private static ObjectNode json(CertificateCheck.Outcome r) {
        ObjectNode b = new ObjectMapper().createObjectNode();
        b.put("eps", r.eps());
        b.put("conflicts", r.cuts());
        b.put("conflicts_proven", r.cutsProven());
        ArrayNode failed = b.putArray("conflicts_not_proven");
        for (int[] c : r.failed()) {
            ArrayNode one = failed.addArray();
            for (int rec : c) {
                one.add(rec);
            }
        }
        b.put("records_alone_unlinkable", r.alone());
        b.put("hitting_set_solved", r.hittingSolved());
        b.put("hitting_set_lower_bound", r.hittingLower());
        b.put("hitting_set_optimal", r.hittingExact());
        b.put("disjoint_packing", r.packing());
        if (r.groups() != null) {
            ObjectNode g = b.putObject("groups_cover");
            g.put("lower_bound", r.groups().lower());
            g.put("conflicts", r.groups().conflicts());
            g.put("pieces", r.groups().pieces());
            g.put("pieces_closed", r.groups().closed());
            g.put("seconds", Reports.round(r.groups().seconds(), 3));
        }
        if (r.weights() != null) {
            ObjectNode w = b.putObject("weights_search");
            w.put("bound", r.weights().bound());
            w.put("cells", r.weights().cells());
            w.put("cells_left_open", r.weights().unproven());
            w.put("complete", r.weights().complete());
            w.put("seconds", Reports.round(r.weights().seconds(), 3));
        }
        b.put("bound", r.bound());
        b.put("file_bound", r.fileBound());
        b.put("bound_verified", r.boundVerified());
        if (r.fileBest() >= 0) {
            b.put("file_best", r.fileBest());
            b.put("best_linked_with_margin", r.bestLinked());
            b.put("optimal_verified", r.boundVerified() && r.optimal());
        }
        b.put("hitting_set_solver", r.solver());
        b.put("seconds", Reports.round(r.seconds(), 3));
        return b;
    }

    /** The text report of one block; {@code by} names the other cover to try when this one left the hitting set open. */
    static void text(PrintWriter out, CertificateCheck.Outcome r, Aggregator a, Path file, CertificateCheck.Cover by) {
        out.printf(Locale.ROOT, "verified %s at eps %s on %d training records (%s)%n", a.label(), EpsAdvice.format(r.eps()),
                r.records(), file);
        out.printf(Locale.ROOT, "conflicts: %d of %d proven by an LP checked exactly (no parameter value links all of one's records with margin eps)%n",
                r.cutsProven(), r.cuts());
        for (int q = 0; q < Math.min(3, r.failed().size()); q++) {
            out.println("  not proven: records " + java.util.Arrays.toString(r.failed().get(q)) + " (training positions from 0)");
        }
        out.printf(Locale.ROOT, "alone: %d records in no conflict proven unlinkable by any parameter value%n", r.alone());
        CertificateCheck.Groups g = r.groups();
        if (g != null) {
            out.printf(Locale.ROOT, "groups: their %d conflicts alone, in %d separate pieces (%d closed), lose at least %d records"
                    + " with the lone ones (%.1f s)%n", g.conflicts(), g.pieces(), g.closed(), g.lower(), g.seconds());
        }
        if (r.hittingSolved()) {
            out.printf(Locale.ROOT, "hitting set: at least %d records are lost (%s, %s; %d disjoint conflicts and lone records)%n",
                    Math.max(r.hittingLower(), r.packing()), r.solver(), r.hittingExact() ? "the least cover" : "a lower bound",
                    r.packing());
        } else {
            out.printf(Locale.ROOT, "hitting set: not needed, the groups' pieces prove the file's bound (%d disjoint conflicts"
                    + " and lone records)%n", r.packing());
        }
        CertificateCheck.Weights w = r.weights();
        if (w != null) {
            out.printf(Locale.ROOT, "weights: a search over the weights proves at most %d records linked (%d cells, %s; %.1f s)%n",
                    w.bound(), w.cells(), w.complete() ? "every cell closed" : w.unproven() + " cells left open", w.seconds());
        }
        String verdict = r.boundVerified() ? "VERIFIED: the file's bound " + r.fileBound() + " holds"
                : "NOT VERIFIED: the file says " + r.fileBound() + ", "
                        + (w == null ? "its conflicts prove only " : "its conflicts and the weights prove only ") + r.bound()
                        + (r.cutsProven() < r.cuts() ? " (some conflicts not proven)"
                                : w != null && !w.complete() ? " (the search over the weights ran out of time: a longer --time-limit may close it)"
                                        : w != null ? " (some cells stayed above it at the least size searched)"
                                                : r.hittingExact() ? " (the run's bound rested on more than these conflicts)"
                                                        : by == CertificateCheck.Cover.TREE
                                                                ? " (the hitting set was not solved to optimality: a longer --time-limit may close it)"
                                                                : " (the hitting set was not solved to optimality: a longer --time-limit, or --cover tree,"
                                                                        + " which closes large covers faster, may close it)");
        out.printf(Locale.ROOT, "bound: no parameter value links more than %d records with margin eps; %s%n", r.bound(), verdict);
        if (r.fileBest() >= 0) {
            out.printf(Locale.ROOT, "best: the file's parameters link %d records with margin eps (the file says %d)%s%n",
                    r.bestLinked(), r.fileBest(), r.boundVerified() && r.optimal() ? "; OPTIMAL, verified" : "");
        }
        out.printf(Locale.ROOT, "%.1f s%n", r.seconds());
    }
}

package org.reident.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.explain.NearestPsd;
import org.reident.linkage.LinkageEngine;
import org.reident.distance.ModelFile;
import org.reident.distance.Standardization;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import org.reident.learn.Aggregator;
import org.reident.learn.ConflictFile;
import org.reident.learn.EpsAdvice;
import org.reident.learn.EpsPasses;
import org.reident.learn.LearnOptions;
import org.reident.learn.LearnResult;
import org.reident.learn.Margin;
import org.reident.learn.StopRequest;
import org.reident.learn.Formulation;
import org.reident.learn.Hrla;
import org.reident.linkage.Direction;
import org.reident.linkage.LinkageResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code reident learn}: the worst case within a family of distances, by mixed-integer programming. */
@Command(name = "learn", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Learn the distance parameters that re-identify the most records (the worst case of a family).",
            "",
            "Solves the supervised-linkage MILP exactly (OR-Tools) and certifies the result: status, the most "
                + "records any parameter value could link (bound) and the gap. The re-identification count is "
                + "recomputed by the linkage engine with the learned parameters. Ctrl-C stops the run as its time "
                + "limit would: the best found and the bound proven so far are still reported and written."},
        footer = {"", "Examples:",
            "  reident learn --original X.csv --protected Y.csv --aggregator wm --out model.json",
            "  reident learn --original X.csv --protected Y.csv --aggregator choquet --time-limit 120s --json",
            "  reident link --original X.csv --protected Y.csv --method wm --params model.json"})
public final class LearnCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(names = "--aggregator", required = true, paramLabel = "A",
            description = "wm, wm-m, owa, choquet, choquet-m, bilinear, bilinear-nc, md-star (the bilinear form on |differences|).")
    String aggregator;

    @Option(names = "--method", defaultValue = "milp", paramLabel = "M",
            description = "milp (exact, certified; default) or hrla (the gradient heuristic of hrla-heuristic-choquet.txt, "
                    + "choquet only; fast, never called optimal).")
    String method;

    @Option(names = "--epochs", defaultValue = "30", paramLabel = "E", description = "HRLA: passes over the training records (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--learning-rate", defaultValue = "0.1", paramLabel = "R", description = "HRLA: step size (default ${DEFAULT-VALUE}).")
    double learningRate;

    @Option(names = "--formulation", defaultValue = "cuts", paramLabel = "F",
            description = "cuts (combinatorial Benders cuts; default) or big-m (the papers' big-M rows, made lazy); same optimum.")
    String formulation;

    @Option(names = "--solver", defaultValue = "scip", paramLabel = "S", description = "scip (default), highs, cbc, or cp-sat (with --formulation cuts: the master is pure 0/1). With --formulation "
            + "big-m below eps 1e-4 scip is the reference: cbc has failed there on generated files (the run then ends unproven and "
            + "says why).")
    String solver;

    @Option(names = "--time-limit", defaultValue = "600s", paramLabel = "T",
            description = "Wall-clock limit of the learning, e.g. 90s, 10m (default ${DEFAULT-VALUE}); the search keeps back "
                    + "the time of one linkage (up to a fifth of the limit; big-M: two, up to half) for the engine's last count. "
                    + "Reading the files comes on top, and so does AM's linkage (the result's floor) when the limit ends "
                    + "before it, and with --eps auto the AM linkage that chooses eps (one k-d tree search).")
    String timeLimit;

    @Option(names = "--eps", defaultValue = "auto", paramLabel = "E",
            description = "Strictness margin of the MILP, in squared standardised units: the MILP and its bound count a record "
                    + "as linked only when its nearest rival is eps farther than its true match. auto (default): the largest "
                    + "power of ten at most the 5th percentile of AM's margins on the training records it links, at most 1e-4 "
                    + "(1e-4 on most files; smaller where skewed variables put records close together); when the parameters "
                    + "learned link many records by less (a variable released unchanged), learning stops and goes on with a "
                    + "smaller eps in the time left, until none is advised. Or a value from 1e-9 to 1: one pass; a result "
                    + "with many records linked by less than eps then says so and suggests a smaller one.")
    String eps;

    @Option(names = "--solver-params", paramLabel = "P",
            description = "SCIP parameters, 'name = value' separated by ';' (default: at most 3 root separation rounds; "
                    + "\"\" for SCIP's own defaults; not with highs).")
    String solverParams;

    @Option(names = "--standardize", defaultValue = "own", paramLabel = "S", description = "own (default), original or pooled.")
    String standardize;

    @Option(names = "--direction", paramLabel = "D", defaultValue = "original-to-protected",
            description = "original-to-protected (default) or protected-to-original: learn the linkage of the protected "
                    + "records to the original ones (then --train-ids lists protected records).")
    String direction;

    @Option(names = "--train-fraction", paramLabel = "F", description = "Learn on this fraction of the records (seeded), test on the rest.")
    Double trainFraction;

    @Option(names = "--train-ids", paramLabel = "FILE",
            description = "Learn on the records listed in FILE (one --id value per line, or record numbers from 1 without --id), test on the rest.")
    Path trainIds;

    /** WM_m's lower bound on the weights. */
    private static final double DELTA = LearnOptions.defaults(Aggregator.WM_M).delta();

    @Option(names = "--start", paramLabel = "FILE",
            description = {"A weighted mean to start from: a model file with aggregator wm or wm-m (e.g. from 'learn --aggregator wm "
                + "--out'), same variables and standardisation. The records it links become the first incumbent of every family that "
                + "holds the weighted means (all but owa), so the result never links fewer. Not with --method hrla."})
    Path start;

    @Option(names = "--conflicts", paramLabel = "FILE", converter = FileName.class,
            description = {"Keep the conflicts the run proves (sets of records no parameter value links together) in FILE, and start "
                + "from those it holds: a run stopped by its limit or Ctrl-C goes on from where it stood. FILE is made when missing and "
                + "written at the run's end; it is bound to the files, variables, training records, family and standardisation, and "
                + "holds each eps's conflicts apart. With --formulation cuts (the default) and --method milp."})
    Path conflicts;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "Seed of the training sample and of HRLA's record order (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Threads of the first rows (both formulations), the cuts formulation's filters and master search, and "
                    + "big-M's check of each round (default: all cores); the cuts' and big-M's answers do not depend on them. From 3 s in, one more thread climbs over weights for better incumbents (a few seconds; for "
                    + "choquet, choquet-m, bilinear, bilinear-nc and md-star then over the family's own parameters while it gains, and again "
                    + "from each new incumbent where few records link), and for "
                    + "wm, wm-m and owa on up to 11 variables another searches the weights for a bound; the optimum is the same, but "
                    + "which weights are reported, and what a run stopped by the clock reaches, can then depend on timing.")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object on standard output (no progress).")
    boolean json;

    @Option(names = "--out", paramLabel = "FILE", converter = FileName.class, description = "Write the learned model (accepted by 'reident link --params').")
    Path out;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Aggregator a = Aggregator.parse(aggregator);
        String m = method.strip().toLowerCase(Locale.ROOT);
        if (!m.equals("milp") && !m.equals("hrla")) {
            throw new InputException("--method: expected milp or hrla, got '" + method + "'");
        }
        boolean hrla = m.equals("hrla");
        if (hrla && a != Aggregator.CHOQUET) {
            throw new InputException("--method hrla learns a Choquet fuzzy measure: use it with --aggregator choquet, not " + a.label());
        }
        if (hrla && (epochs < 0 || !(learningRate > 0) || Double.isInfinite(learningRate))) {
            throw new InputException("--epochs must be >= 0 and --learning-rate a positive number (got " + epochs + ", " + learningRate + ")");
        }
        if (threads != null && threads < 1) {
            throw new InputException("--threads: expected at least 1, got " + threads);
        }
        double given = parseEps(eps);
        double seconds = parseDuration(timeLimit);
        if (out != null) {
            AtomicOutput.checkWritable(out, "--out"); // now, not after a solve of up to --time-limit
            AtomicOutput.checkNotInput(out, "--out", input.original, input.masked, trainIds, start);
        }
        Formulation form = Formulation.parse(formulation);
        if (conflicts != null) {
            if (hrla || form != Formulation.CUTS) {
                throw new InputException("--conflicts keeps the conflicts of the cuts formulation: use it with --method milp"
                        + " --formulation cuts");
            }
            if (out != null && out.toAbsolutePath().normalize().equals(conflicts.toAbsolutePath().normalize())) {
                throw new InputException("--conflicts " + conflicts + ": is also the --out file, expected another file name");
            }
            AtomicOutput.checkWritable(conflicts, "--conflicts");
            AtomicOutput.checkNotInput(conflicts, "--conflicts", input.original, input.masked, trainIds, start, out);
        }
        checkSolver(solver, solverParams);
        TrainingSet.check(trainFraction, trainIds);
        Direction dir = Direction.parse(direction);
        Standardization std = Standardization.parse(standardize);
        if (dir == Direction.PROTECTED_TO_ORIGINAL && std == Standardization.ORIGINAL) {
            throw new InputException("--direction protected-to-original: use --standardize own or pooled (the learner "
                    + "standardises the query side as 'original')");
        }
        String params = solverParams == null ? LearnOptions.SCIP_PARAMETERS : solverParams.replace(';', '\n');
        LinkageData data;
        int[] train;
        LearnOptions o;
        LearnResult r;
        boolean interrupted;
        Margin.Auto chosen = null;
        ConflictFile keptFile = null;
        EpsPasses.Outcome passes = null;
        LinkageResult am;
        // installed before the files are read: a Ctrl-C while they load stops the run as at its
        // limit (AM's linkage is still made and reported) instead of ending the process without a word
        StopOnInterrupt stop = StopOnInterrupt.install(stderr);
        try {
            DistanceModel startModel = start == null ? null : ModelFile.read(start, start.toString());
            LinkageData loaded = input.load(startModel, start);
            data = dir == Direction.PROTECTED_TO_ORIGINAL ? loaded.reversed() : loaded;
            for (String note : loaded.notes()) { // as 'reident link' says them: dropped records, unmatched ids
                stderr.println("reident: note: " + note);
            }
            double[] startWeights = startWeights(startModel, a, hrla, std, data);
            train = TrainingSet.select(data, trainFraction, seed, trainIds);
            am = Margin.amLinkage(data, std); // for the auto eps and for the standard distances beside the result
            chosen = Double.isNaN(given) ? Margin.auto(am, train) : null;
            // the choice is said with the learner's first line: a solver option the learner refuses
            // then stays the only line on standard error
            AtomicReference<String> pending = new AtomicReference<>(chosen == null ? null : autoLine(chosen));
            o = new LearnOptions(a, solver, seconds, chosen == null ? given : chosen.eps(), DELTA, 8, std,
                    json ? null : line -> {
                        String first = pending.getAndSet(null);
                        if (first != null) {
                            stderr.println("reident learn: " + first);
                        }
                        stderr.println("reident learn: " + line);
                        stderr.flush();
                    }, params, threads == null ? Runtime.getRuntime().availableProcessors() : threads, startWeights);
            if (hrla) {
                r = new Hrla(learningRate, epochs, seed, o.standardization(), o.progress()).learn(data, train).result();
            } else {
                keptFile = conflicts == null ? null : ConflictFile.open(conflicts, o, data, train); // read now: a bad file ends the run before any solve
                passes = EpsPasses.learn(form, o, data, train, chosen != null, keptFile);
                r = passes.result();
                o = passes.options(); // the last pass's eps
            }
            interrupted = StopRequest.requested(); // HRLA stops between epochs
        } finally {
            stop.close();
        }
        String conflictsLine = keptFile == null ? null : keptFile.note(o.eps(), r.bound());
        EpsAdvice advice = passes != null ? passes.advice() : EpsAdvice.of(r.linkage(), train, o.eps(), r.bound());
        ObjectNode j = LearnReport.json(r, data, train, a, o, advice, hrla);
        j.put("eps_chosen", chosen == null ? "given" : "auto");
        if (chosen != null && !Double.isNaN(chosen.percentile())) {
            j.put("eps_am_percentile5", chosen.percentile());
        }
        if (chosen != null && passes != null) {
            LearnReport.passes(j, passes.passes());
        }
        StandardBeside standard = StandardBeside.of(data, train, o.standardization(), am);
        standard.json(j);
        String beats = standard.beats(LearnReport.Counts.of(r.linkage(), train).strict(), a.label(), o.standardization());
        if (beats != null) {
            j.put("standard_note", beats.substring("note: ".length()));
        }
        if (interrupted) {
            j.put("interrupted", true);
        }
        if (keptFile != null) {
            ObjectNode cj = j.putObject("conflicts");
            cj.put("file", keptFile.path().toString());
            cj.put("kept", keptFile.keptAt(o.eps()));
            cj.put("read", keptFile.readAt(o.eps()));
            if (keptFile.boundReadAt(o.eps()) >= 0) {
                cj.put("bound_read", keptFile.boundReadAt(o.eps())); // proven by the run that wrote the file
            }
        }
        String pdLine = null;
        if (a == Aggregator.BILINEAR_NC && !NearestPsd.isPsd(r.model().values(), data.dimension(), 1e-9)) {
            // SB_PD (symmetric-bilinear-form.txt section 6): the nearest PSD matrix, re-evaluated
            double[] pd = NearestPsd.projectUnitTrace(r.model().values(), data.dimension());
            DistanceModel pm = new DistanceModel(Method.BILINEAR, "bilinear-pd", data.variables(), o.standardization(), pd);
            LinkageResult pr = LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP).link(
                    Distances.prepare(Method.BILINEAR, pm, data, new DistanceOptions(o.standardization(), 2, false)), data.truth());
            LearnReport.Counts pc = LearnReport.Counts.of(pr, train);
            ObjectNode pn = j.putObject("pd");
            pn.put("reidentified", pc.strict());
            pn.put("rate", Reports.round(pc.rate(), 6));
            pn.set("parameters", ModelFile.toJson(pm).get("parameters"));
            pdLine = String.format(Locale.ROOT, "SB_PD (nearest positive semidefinite matrix, re-evaluated): %d re-identified (%.2f%%)",
                    pc.strict(), pc.rate());
        }
        j.put("seconds", Reports.round(r.seconds(), 3));
        ObjectNode inputs = j.putObject("inputs");
        inputs.put("original", input.original.toString());
        inputs.put("original_sha256", Checksums.sha256(input.original));
        inputs.put("protected", input.masked.toString());
        inputs.put("protected_sha256", Checksums.sha256(input.masked));
        if (trainIds != null) {
            inputs.put("train_ids", trainIds.toString());
            inputs.put("train_ids_sha256", Checksums.sha256(trainIds));
        }
        if (start != null) {
            inputs.put("start", start.toString());
            inputs.put("start_sha256", Checksums.sha256(start));
        }
        ObjectNode opts = j.putObject("options");
        opts.put("method", m);
        opts.put("direction", dir.label());
        if (hrla) {
            opts.put("epochs", epochs);
            opts.put("learning_rate", learningRate);
            opts.put("seed", seed);
        } else {
            opts.put("formulation", form.label());
        }
        opts.put("time_limit_seconds", seconds);
        opts.put("eps", eps.strip());
        opts.put("solver_params", params);
        if (trainFraction != null) {
            opts.put("train_fraction", trainFraction);
            opts.put("seed", seed);
        }
        j.put("version", Version.get());
        Reports.putCommit(j); // the checkout the tool was built in, when it runs from one
        if (out != null) {
            ObjectNode model = ModelFile.toJson(r.model());
            model.set("learned", j.deepCopy());
            AtomicOutput.writeString(out, Reports.JSON.writeValueAsString(model) + "\n");
        }
        if (json) {
            stdout.println(Reports.JSON.writeValueAsString(j));
        } else {
            LearnReport.text(stdout, r, data, train, a, hrla, o.eps(), advice, passes == null ? null : passes.passes(), standard, beats);
            if (interrupted) {
                stdout.printf(Locale.ROOT, "stopped by the user (Ctrl-C) after %.1f s: the best found and the bound proven so far%n",
                        r.seconds());
            }
            if (pdLine != null) {
                stdout.println(pdLine);
            }
            if (conflictsLine != null) {
                stdout.println(conflictsLine);
            }
            if (out != null) {
                stdout.println("model written to " + out + " (use it with: reident link --method " + a.method().label() + " --params " + out
                        + (dir == Direction.PROTECTED_TO_ORIGINAL ? " --direction " + dir.label() : "") + ")");
            }
        }
        return 0;
    }

    /** The weights of --start, checked against the run (null without --start). */
    private double[] startWeights(DistanceModel m, Aggregator a, boolean hrla, Standardization std,
            LinkageData data) {
        if (m == null) {
            return null;
        }
        if (hrla) {
            throw new InputException("--start: --method hrla starts from AM; the MILP (--method milp) starts from a model");
        }
        if (m.method() != Method.WM) {
            throw new InputException(start + ": holds a model of aggregator " + m.aggregator() + "; --start takes a weighted mean (wm or wm-m)");
        }
        if (a == Aggregator.OWA) {
            throw new InputException("--start: owa does not hold the weighted means (only the equal weights); learn owa without --start");
        }
        if (!m.variables().equals(data.variables())) {
            throw new InputException(start + ": the model's variables " + m.variables() + " differ from the selected ones "
                    + data.variables() + " (same names, same order)");
        }
        if (m.standardization() != null && m.standardization() != std) {
            throw new InputException(start + ": the model was learned with --standardize " + m.standardization().label()
                    + ", this run uses " + std.label());
        }
        double[] w = m.values();
        if (a == Aggregator.WM_M) {
            for (int k = 0; k < w.length; k++) {
                if (w[k] < DELTA) {
                    throw new InputException(start + ": weight " + w[k] + " of " + m.variables().get(k)
                            + " is below wm-m's lower bound " + DELTA);
                }
            }
        }
        return w;
    }

    /**
     * The solver's name, and SCIP's parameters not given to HiGHS, checked before the files are read
     * (the learner checks them again where it creates the solver).
     */
    private static void checkSolver(String solver, String solverParams) {
        String s = solver.strip().toLowerCase(Locale.ROOT);
        if (!s.equals("scip") && !s.equals("highs") && !s.equals("cbc") && !s.equals("cp-sat")) {
            throw new InputException("--solver: expected scip, highs, cbc or cp-sat, got '" + solver + "'");
        }
        if (s.equals("highs") && solverParams != null && !solverParams.isBlank()) {
            throw new InputException("--solver-params: these are SCIP's parameters; with --solver highs leave them out");
        }
    }

    /**
     * --eps: NaN for auto, else a margin from {@link Margin#FLOOR} to 1 (beyond 1 squared sd no record
     * is linked with the margin, a bound of 0; below the floor margins are rounding).
     */
    static double parseEps(String s) {
        String t = s.strip();
        if (t.equalsIgnoreCase("auto")) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(t);
            if (v >= Margin.FLOOR && v <= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new InputException("--eps: expected auto or a margin from " + EpsAdvice.format(Margin.FLOOR)
                + " to 1 (squared standardised units), got '" + s + "'");
    }

    /** The progress line of an eps chosen by --eps auto. */
    static String autoLine(Margin.Auto c) {
        return Double.isNaN(c.percentile())
                ? String.format(Locale.ROOT, "eps %s (auto: AM links no training record)", EpsAdvice.format(c.eps()))
                : String.format(Locale.ROOT, "eps %s (auto: the 5th percentile of AM's margins on the %d training records it links"
                        + " is %.2g)", EpsAdvice.format(c.eps()), c.linked(), c.percentile());
    }

    static double parseDuration(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        double f = 1;
        if (t.endsWith("ms")) {
            f = 0.001;
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            f = 60;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            f = 3600;
            t = t.substring(0, t.length() - 1);
        }
        try {
            double v = Double.parseDouble(t) * f;
            if (v > 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new InputException("--time-limit: expected a duration such as 90s, 10m or 1h, got '" + s + "'");
    }
}

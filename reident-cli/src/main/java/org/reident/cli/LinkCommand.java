package org.reident.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.distance.ModelFile;
import org.reident.distance.Standardization;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import org.reident.linkage.Direction;
import org.reident.linkage.Linkage;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.MethodOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code reident link}: distance-based record linkage of the original file to the protected one. */
@Command(name = "link", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Link every original record to its nearest protected record and count re-identifications.",
            "",
            "A record is re-identified (strict) when its true match is strictly nearer than every other record; "
                + "'expected' gives 1/t credit when the true match is among t records tied at the minimal distance."},
        footer = {"", "Examples:",
            "  reident link --original X.csv --protected Y.csv",
            "  reident link --original X.csv --protected Y.csv --vars AGI,FEDTAX --method md --json",
            "  reident link --original X.csv --protected Y.csv --id ID --method wm --params model.json \\",
            "               --out records.csv"})
public final class LinkCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(names = "--method", paramLabel = "M", defaultValue = "all",
            description = "am (euclidean), dbrl2, md (mahalanobis), md0, kernel, prl (probabilistic), wm, owa, choquet, bilinear, md-star, or all "
                    + "(every method that needs no parameters, plus the --params model). Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = "--params", paramLabel = "FILE",
            description = "Model file with the parameters of wm, owa, choquet or bilinear (as written by 'reident learn'). "
                    + "Without it these methods use the neutral parameters, which equal am.")
    Path params;

    @Option(names = "--standardize", paramLabel = "S",
            description = "own (each file its own mean and sd; default), original (both with the original's), pooled. "
                    + "Not used by dbrl2, md, md0, which scale by their own statistics.")
    String standardize;

    @Option(names = "--direction", paramLabel = "D", defaultValue = "original-to-protected",
            description = "original-to-protected (default; the intruder's file to the released one) or protected-to-original.")
    String direction;

    @Option(names = "--degree", paramLabel = "P", defaultValue = "2",
            description = "Degree p of the kernel K(x,y) = (1 + x.y)^p (default ${DEFAULT-VALUE}).")
    int degree;

    @Option(names = "--prl-sample", paramLabel = "N", description = PrlSample.DESCRIPTION)
    String prlSample;

    @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object (an array for --method all) on standard output.")
    boolean json;

    @Option(names = "--out", paramLabel = "FILE", converter = FileName.class,
            description = "Write per-record results as CSV: record, true match, linked record, rank, ties, distance margin. "
                    + "Every true match's rank is then counted, which on a large noisy file takes about as long as comparing "
                    + "every pair (the counts alone need only the nearest records).")
    Path out;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Direction dir = Direction.parse(direction);
        boolean all = method.strip().equalsIgnoreCase("all");
        Method single = all ? null : Method.parse(method);
        if (out != null) {
            AtomicOutput.checkWritable(out, "--out"); // now, not after the linkage
            AtomicOutput.checkNotInput(out, "--out", input.original, input.masked, params);
        }
        DistanceModel model = params == null ? null : ModelFile.read(params, params.toString());
        if (model != null && single != null && model.method() != single) {
            throw new InputException(params + ": holds a model of aggregator " + model.aggregator() + ", which --method " + single.label()
                    + " cannot use (use --method " + model.method().label() + ")");
        }
        LinkageData data = input.load(model, params);
        if (model != null && !model.variables().equals(data.variables())) {
            throw new InputException(params + ": the model's variables " + model.variables()
                    + " differ from the selected ones " + data.variables() + " (same names, same order)");
        }
        Standardization std = standardize != null ? Standardization.parse(standardize)
                : model != null && model.standardization() != null ? model.standardization() : Standardization.OWN;
        DistanceOptions options = new DistanceOptions(std, degree, dir == Direction.PROTECTED_TO_ORIGINAL, PrlSample.parse(prlSample));
        if (model != null && model.standardization() != null && model.standardization() != std) {
            // allowed (a model may be tried on other scalings), but these are not the learned distances
            stderr.println("reident: note: " + params + " was learned with --standardize " + model.standardization().label()
                    + "; linking with " + std.label() + " gives other distances than the learned ones");
        }
        if (threads != null && threads < 1) {
            throw new InputException("--threads: expected at least 1, got " + threads);
        }
        // the per-record file reports every true match's rank; the counts need only the nearest ones
        LinkageEngine engine = (threads == null ? LinkageEngine.withAllCores() : new LinkageEngine(threads))
                .with(out != null ? LinkageEngine.Ranks.EXACT : LinkageEngine.Ranks.TOP);

        List<Method> methods = new ArrayList<>();
        if (all) {
            methods.addAll(Method.standard());
            if (model != null) {
                methods.add(model.method());
            }
        } else {
            methods.add(single);
        }
        Reports.Context ctx = new Reports.Context(data, Checksums.sha256(input.original), Checksums.sha256(input.masked), options);
        // the table's head is printed with the first row: a single method that cannot run prints nothing
        Runnable head = () -> {
            stdout.printf("%s (%d records) -> %s (%d records); %d variables: %s%n", data.originalName(), data.originalCount(),
                    data.maskedName(), data.maskedCount(), data.dimension(), String.join(", ", data.variables()));
            stdout.printf("standardize %s, direction %s%n%n", std.label(), dir.label());
            Reports.header(stdout);
        };
        for (String note : data.notes()) {
            stderr.println("reident: note: " + note);
        }
        List<MethodOutcome> outcomes = new ArrayList<>();
        for (Method m : methods) {
            int nq = options.reverse() ? data.maskedCount() : data.originalCount();
            int nr = options.reverse() ? data.originalCount() : data.maskedCount();
            Progress progress = Progress.forLinkage(stderr, m.label(), nq, nr, json);
            PrlProgress fitted = m == Method.PRL ? PrlProgress.of(stderr, nq, json) : null;
            MethodOutcome o = Linkage.run(m, m.isParametrised() ? model : null, data, options, engine, fitted, progress);
            if (!all && o.failed()) {
                throw new InputException(o.error());
            }
            outcomes.add(o);
            if (!json) {
                if (outcomes.size() == 1) {
                    head.run();
                }
                Reports.row(stdout, o);
            }
        }
        if (out != null) {
            AtomicOutput.write(out, w -> Reports.perRecordCsv(w, outcomes, data, options.reverse()));
        }
        if (json) {
            if (all) {
                com.fasterxml.jackson.databind.node.ArrayNode arr = Reports.JSON.createArrayNode();
                for (MethodOutcome o : outcomes) {
                    arr.add(Reports.json(o, ctx));
                }
                stdout.println(Reports.JSON.writeValueAsString(arr));
            } else {
                stdout.println(Reports.JSON.writeValueAsString(Reports.json(outcomes.get(0), ctx)));
            }
        } else {
            String worst = Reports.worstCase(outcomes);
            if (worst != null && outcomes.size() > 1) {
                stdout.println();
                stdout.println(worst);
            }
            for (MethodOutcome o : outcomes) {
                if (o.prl() != null) {
                    stdout.println(Reports.prlSummary(o.prl(), data.variables()));
                }
            }
            if (out != null) {
                stdout.println("per-record results written to " + out);
            }
        }
        for (MethodOutcome o : outcomes) {
            if (o.failed() && all) {
                stderr.println("reident: note: " + o.method().label() + " not run: " + o.error());
            }
        }
        stdout.flush();
        return 0;
    }
}

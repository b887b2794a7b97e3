package org.reident.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.distance.ModelFile;
import org.reident.distance.Standardization;
import org.reident.io.Checksums;
import org.reident.linkage.Linkage;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.MethodOutcome;
import org.reident.measure.Measures;
import org.reident.measure.PairedColumns;
import org.reident.measure.ProbabilisticLoss;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident measure}: the risk and the utility of a protected file together: record-linkage
 * rates, interval disclosure, IL1s, PIL and the combined score of Table 5 of
 * symmetric-bilinear-form.txt (the measures: {@code org.reident.measure}; docs/measures.md).
 */
@Command(name = "measure", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Measure a protected file's disclosure risk and information loss, and their combined score.",
            "",
            "Risk: re-identification by distance-based linkage (--method) and by probabilistic linkage (prl), "
                + "the mean of their tie-aware rates AvRL, and interval disclosure (the share of original values inside the rank interval "
                + "of p percent of the records around their protected value, averaged over p = 1..10). Loss: IL1s (mean absolute error "
                + "in units of sqrt(2) sd) and PIL (probabilistic information loss over means, variances, "
                + "covariances, correlations and quantiles). Score = (AvRL + PIL) / 2, in percent, lower is better (docs/measures.md).",
            "Measured over the records that have a true match, on the selected variables. A linkage that cannot run on "
                + "the data (md with an unmasked variable) is reported as not run and left out of AvRL."},
        footer = {"", "Examples:",
            "  reident measure --original X.csv --protected Y.csv",
            "  reident measure --original X.csv --protected Y.csv --vars AGI,FEDTAX,FICA --method md --json"})
public final class MeasureCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    InputOptions input;

    @Option(names = "--method", paramLabel = "M",
            description = "The distance-based linkage of the risk: am (default), dbrl2, md, md0, kernel, wm, owa, choquet, "
                    + "bilinear, md-star (the last five with --params; with --params the default is the model's), or prl.")
    String method;

    @Option(names = "--prl", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Average probabilistic linkage into AvRL (default); --no-prl leaves it out, so AvRL is --method's rate.")
    boolean prl;

    @Option(names = "--params", paramLabel = "FILE", description = "Model file for a parametrised --method (from 'reident learn').")
    Path params;

    @Option(names = "--interval-percents", split = ",", paramLabel = "P",
            description = "Rank-interval widths averaged by interval disclosure, in percent of the records "
                    + "(default 1,2,...,10).")
    int[] percents;

    @Option(names = "--standardize", paramLabel = "S", description = "own (default), original or pooled, as for link.")
    String standardize;

    @Option(names = "--prl-sample", paramLabel = "N", description = PrlSample.DESCRIPTION)
    String prlSample;

    @Option(names = "--threads", paramLabel = "T", description = "Worker threads for the linkages (default: all cores).")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object on standard output.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        DistanceModel model = params == null ? null : ModelFile.read(params, params.toString());
        Method single = method != null ? Method.parse(method) : model != null ? model.method() : Method.AM;
        int[] widths = percents == null ? org.reident.measure.IntervalDisclosure.defaultPercents() : percents;
        if (widths.length == 0) {
            throw new InputException("--interval-percents: expected at least one percent");
        }
        for (int w : widths) {
            if (w < 1 || w > 100) {
                throw new InputException("--interval-percents: expected whole percents from 1 to 100, got " + w);
            }
        }
        if (threads != null && threads < 1) {
            throw new InputException("--threads: expected at least 1, got " + threads);
        }
        if (model != null && model.method() != single) {
            throw new InputException(params + ": holds a model of aggregator " + model.aggregator() + ", which --method "
                    + single.label() + " cannot use (use --method " + model.method().label() + ")");
        }
        LinkageData data = input.load(model, params);
        if (model != null && !model.variables().equals(data.variables())) {
            throw new InputException(params + ": the model's variables " + model.variables()
                    + " differ from the selected ones " + data.variables() + " (same names, same order)");
        }
        Standardization std = standardize != null ? Standardization.parse(standardize)
                : model != null && model.standardization() != null ? model.standardization() : Standardization.OWN;
        DistanceOptions options = new DistanceOptions(std, 2, false, PrlSample.parse(prlSample));
        long t0 = System.nanoTime();
        Measures m = Measures.of(PairedColumns.of(data), widths); // validates the matched records: before any note
        for (String note : data.notes()) {
            stderr.println("reident: note: " + note);
        }
        LinkageEngine engine = (threads == null ? LinkageEngine.withAllCores() : new LinkageEngine(threads))
                .with(LinkageEngine.Ranks.TOP); // the counts need only the ranks of nearest true matches
        List<Method> methods = new ArrayList<>(List.of(single));
        if (prl && single != Method.PRL) {
            methods.add(Method.PRL);
        }
        List<MethodOutcome> outcomes = new ArrayList<>();
        List<MethodOutcome> notRun = new ArrayList<>();
        double rates = 0;
        for (Method each : methods) {
            Progress progress = Progress.forLinkage(stderr, each.label(), data.originalCount(), data.maskedCount(), json);
            PrlProgress fitted = each == Method.PRL ? PrlProgress.of(stderr, data.originalCount(), json) : null;
            MethodOutcome o = Linkage.run(each, each.isParametrised() ? model : null, data, options, engine, fitted, progress);
            if (o.failed()) { // the other linkage and the utility can still be measured; said, and left out of AvRL
                notRun.add(o);
                continue;
            }
            outcomes.add(o);
            rates += o.result().expectedRate(); // tie-aware: a tie is a 1/t chance, not a failed attack
        }
        if (outcomes.isEmpty()) {
            MethodOutcome o = notRun.get(0);
            throw new InputException(o.method().label() + ": " + o.error()
                    + (notRun.size() > 1 ? "; " + notRun.get(1).method().label() + ": " + notRun.get(1).error() : ""));
        }
        for (MethodOutcome o : notRun) {
            stderr.println("reident: note: " + o.method().label() + " not run: " + o.error() + "; AvRL is the rate of "
                    + labels(outcomes) + " alone");
        }
        double avrl = rates / outcomes.size();
        double score = Measures.score(avrl, m.pil().total());
        double seconds = (System.nanoTime() - t0) / 1e9;
        Reports.Context ctx = new Reports.Context(data, Checksums.sha256(input.original), Checksums.sha256(input.masked), options);
        if (json) {
            stdout.println(Reports.JSON.writeValueAsString(json(outcomes, notRun, m, avrl, score, seconds, ctx)));
        } else {
            text(stdout, data, outcomes, notRun, m, avrl, score, seconds, std);
        }
        stdout.flush();
        return 0;
    }

    private static ObjectNode json(List<MethodOutcome> outcomes, List<MethodOutcome> notRun, Measures m, double avrl,
            double score, double seconds, Reports.Context ctx) {
        ObjectNode n = Reports.json(outcomes.get(0), ctx);
        n.put("seconds", Reports.round(seconds, 6));
        n.put("pairs", m.pairs());
        n.put("interval_disclosure", Reports.round(m.intervalDisclosure(), 6));
        ObjectNode by = n.putObject("interval_disclosure_by_percent");
        for (int i = 0; i < m.percents().length; i++) {
            by.put(Integer.toString(m.percents()[i]), Reports.round(m.intervalByPercent()[i], 6));
        }
        n.put("il1s", Reports.round(m.il1s(), 8));
        ProbabilisticLoss.Result p = m.pil();
        n.put("pil", Reports.round(p.total(), 6));
        ObjectNode parts = n.putObject("pil_parts");
        putOrNull(parts, "means", p.means());
        putOrNull(parts, "variances", p.variances());
        putOrNull(parts, "covariances", p.covariances());
        putOrNull(parts, "correlations", p.correlations());
        putOrNull(parts, "quantiles", p.quantiles());
        ArrayNode vars = n.putArray("by_variable");
        for (int j = 0; j < m.il1sByVariable().length; j++) {
            ObjectNode v = vars.addObject();
            v.put("variable", n.get("variables").get(j).asText());
            v.put("il1s", Reports.round(m.il1sByVariable()[j], 8));
            v.put("interval_disclosure", Reports.round(m.intervalByVariable()[j], 6));
            v.put("pil_mean", Reports.round(p.byVariable()[j][0], 6));
            v.put("pil_variance", Reports.round(p.byVariable()[j][1], 6));
            v.put("pil_quantiles", Reports.round(p.byVariable()[j][2], 6));
        }
        n.put("avrl", Reports.round(avrl, 6));
        n.put("score", Reports.round(score, 6));
        ArrayNode linkages = n.putArray("linkages");
        for (MethodOutcome o : outcomes) {
            ObjectNode l = linkages.addObject();
            l.put("method", o.method().label());
            l.put("reidentified", o.result().reidentified());
            l.put("expected", Reports.round(o.result().expected(), 6));
            l.put("rate", Reports.round(o.result().rate(), 6));
            l.put("expected_rate", Reports.round(o.result().expectedRate(), 6));
            l.put("seconds", Reports.round(o.seconds(), 6));
            if (o.prl() != null) {
                l.set("prl", Reports.prl(o.prl(), ctx.data().variables()));
            }
        }
        ArrayNode failed = n.putArray("not_run");
        for (MethodOutcome o : notRun) {
            failed.addObject().put("method", o.method().label()).put("error", o.error());
        }
        return n;
    }

    private static void putOrNull(ObjectNode n, String key, double v) {
        if (Double.isNaN(v)) {
            n.putNull(key);
        } else {
            n.put(key, Reports.round(v, 6));
        }
    }

    private static void text(PrintWriter out, LinkageData data, List<MethodOutcome> outcomes, List<MethodOutcome> notRun,
            Measures m, double avrl, double score, double seconds, Standardization std) {
        out.printf("%s (%d records) -> %s (%d records); %d variables: %s%n", data.originalName(), data.originalCount(),
                data.maskedName(), data.maskedCount(), data.dimension(), String.join(", ", data.variables()));
        out.printf("%d matched pairs measured; linkage with standardize %s%n%n", m.pairs(), std.label());
        out.println("Disclosure risk");
        Reports.header(out);
        for (MethodOutcome o : outcomes) {
            Reports.row(out, o);
        }
        for (MethodOutcome o : notRun) {
            Reports.row(out, o);
        }
        for (MethodOutcome o : outcomes) {
            String note = Reports.prlSampleNote(o.prl());
            if (note != null) {
                out.println(note);
            }
        }
        line(out, "average record linkage (AvRL: tie-aware rate of " + labels(outcomes) + ")", percent(avrl), "");
        StringBuilder by = new StringBuilder();
        for (int i = 0; i < m.percents().length; i++) {
            by.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%d%%: %.1f", m.percents()[i], m.intervalByPercent()[i]));
        }
        line(out, "interval disclosure (mean over the interval widths)", percent(m.intervalDisclosure()), by.toString());
        out.println();
        out.println("Information loss");
        line(out, "IL1s (mean |x - y| in units of sqrt(2) sd)", String.format(Locale.ROOT, "%8.4f", m.il1s()), "");
        ProbabilisticLoss.Result p = m.pil();
        line(out, "PIL (probabilistic information loss)", percent(p.total()), String.format(Locale.ROOT,
                "means %.2f, variances %.2f, covariances %s, correlations %s, quantiles %.2f", p.means(), p.variances(),
                twoDigits(p.covariances()), twoDigits(p.correlations()), p.quantiles()));
        out.println();
        out.printf(Locale.ROOT, "%-36s %8s %14s %12s %12s %12s%n", "By variable", "IL1s", "interval %", "PIL mean %",
                "variance %", "quantiles %");
        for (int j = 0; j < m.il1sByVariable().length; j++) {
            out.printf(Locale.ROOT, "  %-34s %8.4f %14.2f %12.2f %12.2f %12.2f%n", data.variables().get(j), m.il1sByVariable()[j],
                    m.intervalByVariable()[j], p.byVariable()[j][0], p.byVariable()[j][1], p.byVariable()[j][2]);
        }
        out.println();
        line(out, "Score = (AvRL + PIL) / 2, lower is better", percent(score), String.format(Locale.ROOT, "%.1f s", seconds));
    }

    private static void line(PrintWriter out, String label, String value, String detail) {
        out.printf(Locale.ROOT, "  %-62s %10s%s%n", label, value, detail.isEmpty() ? "" : "   (" + detail + ")");
    }

    private static String percent(double v) {
        return String.format(Locale.ROOT, "%8.2f %%", v);
    }

    private static String labels(List<MethodOutcome> outcomes) {
        StringBuilder s = new StringBuilder();
        for (MethodOutcome o : outcomes) {
            s.append(s.length() == 0 ? "" : ", ").append(o.method().label());
        }
        return s.toString();
    }

    private static String twoDigits(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}

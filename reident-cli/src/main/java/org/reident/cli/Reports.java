package org.reident.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.FellegiSunter;
import org.reident.distance.Method;
import org.reident.distance.ModelFile;
import org.reident.linkage.LinkageResult;
import org.reident.linkage.MethodOutcome;

/** Renders linkage outcomes: the JSON contract of DESIGN.md section 6, a readable table, per-record CSV. */
final class Reports {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What every output says about its inputs: files, checksums, options, software version. */
    record Context(LinkageData data, String originalSha, String maskedSha, DistanceOptions options) {
    }

    private Reports() {
    }

    static ObjectNode json(MethodOutcome o, Context c) {
        ObjectNode n = JSON.createObjectNode();
        LinkageData d = c.data();
        n.put("method", o.method().label());
        n.put("description", o.method().description());
        LinkageResult r = o.result();
        if (r == null) {
            n.putNull("records");
            n.put("error", o.error());
        } else {
            n.put("records", r.records());
            n.put("reidentified", r.reidentified());
            n.put("expected", round(r.expected(), 6));
            n.put("rate", round(r.rate(), 6));
            n.put("expected_rate", round(r.expectedRate(), 6));
            n.put("tied", r.tiedAtTop());
        }
        n.put("seconds", round(o.seconds(), 6));
        ArrayNode vars = n.putArray("variables");
        d.variables().forEach(vars::add);
        n.put("standardize", c.options().standardization().label());
        n.put("direction", c.options().reverse() ? "protected-to-original" : "original-to-protected");
        if (o.method() == Method.KERNEL) {
            n.put("kernel_degree", c.options().kernelDegree());
        }
        if (o.method().isParametrised()) {
            n.set("model", o.model() == null ? JSON.nullNode() : ModelFile.toJson(o.model()));
        }
        if (o.prl() != null) {
            n.set("prl", prl(o.prl(), d.variables()));
        }
        ObjectNode x = n.putObject("original");
        x.put("file", d.originalName());
        x.put("sha256", c.originalSha());
        x.put("records", d.originalCount());
        ObjectNode y = n.putObject("protected");
        y.put("file", d.maskedName());
        y.put("sha256", c.maskedSha());
        y.put("records", d.maskedCount());
        n.put("unmatched", d.originalCount() - d.matchedCount());
        n.put("dropped", d.dropped());
        n.put("version", Version.get());
        putCommit(n);
        return n;
    }

    /** Puts "commit" ({@link Machine#commit()}) beside "version" when the tool runs from a reident checkout. */
    static void putCommit(ObjectNode n) {
        String commit = Machine.commit();
        if (!commit.isEmpty()) {
            n.put("commit", commit);
        }
    }

    static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    static void header(PrintWriter out) {
        out.printf(Locale.ROOT, "%-9s %-50s %16s %8s %10s %9s %6s %8s%n", "method", "distance", "re-identified",
                "rate %", "expected", "exp. %", "tied", "seconds");
    }

    static void row(PrintWriter out, MethodOutcome o) {
        LinkageResult r = o.result();
        if (r == null) {
            out.printf(Locale.ROOT, "%-9s %-50s   not run: %s%n", o.method().label(), o.method().description(), o.error());
        } else {
            out.printf(Locale.ROOT, "%-9s %-50s %16s %8.2f %10.2f %9.2f %6d %8.3f%n", o.method().label(),
                    o.method().description(), r.reidentified() + " / " + r.records(), r.rate(), r.expected(),
                    r.expectedRate(), r.tiedAtTop(), o.seconds());
        }
        out.flush();
    }

    /** The worst case over the methods run, as one sentence (null when none ran). */
    static String worstCase(List<MethodOutcome> outcomes) {
        return worstCase(outcomes, o -> null);
    }

    /** As {@link #worstCase(List)}, naming an outcome by {@code label} where it gives one (e.g. a learned row), else by its method. */
    static String worstCase(List<MethodOutcome> outcomes, Function<MethodOutcome, String> label) {
        MethodOutcome best = null;
        for (MethodOutcome o : outcomes) {
            if (!o.failed() && (best == null || o.result().reidentified() > best.result().reidentified())) {
                best = o;
            }
        }
        if (best == null) {
            return null;
        }
        LinkageResult r = best.result();
        String name = label.apply(best);
        return String.format(Locale.ROOT, "worst case of the methods run: %s re-identifies %d of %d records (%.2f%%; %.2f%% counting ties as shared)",
                name != null ? name : best.method().label(), r.reidentified(), r.records(), r.rate(), r.expectedRate());
    }

    /**
     * PRL's fitted model: P(M), the EM iterations, the query records whose pairs EM was fitted to (and
     * the sample's seed when they are not all), the upper ends of the agreement levels (in sd of
     * the standardised values; the last level is beyond them), and per variable m, u and the weight
     * ln(m / u) of each level: which variables' agreement makes records linkable.
     */
    static ObjectNode prl(FellegiSunter f, List<String> variables) {
        ObjectNode j = JSON.createObjectNode();
        j.put("match_share", f.matchShare());
        j.put("em_iterations", f.iterations());
        j.put("em_converged", f.converged());
        j.put("em_query_records", f.fittedQueries());
        if (f.fittedQueries() < f.queries()) {
            j.put("em_sample_seed", FellegiSunter.sampleSeed());
        }
        ArrayNode limits = j.putArray("agreement_levels");
        for (double l : FellegiSunter.limits()) {
            limits.add(l);
        }
        ArrayNode vars = j.putArray("variables");
        for (int k = 0; k < f.variables(); k++) {
            ObjectNode v = vars.addObject();
            v.put("variable", variables.get(k));
            ArrayNode m = v.putArray("m");
            ArrayNode u = v.putArray("u");
            ArrayNode w = v.putArray("weight");
            for (int l = 0; l < FellegiSunter.LEVELS; l++) {
                m.add(f.m(k, l));
                u.add(f.u(k, l));
                w.add(round(f.weight(k, l), 6));
            }
        }
        return j;
    }

    /**
     * PRL's model in one line: per variable, the weight ln(m / u) of close agreement (the level
     * whose difference lies in (0.005, 0.01] sd) and of disagreement beyond the last limit (the
     * last level); the variables whose close agreement weighs most are the ones that make records
     * linkable.
     */
    static String prlSummary(FellegiSunter f, List<String> variables) {
        double[] limits = FellegiSunter.limits();
        int close = 1;
        while (close < limits.length - 1 && limits[close] < 0.01) {
            close++;
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "prl: ln(m/u) at %s-%s sd / beyond %s sd:",
                limits[close - 1], limits[close], limits[limits.length - 1]));
        for (int k = 0; k < f.variables(); k++) {
            b.append(String.format(Locale.ROOT, " %s %.2f / %.2f%s", variables.get(k), f.weight(k, close),
                    f.weight(k, FellegiSunter.LEVELS - 1), k + 1 < f.variables() ? "," : ""));
        }
        String sample = f.fittedQueries() < f.queries() ? String.format(Locale.ROOT,
                ", fitted to the pairs of a seeded sample of %,d of %,d query records, see --prl-sample", f.fittedQueries(), f.queries())
                : "";
        return b.append(String.format(Locale.ROOT, " (EM, %d iterations%s%s; --json has m and u of every level)", f.iterations(),
                f.converged() ? "" : ", stopped at the limit before converging", sample)).toString();
    }

    /**
     * A line saying that PRL's EM was fitted to a sample of the query records, or null when it was
     * fitted to every pair (or f is null).
     */
    static String prlSampleNote(FellegiSunter f) {
        if (f == null || f.fittedQueries() >= f.queries()) {
            return null;
        }
        return String.format(Locale.ROOT, "prl: EM fitted to the pairs of a seeded sample of %,d of %,d query records "
                + "(--prl-sample all on link and measure: every pair)", f.fittedQueries(), f.queries());
    }

    /** Per-record results: no record values, only ids, ranks and distance margins. */
    static void perRecordCsv(Writer w, List<MethodOutcome> outcomes, LinkageData d, boolean reverse) throws IOException {
        String[] qIds = reverse ? d.maskedIds() : d.originalIds();
        String[] rIds = reverse ? d.originalIds() : d.maskedIds();
        int[] truth = reverse ? d.reverseTruth() : d.truth();
        try (CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
            p.printRecord("method", "record", "true_match", "linked", "rank", "ties_with_true", "ties_at_min",
                    "margin", "reidentified", "credit");
            for (MethodOutcome o : outcomes) {
                LinkageResult r = o.result();
                if (r == null) {
                    continue;
                }
                if (!r.ranksCounted()) {
                    throw new IllegalStateException("per-record results need every rank: link with LinkageEngine.Ranks.EXACT");
                }
                for (int q = 0; q < qIds.length; q++) {
                    boolean has = truth[q] >= 0;
                    boolean strict = has && r.rank(q) == 1 && r.tiesWithTrue(q) == 1;
                    double credit = has && r.rank(q) == 1 ? 1.0 / r.tiesWithTrue(q) : 0;
                    p.printRecord(o.method().label(), qIds[q], has ? rIds[truth[q]] : "", rIds[r.linked(q)],
                            has ? r.rank(q) : "", has ? r.tiesWithTrue(q) : "", r.tiesAtMin(q),
                            has ? Double.toString(r.margin(q)) : "", strict ? 1 : 0, round(credit, 6));
                }
            }
        }
    }
}

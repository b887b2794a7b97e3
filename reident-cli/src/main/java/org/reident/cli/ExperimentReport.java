package org.reident.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.reident.learn.EpsAdvice;
import org.reident.learn.Margin;

/**
 * The report of an experiment, made from its results alone (the array of results.json and the
 * provenance of experiment.json), so {@code reident report} makes the same page again: a table of
 * risk and utility per protected file (with the entries' reference figures beside), the
 * re-identification rate of every method and learned worst case, PIL's parts, and the risk-utility
 * map (PIL across, AvRL up: lower left is better). One self-contained HTML page, no script, no
 * link out; or the same tables in Markdown.
 */
final class ExperimentReport {
    /** One protected file's results, in the order of the experiment. */
    record Row(String name, JsonNode measure, List<JsonNode> others) {
    }

    private ExperimentReport() {
    }

    static List<Row> rows(JsonNode results) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (JsonNode r : results) {
            String name = r.path("experiment").asText("?");
            Row row = rows.computeIfAbsent(name, n -> new Row(n, null, new ArrayList<>()));
            if (r.path("kind").asText().equals("measure") && !r.has("error") && row.measure() == null) {
                rows.put(name, new Row(name, r, row.others()));
            } else {
                row.others().add(r);
            }
        }
        return new ArrayList<>(rows.values());
    }

    /** The columns of the rates table: measure's linkages, then each link and learn result, by label. */
    private static List<String> methodColumns(List<Row> rows) {
        Set<String> cols = new LinkedHashSet<>();
        for (Row r : rows) {
            if (r.measure() != null) {
                for (JsonNode l : r.measure().path("linkages")) {
                    cols.add(l.path("method").asText());
                }
            }
            for (JsonNode o : r.others()) {
                if (o.has("method")) { // a failed protection has none: it is listed under the steps not run
                    cols.add(label(o));
                }
            }
        }
        return new ArrayList<>(cols);
    }

    private static String label(JsonNode o) {
        return o.path("kind").asText().equals("learn") ? o.path("method").asText() + " (learned)" : o.path("method").asText();
    }

    /**
     * ", eps 1e-6" when a learn step's eps (chosen from the file by --eps auto) is not the tables'
     * 1e-4, whose margin its bound then counts by; empty otherwise.
     */
    static String epsSuffix(JsonNode learn) {
        double eps = learn.path("eps").asDouble(Margin.DEFAULT);
        return eps == Margin.DEFAULT ? "" : ", eps " + EpsAdvice.format(eps);
    }

    /** The rate shown for a method in a row, or null when the row has none. */
    private static String rate(Row r, String column) {
        for (JsonNode o : r.others()) {
            if (label(o).equals(column)) {
                if (o.has("error")) {
                    return "not run";
                }
                String s = rateCell(o.path("rate").asDouble(), o.path("expected_rate").asDouble());
                if (o.path("kind").asText().equals("learn")) {
                    String status = o.path("status").asText();
                    s += " " + status + (status.equals("OPTIMAL") ? ""
                            : ", bound " + o.path("objective_bound").asText() + " of " + o.path("records").asText());
                    s += epsSuffix(o);
                }
                return s;
            }
        }
        if (r.measure() != null) {
            for (JsonNode l : r.measure().path("linkages")) {
                if (l.path("method").asText().equals(column)) {
                    return rateCell(l.path("rate").asDouble(), l.path("expected_rate").asDouble());
                }
            }
        }
        return null;
    }

    /** The strict rate, and the tie-aware one beside it where ties make them differ. */
    private static String rateCell(double strict, double tieAware) {
        return Math.abs(tieAware - strict) < 0.005 ? fmt(strict, 2) : fmt(strict, 2) + " (" + fmt(tieAware, 2) + " tie-aware)";
    }

    private static Set<String> referenceKeys(List<Row> rows) {
        Set<String> keys = new LinkedHashSet<>();
        for (Row r : rows) {
            if (r.measure() != null && r.measure().has("reference")) {
                r.measure().get("reference").fieldNames().forEachRemaining(keys::add);
            }
        }
        return keys;
    }

    static String fmt(double v, int digits) {
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    private static String[] riskHeader(Set<String> refs) {
        List<String> h = new ArrayList<>(List.of("protected file", "pairs", "AvRL %", "interval disclosure %", "IL1s", "PIL %",
                "score %"));
        for (String k : refs) {
            h.add("reference: " + k);
        }
        return h.toArray(new String[0]);
    }

    private static List<String[]> riskRows(List<Row> rows, Set<String> refs) {
        List<String[]> out = new ArrayList<>();
        for (Row r : rows) {
            JsonNode m = r.measure();
            List<String> c = new ArrayList<>(List.of(r.name()));
            if (m == null) {
                c.addAll(List.of("-", "-", "-", "-", "-", "-"));
            } else {
                c.addAll(List.of(m.path("pairs").asText(), fmt(m.path("avrl").asDouble(), 2),
                        fmt(m.path("interval_disclosure").asDouble(), 2), fmt(m.path("il1s").asDouble(), 4),
                        fmt(m.path("pil").asDouble(), 2), fmt(m.path("score").asDouble(), 2)));
            }
            for (String k : refs) {
                JsonNode v = m == null ? null : m.path("reference").get(k);
                c.add(v == null ? "-" : v.isNumber() ? v.asText() : v.asText());
            }
            out.add(c.toArray(new String[0]));
        }
        return out;
    }

    private static String[] pilHeader() {
        return new String[] {"protected file", "means", "variances", "covariances", "correlations", "quantiles", "PIL"};
    }

    private static List<String[]> pilRows(List<Row> rows) {
        List<String[]> out = new ArrayList<>();
        for (Row r : rows) {
            JsonNode p = r.measure() == null ? null : r.measure().path("pil_parts");
            if (p == null) {
                continue;
            }
            out.add(new String[] {r.name(), part(p, "means"), part(p, "variances"), part(p, "covariances"), part(p, "correlations"),
                part(p, "quantiles"), fmt(r.measure().path("pil").asDouble(), 2)});
        }
        return out;
    }

    private static final String[] VARIABLE_HEADER = {"protected file", "variable", "IL1s", "interval disclosure %", "PIL mean %",
        "PIL variance %", "PIL quantiles %"};

    /** Each file's variables: which ones the protection changed least (the intruder's best keys) and most. */
    private static List<String[]> variableRows(List<Row> rows) {
        List<String[]> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.measure() == null) {
                continue;
            }
            for (JsonNode v : r.measure().path("by_variable")) {
                out.add(new String[] {r.name(), v.path("variable").asText(), fmt(v.path("il1s").asDouble(), 4),
                    fmt(v.path("interval_disclosure").asDouble(), 2), fmt(v.path("pil_mean").asDouble(), 2),
                    fmt(v.path("pil_variance").asDouble(), 2), fmt(v.path("pil_quantiles").asDouble(), 2)});
            }
        }
        return out;
    }

    private static String part(JsonNode p, String k) {
        JsonNode v = p.get(k);
        return v == null || v.isNull() ? "-" : fmt(v.asDouble(), 2);
    }

    private static String[] rateHeader(List<String> cols) {
        List<String> h = new ArrayList<>(List.of("protected file", "records"));
        cols.forEach(c -> h.add(c + " %"));
        return h.toArray(new String[0]);
    }

    private static List<String[]> rateRows(List<Row> rows, List<String> cols) {
        List<String[]> out = new ArrayList<>();
        for (Row r : rows) {
            List<String> c = new ArrayList<>(List.of(r.name(), r.measure() == null ? "-" : r.measure().path("records").asText()));
            for (String col : cols) {
                String v = rate(r, col);
                c.add(v == null ? "-" : v);
            }
            out.add(c.toArray(new String[0]));
        }
        return out;
    }

    private static String provenance(JsonNode meta) {
        if (meta == null) {
            return "";
        }
        return String.format("Experiment %s (SHA-256 %s), original %s; seed %s; made %s on %s by reident %s%s.%s",
                meta.path("experiment").asText("?"), meta.path("sha256").asText("?"), meta.path("original").asText("?"),
                meta.path("seed").asText("?"), meta.path("created").asText("?"), meta.path("machine").asText("?"),
                meta.path("version").asText("?"), meta.has("commit") ? " at commit " + meta.get("commit").asText() : "",
                meta.has("stopped") ? " Incomplete: " + meta.get("stopped").asText()
                        + "; later steps not run." : "");
    }

    /** Each step that did not run, and each linkage a measure step left out of AvRL: the file, the step and why. */
    private static List<String[]> failures(JsonNode results) {
        List<String[]> out = new ArrayList<>();
        for (JsonNode r : results) {
            if (r.has("error")) {
                out.add(new String[] {r.path("experiment").asText(), r.path("kind").asText() + (r.has("method") ? " "
                        + r.path("method").asText() : ""), r.path("error").asText()});
            }
            for (JsonNode n : r.path("not_run")) {
                out.add(new String[] {r.path("experiment").asText(), r.path("kind").asText() + " " + n.path("method").asText()
                        + " (left out of AvRL)", n.path("error").asText()});
            }
        }
        return out;
    }

    private static final String[] FAILURE_HEADER = {"protected file", "step", "not run because"};

    static String markdown(JsonNode meta, JsonNode results, String command) {
        List<Row> rows = rows(results);
        Set<String> refs = referenceKeys(rows);
        List<String> cols = methodColumns(rows);
        StringBuilder s = new StringBuilder("# Experiment: risk and utility\n\n");
        s.append("Generated by `").append(command).append("`. ").append(provenance(meta)).append("\n\n");
        s.append("AvRL: mean tie-aware re-identification rate of the linkages in the second table's first columns; "
                + "interval disclosure: mean over rank intervals of 1..10% of the records; score = (AvRL + PIL) / 2, "
                + "lower is better (docs/measures.md).\n\n## Risk and utility\n\n");
        table(s, riskHeader(refs), riskRows(rows, refs));
        s.append("\n## Re-identification rate by method (strict, and tie-aware where ties differ; %)\n\n");
        table(s, rateHeader(cols), rateRows(rows, cols));
        s.append("\n## PIL by group (%)\n\n");
        table(s, pilHeader(), pilRows(rows));
        s.append("\n## By variable\n\n");
        table(s, VARIABLE_HEADER, variableRows(rows));
        List<String[]> failed = failures(results);
        if (!failed.isEmpty()) {
            s.append("\n## Steps not run\n\n");
            table(s, FAILURE_HEADER, failed);
        }
        return s.toString();
    }

    private static void table(StringBuilder s, String[] head, List<String[]> rows) {
        s.append("| ").append(String.join(" | ", head)).append(" |\n|");
        for (int i = 0; i < head.length; i++) {
            s.append("---|");
        }
        s.append('\n');
        for (String[] r : rows) {
            s.append("| ").append(String.join(" | ", r).replace("\n", " ")).append(" |\n");
        }
    }

    static String html(JsonNode meta, JsonNode results) {
        List<Row> rows = rows(results);
        Set<String> refs = referenceKeys(rows);
        List<String> cols = methodColumns(rows);
        StringBuilder s = new StringBuilder();
        s.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>reident experiment</title>\n<style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}")
                .append("th,td{border:1px solid #bbb;padding:.3em .6em;text-align:right}th:first-child,td:first-child{text-align:left}")
                .append("th{background:#eee}p.note{color:#444;font-size:.9em}</style></head><body>\n")
                .append("<h1>Risk and utility of the protected files</h1>\n<p class=\"note\">").append(esc(provenance(meta)))
                .append("</p>\n<p class=\"note\">AvRL: the mean tie-aware re-identification rate (1/t for a true match among t records "
                        + "at the least distance) of the linkages measured with "
                        + "it (the first columns of the rates table). Interval disclosure: the share of original values inside "
                        + "the rank interval around their protected value, mean over 1..10% of the records. IL1s: mean absolute "
                        + "error in units of sqrt(2) standard deviations. PIL: probabilistic information loss over means, "
                        + "variances, covariances, correlations and quantiles. Score = (AvRL + PIL) / 2: lower is better.</p>\n");
        s.append("<h2>Risk and utility</h2>\n");
        htmlTable(s, riskHeader(refs), riskRows(rows, refs));
        s.append("<h2>Risk against loss</h2>\n").append(map(rows));
        s.append("<h2>Re-identification rate by method (strict, and tie-aware where ties differ; %)</h2>\n");
        htmlTable(s, rateHeader(cols), rateRows(rows, cols));
        s.append("<p class=\"note\">A learned rate is the worst case within its family of distances, with its solver "
                + "status; a status other than OPTIMAL comes with the bound: no parameters of the family re-identify more.</p>\n");
        s.append("<h2>PIL by group (%)</h2>\n");
        htmlTable(s, pilHeader(), pilRows(rows));
        s.append("<h2>By variable</h2>\n<p class=\"note\">A variable the protection barely changed (small IL1s, high interval "
                + "disclosure) is an intruder's best key.</p>\n");
        htmlTable(s, VARIABLE_HEADER, variableRows(rows));
        List<String[]> failed = failures(results);
        if (!failed.isEmpty()) {
            s.append("<h2>Steps not run</h2>\n");
            htmlTable(s, FAILURE_HEADER, failed);
        }
        s.append("</body></html>\n");
        return s.toString();
    }

    private static void htmlTable(StringBuilder s, String[] head, List<String[]> rows) {
        s.append("<table><tr>");
        for (String h : head) {
            s.append("<th>").append(esc(h)).append("</th>");
        }
        s.append("</tr>\n");
        for (String[] r : rows) {
            s.append("<tr>");
            for (String c : r) {
                s.append("<td>").append(esc(c)).append("</td>");
            }
            s.append("</tr>\n");
        }
        s.append("</table>\n");
    }

    /** The font size of the map's point labels, in pixels. */
    private static final int LABEL_FONT = 11;

    /** PIL across, AvRL up, both 0..100 %, one labelled point per protected file. */
    private static String map(List<Row> rows) {
        int w = 480;
        int h = 360;
        int pad = 50;
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(w + 2 * pad).append("\" height=\"").append(h + 2 * pad)
                .append("\" font-family=\"sans-serif\" role=\"img\" aria-label=\"AvRL against PIL\">\n");
        s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>%n",
                pad, pad, w, h));
        for (int t = 0; t <= 100; t += 20) {
            double x = pad + w * t / 100.0;
            double y = pad + h - h * t / 100.0;
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d</text>%n", x,
                    pad + h + 15, t));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d</text>%n", pad - 5,
                    y + 4, t));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">PIL %% "
                + "(information loss)</text>%n", pad + w / 2, pad + h + 35));
        s.append(String.format(Locale.ROOT, "<text x=\"15\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 15 %d)\">AvRL %% (re-identification)</text>%n", pad + h / 2, pad + h / 2));
        List<Row> shown = new ArrayList<>();
        for (Row r : rows) {
            if (r.measure() != null) {
                shown.add(r);
            }
        }
        double[] x = new double[shown.size()];
        double[] y = new double[shown.size()];
        String[] names = new String[shown.size()];
        for (int i = 0; i < x.length; i++) {
            JsonNode m = shown.get(i).measure();
            x[i] = pad + w * clamp(m.path("pil").asDouble()) / 100.0;
            y[i] = pad + h - h * clamp(m.path("avrl").asDouble()) / 100.0;
            names[i] = shown.get(i).name();
        }
        MapLabels.Placed[] labels = MapLabels.place(x, y, names, LABEL_FONT, pad, pad, pad + w, pad + h);
        for (int i = 0; i < x.length; i++) { // leader lines first: the points and labels are drawn over them
            MapLabels.Placed p = labels[i];
            if (p.leader()) {
                double[] end = p.leaderEnd(x[i], y[i]);
                s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" "
                        + "stroke-width=\"0.8\"/>%n", x[i], y[i], end[0], end[1]));
            }
        }
        for (int i = 0; i < x.length; i++) {
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#1565c0\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\">%s</text>%n", x[i], y[i], labels[i].left(),
                    labels[i].baseline(LABEL_FONT), LABEL_FONT, esc(names[i])));
        }
        return s.append("</svg>\n").toString();
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(100, v));
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

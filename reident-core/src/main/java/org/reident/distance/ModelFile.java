package org.reident.distance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.reident.data.InputException;
import org.reident.io.JsonInput;

/**
 * Reads and validates model files (the parameters of WM, OWA, CI, SB or MD*). The format, which
 * {@code learn} writes and {@code link --params} reads:
 * <pre>
 * { "format": "reident-model", "format_version": 1,
 *   "aggregator": "wm" | "wm-m" | "owa" | "choquet" | "choquet-m" | "bilinear" | "bilinear-nc" | "bilinear-pd" | "md-star",
 *   "variables": ["V1", "V2", ...], "standardize": "own",
 *   "parameters": { "weights": [...] }            (wm, owa)
 *               | { "measure": [...] }            (choquet: 2^n values, index = bit mask of variables)
 *               | { "matrix": [[...], ...] } }    (bilinear, md-star: symmetric n x n)
 * </pre>
 * Other keys (provenance, solver status...) are ignored here. Weights must be finite, non-negative
 * and not all zero (they are rescaled to sum 1: a constant factor never changes a linkage); a measure
 * must have mu(empty) = 0, mu(all) = 1 and be monotone; a matrix must be symmetric and not all zero.
 * <p>
 * The file is read strictly, because a model that is read differently from what its author meant
 * gives a wrong re-identification count without a word: "format" must be {@value #FORMAT} and
 * "format_version" {@value #VERSION} (the only version reident has written), no key may be given
 * twice (which value would win is a parser's accident), and nothing may follow the object (a second
 * model pasted after the first, or a truncated edit). Every error names the file and the field.
 */
public final class ModelFile {
    static final double TOLERANCE = 1e-9;
    /** The value of "format" in every model file reident writes and reads. */
    public static final String FORMAT = "reident-model";
    /** The one "format_version" reident writes and reads. */
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper(); // writes models; reading is JsonInput's

    private ModelFile() {
    }

    public static DistanceModel read(Path file, String display) {
        JsonNode root = JsonInput.read(file, display, "the model's JSON object (one object per file)");
        if (root == null || !root.isObject()) {
            throw new InputException(display + ": expected a JSON object (a reident model file)");
        }
        return parse(root, display);
    }

    static DistanceModel parse(JsonNode root, String display) {
        checkFormat(root, display);
        String aggregator = text(root, "aggregator", display).toLowerCase(Locale.ROOT);
        Method method = methodOf(aggregator, display);
        JsonNode varsNode = root.get("variables");
        if (varsNode == null || !varsNode.isArray() || varsNode.isEmpty()) {
            throw new InputException(display + ": 'variables' must be a non-empty array of column names");
        }
        List<String> vars = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode v : varsNode) {
            if (!v.isTextual() || v.asText().isBlank()) {
                throw new InputException(display + ": 'variables' must be column names (strings), found " + v);
            }
            if (!seen.add(v.asText())) {
                throw new InputException(display + ": 'variables' lists '" + v.asText() + "' twice");
            }
            vars.add(v.asText());
        }
        Standardization std = root.hasNonNull("standardize") ? standardization(root.get("standardize"), display) : null;
        JsonNode params = root.get("parameters");
        if (params == null || !params.isObject()) {
            throw new InputException(display + ": 'parameters' must be an object");
        }
        int n = vars.size();
        double[] values;
        switch (method) {
            case WM:
            case OWA:
                values = weights(numbers(params, "weights", n, display), display);
                break;
            case CHOQUET:
                if (n > 20) {
                    throw new InputException(display + ": a fuzzy measure over " + n + " variables is too large (at most 20)");
                }
                values = numbers(params, "measure", 1 << n, display);
                checkMeasure(values, n, display);
                break;
            default:
                values = matrix(params, n, display);
        }
        return new DistanceModel(method, aggregator, List.copyOf(vars), std, values);
    }

    /** Refuses a JSON object that is not a reident model, or one of a version this reident does not read. */
    private static void checkFormat(JsonNode root, String display) {
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual() || !format.asText().equals(FORMAT)) {
            throw new InputException(display + ": not a reident model file (expected \"format\": \"" + FORMAT + "\", found "
                    + (format == null ? "no 'format'" : format.toString()) + ")");
        }
        JsonNode version = root.get("format_version");
        if (version == null || !version.isIntegralNumber()) {
            throw new InputException(display + ": 'format_version' must be a whole number (this reident reads version " + VERSION
                    + "), found " + (version == null ? "none" : version.toString()));
        }
        if (!version.canConvertToInt() || version.intValue() != VERSION) {
            throw new InputException(display + ": format_version " + version + " is not supported (this reident reads version "
                    + VERSION + ")");
        }
    }

    private static Standardization standardization(JsonNode node, String display) {
        if (node.isTextual()) {
            for (Standardization s : Standardization.values()) {
                if (s.label().equalsIgnoreCase(node.asText().strip())) {
                    return s;
                }
            }
        }
        throw new InputException(display + ": 'standardize' is " + node + ", expected \"own\", \"original\" or \"pooled\"");
    }

    private static Method methodOf(String aggregator, String display) {
        switch (aggregator) {
            case "wm": case "wm-m":
                return Method.WM;
            case "owa":
                return Method.OWA;
            case "choquet": case "choquet-m": case "ci": case "ci-m":
                return Method.CHOQUET;
            case "bilinear": case "bilinear-nc": case "bilinear-pd": case "sb":
                return Method.BILINEAR;
            case "md-star": case "mdstar":
                return Method.MD_STAR;
            default:
                throw new InputException(display + ": aggregator '" + aggregator
                        + "' is not one link can evaluate (expected wm, wm-m, owa, choquet, choquet-m, bilinear, bilinear-nc, md-star)");
        }
    }

    private static String text(JsonNode root, String key, String display) {
        JsonNode n = root.get(key);
        if (n == null || !n.isTextual()) {
            throw new InputException(display + ": missing string '" + key + "'");
        }
        return n.asText();
    }

    private static double[] numbers(JsonNode params, String key, int expected, String display) {
        JsonNode a = params.get(key);
        if (a == null || !a.isArray()) {
            throw new InputException(display + ": parameters." + key + " must be an array of " + expected + " numbers");
        }
        if (a.size() != expected) {
            throw new InputException(display + ": parameters." + key + " has " + a.size() + " values, expected " + expected);
        }
        double[] v = new double[expected];
        for (int i = 0; i < expected; i++) {
            JsonNode x = a.get(i);
            if (!x.isNumber() || !Double.isFinite(x.asDouble())) {
                throw new InputException(display + ": parameters." + key + "[" + i + "] is not a finite number");
            }
            v[i] = x.asDouble();
        }
        return v;
    }

    private static double[] weights(double[] w, String display) {
        double sum = 0;
        for (int k = 0; k < w.length; k++) {
            if (w[k] < 0) {
                throw new InputException(display + ": parameters.weights[" + k + "] = " + w[k] + " is negative");
            }
            sum += w[k];
        }
        if (sum <= 0) {
            throw new InputException(display + ": parameters.weights are all zero");
        }
        for (int k = 0; k < w.length; k++) {
            w[k] /= sum;
        }
        return w;
    }

    private static void checkMeasure(double[] mu, int n, String display) {
        int full = (1 << n) - 1;
        if (Math.abs(mu[0]) > TOLERANCE || Math.abs(mu[full] - 1) > TOLERANCE) {
            throw new InputException(display + ": parameters.measure must have mu(empty) = 0 and mu(all variables) = 1, found "
                    + mu[0] + " and " + mu[full]);
        }
        for (int mask = 0; mask <= full; mask++) {
            for (int k = 0; k < n; k++) {
                int bigger = mask | (1 << k);
                if (bigger != mask && mu[bigger] < mu[mask] - TOLERANCE) {
                    throw new InputException(display + ": parameters.measure is not monotone: mu[" + bigger + "] = "
                            + mu[bigger] + " < mu[" + mask + "] = " + mu[mask]);
                }
            }
        }
    }

    private static double[] matrix(JsonNode params, int n, String display) {
        JsonNode m = params.get("matrix");
        if (m == null || !m.isArray() || m.size() != n) {
            throw new InputException(display + ": parameters.matrix must be an array of " + n + " rows of " + n + " numbers");
        }
        double[] s = new double[n * n];
        for (int a = 0; a < n; a++) {
            JsonNode row = m.get(a);
            if (!row.isArray() || row.size() != n) {
                throw new InputException(display + ": parameters.matrix row " + a + " must have " + n + " numbers");
            }
            for (int b = 0; b < n; b++) {
                JsonNode x = row.get(b);
                if (!x.isNumber() || !Double.isFinite(x.asDouble())) {
                    throw new InputException(display + ": parameters.matrix[" + a + "][" + b + "] is not a finite number");
                }
                s[a * n + b] = x.asDouble();
            }
        }
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < a; b++) {
                double scale = Math.max(1, Math.max(Math.abs(s[a * n + b]), Math.abs(s[b * n + a])));
                if (Math.abs(s[a * n + b] - s[b * n + a]) > 1e-9 * scale) {
                    throw new InputException(display + ": parameters.matrix is not symmetric at [" + a + "][" + b + "]");
                }
            }
        }
        boolean zero = true;
        for (double v : s) {
            zero &= v == 0;
        }
        if (zero) { // every distance 0: every record tied with every other, as all-zero weights would be
            throw new InputException(display + ": parameters.matrix is all zero");
        }
        return s;
    }

    /** The JSON object of a model, without provenance (callers add it). */
    public static ObjectNode toJson(DistanceModel model) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("format_version", VERSION);
        root.put("aggregator", model.aggregator());
        ArrayNode vars = root.putArray("variables");
        model.variables().forEach(vars::add);
        if (model.standardization() != null) {
            root.put("standardize", model.standardization().label());
        }
        ObjectNode p = root.putObject("parameters");
        double[] v = model.values();
        switch (model.method()) {
            case WM:
            case OWA:
                ArrayNode w = p.putArray("weights");
                for (double x : v) {
                    w.add(x);
                }
                break;
            case CHOQUET:
                ArrayNode mu = p.putArray("measure");
                for (double x : v) {
                    mu.add(x);
                }
                break;
            default:
                int n = model.dimension();
                ArrayNode rows = p.putArray("matrix");
                for (int a = 0; a < n; a++) {
                    ArrayNode row = rows.addArray();
                    for (int b = 0; b < n; b++) {
                        row.add(v[a * n + b]);
                    }
                }
        }
        return root;
    }
}

package org.reident.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.reident.data.InputException;
import org.reident.distance.Method;
import org.reident.io.JsonInput;

/**
 * An experiment file: one original file, the protected files to compare (existing files, papers'
 * presets, or protections made by {@code reident protect}), and what to run on each. Read once,
 * validated whole before anything runs; every error names the file and the field (syntax errors
 * the line and column). Relative paths are resolved against the experiment file's folder.
 *
 * <pre>{
 *   "original": "census.csv",              required
 *   "vars": ["AGI", "FEDTAX"], "id": "ID",  optional, as --vars and --id
 *   "seed": 1,                             presets and protections (default 1)
 *   "risk": "am",                          measure's --method (default am)
 *   "methods": ["am", "md", "prl"],        link methods (default: none beyond measure's)
 *   "learn": ["wm", "choquet"],            learned worst cases (default none)
 *   "time_limit": "30s",                   per learn (default 60s)
 *   "prl_sample": 20000,                   PRL's --prl-sample in measure and link: records or "all"
 *   "protected": [                         required, at least one, names unique
 *     {"name": "M5-38", "preset": "M5-38", "reference": {"avrl": 26.01, "pil": 31.92, "score": 28.96}},
 *     {"name": "noise 10", "protect": ["noise", "--p", "10"]},
 *     {"name": "release", "file": "y.csv"}]
 * }</pre>
 */
record ExperimentPlan(Path file, Path original, List<String> vars, String id, long seed, String risk, List<String> methods,
        List<String> learn, String timeLimit, String prlSample, List<Entry> entries) {

    /** One protected file: exactly one of {@code file}, {@code preset}, {@code protect}; {@code reference} is shown beside. */
    record Entry(String name, Path file, String preset, List<String> protect, JsonNode reference) {
        /** A folder name for the entry's files: the name with anything but letters, digits, '-', '_' and '.' made '_'. */
        String slug() {
            String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
            return s.startsWith(".") ? "_" + s.substring(1) : s;
        }
    }

    private static final Set<String> KEYS = Set.of("original", "vars", "id", "seed", "risk", "methods", "learn", "time_limit",
            "prl_sample", "protected");
    private static final Set<String> ENTRY_KEYS = Set.of("name", "file", "preset", "protect", "reference");
    private static final Set<String> AGGREGATORS = Set.of("wm", "wm-m", "owa", "choquet", "choquet-m", "bilinear",
            "bilinear-nc", "md-star");

    static ExperimentPlan read(Path file) {
        String display = file.toString();
        JsonNode root = JsonInput.read(file, display, "the experiment's JSON object (one object per file)");
        if (root == null || !root.isObject()) {
            throw new InputException(display + ": expected a JSON object (an experiment: see 'reident experiment --help')");
        }
        unknownKeys(root, KEYS, display, "");
        Path base = file.toAbsolutePath().getParent();
        Path original = base.resolve(text(root, "original", display, "", true)).normalize();
        List<String> vars = strings(root, "vars", display);
        String id = text(root, "id", display, "", false);
        long seed = 1;
        if (root.has("seed")) {
            if (!root.get("seed").canConvertToLong() || !root.get("seed").isIntegralNumber()) {
                throw new InputException(display + ": 'seed' must be a whole number, found " + root.get("seed"));
            }
            seed = root.get("seed").asLong();
        }
        String risk = root.has("risk") ? text(root, "risk", display, "", true) : "am";
        method(risk, display, "'risk'");
        List<String> methods = strings(root, "methods", display);
        for (int i = 0; i < methods.size(); i++) {
            method(methods.get(i), display, "'methods'[" + i + "]");
        }
        List<String> learn = strings(root, "learn", display);
        for (int i = 0; i < learn.size(); i++) {
            if (!AGGREGATORS.contains(learn.get(i).toLowerCase(Locale.ROOT))) {
                throw new InputException(display + ": 'learn'[" + i + "]: expected one of " + new java.util.TreeSet<>(AGGREGATORS)
                        + ", found '" + learn.get(i) + "'");
            }
        }
        String timeLimit = root.has("time_limit") ? text(root, "time_limit", display, "", true) : "60s";
        String prlSample = prlSample(root.get("prl_sample"), display);
        JsonNode list = root.get("protected");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new InputException(display + ": 'protected' must be a non-empty array of protected files (objects)");
        }
        List<Entry> entries = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Entry e = entry(list.get(i), display, "'protected'[" + i + "]", base);
            if (!slugs.add(e.slug().toLowerCase(Locale.ROOT))) {
                throw new InputException(display + ": 'protected'[" + i + "]: the name '" + e.name()
                        + "' is used twice (names name the output folders)");
            }
            entries.add(e);
        }
        return new ExperimentPlan(file, original, vars, id, seed, risk, methods, learn, timeLimit, prlSample, List.copyOf(entries));
    }

    /** 'prl_sample' as measure's and link's --prl-sample: a whole number >= 1 or "all"; null when absent (their default). */
    private static String prlSample(JsonNode v, String display) {
        if (v == null) {
            return null;
        }
        if (v.isIntegralNumber() && v.canConvertToInt() && v.asInt() >= 1) {
            return Integer.toString(v.asInt());
        }
        if (v.isTextual() && v.asText().strip().equalsIgnoreCase("all")) {
            return "all";
        }
        throw new InputException(display + ": 'prl_sample' must be a number of records >= 1 or \"all\", found " + v);
    }

    private static Entry entry(JsonNode n, String display, String where, Path base) {
        if (!n.isObject()) {
            throw new InputException(display + ": " + where + ": expected an object with 'name' and one of 'file', 'preset', 'protect'");
        }
        unknownKeys(n, ENTRY_KEYS, display, where + ".");
        String name = text(n, "name", display, where + ".", true);
        if (name.isBlank()) {
            throw new InputException(display + ": " + where + ".name: must not be empty");
        }
        int kinds = (n.has("file") ? 1 : 0) + (n.has("preset") ? 1 : 0) + (n.has("protect") ? 1 : 0);
        if (kinds != 1) {
            throw new InputException(display + ": " + where + ": expected exactly one of 'file', 'preset', 'protect', found " + kinds);
        }
        Path file = n.has("file") ? base.resolve(text(n, "file", display, where + ".", true)).normalize() : null;
        String preset = n.has("preset") ? text(n, "preset", display, where + ".", true) : null;
        List<String> protect = null;
        if (n.has("protect")) {
            protect = strings(n, "protect", display, where + ".");
            if (protect.isEmpty() || protect.get(0).startsWith("-")) {
                throw new InputException(display + ": " + where + ".protect: expected the method and its options, e.g. "
                        + "[\"noise\", \"--p\", \"10\"]");
            }
            for (String a : protect) {
                if (a.equals("--original") || a.equals("--out") || a.startsWith("--original=") || a.startsWith("--out=")
                        || a.equals("--preset") || a.startsWith("--preset=")) {
                    throw new InputException(display + ": " + where + ".protect: '" + a
                            + "' is set by the experiment (use 'preset' for a preset)");
                }
            }
        }
        JsonNode reference = n.get("reference");
        if (reference != null && !reference.isObject()) {
            throw new InputException(display + ": " + where + ".reference: expected an object of figures to show beside ours");
        }
        return new Entry(name, file, preset, protect, reference);
    }

    private static void method(String label, String display, String where) {
        try {
            Method.parse(label);
        } catch (InputException e) {
            throw new InputException(display + ": " + where + ": " + e.getMessage());
        }
    }

    private static void unknownKeys(JsonNode n, Set<String> keys, String display, String where) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!keys.contains(k)) {
                throw new InputException(display + ": " + where + "'" + k + "': unknown key (expected one of "
                        + new java.util.TreeSet<>(keys) + ")");
            }
        }
    }

    private static String text(JsonNode n, String key, String display, String where, boolean required) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                throw new InputException(display + ": " + where + "'" + key + "' is required");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw new InputException(display + ": " + where + "'" + key + "' must be a string, found " + v);
        }
        return v.asText();
    }

    private static List<String> strings(JsonNode n, String key, String display) {
        return strings(n, key, display, "");
    }

    private static List<String> strings(JsonNode n, String key, String display, String where) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new InputException(display + ": " + where + "'" + key + "' must be an array of strings, found " + v);
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isTextual()) {
                throw new InputException(display + ": " + where + "'" + key + "' must hold strings, found " + e);
            }
            out.add(e.asText());
        }
        return List.copyOf(out);
    }

}

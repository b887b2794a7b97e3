package org.reident.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.reident.data.InputException;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident experiment}: compare protected files of one original file on risk and utility in
 * one run, and write the results (JSON) and a report (HTML). Each step is the command a user would
 * run ({@code protect}, {@code measure}, {@code link}, {@code learn}, each with {@code --json}), run in
 * this process, so the results are exactly theirs.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Compare protected files of one original file on disclosure risk and information loss.",
            "",
            "FILE is an experiment (JSON): the original file, the protected files (existing files, the papers' presets, "
                + "or protections made by 'reident protect'), and what to run on each: 'measure' always, 'link' for "
                + "each of 'methods', 'learn' for each of 'learn'. Writes DIR/results.json (every command's JSON object, "
                + "with the experiment's entry, the file and the options), DIR/experiment.json (the run's provenance), DIR/report.html (tables and the risk-utility "
                + "map, one self-contained page) and the made files under DIR/files/.",
            "",
            "Experiment file (paths relative to it):",
            "  {\"original\": \"census.csv\", \"vars\": [\"AGI\", \"FEDTAX\"], \"id\": \"ID\", \"seed\": 1,",
            "   \"risk\": \"am\", \"methods\": [\"md\", \"prl\"], \"learn\": [\"wm\"], \"time_limit\": \"30s\",",
            "   \"protected\": [{\"name\": \"M5-38\", \"preset\": \"M5-38\", \"reference\": {\"score\": 28.96}},",
            "                 {\"name\": \"noise 10\", \"protect\": [\"noise\", \"--p\", \"10\"]},",
            "                 {\"name\": \"release\", \"file\": \"y.csv\"}]}",
            "Only 'original' and 'protected' are required. Presets sample and write their own original file. "
                + "'prl_sample' (a number of records or \"all\") is measure's and link's --prl-sample."},
        footer = {"", "Examples:",
            "  reident experiment docs/experiments/table5.json --out table5",
            "  reident experiment my.json --out results --markdown results.md",
            "  reident report results/results.json --out again.html"})
public final class ExperimentCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The experiment (JSON).")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Folder for results.json, report.html and the made files (files/NAME/).")
    Path out;

    @Option(names = "--markdown", paramLabel = "FILE", converter = FileName.class,
            description = "Also write the report's tables as Markdown.")
    Path markdown;

    @Option(names = "--threads", paramLabel = "T", description = "Worker threads for each step (default: all cores).")
    Integer threads;

    @Override
    public Integer call() throws Exception {
        PrintWriter stderr = spec.commandLine().getErr();
        ExperimentPlan plan = ExperimentPlan.read(file);
        if (threads != null && threads < 1) {
            throw new InputException("--threads: expected at least 1, got " + threads);
        }
        checkInputs(plan);
        AtomicOutput.checkFolder(out, "--out");
        if (markdown != null) {
            AtomicOutput.checkWritable(markdown, "--markdown");
        }
        List<Path> made = new ArrayList<>();
        try {
            ArrayNode results = Reports.JSON.createArrayNode();
            String stoppedAt = null;
            int failed = 0;
            for (int i = 0; i < plan.entries().size() && stoppedAt == null; i++) {
                ExperimentPlan.Entry e = plan.entries().get(i);
                String tag = "[" + (i + 1) + "/" + plan.entries().size() + "] " + e.name();
                Path[] files;
                try {
                    files = make(plan, e, out.resolve("files").resolve(e.slug()), made, tag, stderr);
                } catch (StepFailed f) { // the entry has no file: its other steps cannot run
                    results.add(failure(e, "protect", null, f));
                    failed++;
                    continue;
                }
                List<String> common = common(plan, files);
                for (Step st : steps(plan, common)) {
                    JsonNode r;
                    try {
                        r = tagged(step(tag, st.what(), st.args(), stderr), e, st.kind(), files, st.args());
                    } catch (StepFailed f) {
                        results.add(failure(e, st.kind(), st.method(), f));
                        failed++;
                        continue;
                    }
                    results.add(r);
                    if (r.path("interrupted").asBoolean()) { // Ctrl-C in learn: keep what is done, run nothing more
                        stoppedAt = tag + ": " + st.what();
                        break;
                    }
                }
            }
            if (failed > 0) {
                stderr.println("reident: experiment: " + failed + " step(s) not run (each named above); the results say why");
            }
            ObjectNode meta = meta(plan);
            meta.put("complete", stoppedAt == null);
            if (stoppedAt != null) {
                meta.put("stopped", "interrupted (Ctrl-C) during " + stoppedAt);
                stderr.println("reident: experiment stopped by the user during " + stoppedAt + "; the results of the steps done "
                        + "are written, the rest not run");
            }
            AtomicOutput.writeString(out.resolve("results.json"), Reports.JSON.writeValueAsString(results) + "\n");
            AtomicOutput.writeString(out.resolve("experiment.json"), Reports.JSON.writeValueAsString(meta) + "\n");
            AtomicOutput.writeString(out.resolve("report.html"), ExperimentReport.html(meta, results));
            if (markdown != null) {
                AtomicOutput.writeString(markdown, ExperimentReport.markdown(meta, results, "reident experiment " + file
                        + " --out " + out + " --markdown " + markdown));
            }
        } catch (RuntimeException ex) {
            for (Path p : made) {
                deleteTree(p);
            }
            throw ex;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("wrote " + out.resolve("results.json") + ", " + out.resolve("experiment.json") + ", " + out.resolve("report.html")
                + (markdown != null ? ", " + markdown : ""));
        stdout.flush();
        return 0;
    }

    private void checkInputs(ExperimentPlan plan) {
        if (!Files.isRegularFile(plan.original())) {
            throw new InputException(plan.file() + ": 'original': no such file " + plan.original());
        }
        for (int i = 0; i < plan.entries().size(); i++) {
            Path f = plan.entries().get(i).file();
            if (f != null && !Files.isRegularFile(f)) {
                throw new InputException(plan.file() + ": 'protected'[" + i + "].file: no such file " + f);
            }
            List<String> protect = plan.entries().get(i).protect();
            if (protect != null) { // the options parsed now, so that a typo stops the run before any work
                List<String> args = new ArrayList<>(protect);
                args.addAll(List.of("--original", plan.original().toString(), "--out", "protected.csv"));
                try {
                    new picocli.CommandLine(new ProtectCommand()).parseArgs(args.toArray(new String[0]));
                } catch (picocli.CommandLine.ParameterException ex) {
                    throw new InputException(plan.file() + ": 'protected'[" + i + "].protect: " + Main.oneLine(ex.getMessage()));
                }
            }
        }
    }

    /** The entry's original and protected files, made first for a preset or a protection. */
    private Path[] make(ExperimentPlan plan, ExperimentPlan.Entry e, Path folder, List<Path> made, String tag, PrintWriter err)
            throws IOException, StepFailed {
        if (e.file() != null) {
            return new Path[] {plan.original(), e.file()};
        }
        if (!Files.exists(folder)) {
            made.add(folder);
        }
        List<String> args = new ArrayList<>(List.of("protect"));
        String seed = Long.toString(plan.seed());
        Path[] files;
        String what;
        if (e.preset() != null) {
            args.addAll(List.of("--preset", e.preset(), "--original", plan.original().toString(), "--out", folder.toString(),
                    "--seed", seed));
            files = new Path[] {folder.resolve("original.csv"), folder.resolve("protected.csv")};
            what = "protect --preset " + e.preset();
        } else {
            args.addAll(e.protect());
            files = new Path[] {plan.original(), folder.resolve("protected.csv")};
            args.addAll(List.of("--original", plan.original().toString(), "--out", files[1].toString()));
            if (!has(e.protect(), "--seed")) {
                args.addAll(List.of("--seed", seed));
            }
            if (!plan.vars().isEmpty() && !has(e.protect(), "--vars")) {
                args.addAll(List.of("--vars", String.join(",", plan.vars())));
            }
            if (plan.id() != null && !has(e.protect(), "--id")) {
                args.addAll(List.of("--id", plan.id()));
            }
            what = "protect " + String.join(" ", e.protect());
        }
        try {
            step(tag, what, args, err);
        } catch (StepFailed f) { // no file for the entry: the folder this run made goes
            if (made.remove(folder)) {
                deleteTree(folder);
            }
            throw f;
        }
        return files;
    }

    private static boolean has(List<String> args, String option) {
        for (String a : args) {
            if (a.equals(option) || a.startsWith(option + "=")) {
                return true;
            }
        }
        return false;
    }

    private List<String> common(ExperimentPlan plan, Path[] files) {
        List<String> a = new ArrayList<>(List.of("--original", files[0].toString(), "--protected", files[1].toString()));
        if (!plan.vars().isEmpty()) {
            a.addAll(List.of("--vars", String.join(",", plan.vars())));
        }
        if (plan.id() != null) {
            a.addAll(List.of("--id", plan.id()));
        }
        if (threads != null) {
            a.addAll(List.of("--threads", threads.toString()));
        }
        return a;
    }

    /** Runs one command in this process; its notes are passed on, its error becomes this command's. */
    private static JsonNode step(String tag, String what, List<String> args, PrintWriter err) throws IOException, StepFailed {
        err.println("reident: experiment " + tag + ": " + what);
        err.flush();
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        long t0 = System.nanoTime();
        int status = Main.execute(args.toArray(new String[0]), new PrintWriter(o, true), new PrintWriter(e, true));
        String said = e.toString().strip();
        if (status != 0) {
            String line = said.isEmpty() ? "exit status " + status : said.lines().reduce((a, b) -> b).orElse("");
            String why = line.replaceFirst("^reident: (error|internal error): ", "");
            err.println("reident: experiment " + tag + ": " + what + " not run: " + why);
            err.flush();
            throw new StepFailed(why);
        }
        for (String l : said.isEmpty() ? new String[0] : said.split("\\R")) {
            if (!l.isBlank()) {
                err.println(l.startsWith("reident: ") ? "reident: " + tag + ": " + l.substring("reident: ".length()) : l);
            }
        }
        err.flush();
        if (args.get(0).equals("protect")) {
            return null;
        }
        JsonNode n = Reports.JSON.readTree(o.toString());
        if (n instanceof ObjectNode obj && !obj.has("step_seconds")) {
            obj.put("step_seconds", Reports.round((System.nanoTime() - t0) / 1e9, 3));
        }
        String done = what.replaceFirst(" \\(up to [^)]*\\)$", "");
        err.println("reident: experiment " + tag + ": " + done + ": " + summary(args.get(0), n));
        err.flush();
        return n;
    }

    /** One step's outcome in a few words, for the progress line that ends it. */
    static String summary(String kind, JsonNode n) {
        String rate = String.format(Locale.ROOT, "%d / %d re-identified (%.2f%%)", n.path("reidentified").asInt(),
                n.path("records").asInt(), n.path("rate").asDouble());
        String seconds = String.format(Locale.ROOT, "%.1f s", n.path("step_seconds").asDouble(n.path("seconds").asDouble()));
        switch (kind) {
            case "measure": {
                StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "AvRL %.2f%%, PIL %.2f%%, score %.2f (",
                        n.path("avrl").asDouble(), n.path("pil").asDouble(), n.path("score").asDouble()));
                String sep = "";
                for (JsonNode l : n.path("linkages")) {
                    s.append(sep).append(String.format(Locale.ROOT, "%s %.2f%%", l.path("method").asText(),
                            l.path("expected_rate").asDouble()));
                    sep = ", ";
                }
                for (JsonNode l : n.path("not_run")) {
                    s.append(sep).append(l.path("method").asText()).append(" not run");
                    sep = ", ";
                }
                return s.append("), ").append(seconds).toString();
            }
            case "learn": // a proven optimum needs no bound beside it (the bound counts links by a margin of eps)
                String status = n.path("status").asText();
                String bound = status.equals("OPTIMAL") ? "" : ", bound " + n.path("objective_bound").asText();
                return rate + ", " + status + bound + ExperimentReport.epsSuffix(n) + ", " + seconds;
            default:
                return rate + ", " + seconds;
        }
    }

    /** A step that ended with an error: the experiment records it and goes on. */
    private static final class StepFailed extends Exception {
        private static final long serialVersionUID = 1L;

        StepFailed(String why) {
            super(why, null, false, false);
        }
    }

    /** One measure, link or learn step of an entry: what the progress line says, and its command line. */
    private record Step(String kind, String method, String what, List<String> args) {
    }

    private static List<Step> steps(ExperimentPlan plan, List<String> common) {
        List<Step> steps = new ArrayList<>();
        List<String> linking = new ArrayList<>(common); // measure and link fit PRL
        if (plan.prlSample() != null) {
            linking.addAll(List.of("--prl-sample", plan.prlSample()));
        }
        steps.add(new Step("measure", plan.risk(), "measure", args("measure", linking, "--method", plan.risk(), "--json")));
        for (String m : plan.methods()) {
            steps.add(new Step("link", m, "link " + m, args("link", linking, "--method", m, "--json")));
        }
        for (String a : plan.learn()) {
            steps.add(new Step("learn", a, "learn " + a + " (up to " + plan.timeLimit() + ")",
                    args("learn", common, "--aggregator", a, "--time-limit", plan.timeLimit(), "--json")));
        }
        return steps;
    }

    private static List<String> args(String command, List<String> common, String... more) {
        List<String> a = new ArrayList<>(List.of(command));
        a.addAll(common);
        a.addAll(List.of(more));
        return a;
    }

    private static ObjectNode failure(ExperimentPlan.Entry e, String kind, String method, StepFailed f) {
        ObjectNode n = Reports.JSON.createObjectNode();
        n.put("experiment", e.name());
        n.put("kind", kind);
        if (method != null) {
            n.put("method", method);
        }
        n.put("error", f.getMessage());
        return n;
    }

    private static ObjectNode tagged(JsonNode result, ExperimentPlan.Entry e, String kind, Path[] files, List<String> args) {
        ObjectNode n = (ObjectNode) result;
        n.put("experiment", e.name());
        n.put("kind", kind);
        n.put("file", files[1].toString());
        ArrayNode options = n.putArray("options");
        args.forEach(options::add);
        if (e.reference() != null && kind.equals("measure")) {
            n.set("reference", e.reference());
        }
        return n;
    }

    private ObjectNode meta(ExperimentPlan plan) {
        ObjectNode m = Reports.JSON.createObjectNode();
        m.put("experiment", plan.file().toString());
        m.put("sha256", Checksums.sha256(plan.file()));
        m.put("original", plan.original().toString());
        m.put("original_sha256", Checksums.sha256(plan.original()));
        m.put("seed", plan.seed());
        m.put("created", java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC).withNano(0).toString());
        m.put("machine", Machine.describe());
        m.put("version", Version.get());
        Reports.putCommit(m);
        return m;
    }

    private static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
        } catch (IOException ignored) {
            // best effort: the error being reported matters more
        }
    }
}

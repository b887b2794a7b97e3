package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident experiment} and {@code reident report}: the contract of DESIGN.md section 6. */
class ExperimentCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    @BeforeEach
    void files() throws IOException {
        x = dir.resolve("x.csv");
        y = dir.resolve("y.csv");
        Random r = new Random(13);
        StringBuilder a = new StringBuilder("A,B,C\n");
        StringBuilder b = new StringBuilder("A,B,C\n");
        for (int i = 0; i < 150; i++) {
            double u = r.nextGaussian();
            double v = u + r.nextGaussian();
            double w = r.nextGaussian() * 3;
            a.append(String.format(Locale.ROOT, "%.5f,%.5f,%.5f%n", u, v, w));
            b.append(String.format(Locale.ROOT, "%.5f,%.5f,%.5f%n", u + 0.4 * r.nextGaussian(), v + 0.4 * r.nextGaussian(),
                    w + 1.2 * r.nextGaussian()));
        }
        Files.writeString(x, a.toString());
        Files.writeString(y, b.toString());
    }

    private Path experiment(String protectedList) throws IOException {
        Path f = dir.resolve("exp.json");
        Files.writeString(f, "{\"original\": \"x.csv\", \"methods\": [\"md\"], \"learn\": [\"wm\"], \"time_limit\": \"30s\",\n"
                + " \"protected\": [" + protectedList + "]}\n");
        return f;
    }

    @Test
    void resultsAreTheCommandsOwnAndTheReportIsMadeAgainTheSame() throws IOException {
        Path f = experiment("{\"name\": \"given\", \"file\": \"y.csv\", \"reference\": {\"theirs\": 12.5}},\n"
                + " {\"name\": \"noise 20\", \"protect\": [\"noise\", \"--p\", \"20\"]}");
        Path out = dir.resolve("out");
        Cli r = Cli.run("experiment", f.toString(), "--out", out.toString(), "--markdown", dir.resolve("r.md").toString());
        assertEquals(0, r.status(), r.err());
        JsonNode results = JSON.readTree(Files.readString(out.resolve("results.json")));
        assertTrue(results.isArray());
        assertEquals(6, results.size()); // measure, link md, learn wm for each of two files
        List<String> kinds = new ArrayList<>();
        for (JsonNode o : results) {
            kinds.add(o.get("experiment").asText() + ":" + o.get("kind").asText() + ":" + o.get("method").asText());
            for (String key : List.of("records", "reidentified", "expected", "rate", "method", "seconds", "file", "options")) {
                assertTrue(o.has(key), key + " missing in " + o);
            }
        }
        assertEquals(List.of("given:measure:am", "given:link:md", "given:learn:wm", "noise 20:measure:am", "noise 20:link:md",
                "noise 20:learn:wm"), kinds);
        // the given file's measure is what 'measure --json' says on it
        Cli m = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--json");
        JsonNode direct = JSON.readTree(m.out());
        JsonNode given = results.get(0);
        for (String key : List.of("reidentified", "avrl", "il1s", "pil", "interval_disclosure", "score")) {
            assertEquals(direct.get(key).asDouble(), given.get(key).asDouble(), 0, key);
        }
        assertEquals(12.5, given.get("reference").get("theirs").asDouble());
        assertEquals(y.toString(), given.get("file").asText());
        // the made file is kept, and the learned worst case is at least the am rate (WM contains AM)
        Path made = out.resolve("files").resolve("noise_20").resolve("protected.csv");
        assertTrue(Files.isRegularFile(made));
        assertEquals(made.toString(), results.get(3).get("file").asText());
        assertTrue(results.get(5).get("reidentified").asInt() >= results.get(3).get("reidentified").asInt());
        JsonNode learned = results.get(2); // learn's JSON has the tie-aware rate as link's does
        assertEquals(100 * learned.get("expected").asDouble() / learned.get("records").asDouble(),
                learned.get("expected_rate").asDouble(), 1e-6);
        // the report: self-contained, names every file; 'report' makes the same page again
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("noise 20") && html.contains("given") && html.contains("<svg"));
        assertFalse(html.contains("<script") || html.contains("src=") || html.contains("href="));
        Cli again = Cli.run("report", out.resolve("results.json").toString(), "--out", dir.resolve("again.html").toString());
        assertEquals(0, again.status(), again.err());
        assertEquals(html, Files.readString(dir.resolve("again.html")));
        String md = Files.readString(dir.resolve("r.md"));
        assertTrue(md.contains("| given | 150 |"), md);
        assertTrue(md.contains("reference: theirs"), md);
        assertTrue(md.contains("| given | C | "), md); // the by-variable table
        // provenance: the machine, and the commit when the tool runs from a git checkout (the tests do)
        JsonNode meta = JSON.readTree(Files.readString(out.resolve("experiment.json")));
        String commit = Machine.commit();
        assertEquals(commit.isEmpty() ? "(none)" : commit, meta.path("commit").asText("(none)"));
        assertTrue(md.contains(" on " + Machine.describe() + " by reident ") && md.contains(commit.isEmpty() ? "" : " at commit " + commit + "."), md);
    }

    /** A preset samples its own original: measure runs on the preset's pair, the same as on the files protect writes. */
    @Test
    void aPresetEntryMeasuresThePresetsOwnPair() throws IOException {
        Path census = SharedDataFiles.file("census.csv");
        Path f = dir.resolve("preset.json");
        Files.writeString(f, "{\"original\": \"" + census.toString().replace("\\", "\\\\") + "\", \"seed\": 2,"
                + " \"protected\": [{\"name\": \"M5-38\", \"preset\": \"M5-38\"}]}");
        Path out = dir.resolve("out");
        Cli r = Cli.run("experiment", f.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        JsonNode m = JSON.readTree(Files.readString(out.resolve("results.json"))).get(0);
        Path folder = out.resolve("files").resolve("M5-38");
        assertEquals(folder.resolve("original.csv").toString(), m.get("original").get("file").asText());
        assertEquals(400, m.get("pairs").asInt());
        Path again = dir.resolve("again");
        assertEquals(0, Cli.run("protect", "--preset", "M5-38", "--original", census.toString(), "--out", again.toString(),
                "--seed", "2").status());
        JsonNode direct = JSON.readTree(Cli.run("measure", "--original", again.resolve("original.csv").toString(), "--protected",
                again.resolve("protected.csv").toString(), "--json").out());
        assertEquals(direct.get("score").asDouble(), m.get("score").asDouble(), 0);
        assertEquals(direct.get("reidentified").asInt(), m.get("reidentified").asInt());
    }

    /** Ctrl-C in a learn step (a stop request, as the handler makes it) ends the experiment there, its results kept. */
    @Test
    void aStopRequestEndsTheExperimentWithTheStepsDone() throws IOException {
        Path f = experiment("{\"name\": \"given\", \"file\": \"y.csv\"}, {\"name\": \"noise 20\", \"protect\": [\"noise\", \"--p\", \"20\"]}");
        Path out = dir.resolve("out");
        org.reident.learn.StopRequest.request(); // as the first Ctrl-C does; learn's handler clears it when it ends
        Cli r;
        try {
            r = Cli.run("experiment", f.toString(), "--out", out.toString());
        } finally {
            org.reident.learn.StopRequest.clear();
        }
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("experiment stopped by the user during [1/2] given: learn wm"), r.err());
        JsonNode results = JSON.readTree(Files.readString(out.resolve("results.json")));
        assertEquals(3, results.size()); // measure, link md, the stopped learn of the first file; nothing of the second
        assertTrue(results.get(2).get("interrupted").asBoolean());
        JsonNode meta = JSON.readTree(Files.readString(out.resolve("experiment.json")));
        assertFalse(meta.get("complete").asBoolean());
        assertTrue(Files.readString(out.resolve("report.html")).contains("Incomplete: interrupted (Ctrl-C) during [1/2] given"));
        assertFalse(Files.exists(out.resolve("files").resolve("noise_20")));
    }

    /** A protection's options are parsed before any work: a typo is a user error, and nothing is made. */
    @Test
    void aBadProtectionStopsTheRunBeforeAnyWork() throws IOException {
        Path f = experiment("{\"name\": \"noise 20\", \"protect\": [\"noise\", \"--p\", \"20\"]},\n"
                + " {\"name\": \"broken\", \"protect\": [\"noise\", \"--p\", \"many\"]}");
        Path out = dir.resolve("out");
        Cli r = Cli.run("experiment", f.toString(), "--out", out.toString());
        assertEquals(2, r.status());
        assertTrue(r.errLine().startsWith("reident: error: " + f + ": 'protected'[1].protect: "), r.err());
        assertTrue(r.errLine().contains("'many'"), r.err());
        assertFalse(Files.exists(out));
    }

    /** A step that fails on the data (MD on a file with a column published as it is) is recorded; the rest runs. */
    @Test
    void aStepThatFailsIsRecordedAndTheRunGoesOn() throws IOException {
        List<String> lines = Files.readAllLines(x);
        List<String> z = new ArrayList<>(List.of(lines.get(0)));
        Random r = new Random(3);
        for (String l : lines.subList(1, lines.size())) {
            String[] v = l.split(",");
            z.add(String.format(Locale.ROOT, "%.5f,%.5f,%s", Double.parseDouble(v[0]) + r.nextGaussian(),
                    Double.parseDouble(v[1]) + r.nextGaussian(), v[2])); // C unmasked: MD's covariance is singular
        }
        Files.write(dir.resolve("z.csv"), z);
        Path f = experiment("{\"name\": \"half\", \"file\": \"z.csv\"}, {\"name\": \"given\", \"file\": \"y.csv\"},"
                + " {\"name\": \"unknown\", \"protect\": [\"shuffle\"]}"); // parses, but there is no such method
        Path out = dir.resolve("out");
        Cli c = Cli.run("experiment", f.toString(), "--out", out.toString());
        assertEquals(0, c.status(), c.err());
        assertTrue(c.err().contains("reident: experiment [1/3] half: link md not run: "), c.err());
        JsonNode results = JSON.readTree(Files.readString(out.resolve("results.json")));
        assertEquals(7, results.size());
        JsonNode unknown = results.get(6);
        assertEquals("protect", unknown.get("kind").asText());
        assertTrue(unknown.get("error").asText().contains("shuffle"), unknown.toString());
        assertFalse(Files.exists(out.resolve("files").resolve("unknown")), "a failed protection leaves no folder");
        JsonNode md = results.get(1);
        assertEquals("link", md.get("kind").asText());
        assertEquals("md", md.get("method").asText());
        assertTrue(md.get("error").asText().contains("singular"), md.toString());
        assertTrue(results.get(4).has("reidentified"), "the second file's md ran");
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("Steps not run") && html.contains("not run"), html);
        assertFalse(html.contains("<th> %</th>"), "no column for a step without a method");
        Cli again = Cli.run("report", out.resolve("results.json").toString(), "--out", dir.resolve("again.html").toString());
        assertEquals(0, again.status(), again.err());

        // MD as the risk's linkage: measure runs without it (PRL alone in AvRL), and the report says why
        Path risk = dir.resolve("risk.json");
        Files.writeString(risk, "{\"original\": \"x.csv\", \"risk\": \"md\", \"methods\": [], \"learn\": [],"
                + " \"protected\": [{\"name\": \"half\", \"file\": \"z.csv\"}]}\n");
        Path out2 = dir.resolve("out2");
        Cli c2 = Cli.run("experiment", risk.toString(), "--out", out2.toString(), "--markdown", dir.resolve("risk.md").toString());
        assertEquals(0, c2.status(), c2.err());
        JsonNode m = JSON.readTree(Files.readString(out2.resolve("results.json"))).get(0);
        assertEquals("measure", m.get("kind").asText());
        assertEquals("md", m.get("not_run").get(0).get("method").asText());
        String md2 = Files.readString(dir.resolve("risk.md"));
        assertTrue(md2.contains("measure md (left out of AvRL)") && md2.contains("singular"), md2);
    }

    /** The line that ends each step: its figures, read from the step's own JSON. */
    /** 'prl_sample' reaches measure's and link's PRL: its fit is that of link --prl-sample on the same files. */
    @Test
    void prlSampleReachesMeasureAndLink() throws IOException {
        Path f = dir.resolve("prl.json");
        Files.writeString(f, "{\"original\": \"x.csv\", \"methods\": [\"prl\"], \"prl_sample\": 60,\n"
                + " \"protected\": [{\"name\": \"given\", \"file\": \"y.csv\"}]}\n");
        Path out = dir.resolve("prl-out");
        Cli r = Cli.run("experiment", f.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        JsonNode results = JSON.readTree(Files.readString(out.resolve("results.json")));
        JsonNode measured = results.get(0).get("linkages").get(1);
        JsonNode linked = results.get(1);
        assertEquals(60, measured.get("prl").get("em_query_records").asInt(), measured.toString());
        assertEquals(60, linked.get("prl").get("em_query_records").asInt(), linked.toString());
        Cli direct = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "prl", "--json",
                "--prl-sample", "60");
        JsonNode d = JSON.readTree(direct.out());
        assertEquals(d.get("reidentified").asInt(), linked.get("reidentified").asInt());
        assertEquals(d.get("prl").get("variables"), linked.get("prl").get("variables"));
    }

    @Test
    void eachStepEndsWithALineOfItsFigures() throws IOException {
        JsonNode measure = JSON.readTree("{\"avrl\": 48.214, \"pil\": 31.9249, \"score\": 40.0695, \"step_seconds\": 0.24,"
                + " \"linkages\": [{\"method\": \"am\", \"expected_rate\": 40.75}], \"not_run\": [{\"method\": \"md\"}]}");
        assertEquals("AvRL 48.21%, PIL 31.92%, score 40.07 (am 40.75%, md not run), 0.2 s", ExperimentCommand.summary("measure", measure));
        JsonNode learn = JSON.readTree("{\"reidentified\": 975, \"records\": 1080, \"rate\": 90.2777, \"status\": \"FEASIBLE\","
                + " \"objective_bound\": 981, \"step_seconds\": 60.31}");
        assertEquals("975 / 1080 re-identified (90.28%), FEASIBLE, bound 981, 60.3 s", ExperimentCommand.summary("learn", learn));
        ((com.fasterxml.jackson.databind.node.ObjectNode) learn).put("status", "OPTIMAL");
        assertEquals("975 / 1080 re-identified (90.28%), OPTIMAL, 60.3 s", ExperimentCommand.summary("learn", learn));
        ((com.fasterxml.jackson.databind.node.ObjectNode) learn).put("eps", 1e-4);
        assertEquals("975 / 1080 re-identified (90.28%), OPTIMAL, 60.3 s", ExperimentCommand.summary("learn", learn));
        ((com.fasterxml.jackson.databind.node.ObjectNode) learn).put("eps", 1e-6); // --eps auto on a skewed file
        assertEquals("975 / 1080 re-identified (90.28%), OPTIMAL, eps 1e-6, 60.3 s", ExperimentCommand.summary("learn", learn));
        JsonNode link = JSON.readTree("{\"reidentified\": 210, \"records\": 400, \"rate\": 52.5, \"seconds\": 0.05}");
        assertEquals("210 / 400 re-identified (52.50%), 0.1 s", ExperimentCommand.summary("link", link));
    }

    @Test
    void badExperimentFilesAreOneLineErrors() throws IOException {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\"original\": \"x.csv\",\n \"protected\": [ {\"name\": \"a\" \"file\": \"y.csv\"} ]}");
        assertError(f, f + ":2:30: not valid JSON"); // the second key's opening quote
        Files.writeString(f, "{\"original\": \"x.csv\", \"protceted\": []}");
        assertError(f, f + ": 'protceted': unknown key");
        Files.writeString(f, "{\"original\": \"x.csv\", \"protected\": [{\"name\": \"a\", \"file\": \"y.csv\", \"preset\": \"M5-38\"}]}");
        assertError(f, f + ": 'protected'[0]: expected exactly one of 'file', 'preset', 'protect', found 2");
        Files.writeString(f, "{\"original\": \"x.csv\", \"protected\": [{\"name\": \"a\", \"file\": \"nope.csv\"}]}");
        assertError(f, f + ": 'protected'[0].file: no such file");
        Files.writeString(f, "{\"original\": \"x.csv\", \"methods\": [\"md\", \"cosine\"], \"protected\": [{\"name\": \"a\", \"file\": \"y.csv\"}]}");
        assertError(f, f + ": 'methods'[1]: ");
        Files.writeString(f, "{\"original\": \"x.csv\", \"protected\": [{\"name\": \"a b\", \"file\": \"y.csv\"}, {\"name\": \"a_b\", \"file\": \"y.csv\"}]}");
        assertError(f, f + ": 'protected'[1]: the name 'a_b' is used twice");
        for (String bad : new String[] {"0", "-5", "2.5", "\"some\"", "[100]"}) {
            Files.writeString(f, "{\"original\": \"x.csv\", \"prl_sample\": " + bad + ", \"protected\": [{\"name\": \"a\", \"file\": \"y.csv\"}]}");
            assertError(f, f + ": 'prl_sample' must be a number of records >= 1 or \"all\", found " + bad);
        }
        assertFalse(Files.exists(dir.resolve("out")));
    }

    private void assertError(Path f, String start) {
        Cli r = Cli.run("experiment", f.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().startsWith("reident: error: " + start), r.errLine());
    }

    @Test
    void reportRefusesWhatIsNotAnExperimentsResults() throws IOException {
        Path f = dir.resolve("r.json");
        Files.writeString(f, "[{\"records\": 3}]");
        Cli r = Cli.run("report", f.toString(), "--out", dir.resolve("r.html").toString());
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("element 0 is not an experiment's result"), r.errLine());
        assertFalse(Files.exists(dir.resolve("r.html")));
    }
}

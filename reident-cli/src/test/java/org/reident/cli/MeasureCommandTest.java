package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line and JSON contract of {@code reident measure} (DESIGN.md section 6). */
class MeasureCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    /** 200 records, three variables, noise of 0.3 sd on two of them, the third published as it is. */
    @BeforeEach
    void files() throws IOException {
        x = dir.resolve("x.csv");
        y = dir.resolve("y.csv");
        Random r = new Random(7);
        StringBuilder a = new StringBuilder("ID,A,B,C\n");
        StringBuilder b = new StringBuilder("ID,A,B,C\n");
        for (int i = 0; i < 200; i++) {
            double u = r.nextGaussian();
            double v = u + r.nextGaussian();
            double w = Math.exp(r.nextGaussian());
            a.append(String.format(Locale.ROOT, "%d,%.6f,%.6f,%.6f%n", i, u, v, w));
            b.append(String.format(Locale.ROOT, "%d,%.6f,%.6f,%.6f%n", i, u + 0.3 * r.nextGaussian(),
                    v + 0.3 * Math.sqrt(2) * r.nextGaussian(), w));
        }
        Files.writeString(x, a.toString());
        Files.writeString(y, b.toString());
    }

    private JsonNode json(String... args) throws IOException {
        Cli r = Cli.run(args);
        assertEquals(0, r.status(), r.err());
        return JSON.readTree(r.out());
    }

    /** --prl-sample reaches measure's PRL: the same linkage as link's with the same sample. */
    @Test
    void prlFittedToASampleAsLinkFitsIt() throws IOException {
        JsonNode o = json("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--json",
                "--prl-sample", "80");
        JsonNode prl = json("link", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--method",
                "prl", "--json", "--prl-sample", "80");
        JsonNode measured = o.get("linkages").get(1);
        assertEquals("prl", measured.get("method").asText());
        assertEquals(80, measured.get("prl").get("em_query_records").asInt(), measured.toString());
        assertEquals(prl.get("reidentified").asInt(), measured.get("reidentified").asInt());
        assertEquals(prl.get("prl").get("variables"), measured.get("prl").get("variables"));
        Cli text = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--prl-sample", "80");
        assertTrue(text.out().contains("prl: EM fitted to the pairs of a seeded sample of 80 of 200 query records "
                + "(--prl-sample all on link and measure: every pair)"),
                text.out());
        Cli all = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C");
        assertFalse(all.out().contains("seeded sample"), all.out());
    }

    @Test
    void followsTheJsonContractAndItsParts() throws IOException {
        JsonNode o = json("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--json");
        for (String key : List.of("records", "reidentified", "expected", "rate", "method", "seconds", "interval_disclosure",
                "il1s", "pil", "score")) {
            assertTrue(o.has(key), key + " missing in " + o);
        }
        assertEquals("am", o.get("method").asText());
        assertEquals(200, o.get("records").asInt());
        // the same count as link
        JsonNode link = json("link", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--method",
                "am", "--json");
        assertEquals(link.get("reidentified").asInt(), o.get("reidentified").asInt());
        JsonNode prl = json("link", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--method",
                "prl", "--json");
        assertEquals(prl.get("rate").asDouble(), o.get("linkages").get(1).get("rate").asDouble(), 1e-9);
        // AvRL counts ties as the intruder's 1/t chance: the mean of the tie-aware rates
        double avrl = (link.get("expected_rate").asDouble() + prl.get("expected_rate").asDouble()) / 2;
        assertEquals(avrl, o.get("avrl").asDouble(), 1e-6);
        assertEquals((avrl + o.get("pil").asDouble()) / 2, o.get("score").asDouble(), 1e-5);
        // IL1s: C is unmasked; A and B have noise of 0.3 sd: about (0.3 + 0.3 + 0) / 3 / sqrt(pi) = 0.113
        assertEquals(0.2 / Math.sqrt(Math.PI), o.get("il1s").asDouble(), 0.02);
        JsonNode parts = o.get("pil_parts");
        double mean = 0;
        for (String k : List.of("means", "variances", "covariances", "correlations", "quantiles")) {
            mean += parts.get(k).asDouble() / 5;
        }
        assertEquals(mean, o.get("pil").asDouble(), 1e-5);
        double id = 0;
        for (int p = 1; p <= 10; p++) {
            id += o.get("interval_disclosure_by_percent").get(Integer.toString(p)).asDouble() / 10;
        }
        assertEquals(id, o.get("interval_disclosure").asDouble(), 1e-5);
        // C's values always lie in their own interval: at least a third of the pairs
        assertTrue(o.get("interval_disclosure").asDouble() > 100.0 / 3);
        // by variable: the unmasked C loses nothing and discloses everything; the means make the totals
        JsonNode by = o.get("by_variable");
        assertEquals(List.of("A", "B", "C"), List.of(by.get(0).get("variable").asText(), by.get(1).get("variable").asText(),
                by.get(2).get("variable").asText()));
        JsonNode c = by.get(2);
        assertEquals(0, c.get("il1s").asDouble());
        assertEquals(100, c.get("interval_disclosure").asDouble());
        assertEquals(0, c.get("pil_mean").asDouble() + c.get("pil_variance").asDouble() + c.get("pil_quantiles").asDouble());
        double il = 0;
        double inside = 0;
        double quantiles = 0;
        for (JsonNode v : by) {
            il += v.get("il1s").asDouble() / 3;
            inside += v.get("interval_disclosure").asDouble() / 3;
            quantiles += v.get("pil_quantiles").asDouble() / 3;
        }
        assertEquals(o.get("il1s").asDouble(), il, 1e-7);
        assertEquals(o.get("interval_disclosure").asDouble(), inside, 1e-5);
        assertEquals(parts.get("quantiles").asDouble(), quantiles, 1e-5);
        assertTrue(by.get(0).get("il1s").asDouble() > 0.1, by.toString()); // noise of 0.3 sd: about 0.3 / sqrt(pi)
    }

    /**
     * Microaggregation in pairs publishes each pair's mean twice: no true match is strictly nearest
     * (strict rate 0), but an intruder picking one of the two is right half the time; AvRL counts that.
     * Here 100 pairs of near-identical records (0.001 sd apart) each published as their mean.
     */
    @Test
    void avrlCountsTiesAsTheIntrudersChance() throws IOException {
        Random r = new Random(19);
        StringBuilder a = new StringBuilder("A,B\n");
        StringBuilder b = new StringBuilder("A,B\n");
        for (int j = 0; j < 100; j++) {
            double u = r.nextGaussian();
            double v = r.nextGaussian();
            double du = 0.001 * r.nextGaussian();
            double dv = 0.001 * r.nextGaussian();
            a.append(String.format(Locale.ROOT, "%.6f,%.6f%n%.6f,%.6f%n", u + du, v + dv, u - du, v - dv));
            b.append(String.format(Locale.ROOT, "%.6f,%.6f%n%.6f,%.6f%n", u, v, u, v));
        }
        Path xs = dir.resolve("pairs-x.csv");
        Path ys = dir.resolve("pairs-y.csv");
        Files.writeString(xs, a.toString());
        Files.writeString(ys, b.toString());
        JsonNode o = json("measure", "--original", xs.toString(), "--protected", ys.toString(), "--json");
        assertEquals(0, o.get("reidentified").asInt());
        JsonNode am = o.get("linkages").get(0);
        JsonNode prl = o.get("linkages").get(1);
        assertEquals(0, am.get("rate").asDouble());
        assertEquals(50, am.get("expected_rate").asDouble(), 1e-9); // every true match ties with its partner's copy
        assertEquals((50 + prl.get("expected_rate").asDouble()) / 2, o.get("avrl").asDouble(), 1e-5);
        assertTrue(o.get("avrl").asDouble() >= 25, o.toString());
    }

    @Test
    void theFileAgainstItselfLosesNothingAndDisclosesEverything() throws IOException {
        JsonNode o = json("measure", "--original", x.toString(), "--protected", x.toString(), "--vars", "A,B,C", "--no-prl",
                "--json");
        assertEquals(0, o.get("il1s").asDouble());
        assertEquals(0, o.get("pil").asDouble());
        assertEquals(100, o.get("interval_disclosure").asDouble());
        assertEquals(100, o.get("avrl").asDouble());
        assertEquals(50, o.get("score").asDouble());
        assertEquals(1, o.get("linkages").size());
    }

    @Test
    void textReportNamesEveryMeasure() {
        Cli r = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--id", "ID", "--vars", "A,B",
                "--method", "md");
        assertEquals(0, r.status(), r.err());
        for (String s : List.of("md ", "prl ", "AvRL", "interval disclosure", "IL1s", "PIL", "Score")) {
            assertTrue(r.out().contains(s), s + " missing in\n" + r.out());
        }
    }

    /** Every command's help formats cleanly: a stray '%' in a description makes picocli warn on System.err. */
    @Test
    void everyHelpFormatsWithoutAWarning() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            for (String cmd : List.of("measure", "experiment", "report", "link", "learn", "protect", "demo", "bench", "bench-learn", "bench-master",
                    "bench-cells", "reproduce")) {
                Cli h = Cli.run(cmd, "--help");
                assertEquals(0, h.status(), cmd);
                assertTrue(h.out().contains("Usage: reident " + cmd), h.out());
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** With --id only some records are matched; a column constant on them has no spread to measure against. */
    @Test
    void aColumnConstantOnTheMatchedRecordsIsAUserError() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, "ID,A,B\n1,5,1\n2,5,2\n3,9,3\n4,1,4\n");
        Files.writeString(b, "ID,A,B\n2,5.5,2.2\n1,4.5,0.9\n");
        Cli r = Cli.run("measure", "--original", a.toString(), "--protected", b.toString(), "--id", "ID", "--no-prl");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().startsWith("reident: error: " + a + ": column 'A' is constant (5.0) on the 2 records that have a true"),
                r.err());
        assertEquals("", r.out());
    }

    /** With a learned model and no --method, the risk is the model's own linkage: the learned worst case. */
    @Test
    void aLearnedModelIsTheRisksLinkage() throws IOException {
        Path model = dir.resolve("wm.json");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--id", "ID", "--vars", "A,B",
                "--aggregator", "wm", "--out", model.toString());
        assertEquals(0, learn.status(), learn.err());
        JsonNode o = json("measure", "--original", x.toString(), "--protected", y.toString(), "--id", "ID", "--params",
                model.toString(), "--json");
        assertEquals("wm", o.get("method").asText());
        JsonNode link = json("link", "--original", x.toString(), "--protected", y.toString(), "--id", "ID", "--method", "wm",
                "--params", model.toString(), "--json");
        assertEquals(link.get("reidentified").asInt(), o.get("reidentified").asInt());
        assertEquals(List.of("A", "B"), List.of(o.get("variables").get(0).asText(), o.get("variables").get(1).asText()));
    }

    /**
     * C is published unmasked, so MD's covariance of the differences is singular: MD is reported as not
     * run, AvRL is PRL's rate alone and the utility is measured all the same; with PRL left out too
     * nothing can be linked, a one-line user error.
     */
    @Test
    void aLinkageThatCannotRunIsSaidAndLeftOutOfAvrl() throws IOException {
        Cli r = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--method", "md",
                "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals("prl", o.get("method").asText());
        assertEquals(1, o.get("linkages").size());
        assertEquals("md", o.get("not_run").get(0).get("method").asText());
        assertTrue(o.get("not_run").get(0).get("error").asText().contains("singular"), o.toString());
        assertEquals(o.get("linkages").get(0).get("expected_rate").asDouble(), o.get("avrl").asDouble(), 1e-6);
        assertEquals((o.get("avrl").asDouble() + o.get("pil").asDouble()) / 2, o.get("score").asDouble(), 1e-5);
        assertTrue(r.err().contains("reident: note: md not run: ") && r.err().contains("AvRL is the rate of prl alone"), r.err());
        JsonNode ok = json("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--json");
        assertEquals(0, ok.get("not_run").size());
        assertEquals(ok.get("pil").asDouble(), o.get("pil").asDouble(), 0.0);

        Cli text = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--method", "md");
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("not run: ") && text.out().contains("AvRL: tie-aware rate of prl)"), text.out());

        Cli none = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--vars", "A,B,C", "--method", "md",
                "--no-prl");
        assertEquals(2, none.status(), none.err());
        assertTrue(none.errLine().startsWith("reident: error: md: ") && none.errLine().contains("singular"), none.err());
        assertEquals("", none.out());
    }

    @Test
    void badPercentIsAOneLineUserError() {
        Cli r = Cli.run("measure", "--original", x.toString(), "--protected", y.toString(), "--interval-percents", "0,5");
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("--interval-percents"), r.err());
        assertEquals("", r.out());
    }
}

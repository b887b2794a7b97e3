package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void demoWritesReproducibleFilesAndLinksWithEveryStandardMethod() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Cli r = Cli.run("demo", "--records", "300", "--out", a.toString());
        assertEquals(0, r.status(), r.err());
        for (String m : new String[] {"am ", "dbrl2 ", "md ", "md0 ", "kernel ", "prl "}) {
            assertTrue(r.out().contains("\n" + m), m + " row missing:\n" + r.out());
        }
        assertTrue(r.out().contains("files: " + a.resolve("original.csv")), r.out());
        // the utility line is what 'reident measure' says of the same pair
        JsonNode measured = new ObjectMapper().readTree(Cli.run("measure", "--original", a.resolve("original.csv").toString(),
                "--protected", a.resolve("protected.csv").toString(), "--json").out());
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "utility lost: IL1s %.4f, PIL %.2f %%; interval disclosure "
                + "%.2f %%; score (AvRL + PIL) / 2 = %.2f %%", measured.get("il1s").asDouble(), measured.get("pil").asDouble(),
                measured.get("interval_disclosure").asDouble(), measured.get("score").asDouble())), r.out());
        assertEquals(0, Cli.run("demo", "--records", "300", "--out", b.toString()).status());
        assertArrayEquals(Files.readAllBytes(a.resolve("original.csv")), Files.readAllBytes(b.resolve("original.csv")));
        assertArrayEquals(Files.readAllBytes(a.resolve("protected.csv")), Files.readAllBytes(b.resolve("protected.csv")));

        JsonNode results = new ObjectMapper().readTree(a.resolve("results.json").toFile());
        assertEquals(9, results.size());
        for (JsonNode o : results) {
            assertEquals(300, o.get("records").asInt());
            assertTrue(o.get("reidentified").asInt() > 0, o.toString());
        }
        // rows 7-9 are the learned worst cases within the weighted means, the Choquet integrals and the bilinear forms
        String[] labels = {"wm*", "ci*", "sb*"};
        String[] aggregators = {"wm", "choquet", "bilinear"};
        for (int k = 0; k < 3; k++) {
            JsonNode learned = results.get(6 + k);
            assertTrue(learned.get("learned").asBoolean());
            assertEquals(labels[k], learned.get("label").asText());
            assertEquals(aggregators[k], learned.get("aggregator").asText());
            assertEquals("OPTIMAL", learned.get("status").asText());
            assertTrue(r.out().contains("\n" + labels[k] + " "), r.out());
            // the sentence under the table states the bound at the margin the row was learned with (chosen from the file)
            assertEquals(results.get(6).get("eps").asDouble(), learned.get("eps").asDouble());
            assertTrue(r.out().contains(" links more than " + learned.get("objective_bound").asInt() + " records by a margin of at least "
                    + org.reident.learn.EpsAdvice.format(learned.get("eps").asDouble())), r.out());
        }
        JsonNode wm = results.get(6);
        assertTrue(wm.get("reidentified").asInt() >= results.get(0).get("reidentified").asInt());
        // the optima are ordered: each family holds the weighted means
        assertTrue(results.get(7).get("objective_bound").asInt() >= wm.get("objective_bound").asInt(), results.toString());
        assertTrue(results.get(8).get("objective_bound").asInt() >= wm.get("objective_bound").asInt(), results.toString());
        // the files the demo wrote link to the same counts through the public command
        Cli link = Cli.run("link", "--original", a.resolve("original.csv").toString(), "--protected",
                a.resolve("protected.csv").toString(), "--method", "am", "--json");
        JsonNode am = new ObjectMapper().readTree(link.out());
        assertEquals(results.get(0).get("reidentified").asInt(), am.get("reidentified").asInt());
    }

    @Test
    void theSmallerMarginNoteCountsInTheRightNumber() {
        assertEquals("", DemoCommand.smallerMargin(0));
        assertEquals(" (1 more is linked here by a smaller margin)", DemoCommand.smallerMargin(1));
        assertEquals(" (2 more are linked here by a smaller margin)", DemoCommand.smallerMargin(2));
    }

    @Test
    void otherSeedGivesOtherFiles() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, Cli.run("demo", "--records", "50", "--out", a.toString(), "--json").status());
        assertEquals(0, Cli.run("demo", "--records", "50", "--seed", "7", "--out", b.toString(), "--json").status());
        assertTrue(!Files.readString(a.resolve("original.csv")).equals(Files.readString(b.resolve("original.csv"))));
    }

    @Test
    void learnNoneLinksOnlyAndLearnListsChooseTheRows() throws IOException {
        Path a = dir.resolve("a");
        assertEquals(0, Cli.run("demo", "--records", "60", "--out", a.toString(), "--learn", "none", "--json").status());
        assertEquals(6, new ObjectMapper().readTree(a.resolve("results.json").toFile()).size());
        Cli r = Cli.run("demo", "--records", "60", "--out", a.toString(), "--learn", "wm-m,wm-m,owa");
        assertEquals(0, r.status(), r.err());
        JsonNode results = new ObjectMapper().readTree(a.resolve("results.json").toFile());
        assertEquals(8, results.size());
        assertEquals("wm-m*", results.get(6).get("label").asText());
        assertEquals("owa*", results.get(7).get("label").asText());
        assertTrue(r.out().contains("owa*: the OWA operator that links the most records"), r.out());
    }

    @Test
    void anUnknownFamilyToLearnIsAUserError() {
        Cli r = Cli.run("demo", "--records", "20", "--out", dir.resolve("c").toString(), "--learn", "wm,cubic");
        assertEquals(2, r.status());
        assertTrue(r.errLine().startsWith("reident: error: --learn: unknown aggregator 'cubic'"), r.err());
        assertTrue(!Files.exists(dir.resolve("c")), "nothing written on a user error");
    }

    @Test
    void badOptionIsAUserError() {
        Cli r = Cli.run("demo", "--records", "3", "--out", dir.resolve("c").toString());
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("--records: expected at least 10"), r.err());
        for (String v : new String[] {"0", "9"}) {
            r = Cli.run("demo", "--variables", v, "--out", dir.resolve("c").toString());
            assertEquals(2, r.status(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.errLine().contains("--variables: expected 1 to 8 (WAGES, "), r.err());
            assertTrue(!Files.exists(dir.resolve("c")), "nothing written");
        }
        r = Cli.run("demo", "--records", "400000000", "--learn", "none", "--out", dir.resolve("c").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().contains("--records: at most 357913939 with 6 variables"), r.err());
        // the most records allowed: one array of 17.2 GB, refused at once by a smaller heap
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 17_000_000_000L, "a heap this large would take the array");
        r = Cli.run("demo", "--records", "357913939", "--learn", "none", "--out", dir.resolve("c").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().startsWith("reident: error: out of memory (Java heap of "), r.err());
        assertTrue(!Files.exists(dir.resolve("c").resolve("original.csv")), "nothing written");
    }
}

package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        for (String m : new String[] {"am ", "dbrl2 ", "md ", "md0 ", "kernel "}) {
            assertTrue(r.out().contains("\n" + m), m + " row missing:\n" + r.out());
        }
        assertTrue(r.out().contains("files: " + a.resolve("original.csv")), r.out());
        assertEquals(0, Cli.run("demo", "--records", "300", "--out", b.toString()).status());
        assertArrayEquals(Files.readAllBytes(a.resolve("original.csv")), Files.readAllBytes(b.resolve("original.csv")));
        assertArrayEquals(Files.readAllBytes(a.resolve("protected.csv")), Files.readAllBytes(b.resolve("protected.csv")));

        JsonNode results = new ObjectMapper().readTree(a.resolve("results.json").toFile());
        assertEquals(6, results.size());
        for (JsonNode o : results) {
            assertEquals(300, o.get("records").asInt());
            assertTrue(o.get("reidentified").asInt() > 0, o.toString());
        }
        // the sixth row is the learned worst case within the weighted means: at least AM
        JsonNode learned = results.get(5);
        assertTrue(learned.get("learned").asBoolean());
        assertEquals("OPTIMAL", learned.get("status").asText());
        assertTrue(learned.get("reidentified").asInt() >= results.get(0).get("reidentified").asInt());
        assertTrue(r.out().contains("\nwm* "), r.out());
        // the files the demo wrote link to the same counts through the public command
        Cli link = Cli.run("link", "--original", a.resolve("original.csv").toString(), "--protected",
                a.resolve("protected.csv").toString(), "--method", "am", "--json");
        JsonNode am = new ObjectMapper().readTree(link.out());
        assertEquals(results.get(0).get("reidentified").asInt(), am.get("reidentified").asInt());
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
    void badOptionIsAUserError() {
        Cli r = Cli.run("demo", "--records", "3", "--out", dir.resolve("c").toString());
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("--records: expected at least 10"), r.err());
    }
}

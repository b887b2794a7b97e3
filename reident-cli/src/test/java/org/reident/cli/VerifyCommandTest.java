package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident verify}: a learn run's conflicts file checked again, and the user errors around it. */
class VerifyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    /** 60 generated records of 3 variables with 40% noise ({@link Cli#noisyPair}). */
    @BeforeEach
    void files() {
        Path[] pair = Cli.noisyPair(dir, 60);
        x = pair[0];
        y = pair[1];
    }

    private Cli verify(String aggregator, Path f, String... extra) {
        String[] base = {"verify", "--original", x.toString(), "--protected", y.toString(), "--aggregator", aggregator,
            "--conflicts", f.toString(), "--time-limit", "60s"};
        return Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new));
    }

    /**
     * SB proven optimal with its conflicts kept: verify proves every conflict, the learner's bound and
     * the optimum (exit 0), in the text and in the JSON, whose bound and best are the learn run's.
     */
    @Test
    void aLearnedProofIsVerified() throws IOException {
        Path f = dir.resolve("sb.conflicts");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "bilinear",
                "--time-limit", "60s", "--eps", "1e-4", "--conflicts", f.toString(), "--json");
        assertEquals(0, learn.status(), learn.err());
        JsonNode l = JSON.readTree(learn.out());
        assertEquals("OPTIMAL", l.get("status").asText());
        int bound = l.get("objective_bound").asInt();
        Cli text = verify("bilinear", f);
        assertEquals(0, text.status(), text.out() + text.err());
        assertTrue(text.out().contains("VERIFIED: the file's bound " + bound + " holds"), text.out());
        assertTrue(text.out().contains("; OPTIMAL, verified"), text.out());
        assertTrue(text.err().contains("reident verify: "), "progress on standard error: " + text.err());
        Cli json = verify("bilinear", f, "--json");
        assertEquals(0, json.status(), json.err());
        assertEquals("", json.err(), "silent with --json");
        JsonNode v = JSON.readTree(json.out());
        assertTrue(v.get("verified").asBoolean());
        JsonNode b = v.get("blocks").get(0);
        assertEquals(b.get("conflicts").asInt(), b.get("conflicts_proven").asInt(), b.toString());
        assertEquals(bound, b.get("bound").asInt());
        assertEquals(bound, b.get("file_bound").asInt());
        assertTrue(b.get("optimal_verified").asBoolean(), b.toString());
        assertEquals(0, b.get("conflicts_not_proven").size());
    }

    /**
     * A missing file, a file of another family (its fingerprint differs) and a bad --threads are user
     * errors: one line on standard error, exit status 2, no stack trace.
     */
    @Test
    void badInputIsOneLineAndStatusTwo() throws IOException {
        Path missing = dir.resolve("none.conflicts");
        Cli r = verify("bilinear", missing);
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("none.conflicts: no such file"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        Path f = dir.resolve("ci.conflicts");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "choquet",
                "--time-limit", "30s", "--conflicts", f.toString(), "--json");
        assertEquals(0, learn.status(), learn.err());
        assertTrue(Files.exists(f));
        Cli other = verify("bilinear", f);
        assertEquals(2, other.status(), other.err());
        assertEquals(1, other.err().strip().lines().count(), other.err());
        assertFalse(other.err().contains("Exception"), other.err());
        Cli threads = verify("choquet", f, "--threads", "0");
        assertEquals(2, threads.status(), threads.err());
        assertTrue(threads.err().contains("--threads: expected at least 1"), threads.err());
    }
}

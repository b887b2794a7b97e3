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

/** {@code learn --conflicts FILE}: the conflicts kept for a later run, and the user errors around it. */
class LearnConflictsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    /** 60 generated records of 3 variables with 40% noise: SB takes a few rounds of conflicts. */
    @BeforeEach
    void files() {
        Path[] pair = Cli.noisyPair(dir, 60);
        x = pair[0];
        y = pair[1];
    }

    private Cli learn(String... extra) {
        String[] base = {"learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "bilinear",
            "--time-limit", "60s"};
        return Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new));
    }

    /** A first run keeping its conflicts in {@code f}, proven optimal: its JSON. */
    private JsonNode firstRun(Path f) throws IOException {
        Cli first = learn("--conflicts", f.toString(), "--json");
        assertEquals(0, first.status(), first.err());
        JsonNode a = JSON.readTree(first.out());
        assertEquals("OPTIMAL", a.get("status").asText(), first.out());
        return a;
    }

    /**
     * The first run makes the file and says so; the second reads every conflict of it, proves the same
     * optimum before any check (the file's bound is the optimum), and says how many it read, in the
     * text and in the JSON.
     */
    @Test
    void aSecondRunStartsFromTheFirstRunsConflicts() throws IOException {
        Path f = dir.resolve("sb.conflicts");
        JsonNode a = firstRun(f);
        int kept = a.get("conflicts").get("kept").asInt();
        assertTrue(kept > 0, a.toString());
        assertEquals(0, a.get("conflicts").get("read").asInt());
        assertEquals(f.toString(), a.get("conflicts").get("file").asText());
        assertFalse(a.get("conflicts").has("bound_read"), a.toString());
        assertTrue(Files.readString(f).startsWith("reident conflicts 1\nfingerprint "));
        Cli json = learn("--conflicts", f.toString(), "--json");
        assertEquals(a.get("objective_bound").asInt(), JSON.readTree(json.out()).get("conflicts").get("bound_read").asInt(), json.out());
        Cli second = learn("--conflicts", f.toString());
        assertEquals(0, second.status(), second.err());
        assertTrue(second.err().contains("reident learn: conflicts: " + kept + " read from " + f + " (eps 1e-4) and its bound "
                + a.get("objective_bound").asInt() + " (the run's was "), second.err());
        assertTrue(second.out().contains("status OPTIMAL: " + a.get("reidentified").asInt() + " re-identified"), second.out());
        assertTrue(second.out().contains("conflicts: " + kept + " at eps 1e-4 kept in " + f + " for a later run (" + kept
                + " of them read from it; the bound " + a.get("objective_bound").asInt() + " is the one read, proven by the run that"
                + " wrote it)"), second.out());
    }

    /**
     * `bench-master --conflicts` replays the master alone over a proof's conflicts: with M records, U
     * unlinkable alone and B linked at the optimum, both trees find no cover of M - U - B - 1 records
     * (the proof) and one of M - U - B (the optimum's unlinked records hit every conflict).
     */
    @Test
    void theMasterAloneReplaysTheProofsConflicts() throws IOException {
        Path f = dir.resolve("sb.conflicts");
        JsonNode a = firstRun(f);
        long cover = a.get("records").asLong() - a.get("unlinkable").asLong() - a.get("milp_linked").asLong();
        assertTrue(cover > 0, a.toString());
        Cli none = Cli.run("bench-master", "--conflicts", f.toString(), "--at-most", Long.toString(cover - 1));
        assertEquals(0, none.status(), none.err());
        assertTrue(none.out().contains("| 1 | " + a.get("conflicts").get("kept").asInt() + " | none up to " + (cover - 1) + " |"), none.out());
        Cli found = Cli.run("bench-master", "--conflicts", f.toString(), "--at-most", Long.toString(cover));
        assertEquals(0, found.status(), found.err());
        assertTrue(found.out().contains("| 1 | " + a.get("conflicts").get("kept").asInt() + " | " + cover + " |"), found.out());
        Cli alone = Cli.run("bench-master", "--conflicts", f.toString());
        assertEquals(2, alone.status());
        assertEquals("reident: error: --conflicts and --at-most: give both (--at-most >= 0) or neither", alone.err().strip());
    }

    /**
     * User errors, each one line and exit status 2, before any solve, and the file left as it was:
     * the big-M formulation, HRLA, a file of another problem (the same file learned for SB_NC), and a
     * file that is not a conflicts file.
     */
    @Test
    void userErrorsSayWhatIsWrong() throws IOException {
        Path f = dir.resolve("sb.conflicts");
        Cli big = learn("--conflicts", f.toString(), "--formulation", "big-m");
        assertEquals(2, big.status());
        assertEquals("reident: error: --conflicts keeps the conflicts of the cuts formulation: use it with --method milp"
                + " --formulation cuts", big.err().strip());
        assertFalse(Files.exists(f), "nothing written");
        Cli hrla = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "choquet",
                "--method", "hrla", "--conflicts", f.toString());
        assertEquals(2, hrla.status());
        assertTrue(hrla.err().startsWith("reident: error: --conflicts keeps the conflicts of the cuts formulation"), hrla.err());
        assertFalse(Files.exists(f), "nothing written");
        assertEquals(0, learn("--conflicts", f.toString(), "--json").status());
        String before = Files.readString(f);
        Cli other = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "bilinear-nc",
                "--time-limit", "60s", "--conflicts", f.toString());
        assertEquals(2, other.status());
        assertTrue(other.err().startsWith("reident: error: " + f + ": holds the conflicts of another problem"), other.err());
        assertFalse(other.err().contains("round"), "refused before any round: " + other.err());
        assertEquals(1, other.err().strip().lines().count(), "one line: " + other.err());
        assertEquals(before, Files.readString(f), "a refused file is left as it was");
        Cli input = learn("--conflicts", x.toString());
        assertEquals(2, input.status());
        assertTrue(input.err().contains("--conflicts"), input.err());
        Path notOurs = dir.resolve("notes.txt");
        Files.writeString(notOurs, "hello\n");
        Cli bad = learn("--conflicts", notOurs.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains(notOurs + ":1:1: expected the header 'reident conflicts 1', got 'hello'"), bad.err());
        assertEquals("hello\n", Files.readString(notOurs));
    }
}

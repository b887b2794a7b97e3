package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident bench-master} on a small preset: a consistent table, saved problems replayed alike, and clear errors. */
class BenchMasterCommandTest {
    @Test
    void replaysEveryMasterProblemWithBothBoundsAndTotalsThem() {
        Path census = SharedDataFiles.file("census.csv");
        Cli r = Cli.run("bench-master", "--census", census.toString(), "--file", "M4-33", "--records", "400",
                "--aggregator", "choquet", "--time-limit", "30s", "--baseline", "packing", "--threads", "2");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("The two trees give the same answer on every solve both finished."), r.out());
        long packing = 0;
        long dual = 0;
        int rows = 0;
        for (String line : r.out().split("\n")) {
            String[] f = line.split("\\|");
            if (f.length < 8 || !f[1].strip().matches("\\d+")) {
                continue;
            }
            rows++;
            assertEquals(rows, Integer.parseInt(f[1].strip()), "solves numbered in order");
            assertTrue(f[3].strip().matches("\\d+|none up to \\d+"), "a definite answer: " + line);
            packing += Long.parseLong(f[4].strip());
            dual += Long.parseLong(f[6].strip());
        }
        assertTrue(rows > 0, r.out());
        String[] all = r.out().lines().filter(l -> l.startsWith("| all |")).findFirst().orElseThrow().split("\\|");
        assertEquals(packing, Long.parseLong(all[4].strip()), "the packing total is the sum:\n" + r.out());
        assertEquals(dual, Long.parseLong(all[6].strip()), "the dual total is the sum:\n" + r.out());
    }

    /**
     * Problems saved by one run and loaded by another replay to the same answers, and the one-thread
     * baseline to the same nodes (it depends only on the problems); the loaded run learns nothing.
     */
    @Test
    void savedProblemsReplayAlikeWhenLoaded(@TempDir Path dir) throws IOException {
        Path census = SharedDataFiles.file("census.csv");
        Path file = dir.resolve("masters.txt");
        Cli saved = Cli.run("bench-master", "--census", census.toString(), "--file", "M4-33", "--records", "400",
                "--aggregator", "choquet", "--time-limit", "30s", "--threads", "2", "--save", file.toString());
        assertEquals(0, saved.status(), saved.err());
        assertTrue(saved.err().contains("master problems to " + file), saved.err());
        Cli loaded = Cli.run("bench-master", "--load", file.toString(), "--threads", "2", "--cell-bounds", "200");
        assertEquals(0, loaded.status(), loaded.err());
        assertTrue(loaded.out().contains("200 cells of a quarter to all of the records, drawn with seed 1"), loaded.out());
        assertTrue(!loaded.err().contains("learning"), loaded.err());
        assertTrue(loaded.out().contains("loaded from masters.txt ("), loaded.out());
        List<String> a = rows(saved.out());
        List<String> b = rows(loaded.out());
        assertTrue(!a.isEmpty(), saved.out());
        assertEquals(a, b, "cuts, answer and baseline nodes of every solve");
        Files.writeString(file, "records 3\n");
        Cli bad = Cli.run("bench-master", "--load", file.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.errLine().startsWith("reident: error: " + file + ":1: expected the header"), bad.err());
        Cli both = Cli.run("bench-master", "--load", file.toString(), "--save", file.toString());
        assertEquals(2, both.status());
        assertTrue(both.errLine().contains("--save and --load"), both.err());
        assertEquals("records 3\n", Files.readString(file), "the refused command leaves the file alone");
    }

    /** Of each solve's row: number, cuts, answer and the baseline's nodes (not the timings). */
    private static List<String> rows(String out) {
        List<String> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.split("\\|");
            if (f.length >= 8 && f[1].strip().matches("\\d+")) {
                rows.add(f[1] + "|" + f[2] + "|" + f[3] + "|" + f[4]);
            }
        }
        return rows;
    }

    @Test
    void unknownNamesAreUserErrorsNamingTheOptionBeforeAnyWork() {
        Cli master = Cli.run("bench-master", "--file", "M9-99");
        assertEquals(2, master.status());
        assertTrue(master.errLine().startsWith("reident: error: --file: unknown preset 'M9-99'"), master.err());
        Cli learn = Cli.run("bench-learn", "--files", "M4-33,M9-99", "--variants", "wm", "--no-plain", "--no-big-m");
        assertEquals(2, learn.status());
        assertTrue(learn.errLine().startsWith("reident: error: --files: unknown preset 'M9-99'"), learn.err());
        assertEquals("", learn.out(), "nothing learned before the check");
        Cli variant = Cli.run("bench-learn", "--files", "M4-33", "--variants", "wm,nope", "--no-plain", "--no-big-m");
        assertEquals(2, variant.status());
        assertTrue(variant.errLine().startsWith("reident: error: --variants: unknown aggregator 'nope'"), variant.err());
    }

    @Test
    void badLimitsAndTreesAreUserErrors() {
        Cli r = Cli.run("bench-master", "--node-limit", "0");
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("--node-limit"), r.err());
        Cli tree = Cli.run("bench-master", "--baseline", "scip");
        assertEquals(2, tree.status());
        assertTrue(tree.errLine().startsWith("reident: error: --baseline: expected packing, dual or split, got 'scip'"), tree.err());
        Cli threads = Cli.run("bench-master", "--threads", "0");
        assertEquals(2, threads.status());
        assertTrue(threads.errLine().contains("--threads must be at least 1"), threads.err());
    }
}

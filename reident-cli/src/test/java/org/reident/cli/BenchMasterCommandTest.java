package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code reident bench-master} on a small preset: a consistent table, and a clear error. */
class BenchMasterCommandTest {
    @Test
    void replaysEveryMasterProblemWithBothBoundsAndTotalsThem() {
        Path census = SharedDataFiles.file("census.csv");
        Cli r = Cli.run("bench-master", "--census", census.toString(), "--file", "M4-33", "--records", "400",
                "--aggregator", "choquet", "--time-limit", "30s");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("The two bounds give the same answer on every solve both finished."), r.out());
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
        assertTrue(r.out().contains(String.format("| all | | | %d | ", packing)), "the packing total is the sum:\n" + r.out());
        assertTrue(r.out().contains(String.format(" | %d | ", dual)), "the dual total is the sum:\n" + r.out());
    }

    @Test
    void aNonPositiveNodeLimitIsAUserError() {
        Cli r = Cli.run("bench-master", "--node-limit", "0");
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("--node-limit"), r.err());
    }
}

package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident bench-cells}: one row per search in turn, the Markdown file, and clear errors. */
class BenchCellsCommandTest {
    @TempDir
    Path dir;

    @Test
    void eachFirstRivalCountIsSearchedInTurnAndTheTableWritten() throws Exception {
        Path demo = dir.resolve("demo");
        Cli d = Cli.run("demo", "--records", "300", "--variables", "4", "--protection", "noise", "--noise", "60", "--learn", "none",
                "--out", demo.toString(), "--json");
        assertEquals(0, d.status(), d.err());
        Path md = dir.resolve("cells.md");
        Cli r = Cli.run("bench-cells", "--original", demo.resolve("original.csv").toString(), "--protected",
                demo.resolve("protected.csv").toString(), "--first-rivals", "4,16", "--workers", "1,2", "--rounds", "2",
                "--pairs-always",
                "--time-limit", "60s", "--markdown", md.toString());
        assertEquals(0, r.status(), r.err());
        List<String[]> rows = r.out().lines().filter(l -> l.matches("\\| \\d+ \\| \\d+ \\|.*")).map(l -> l.split("\\|")).toList();
        assertEquals(8, rows.size(), r.out());
        String bound = null;
        for (int i = 0; i < rows.size(); i++) {
            String[] f = rows.get(i);
            assertEquals(i % 4 < 2 ? "4" : "16", f[1].strip(), "first rivals in turn");
            assertEquals(i % 2 == 0 ? "1" : "2", f[2].strip(), "workers in turn within each");
            assertEquals(Integer.toString(i / 4 + 1), f[3].strip(), "rounds in order");
            assertTrue(f[11].strip().endsWith("(proven)"), "a small file is proven: " + String.join("|", f));
            assertEquals(f[12].strip(), f[11].strip().replace(" (proven)", ""), "proven: bound = found");
            bound = bound == null ? f[11].strip() : bound;
            assertEquals(bound, f[11].strip(), "every search proves the same optimum, on one worker or two");
        }
        assertEquals(r.out(), Files.readString(md), "the Markdown file holds the table printed");
        assertTrue(r.out().matches("(?s).* on \\d{4}-\\d\\d-\\d\\d( at commit [0-9a-f]+( \\+ uncommitted changes)?)? \\(.+, \\d+ cores, Java .*"), "names the machine: " + r.out());
    }

    @Test
    void badOptionsAreUserErrors() {
        Path x = dir.resolve("x.csv");
        Cli family = Cli.run("bench-cells", "--original", x.toString(), "--protected", x.toString(), "--aggregator", "choquet");
        assertEquals(2, family.status());
        assertTrue(family.errLine().startsWith("reident: error: --aggregator: the weight cells search wm, wm-m and owa"),
                family.err());
        Cli first = Cli.run("bench-cells", "--original", x.toString(), "--protected", x.toString(), "--first-rivals", "16,0");
        assertEquals(2, first.status());
        assertTrue(first.errLine().contains("--first-rivals: expected counts of at least 1, got 0"), first.err());
        Cli workers = Cli.run("bench-cells", "--original", x.toString(), "--protected", x.toString(), "--workers", "0");
        assertEquals(2, workers.status());
        assertTrue(workers.errLine().contains("--workers: expected counts of at least 1, got 0"), workers.err());
        Cli missing = Cli.run("bench-cells", "--original", x.toString(), "--protected", x.toString());
        assertEquals(2, missing.status());
        assertTrue(missing.errLine().contains("x.csv"), missing.err());
        assertEquals("", missing.out(), "nothing printed before the input is read");
    }
}

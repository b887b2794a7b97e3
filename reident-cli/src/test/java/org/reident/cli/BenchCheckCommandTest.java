package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident bench-check}: the demo's own pair, every check holding on HEAD's learner, and clear errors. */
class BenchCheckCommandTest {
    @Test
    void checksTheDemosPairAndEveryCheckHolds(@TempDir Path dir) throws IOException {
        Path kept = dir.resolve("kept");
        Cli r = Cli.run("bench-check", "--seeds", "5", "--shapes", "30x3:noise30", "--variants", "wm,choquet,bilinear",
                "--time-limit", "20s", "--keep", kept.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("Every check holds."), r.out());
        assertTrue(r.out().contains("1 file; cuts: 3 runs, 3 OPTIMAL, 3 verified, 0 left open; big-M: 3 runs, 3 OPTIMAL; "
                + "5 comparisons between families and with AM; "), r.out());
        assertTrue(r.out().matches("(?s).*with AM; \\d+\\.\\d minutes\\.\n.*"), "the wall time, as the docs quote it:\n" + r.out());
        long rows = r.out().lines().filter(l -> l.startsWith("| 30x3:noise30 | 5 |")).count();
        assertEquals(3, rows, r.out());
        // the pair is the one 'reident demo' makes with the same shape and seed, so a disagreement's command reproduces it
        Path demo = dir.resolve("demo");
        Cli d = Cli.run("demo", "--records", "30", "--variables", "3", "--protection", "noise", "--noise", "30", "--learn", "none",
                "--seed", "5", "--out", demo.toString(), "--json");
        assertEquals(0, d.status(), d.err());
        Path at = kept.resolve("30x3-noise30-seed5");
        assertEquals(Files.readString(demo.resolve("original.csv")), Files.readString(at.resolve("original.csv")));
        assertEquals(Files.readString(demo.resolve("protected.csv")), Files.readString(at.resolve("protected.csv")));
        assertTrue(Files.isRegularFile(at.resolve("bilinear.conflicts")), "the cuts run's conflicts are kept");
    }

    /** The options of learn that change the problem reach every run and verify (a conflicts file is bound to them). */
    @Test
    void learnsAndVerifiesATrainingSubsetTheOtherWayRound() {
        Cli r = Cli.run("bench-check", "--seeds", "7", "--shapes", "40x3:noise30", "--variants", "wm,bilinear", "--no-big-m",
                "--train-fraction", "0.5", "--train-seed", "3", "--direction", "protected-to-original", "--standardize", "pooled");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("learned on a fraction 0.5 of the records (seed 3), protected-to-original, standardised pooled"),
                r.out());
        assertTrue(r.out().contains("1 file; cuts: 2 runs, 2 OPTIMAL, 2 verified, 0 left open; big-M: 0 runs, 0 OPTIMAL; "
                + "3 comparisons between families and with AM; "), r.out());
        // the bounds count training records: at most 20 of the 40
        for (String line : r.out().split("\n")) {
            if (line.startsWith("| 40x3:noise30 | 7 |")) {
                assertTrue(Integer.parseInt(line.split("\\|")[5].strip()) <= 20, line);
            }
        }
    }

    @Test
    void badShapesAndFamiliesAreRefusedInOneLine() {
        Cli r = Cli.run("bench-check", "--shapes", "60by4:noise20");
        assertEquals(2, r.status());
        assertEquals("reident: error: --shapes: expected RECORDSxVARIABLES:PROTECTION such as 60x4:noise20 or 60x3:mdav, "
                + "got '60by4:noise20'", r.errLine());
        Cli v = Cli.run("bench-check", "--shapes", "60x9:mdav");
        assertEquals(2, v.status());
        assertTrue(v.errLine().startsWith("reident: error: --shapes: expected at least 2 records and 1 to 8 variables"), v.err());
        Cli a = Cli.run("bench-check", "--variants", "wm,median");
        assertEquals(2, a.status());
        assertTrue(a.errLine().startsWith("reident: error: --variants"), a.err());
        Cli d = Cli.run("bench-check", "--direction", "protected-to-original", "--standardize", "original");
        assertEquals(2, d.status());
        assertTrue(d.errLine().contains("use --standardize own or pooled"), d.err());
        Cli f = Cli.run("bench-check", "--train-fraction", "1.5");
        assertEquals(2, f.status());
        assertTrue(f.errLine().startsWith("reident: error: --train-fraction: expected a fraction in (0, 1]"), f.err());
        assertEquals("", r.out() + v.out() + a.out() + d.out() + f.out(), "nothing printed before the refusal");
    }
}

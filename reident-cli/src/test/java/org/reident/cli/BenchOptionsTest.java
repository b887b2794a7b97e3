package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The option values of the benchmark commands (bench, bench-learn, bench-master, bench-cells, bench-check,
 * reproduce) are checked before any work: a bad one exits 2 with one line naming the option, and
 * nothing reaches standard output (no report header).
 */
class BenchOptionsTest {
    @TempDir
    Path dir;

    /** Runs the command and returns its one error line, after checking the user-error contract. */
    private static String refused(String... args) {
        Cli r = Cli.run(args);
        assertEquals(2, r.status(), "exit status; stderr: " + r.err());
        assertEquals("", r.out(), "nothing may be printed before the check");
        String line = r.errLine();
        assertTrue(line.startsWith("reident: error: "), line);
        return line.substring("reident: error: ".length());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "--large 20 --large-vars 0|--large-vars: expected 1 to 8 (WAGES, INTEREST, DIVIDENDS, FEDTAX, STATETAX, FICA, RENTS, PENSIONS), got 0",
        "--large 20 --large-vars 9|--large-vars: expected 1 to 8 (WAGES, INTEREST, DIVIDENDS, FEDTAX, STATETAX, FICA, RENTS, PENSIONS), got 9",
        "--large 1|--large: expected 0 (no generated file) or at least 2 records, got 1",
        "--large -5|--large: expected 0 (no generated file) or at least 2 records, got -5",
        "--large 2000000000|--large: at most 357913939 with --large-vars 6 (one table of values is a Java array), got 2000000000",
        "--large 20 --noise -5|--noise: expected a percentage >= 0, got -5.0",
        "--large 20 --noise Infinity|--noise: expected a percentage >= 0, got Infinity",
        "--large 20 --naive-rows -1|--naive-rows: expected at least 1, got -1",
        "--large 20 --naive-rows 0|--naive-rows: expected at least 1, got 0",
        "--large 20 --repeat -1|--repeat: expected 0 or more, got -1",
        "--large 20 --nearest -1|--nearest: expected 0 or more rivals, got -1",
        "--large 20 --methods am,nope|--methods: unknown method 'nope' (expected am, dbrl2, md, md0, kernel, prl, wm, owa, choquet, bilinear or md-star)",
    })
    void benchRefusesABadValueBeforeTheHeader(String options, String message) {
        // --eia names a file that exists: the option alone is at fault
        String[] args = ("bench --eia " + SharedDataFiles.file("eia.csv") + " " + options).split(" ");
        assertEquals(message, refused(args));
    }

    @Test
    void benchRefusesAnEiaFileTheUserNamedThatDoesNotExist() {
        Path nope = dir.resolve("nope.csv");
        assertEquals(nope + ": no such file (--eia)", refused("bench", "--eia", nope.toString(), "--large", "0"));
    }

    @Test
    void benchRefusesABadEiaFileBeforeTheHeader() throws IOException {
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, "");
        assertEquals(empty + ":1: empty file: expected a header line naming the columns",
                refused("bench", "--eia", empty.toString(), "--large", "0"));
    }

    @Test
    void benchRunsAnEiaFileTheUserNamed() throws IOException {
        Path small = dir.resolve("small.csv");
        Files.writeString(small, "UTILITYID,A,B\n1,1,10\n2,2,25\n3,4,15\n4,7,11\n5,9,30\n");
        Cli r = Cli.run("bench", "--eia", small.toString(), "--large", "0", "--repeat", "0");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("## EIA, 5 x 5, 2 variables, noise 10.0%"), r.out());
        // 10% noise leaves these five well-separated records nearest their own: every method links all
        String am = r.out().lines().filter(l -> l.startsWith("| am |")).findFirst().orElseThrow();
        assertTrue(am.startsWith("| am | 5 / 5 |") && am.endsWith("| yes |"), am);

        // --methods times those alone, in the table's order, and the header names the option
        Cli some = Cli.run("bench", "--eia", small.toString(), "--large", "0", "--repeat", "0", "--methods", "md,am");
        assertEquals(0, some.status(), some.err());
        List<String> rows = some.out().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| method")).toList();
        assertEquals(2, rows.size(), some.out());
        assertTrue(rows.get(0).startsWith("| am |") && rows.get(1).startsWith("| md |"), some.out());
        assertTrue(some.out().contains("`./reident bench --large 0 --methods md,am` on " + Machine.generatedOn() + "."), some.out());
    }

    /**
     * With a file the engine searches a tree for, --nearest times every record's nearest rivals by the
     * tree and by every pair, and both find the same; on a small file it says why there is no table.
     */
    @Test
    void benchTimesTheNearestRivalsWhereTheEngineSearchesATree() throws IOException {
        Path small = dir.resolve("small.csv");
        Files.writeString(small, "UTILITYID,A,B\n1,1,10\n2,2,25\n3,4,15\n4,7,11\n5,9,30\n");
        Cli r = Cli.run("bench", "--eia", small.toString(), "--large", "2500", "--large-vars", "3", "--repeat", "0",
                "--naive-rows", "20", "--methods", "am,kernel,choquet", "--nearest", "5");
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        assertTrue(out.contains("Nearest rivals: not timed, the engine searches no tree for these methods on this file"), out);
        assertTrue(out.contains("`./reident bench --large 2500 --methods am,kernel,choquet --nearest 5`"), out);
        assertTrue(out.contains("Every record's 5 nearest rivals"), out);
        List<String> rows = out.substring(out.indexOf("Every record's 5 nearest rivals")).lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| method")).toList();
        // the kernel is not a distance the tree searches
        assertEquals(2, rows.size(), out);
        assertTrue(rows.get(0).startsWith("| am |") && rows.get(0).endsWith("| yes |"), rows.get(0));
        assertTrue(rows.get(1).startsWith("| choquet |") && rows.get(1).endsWith("| yes |"), rows.get(1));
    }

    /** The default EIA path may be absent (a checkout without ../shared): skipped with a note, as before. */
    @Test
    void benchSkipsTheDefaultEiaPathWhenItIsAbsent() {
        Assumptions.assumeFalse(Files.exists(Path.of("../shared/data/eia.csv")), "the default EIA file is present here");
        Cli r = Cli.run("bench", "--large", "0");
        assertEquals(0, r.status(), r.err());
        assertEquals("reident bench: ../shared/data/eia.csv not found, EIA part skipped", r.err().strip());
        assertTrue(r.out().startsWith("# Linkage benchmark"), r.out());
    }

    @Test
    void benchLearnAndBenchMasterRefuseARecordCountBeforeTheHeader() {
        String census = SharedDataFiles.file("census.csv").toString();
        assertEquals("--records: expected 0 (the whole file) or a number of records, got -1",
                refused("bench-learn", "--census", census, "--files", "M4-33", "--variants", "wm", "--records", "-1"));
        assertEquals("--records 2: preset M4-33 cannot be made from so few records: columns [0, 1]: group size 3 is larger "
                + "than half the 2 records; microaggregation needs at least two groups",
                refused("bench-learn", "--census", census, "--files", "M4-33", "--variants", "wm", "--records", "2"));
        assertEquals("--records 1: preset M5-38 cannot be made from so few records: columns [0, 1, 2]: group size 3 is larger "
                + "than half the 1 record; microaggregation needs at least two groups",
                refused("bench-master", "--census", census, "--records", "1"));
    }

    @Test
    void benchCellsRefusesAnInfiniteMargin() {
        assertEquals("--cells must be >= 0, --rounds >= 1 and --eps a finite number > 0",
                refused("bench-cells", "--original", "x.csv", "--protected", "y.csv", "--eps", "Infinity"));
    }

    @Test
    void benchCheckRefusesBadLimitsNamingTheOption() {
        assertEquals("--time-limit: expected a duration such as 90s, 10m or 1h, got '-5s'", refused("bench-check", "--time-limit", "-5s"));
        assertEquals("--verify-limit: expected a duration such as 90s, 10m or 1h, got '0s'", refused("bench-check", "--verify-limit", "0s"));
    }

    @Test
    void reproduceRefusesAnUnknownPresetAndAMissingNamedEiaFile() {
        String census = SharedDataFiles.file("census.csv").toString();
        assertTrue(refused("reproduce", "--census", census, "--preset", "M4-33,M9-99")
                .startsWith("--preset: unknown preset 'M9-99' (expected one of M4-33, "));
        Path nope = dir.resolve("nope.csv");
        assertEquals(nope + ": no such file (--eia)", refused("reproduce", "--census", census, "--eia", nope.toString(),
                "--preset", "M4-33"));
        assertEquals("--seeds: expected at least 1, got 0", refused("reproduce", "--census", census, "--seeds", "0"));
    }
}

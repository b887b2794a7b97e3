package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every entry of the validation catalogue: one line on standard error naming file, line and column,
 * exit status 2, no stack trace, and no output file left behind.
 */
class ValidationCatalogueTest {
    @TempDir
    Path dir;

    private static final String GOOD = "A,B,C\n1,10,5\n2,20,7\n3,15,9\n4,11,2\n";

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** Runs link with a per-record output file and checks the common contract of a user error. */
    private String fails(Path x, Path y, String... extra) {
        Path out = dir.resolve("records.csv");
        String[] base = {"link", "--original", x.toString(), "--protected", y.toString(), "--out", out.toString()};
        String[] args = Stream.concat(Stream.of(base), Stream.of(extra)).toArray(String[]::new);
        Cli r = Cli.run(args);
        assertEquals(2, r.status(), "exit status; stderr: " + r.err());
        String line = r.errLine();
        assertTrue(line.startsWith("reident: error: "), line);
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(Files.exists(out), "no output file may be left behind");
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.filter(p -> p.getFileName().toString().endsWith(".tmp")).count(), "no temporary file left");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return line;
    }

    @Test
    void missingFile() throws IOException {
        Path y = file("y.csv", GOOD);
        String m = fails(dir.resolve("nope.csv"), y);
        assertTrue(m.endsWith("nope.csv: no such file"), m);
    }

    @Test
    void emptyFile() throws IOException {
        String m = fails(file("x.csv", ""), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:1: empty file"), m);
    }

    @Test
    void headerOnly() throws IOException {
        String m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n"));
        assertTrue(m.contains("y.csv:1: header only"), m);
    }

    @Test
    void raggedRow() throws IOException {
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n2,20\n3,15,9\n"), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:3: ragged row: 2 fields where the header on line 1 has 3"), m);
    }

    @Test
    void malformedQuotingAndEncodingSayWhereInOurWords() throws IOException {
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n\n2,\"20,7\n3,15,9\n"), file("y.csv", GOOD));
        assertTrue(m.endsWith("x.csv:4:2: unterminated quoted field (expected a closing \")"), m);
        m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\r1,10,5\r2,\"20\"0,7\r"));
        assertTrue(m.endsWith("y.csv:3:2: unexpected character after a closing quote (expected a comma or the end"
                + " of the line)"), m);
        Path latin1 = dir.resolve("l.csv");
        Files.write(latin1, new byte[] {'A', ',', 'B', '\n', '1', ',', '2', '\n', '3', ',', (byte) 0xE9, '\n'});
        m = fails(latin1, file("y.csv", GOOD));
        assertTrue(m.endsWith("l.csv:3:2: not UTF-8 text: byte 0xE9 (expected a CSV file saved as UTF-8)"), m);
    }

    @Test
    void nonNumericCell() throws IOException {
        String m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n1,10,5\n2,2O,7\n3,15,9\n4,11,2\n"));
        assertTrue(m.contains("y.csv:3:2 (column 'B'): expected a number, found \"2O\""), m);
    }

    @Test
    void textColumnRequestedByName() throws IOException {
        String m = fails(file("x.csv", "A,N\n1,x\n2,y\n"), file("y.csv", "A,N\n1,x\n2,y\n"), "--vars", "A,N");
        assertTrue(m.contains("x.csv:2:2 (column 'N'): expected a number, found \"x\""), m);
    }

    @Test
    void missingCellsSayHowManyAndWhere() throws IOException {
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n2,,7\n3,NA,9\n4,11,2\n"), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:3:2 (column 'B'): missing value (2 empty/NA cells in 2 records of this file)"), m);
        assertTrue(m.contains("--missing drop"), m);
    }

    @Test
    void missingDropRemovesRecordsFromBothFiles() throws IOException {
        Path x = file("x.csv", "A,B\n1,10\n2,\n3,15\n4,11\n5,30\n");
        Path y = file("y.csv", "A,B\n1,10\n2,20\nNA,15\n4,11\n5,31\n");
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--missing", "drop",
                "--method", "am", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"records\" : 3"), r.out());
        assertTrue(r.out().contains("\"dropped\" : 4"), r.out());
        assertTrue(r.err().contains("dropped 2 records of"), r.err());
    }

    @Test
    void nanAndInfinity() throws IOException {
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n2,NaN,7\n3,15,9\n4,11,2\n"), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:3:2 (column 'B'): expected a finite number, found NaN"), m);
        m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n1,10,5\n2,20,7\n3,15,-Inf\n4,11,2\n"));
        assertTrue(m.contains("y.csv:4:3 (column 'C'): expected a finite number, found -Inf"), m);
        m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n1,10,5\n2,20,7\n3,15,1e400\n4,11,2\n"));
        assertTrue(m.contains("y.csv:4:3 (column 'C'): expected a finite number, found 1e400"), m);
    }

    /** A message quoting a cell of 100,000 characters was a line of 100,000 characters: its middle is cut. */
    @Test
    void aHugeCellIsCutOutOfTheMessage() throws IOException {
        String cell = "1" + "x".repeat(100_000);
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n2," + cell + ",7\n3,15,9\n4,11,2\n"), file("y.csv", GOOD), "--vars", "A,B,C");
        assertTrue(m.length() < 700, "length " + m.length());
        assertTrue(m.contains("x.csv:3:2 (column 'B'): expected a number, found \"1xxx") && m.contains(" characters ...] xxx"), m);
    }

    /** Values whose squares overflow or underflow (1e200 gave every record tied: 0 re-identified, silently). */
    @Test
    void hugeAndTinyMagnitudes() throws IOException {
        String m = fails(file("x.csv", "A,B,C\n1,10,5\n2,1e200,7\n3,15,9\n4,11,2\n"), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:3:2 (column 'B'): expected 0 or a number of magnitude 1e-150 to 1e150 (squares would"
                + " overflow or underflow), found 1e200"), m);
        m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n1,10,5\n2,20,7\n3,15,-3e-200\n4,11,2\n"));
        assertTrue(m.contains("y.csv:4:3 (column 'C'): expected 0 or a number of magnitude"), m);
        m = fails(file("x.csv", "A,B,C\n1,10,5\n2,1.1e150,7\n3,15,9\n4,11,2\n"), file("y.csv", GOOD));
        assertTrue(m.contains("found 1.1e150"), m);
    }

    /** The range's ends and 0 are accepted. */
    @Test
    void magnitudesAtTheEndsOfTheRangeAreAccepted() throws IOException {
        Path x = file("x.csv", "A,B,C\n1,1e150,5\n2,-1e150,0\n3,1e-150,9\n4,0,2\n");
        Path y = file("y.csv", "A,B,C\n1,1e150,5\n2,-1e150,0\n3,1e-150,9\n4,0,2\n");
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"records\" : 4"), r.out());
    }

    @Test
    void duplicateColumnNames() throws IOException {
        String m = fails(file("x.csv", "A,B,A\n1,10,5\n2,20,7\n"), file("y.csv", GOOD));
        assertTrue(m.contains("x.csv:1:3: duplicate column name 'A' (also column 1)"), m);
    }

    @Test
    void variableAbsentFromOneFile() throws IOException {
        String m = fails(file("x.csv", GOOD), file("y.csv", "A,B\n1,10\n2,20\n3,15\n4,11\n"), "--vars", "A,C");
        assertTrue(m.contains("y.csv:1: no variable 'C' (columns: A, B)"), m);
    }

    @Test
    void constantVariable() throws IOException {
        String m = fails(file("x.csv", "A,B\n1,10\n2,10\n3,10\n"), file("y.csv", "A,B\n1,10\n2,20\n3,15\n"));
        assertTrue(m.contains("x.csv: column 'B' (column 2) is constant (all 3 values are 10.0)"), m);
    }

    @Test
    void differentRecordCountsWithoutId() throws IOException {
        String m = fails(file("x.csv", GOOD), file("y.csv", "A,B,C\n1,10,5\n2,20,7\n"));
        assertTrue(m.contains("different record counts: "), m);
        assertTrue(m.contains("x.csv has 4") && m.contains("y.csv has 2") && m.contains("--id"), m);
    }

    @Test
    void duplicateIds() throws IOException {
        String m = fails(file("x.csv", "ID,A\na,1\nb,2\nc,3\n"), file("y.csv", "ID,A\nc,3\nb,2\nc,1\n"), "--id", "ID");
        assertTrue(m.contains("y.csv:4:1 (column 'ID'): duplicate id 'c' (also on line 2)"), m);
    }

    @Test
    void idColumnAbsent() throws IOException {
        String m = fails(file("x.csv", GOOD), file("y.csv", GOOD), "--id", "KEY");
        assertTrue(m.contains("x.csv:1: no id column 'KEY'"), m);
    }

    @Test
    void unknownMethodAndBadOption() throws IOException {
        Path x = file("x.csv", GOOD);
        String m = fails(x, x, "--method", "cosine");
        assertTrue(m.contains("--method: unknown method 'cosine'"), m);
        m = fails(x, x, "--standardize", "median");
        assertTrue(m.contains("--standardize: unknown choice 'median'"), m);
        Cli r = Cli.run("link", "--protected", x.toString());
        assertEquals(2, r.status());
        assertTrue(r.errLine().contains("Missing required option: '--original=FILE'"), r.err());
    }

    @Test
    void idAlignmentAllowsSubsetsAndShuffledRows() throws IOException {
        Path x = file("x.csv", "ID,A,B\nr1,1,10\nr2,2,20\nr3,3,15\nr9,4,4\n");
        Path y = file("y.csv", "ID,A,B\nr3,3.1,15.2\nr1,1.1,10.1\nr2,2.1,19.9\nr7,9,9\nr8,8,3\n");
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--id", "ID", "--method", "am", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"records\" : 3"), r.out());
        assertTrue(r.out().contains("\"unmatched\" : 1"), r.out());
        assertTrue(r.err().contains("1 of 4 records of " + x + " have no record with the same ID"), r.err());
    }
}

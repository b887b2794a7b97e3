package org.reident.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Messages name physical file lines (docs/design.md): skipped blank lines count, "\r\n", "\n" and a
 * lone "\r" each end one line, and a record that spans lines inside quotes is on the line it starts.
 */
class CsvReaderLinesTest {
    @TempDir
    Path dir;

    private CsvTable read(String text) throws IOException {
        Path p = dir.resolve("f.csv");
        Files.writeString(p, text);
        return CsvReader.read(p, "f.csv");
    }

    private static int[] lines(CsvTable t) {
        int[] l = new int[t.rows()];
        for (int r = 0; r < l.length; r++) {
            l[r] = t.line(r);
        }
        return l;
    }

    /** The message of loading {@code text} as both files with the id column ID (if any) and variables. */
    private String linkError(String text, String id, String... vars) throws IOException {
        CsvTable t = read(text);
        return assertThrows(InputException.class,
                () -> new LinkageDataBuilder(t, t).idColumn(id).variables(java.util.List.of(vars)).build()).getMessage();
    }

    @Test
    void blankLinesBeforeABadRecordAreCounted() throws IOException {
        String text = "ID,A,B,C\n1,50.9,125,7.2\n2,59.9,94.8,9.2\n\n\n\n3,abc,103.1,9.8\n4,57.2,122.5,9.9\n";
        assertArrayEquals(new int[] {2, 3, 7, 8}, lines(read(text)));
        assertEquals("f.csv:7:2 (column 'A'): expected a number, found \"abc\"", linkError(text, null, "A", "B", "C"));
    }

    @Test
    void blankLinesBeforeTheHeaderAndARaggedRow() throws IOException {
        InputException e = assertThrows(InputException.class, () -> read("\n\nA,B\n1,2\n\n3\n"));
        assertEquals("f.csv:6: ragged row: 1 fields where the header on line 3 has 2", e.getMessage());
    }

    @Test
    void duplicateIdAfterBlankLinesNamesBothLines() throws IOException {
        String text = "ID,A,B\n1,1,2\n\n\n2,3,4\n2,5,6\n";
        assertEquals("f.csv:6:1 (column 'ID'): duplicate id '2' (also on line 5); ids must be unique",
                linkError(text, "ID", "A", "B"));
    }

    @ParameterizedTest(name = "line ending {0}")
    @ValueSource(strings = {"\r", "\r\n", "\n"})
    void everyLineEndingCountsOneLine(String eol) throws IOException {
        String text = String.join(eol, "ID,A,B", "1,5,6", "2,7,8", "3,abc,9", "4,1,2", "");
        assertArrayEquals(new int[] {2, 3, 4, 5}, lines(read(text)));
        assertEquals("f.csv:4:2 (column 'A'): expected a number, found \"abc\"", linkError(text, null, "A", "B"));
    }

    @Test
    void mixedLineEndingsAndBlankCrLines() throws IOException {
        String text = "ID,A\r\n1,5\r\r2,6\n\r\n3,abc\r4,7";
        assertArrayEquals(new int[] {2, 4, 6, 7}, lines(read(text)));
        assertEquals("f.csv:6:2 (column 'A'): expected a number, found \"abc\"", linkError(text, null, "A"));
    }

    @Test
    void aRecordSpanningLinesIsOnItsFirstLineAndTheNextOneAfterIt() throws IOException {
        // the quoted name spans lines 2-3 (LF) and 4-6 (CR LF, then a lone CR); column B is numeric
        String text = "ID,N,B\n1,\"two\nlines\",6\n2,\"three\r\nmore\rlines\",7\n3,x,abc\n";
        assertArrayEquals(new int[] {2, 4, 7}, lines(read(text)));
        assertEquals("two\nlines", read(text).cell(0, 1));
        assertEquals("f.csv:7:3 (column 'B'): expected a number, found \"abc\"", linkError(text, null, "B"));
    }
}

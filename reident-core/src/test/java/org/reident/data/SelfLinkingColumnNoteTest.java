package org.reident.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The note on a default variable that alone re-identifies every record: given for two files, never
 * for one table on both sides (protect's input, where every column with distinct values would be
 * named, after a sort of each column for nothing).
 */
class SelfLinkingColumnNoteTest {
    @TempDir
    Path dir;

    private CsvTable read(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return CsvReader.read(p, name);
    }

    @Test
    void namedForTwoFilesNotForOneTable() throws IOException {
        CsvTable x = read("x.csv", "ID,V\n1,1\n2,4\n3,6\n");
        CsvTable y = read("y.csv", "ID,V\n1,1.5\n2,4.5\n3,6.5\n");
        List<String> notes = new LinkageDataBuilder(x, y).build().notes();
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("column 'ID' is the same in both files"), notes.get(0));
        assertEquals(List.of(), new LinkageDataBuilder(x, x).build().notes());
        assertEquals(List.of(), new LinkageDataBuilder(x, y).variables(List.of("ID", "V")).build().notes());
    }
}

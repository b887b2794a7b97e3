package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code protect --id}: an id column is copied unchanged and never masked. Without it (and without
 * --vars), a column of record numbers or named like an identifier is masked with a note; income
 * columns of distinct whole numbers (the CASC Census) get none.
 */
class ProtectIdTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static final String TEXT = "id,a,b\n3,1.5,2\n1,2.5,3\n4,3.5,3\n2,1.25,7\n";

    @Test
    void recordNumbersAreMaskedWithANoteUnlessGivenAsId() throws IOException {
        Path in = file("in.csv", TEXT);
        Path out = dir.resolve("out.csv");
        Cli r = Cli.run("protect", "noise", "--p", "10", "--original", in.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("reident: note: column 'id' holds the record numbers 1 to 4; it is masked like the others: give --id id "
                + "to copy it unchanged, or choose the variables with --vars", r.err().strip());
        assertNotEquals("3", Files.readAllLines(out).get(1).split(",")[0], "masked");

        r = Cli.run("protect", "noise", "--p", "10", "--original", in.toString(), "--out", out.toString(), "--id", "id");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err().strip(), "no note");
        assertTrue(r.out().contains("2 variables masked (a, b)"), r.out());
        List<String> lines = Files.readAllLines(out);
        assertEquals("id,a,b", lines.get(0));
        for (int i = 1; i <= 4; i++) {
            String[] orig = TEXT.split("\n")[i].split(",");
            String[] got = lines.get(i).split(",");
            assertEquals(orig[0], got[0], "the id copied unchanged, line " + i);
            assertNotEquals(orig[1], got[1], "a masked, line " + i);
        }
    }

    @Test
    void anIdMustBeUniqueAndCannotAlsoBeMasked() throws IOException {
        Path in = file("dup.csv", "id,a,b\n1,1.5,2\n1,2.5,3\n");
        Cli r = Cli.run("protect", "noise", "--p", "10", "--original", in.toString(), "--out", dir.resolve("o.csv").toString(),
                "--id", "id");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().contains("dup.csv:3:1") && r.errLine().contains("duplicate id '1'"), r.err());
        r = Cli.run("protect", "noise", "--p", "10", "--original", file("in.csv", TEXT).toString(), "--out",
                dir.resolve("o.csv").toString(), "--id", "id", "--vars", "id,a");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.errLine().contains("'id' is the id column"), r.err());
        assertFalse(Files.exists(dir.resolve("o.csv")));
    }

    @Test
    void namesLikeAnIdentifierAreNotedButNotIncomesOfDistinctWholeNumbers() throws IOException {
        Path in = file("named.csv", "personId,record_id,PAID,VALID,x\n7,5,10,1,0.5\n7,5,20,1,1.5\n8,6,30,0,2.5\n");
        Cli r = Cli.run("protect", "noise", "--p", "10", "--original", in.toString(), "--out", dir.resolve("n.csv").toString());
        assertEquals(0, r.status(), r.err());
        List<String> notes = r.err().strip().lines().toList();
        assertEquals(2, notes.size(), r.err());
        assertTrue(notes.get(0).contains("'personId' is named like an identifier"), notes.get(0));
        assertTrue(notes.get(1).contains("'record_id' is named like an identifier"), notes.get(1));
        assertFalse(r.err().contains("PAID") || r.err().contains("VALID"), r.err());

        r = Cli.run("protect", "noise", "--p", "10", "--original", SharedDataFiles.file("census.csv").toString(), "--out",
                dir.resolve("c.csv").toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err().strip(), "7 of the Census's 13 columns are distinct whole numbers: no note");
    }
}

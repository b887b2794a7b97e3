package org.reident.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text the parser cannot read (malformed quoting, bytes that are not UTF-8) is reported as
 * "file:line:field: what was expected", in our words: the parser's exception, its class name and
 * its file offsets never reach the user.
 */
class CsvReaderSyntaxTest {
    @TempDir
    Path dir;

    private String error(byte[] bytes) throws IOException {
        Path p = dir.resolve("f.csv");
        Files.write(p, bytes);
        return assertThrows(InputException.class, () -> CsvReader.read(p, "f.csv")).getMessage();
    }

    private String error(String text) throws IOException {
        return error(text.getBytes(StandardCharsets.UTF_8));
    }

    /** UTF-8 of {@code before}, then the raw byte {@code b}, then UTF-8 of {@code after}. */
    private static byte[] withByte(String before, int b, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.write(b);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static final String UNTERMINATED = ": unterminated quoted field (expected a closing \")";
    private static final String AFTER_QUOTE =
            ": unexpected character after a closing quote (expected a comma or the end of the line)";

    @Test
    void unterminatedQuoteNamesTheLineAndFieldWhereItOpens() throws IOException {
        assertEquals("f.csv:3:2" + UNTERMINATED, error("ID,A,B\n1,5,6\n2,\"7,8\n3,9,10\n"));
        assertEquals("f.csv:5:2" + UNTERMINATED, error("A,B\n1,2\n\n\n3,\"4\n"));
        assertEquals("f.csv:4:3" + UNTERMINATED, error("A,B,C\r1,2,3\r\r4,5,\"6"));
        assertEquals("f.csv:1:2" + UNTERMINATED, error("A,\"B\nC\n1,2\n"));
    }

    @Test
    void strayCharacterAfterAClosingQuote() throws IOException {
        assertEquals("f.csv:3:2" + AFTER_QUOTE, error("ID,A,B\n1,5,6\n2,\"7\"x,8\n"));
        // the quoted field holds a doubled quote, a comma and a line break: the stray 'y' is on line 4
        assertEquals("f.csv:4:3" + AFTER_QUOTE, error("ID,N,B\n1,\"a\"\"b,c\nd\",6\n2,x,\"7\" y\n"));
        // the field spans lines 2-3 and the stray character follows it on line 3
        assertEquals("f.csv:3:2" + AFTER_QUOTE, error("ID,A,B\r\n1,\"5\r\n6\" x,7\r\n"));
    }

    @Test
    void blanksAfterAClosingQuoteAndQuotesInsideAnUnquotedFieldAreAccepted() throws IOException {
        Path p = dir.resolve("ok.csv");
        Files.writeString(p, "A,B\n\"1\"  ,6\"9\n");
        CsvTable t = CsvReader.read(p, "ok.csv");
        assertEquals("1", t.cell(0, 0));
        assertEquals("6\"9", t.cell(0, 1));
    }

    @Test
    void aLatin1ByteNamesItsLineAndField() throws IOException {
        assertEquals("f.csv:4:2: not UTF-8 text: byte 0xE9 (expected a CSV file saved as UTF-8)",
                error(withByte("ID,N,B\n1,x,6\n2,y,7\n3,caf", 0xE9, ",8\n")));
        // in the header, after a valid two-byte character
        assertEquals("f.csv:1:3: not UTF-8 text: byte 0xFF (expected a CSV file saved as UTF-8)",
                error(withByte("ID,\u00e9,", 0xFF, "\n1,2,3\n")));
        // inside a quoted field that holds a comma and spans lines 2-3, with CR-only line endings
        assertEquals("f.csv:3:2: not UTF-8 text: byte 0xFC (expected a CSV file saved as UTF-8)",
                error(withByte("ID,N\r1,\"a,\rb", 0xFC, "\"\r")));
    }

    @Test
    void aUtf8ByteOrderMarkIsNotPartOfTheFirstName() throws IOException {
        assertEquals("f.csv:3:2" + UNTERMINATED, error("\uFEFFA,B\r1,x\r2,\"3"));
        Path p = dir.resolve("bom.csv");
        Files.writeString(p, "\uFEFFA,B\n1,2\n");
        assertEquals("A", CsvReader.read(p, "bom.csv").names().get(0));
    }
}

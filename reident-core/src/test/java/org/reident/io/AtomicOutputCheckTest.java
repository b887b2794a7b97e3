package org.reident.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.data.InputException;

/** {@link AtomicOutput#checkWritable}: what it accepts, what it refuses, and that it leaves nothing. */
class AtomicOutputCheckTest {
    @TempDir
    Path dir;

    private List<String> listing() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void acceptsAFileInAFolderOrBelowMissingFoldersAndMakesNothing() throws IOException {
        Files.writeString(dir.resolve("old.json"), "{}\n");
        List<String> before = listing();
        AtomicOutput.checkWritable(dir.resolve("model.json"), "--out");
        AtomicOutput.checkWritable(dir.resolve("old.json"), "--out"); // replaced when written
        AtomicOutput.checkWritable(dir.resolve("a").resolve("b").resolve("model.json"), "--out");
        AtomicOutput.checkFolder(dir.resolve("c").resolve("d"), "--out");
        AtomicOutput.checkFolder(dir, "--out");
        assertEquals(before, listing(), "the checks leave no file and make no folder");
    }

    @Test
    void refusesADirectoryAndAFileOnTheWay() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x\n");
        List<String> before = listing();
        InputException e = assertThrows(InputException.class, () -> AtomicOutput.checkWritable(dir, "--out"));
        assertTrue(e.getMessage().startsWith("--out " + dir) && e.getMessage().endsWith("is a directory, expected a file name to write"),
                e.getMessage());
        e = assertThrows(InputException.class,
                () -> AtomicOutput.checkWritable(file.resolve("x").resolve("model.json"), "--markdown"));
        assertTrue(e.getMessage().contains("--markdown") && e.getMessage().endsWith(file + " is a file, not a folder"),
                e.getMessage());
        e = assertThrows(InputException.class, () -> AtomicOutput.checkFolder(file, "--out"));
        assertTrue(e.getMessage().endsWith(file + " is a file, not a folder"), e.getMessage());
        assertEquals(before, listing());
    }
}

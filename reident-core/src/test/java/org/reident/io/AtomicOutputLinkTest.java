package org.reident.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.data.InputException;

/**
 * {@link AtomicOutput} on symbolic links and special files: the link is followed and stays a link,
 * a device or pipe is written in place and stays one (a rename over /dev/null as root replaced it).
 */
class AtomicOutputLinkTest {
    @TempDir
    Path dir;

    @Test
    void aLinkIsFollowedAndStaysALink() throws IOException {
        Path real = Files.writeString(Files.createDirectories(dir.resolve("real")).resolve("model.json"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("real", "model.json"));
        AtomicOutput.checkWritable(link, "--out");
        AtomicOutput.writeString(link, "new\n");
        assertTrue(Files.isSymbolicLink(link), "the link is not replaced by a file");
        assertEquals("new\n", Files.readString(real), "the file it points to is written");
    }

    @Test
    void aDanglingLinkCreatesTheFileItNames() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("out.csv"), dir.resolve("sub").resolve("made.csv"));
        AtomicOutput.writeString(link, "a,b\n");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("a,b\n", Files.readString(dir.resolve("sub").resolve("made.csv")));
    }

    @Test
    void aLinkLoopIsOneClearError() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        InputException e = assertThrows(InputException.class, () -> AtomicOutput.writeString(a, "x"));
        assertTrue(e.getMessage().endsWith("too many levels of symbolic links"), e.getMessage());
        assertTrue(Files.isSymbolicLink(a) && Files.isSymbolicLink(b), "nothing replaced");
    }

    /**
     * A named pipe stands for /dev/null (a device this test must never risk replacing): it is
     * written in place, a reader gets the text, and it is still a pipe afterwards.
     */
    @Test
    void aNamedPipeIsWrittenInPlaceAndStaysAPipe() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            mk = null;
        }
        assumeTrue(mk != null && mk.waitFor() == 0, "a system with mkfifo");
        StringBuilder read = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                read.append(Files.readString(fifo));
            } catch (IOException e) {
                read.append("error: ").append(e);
            }
        });
        reader.setDaemon(true); // blocks for ever if no writer ever opens the pipe
        reader.start();
        AtomicOutput.checkWritable(fifo, "--out");
        AtomicOutput.writeString(fifo, "through the pipe\n");
        reader.join(10_000);
        assertFalse(Files.isRegularFile(fifo), "the pipe is not replaced by a file");
        assertTrue(Files.exists(fifo));
        assertEquals("through the pipe\n", read.toString()); // join() orders the reader's append before this
    }
}

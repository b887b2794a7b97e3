package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NativeOutput#silenced}: the C library's buffered writes to standard output made during
 * the call are dropped, those before and after it are kept in order. The test points file
 * descriptor 1 at a file of its own (so it is fully buffered, as a pipe is) and restores it.
 */
@EnabledOnOs(OS.LINUX)
class NativeOutputTest {
    interface TestC extends Library {
        int puts(String s);

        int fflush(Pointer stream);

        int dup(int fd);

        int dup2(int from, int to);

        int close(int fd);

        int open(String path, int flags, int mode);
    }

    private static final int O_WRONLY = 1;
    private static final int O_CREAT = 0100;
    private static final int O_TRUNC = 01000;

    @TempDir
    Path dir;

    @Test
    void nativeWritesDuringTheCallAreDroppedAndTheRestKept() throws IOException {
        TestC c = Native.load("c", TestC.class);
        Path out = dir.resolve("stdout.txt");
        System.out.flush();
        c.fflush(null);
        int saved = c.dup(1);
        int file = c.open(out.toString(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        c.dup2(file, 1);
        c.close(file);
        int answer;
        try {
            c.puts("before");
            answer = NativeOutput.silenced(() -> c.puts("during"));
            c.puts("after");
        } finally {
            c.fflush(null);
            c.dup2(saved, 1);
            c.close(saved);
        }
        assertTrue(answer >= 0, "puts' answer passed through: " + answer);
        assertEquals("before\nafter\n", Files.readString(out, StandardCharsets.UTF_8));
    }
}

package org.reident.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.reident.data.InputException;

/**
 * Writes a text file atomically: into a temporary file beside the target, then renamed over it. A
 * crash or an error while writing leaves the previous file (or none), never a half-written one.
 */
public final class AtomicOutput {
    /** Body of a write; may throw I/O errors, which are reported as one-line user errors. */
    @FunctionalInterface
    public interface Body {
        void write(Writer out) throws IOException;
    }

    private AtomicOutput() {
    }

    public static void write(Path target, Body body) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path tmp = null;
        try {
            if (dir != null) {
                Files.createDirectories(dir);
            }
            if (Files.isDirectory(abs)) {
                throw new InputException(target + ": is a directory, expected a file name to write");
            }
            tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
            if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                // createTempFile makes the file owner-only; an output file gets the usual rw-r--r--
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new InputException(target + ": cannot write: " + e.getClass().getSimpleName() + " " + e.getMessage());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the temporary file is hidden and named after the target
                }
            }
        }
    }

    public static void writeString(Path target, String text) {
        write(target, w -> w.write(text));
    }
}

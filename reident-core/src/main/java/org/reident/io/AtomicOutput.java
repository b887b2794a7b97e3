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
 * <p>
 * A symbolic link is followed: the file it points to is replaced, the link stays. A target that
 * exists and is neither a regular file nor a directory (a device such as /dev/null, a named pipe)
 * is written in place, since renaming over it would replace the device itself (as root, a rename
 * over /dev/null succeeds).
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
        Path abs = followLinks(target.toAbsolutePath(), target);
        if (isSpecial(abs)) {
            writeInPlace(abs, target, body);
            return;
        }
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

    /** Exists and is neither a regular file nor a directory (a device, a named pipe, a socket). */
    private static boolean isSpecial(Path p) {
        return Files.exists(p) && !Files.isRegularFile(p) && !Files.isDirectory(p);
    }

    /**
     * The path a chain of symbolic links ends at (the path itself when it is no link); a dangling
     * link gives the path it names, so the file is created there. More than 40 links is refused as
     * a loop, as the operating system does.
     */
    private static Path followLinks(Path abs, Path target) {
        Path p = abs;
        try {
            for (int i = 0; i < 40; i++) {
                if (!Files.isSymbolicLink(p)) {
                    return p;
                }
                Path to = Files.readSymbolicLink(p);
                p = (p.getParent() == null ? to : p.getParent().resolve(to)).toAbsolutePath().normalize();
            }
        } catch (IOException e) {
            throw new InputException(target + ": cannot follow the link: " + e.getMessage());
        }
        throw new InputException(target + ": too many levels of symbolic links");
    }

    /** A device or pipe: written directly (no temporary file can stand in for it). */
    private static void writeInPlace(Path abs, Path target, Body body) {
        try (BufferedWriter w = Files.newBufferedWriter(abs, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.WRITE)) {
            body.write(w);
        } catch (IOException e) {
            throw new InputException(target + ": cannot write: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }

    /**
     * Checks, before long work, that {@link #write} will be able to write {@code target}: it is not
     * a directory, and its folder exists and takes a new file (a temporary one, removed at once), or
     * the nearest folder that exists on its path is writable (write creates the rest). Leaves
     * nothing behind. Throws an {@link InputException} naming {@code what} (e.g. "--out").
     */
    public static void checkWritable(Path target, String what) {
        Path abs = followLinks(target.toAbsolutePath().normalize(), target);
        if (Files.isDirectory(abs)) {
            throw new InputException(what + " " + target + ": is a directory, expected a file name to write");
        }
        if (isSpecial(abs)) {
            if (!Files.isWritable(abs)) {
                throw new InputException(what + " " + target + ": cannot write to it (not writable)");
            }
            return;
        }
        Path dir = abs.getParent();
        if (dir == null) {
            return;
        }
        if (Files.isDirectory(dir)) {
            try {
                Files.delete(Files.createTempFile(dir, "." + abs.getFileName(), ".check"));
            } catch (IOException | SecurityException e) {
                throw new InputException(what + " " + target + ": cannot write in " + dir + " (" + e.getClass().getSimpleName()
                        + ")");
            }
            return;
        }
        checkFolder(dir, what + " " + target);
    }

    /**
     * Checks that folder {@code dir} exists or can be made: the nearest existing path on the way is a
     * writable folder. Leaves nothing behind.
     */
    public static void checkFolder(Path dir, String what) {
        Path p = dir.toAbsolutePath().normalize();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return;
        }
        if (!Files.isDirectory(p)) {
            throw new InputException(what + ": " + p + " is a file, not a folder");
        }
        if (p.equals(dir.toAbsolutePath().normalize())) {
            try {
                Files.delete(Files.createTempFile(p, ".reident", ".check"));
            } catch (IOException | SecurityException e) {
                throw new InputException(what + ": cannot write in " + p + " (" + e.getClass().getSimpleName() + ")");
            }
        } else if (!Files.isWritable(p)) {
            throw new InputException(what + ": cannot make folders in " + p + " (not writable)");
        }
    }

    /**
     * Refuses an output that is one of the run's input files (the same file, by any path or link):
     * writing it would replace the input, silently. Nulls among {@code inputs} are skipped, as are
     * inputs that do not exist (their own check reports them).
     */
    public static void checkNotInput(Path target, String what, Path... inputs) {
        if (!Files.exists(target)) {
            return;
        }
        for (Path in : inputs) {
            try {
                if (in != null && Files.exists(in) && Files.isSameFile(target, in)) {
                    throw new InputException(what + " " + target + ": is an input file of this run (" + in
                            + "); writing it would replace it, expected another file name");
                }
            } catch (IOException e) {
                throw new InputException(what + " " + target + ": cannot compare with " + in + ": " + e.getMessage());
            }
        }
    }

    public static void writeString(Path target, String text) {
        write(target, w -> w.write(text));
    }
}

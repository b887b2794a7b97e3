package org.reident.learn;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.util.function.Supplier;

/**
 * Keeps a native solver's writes to standard output out of ours. HiGHS 1.12 (bundled with OR-Tools
 * 9.15) prints {@code HighsMipSolverData::transformNewIntegerFeasibleSolution tmpSolver.run();} to
 * the C library's standard output whatever its output options say (a debug line left in that
 * release; HiGHS issue 2783). On standard output it would corrupt {@code --json}. During such a
 * solve, file descriptor 1 is pointed at /dev/null, the C library's buffers are flushed before it is
 * pointed back, and Java's own standard output is flushed first. One solve at a time (the
 * descriptor belongs to the process); the CLI writes nothing to standard output while it learns.
 * Where the C library cannot be reached (Windows), the solve runs as it is.
 */
final class NativeOutput {
    private NativeOutput() {
    }

    /** The few POSIX calls needed, through JNA (which OR-Tools itself uses to load its library). */
    interface LibC extends Library {
        int dup(int fd);

        int dup2(int from, int to);

        int close(int fd);

        int open(String path, int flags);

        int fflush(Pointer stream);
    }

    private static final int STDOUT = 1;
    private static final int O_WRONLY = 1;
    private static final LibC C = load();

    private static LibC load() {
        if (Platform.isWindows()) {
            return null;
        }
        try {
            return Native.load(Platform.C_LIBRARY_NAME, LibC.class);
        } catch (UnsatisfiedLinkError e) {
            return null;
        }
    }

    /** Runs the solve with the process's standard output sent to /dev/null. */
    static synchronized <T> T silenced(Supplier<T> solve) {
        if (C == null) {
            return solve.get();
        }
        System.out.flush();
        C.fflush(null);
        int saved = C.dup(STDOUT);
        int sink = saved < 0 ? -1 : C.open("/dev/null", O_WRONLY);
        if (sink < 0 || C.dup2(sink, STDOUT) < 0) {
            if (sink >= 0) {
                C.close(sink);
            }
            if (saved >= 0) {
                C.close(saved);
            }
            return solve.get();
        }
        C.close(sink);
        try {
            return solve.get();
        } finally {
            C.fflush(null);
            C.dup2(saved, STDOUT);
            C.close(saved);
        }
    }
}

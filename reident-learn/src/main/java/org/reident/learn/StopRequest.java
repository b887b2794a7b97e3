package org.reident.learn;

import java.util.ArrayList;
import java.util.List;

/**
 * A request to end the learning under way early, as if its time limit had come: the user's first
 * Ctrl-C in {@code reident learn}. Every part of a run reads the time through {@link #now}, which is
 * past every deadline once a stop is requested, so the run ends as it does at its limit: the best
 * parameters found, recomputed by the linkage engine, with the bound proven so far (OPTIMAL only
 * with its proof), and the report and model file are still written. A native solve under way (SCIP,
 * HiGHS, GLOP, CP-SAT) is interrupted through the hook it registered with {@link #during}.
 * <p>
 * Process-wide, like the signal it stands for: the command line runs one learning at a time;
 * tests {@link #clear} it.
 */
public final class StopRequest {
    private static volatile boolean requested;
    /** Interrupts of the native solves under way; run and changed under the class's lock. */
    private static final List<Runnable> HOOKS = new ArrayList<>();

    private StopRequest() {
    }

    /** The time in seconds on the System.nanoTime() clock, or +infinity once a stop is requested. */
    static double now() {
        return requested ? Double.POSITIVE_INFINITY : System.nanoTime() / 1e9;
    }

    /**
     * Asks the run to stop: deadlines have passed from now on, and native solves under way are
     * interrupted, now and again every {@link #AGAIN_MS} ms while the request stands: a solver
     * registers just before its native solve starts, and SCIP forgets an interrupt that comes
     * before that (measured 2026-11-27: the first solve then ran on to its own end).
     */
    public static synchronized void request() {
        if (requested) {
            return;
        }
        requested = true;
        interruptAll();
        Thread again = new Thread(StopRequest::again, "reident-stop");
        again.setDaemon(true);
        again.start();
    }

    static final long AGAIN_MS = 50;

    private static void again() {
        while (requested) {
            try {
                Thread.sleep(AGAIN_MS);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (StopRequest.class) {
                if (requested) {
                    interruptAll();
                }
            }
        }
    }

    private static void interruptAll() {
        for (Runnable h : HOOKS) {
            h.run();
        }
    }

    public static boolean requested() {
        return requested;
    }

    /** Forgets a request (tests; a command that runs several learnings would call it between them). */
    public static synchronized void clear() {
        requested = false;
    }

    /** Native solves under way that a request would interrupt now. */
    public static synchronized int registered() {
        return HOOKS.size();
    }

    /** A registered interrupt; closing it unregisters it (before the solver it names is freed). */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Registers {@code interrupt} for the duration of a native solve (try-with-resources), just
     * before the solve starts; a request standing then interrupts it within {@link #AGAIN_MS} ms.
     */
    static synchronized Registration during(Runnable interrupt) {
        HOOKS.add(interrupt);
        return () -> {
            synchronized (StopRequest.class) {
                HOOKS.remove(interrupt);
            }
        };
    }
}

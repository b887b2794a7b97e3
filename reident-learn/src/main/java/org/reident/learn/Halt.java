package org.reident.learn;

/**
 * Ends one master's solves early, from another thread: a proof found beside the master (the weight
 * cells, {@link WeightsBeside}) makes its solve under way pointless. One per exact master, and one
 * for the search tree and its dual LP ({@link CoverSearch}); one native solve registers at a time.
 * As {@link StopRequest} does for a Ctrl-C, but for one run only: once halted, a solve returns at
 * once as if at its deadline, and a native solve under way is interrupted through the hook it
 * registered with {@link #during}, again every {@link StopRequest#AGAIN_MS} ms until it returns
 * (SCIP forgets an interrupt that comes before its solve has started). Halting lasts until
 * {@link #clear}: the cuts go on when the weight cells end without a proof ({@link CoverMaster#resume}).
 */
final class Halt {
    private volatile boolean halted;
    /** The interrupt of the native solve under way, or null; read and changed under the lock. */
    private Runnable current;

    boolean halted() {
        return halted;
    }

    /** Lets later solves run again (a solve under way when halted has returned by then). */
    void clear() {
        halted = false;
    }

    /**
     * Halts; blocks the calling thread until no native solve is under way (within
     * {@link StopRequest#AGAIN_MS} ms of its return), or until that thread is interrupted.
     */
    void halt() {
        halted = true;
        while (true) {
            synchronized (this) {
                if (current == null) {
                    return;
                }
                current.run();
            }
            try {
                Thread.sleep(StopRequest.AGAIN_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Registers {@code interrupt} for the duration of a native solve (try-with-resources), just before
     * it starts; a halt then interrupts it. The caller checks {@link #halted} first: a solve begun
     * after the halt is interrupted only by its repetition.
     */
    synchronized StopRequest.Registration during(Runnable interrupt) {
        current = interrupt;
        StopRequest.Registration stop = StopRequest.during(interrupt);
        return () -> {
            synchronized (this) {
                current = null;
            }
            stop.close();
        };
    }
}

package org.reident.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicReference;
import org.reident.learn.StopRequest;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C during {@code reident learn}: the first one asks the run to stop as at its time limit
 * ({@link StopRequest}) and says so on standard error, so that the best parameters found and the
 * bound proven so far are still reported and written; a second one ends the process at once (the
 * handler before ours is back by then). Where the JVM does not let us handle SIGINT (e.g. started
 * with -Xrs), Ctrl-C keeps its usual meaning.
 */
final class StopOnInterrupt implements AutoCloseable {
    private static final Signal INT = new Signal("INT");
    private final SignalHandler previous;

    private StopOnInterrupt(SignalHandler previous) {
        this.previous = previous;
    }

    /** Installs the handler; close() restores the previous one and forgets a stop request. */
    static StopOnInterrupt install(PrintWriter err) {
        AtomicReference<SignalHandler> before = new AtomicReference<>(SignalHandler.SIG_DFL);
        try {
            before.set(Signal.handle(INT, sig -> {
                Signal.handle(INT, before.get());
                firstInterrupt(err);
            }));
        } catch (IllegalArgumentException e) {
            return new StopOnInterrupt(null); // SIGINT is the JVM's own here
        }
        return new StopOnInterrupt(before.get());
    }

    /** What the first Ctrl-C does (apart from giving SIGINT back to the handler before ours). */
    static void firstInterrupt(PrintWriter err) {
        err.println("reident learn: interrupted: stopping as at the time limit and reporting the best found so far "
                + "(Ctrl-C again to quit at once)");
        err.flush();
        StopRequest.request();
    }

    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(INT, previous);
        }
        StopRequest.clear();
    }
}

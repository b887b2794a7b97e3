package org.reident.cli;

import java.io.PrintWriter;
import java.util.function.IntConsumer;

/**
 * A percentage on standard error for linkages big enough to take a while, shown only on an
 * interactive terminal (never in --json mode or when output is redirected).
 */
final class Progress implements IntConsumer {
    /** Pairs above which a linkage shows progress (about a second of work). */
    static final double THRESHOLD_PAIRS = 3e8;

    private final PrintWriter err;
    private final String what;
    private final int total;
    private int shown = -1;

    private Progress(PrintWriter err, String what, int total) {
        this.err = err;
        this.what = what;
        this.total = total;
    }

    /** A progress printer, or null when the linkage is small or the terminal is not interactive. */
    static Progress forLinkage(PrintWriter err, String label, int queries, int references, boolean quiet) {
        return of(err, "linking with " + label, queries, references, quiet);
    }

    private static Progress of(PrintWriter err, String what, int queries, int references, boolean quiet) {
        boolean big = (double) queries * references > THRESHOLD_PAIRS;
        return !quiet && big && System.console() != null ? new Progress(err, what, queries) : null;
    }

    /** Shows the percentage when it changes (calls from several threads may come slightly out of order: never shown going back). */
    @Override
    public synchronized void accept(int done) {
        int pct = (int) (100L * done / total);
        if (pct > shown) {
            shown = pct;
            err.print("\rreident: " + what + ": " + pct + "%" + (done >= total ? "\r\033[K" : ""));
            err.flush();
        }
    }
}

package org.reident.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.reident.distance.FellegiSunter;
import org.reident.distance.FitProgress;

/**
 * PRL's fit on standard error, on an interactive terminal only (never with --json or when output
 * is redirected), once it has run for {@link #SHOW_AFTER_NANOS}: the percentage of query records
 * whose pairs' agreement patterns are counted, then EM's iteration and largest move, at most every
 * {@link #EVERY_NANOS}; the line is cleared when EM ends. Timed rather than sized: on bench's EIA
 * file (4,092 records, 10 variables, 10% noise) the count takes seconds below the linkage's
 * threshold of pairs and EM about 470 steps in 13 s, and both said nothing before 2026-11-29.
 */
final class PrlProgress implements FitProgress {
    /** Nothing is shown before the fit has run this long (a second). */
    static final long SHOW_AFTER_NANOS = 1_000_000_000L;
    /** Between two lines of EM's progress at least this long (a quarter second). */
    static final long EVERY_NANOS = 250_000_000L;

    private final PrintWriter err;
    private int queries;
    private final LongSupplier clock;
    private final long started;
    private int shownPercent = -1;
    private long lastShown;
    private boolean shown;

    /** Starts the clock: {@code queries} query records are to be counted. */
    PrlProgress(PrintWriter err, int queries, LongSupplier clock) {
        this.err = err;
        this.queries = queries;
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    /** A progress printer for PRL's fit, or null when nothing would be shown (not a terminal, or --json). */
    static PrlProgress of(PrintWriter err, int queries, boolean quiet) {
        return quiet || System.console() == null ? null : new PrlProgress(err, queries, System::nanoTime);
    }

    /** The count's denominator: the query records to be counted (fewer than all when EM is fitted to a sample). */
    @Override
    public synchronized void counting(int records) {
        queries = Math.max(1, records);
    }

    /** The count's percentage when it changes (calls from the counting threads may come out of order: never shown going back). */
    @Override
    public synchronized void counted(int done) {
        int percent = (int) (100L * done / queries);
        if (percent > shownPercent && clock.getAsLong() - started >= SHOW_AFTER_NANOS) {
            shownPercent = percent;
            show("counting the pairs' agreement patterns: " + percent + "%");
        }
    }

    @Override
    public synchronized void iterated(int iteration, double moved) {
        long now = clock.getAsLong();
        if (now - started >= SHOW_AFTER_NANOS && (shownPercent >= 0 || !shown || now - lastShown >= EVERY_NANOS)) {
            shownPercent = -1;
            lastShown = now;
            show(String.format(Locale.ROOT, "EM iteration %d, largest move %.1e (stops at %.0e)", iteration, moved,
                    FellegiSunter.CONVERGED));
        }
    }

    @Override
    public synchronized void fitted(int iterations) {
        if (shown) {
            err.print("\r\033[K");
            err.flush();
            shown = false;
        }
    }

    private void show(String what) {
        err.print("\rreident: prl: " + what + "\033[K");
        err.flush();
        shown = true;
    }
}

package org.reident.learn;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A status line on the progress channel when a learning run has said nothing for {@link #QUIET}
 * seconds: a first round on a large file (EIA, 4,092 records, WM: over a minute of slave checks before
 * its first progress line) or a late master solve of the whole Census's SB (several minutes) is
 * otherwise silent. The line comes from the run's own status (phase, bound, incumbent, elapsed
 * time), read on a timer thread; the run tells {@link #said} of each line it prints itself, so a
 * run with regular rounds never shows a status line. Without a progress channel nothing is
 * started.
 */
final class Heartbeat implements AutoCloseable {
    /** Seconds without a line after which the status is shown (and again after as many more). */
    static final double QUIET = 15;

    private final Consumer<String> out;
    private final Supplier<String> status;
    private final double quiet;
    private final ScheduledExecutorService timer;
    private double last;

    /**
     * Starts the timer (checked every second) unless {@code out} is null.
     *
     * @param out    the progress channel (may be null: silent)
     * @param status the line to show, read on the timer thread
     * @param now    the current time, seconds
     */
    static Heartbeat start(Consumer<String> out, Supplier<String> status, double now) {
        return new Heartbeat(out, status, QUIET, now, out != null);
    }

    /** With the timer thread or without it (then only {@link #tick} shows lines: tests). */
    Heartbeat(Consumer<String> out, Supplier<String> status, double quiet, double now, boolean timer) {
        this.out = out;
        this.status = status;
        this.quiet = quiet;
        this.last = now;
        if (timer) {
            this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "reident-learn-heartbeat");
                t.setDaemon(true);
                return t;
            });
            this.timer.scheduleAtFixedRate(() -> tick(System.nanoTime() / 1e9), 1, 1, TimeUnit.SECONDS);
        } else {
            this.timer = null;
        }
    }

    /** Whether a timer thread was started. */
    boolean timed() {
        return timer != null;
    }

    /** The run printed a line at {@code now} (seconds): the quiet period starts again. */
    synchronized void said(double now) {
        last = now;
    }

    /** Shows the status when the run has been quiet for long enough; returns whether it did. */
    synchronized boolean tick(double now) {
        if (out == null || now - last < quiet) {
            return false;
        }
        out.accept(status.get());
        last = now;
        return true;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS); // no line after the run's result
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

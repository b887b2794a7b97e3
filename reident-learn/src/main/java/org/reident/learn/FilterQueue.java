package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The conflicts {@link ConflictSlave} hands to its {@link DeletionFilter}s: each filter runs on a
 * worker thread (one per core unless told) while the slave goes on, and the cuts come back in the order the
 * conflicts were handed over, so a run does not depend on the threads' timing.
 */
final class FilterQueue {
    /**
     * How often a wait for the filters reads the searches beside the cuts ({@link #take}). Until stop
     * 74 it read nothing: a round whose filter sat in a stalled GLOP solve kept its progress line at
     * "best 800" for 100 s while the climb had 814 (the whole Census released by rank swapping p = 5,
     * WM; docs/learning-log.md, "Stop 74").
     */
    static final long POLL_MS = 200;
    private final ExecutorService threads;
    private final List<Pending> pending = new ArrayList<>();
    private int fallbacks;

    FilterQueue(int count) {
        threads = Executors.newFixedThreadPool(count, r -> {
            Thread t = new Thread(r, "reident-deletion-filter");
            t.setDaemon(true);
            return t;
        });
    }

    private record Pending(Future<int[]> shrunk, int[] whole) {
    }

    /**
     * Starts a filter. It returns the shrunk conflict, or null when it could not confirm the conflict;
     * then {@code whole} (every record that was active: a weak but valid cut) stands in for it.
     */
    void submit(Callable<int[]> filter, int[] whole) {
        pending.add(new Pending(threads.submit(filter), whole));
    }

    /**
     * Waits for the filters submitted since the last call and gives each cut, in order, running
     * {@code meanwhile} every {@link #POLL_MS} ms of the wait (the run reads the searches beside the
     * cuts: their incumbents, the cells' bound, for the progress line and a proof). When it answers
     * true (the run is proven) the wait ends: the filters not yet taken are dropped, and false is
     * returned.
     */
    boolean take(Consumer<int[]> sink, BooleanSupplier meanwhile) {
        try {
            for (Pending p : pending) {
                int[] c = null;
                boolean done = false;
                while (!done) {
                    try {
                        c = p.shrunk().get(POLL_MS, TimeUnit.MILLISECONDS);
                        done = true;
                    } catch (TimeoutException e) {
                        if (meanwhile.getAsBoolean()) {
                            for (Pending q : pending) {
                                q.shrunk().cancel(false);
                            }
                            return false;
                        }
                    }
                }
                if (c == null) {
                    fallbacks++;
                    c = p.whole();
                }
                sink.accept(c);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while shrinking conflicts", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the deletion filter failed: " + e.getCause(), e.getCause());
        } finally {
            pending.clear();
        }
    }


    /** Conflicts the filter could not confirm, replaced by their whole active set. */
    int fallbacks() {
        return fallbacks;
    }

    /** Drops the filters not yet taken (the run is over); one already running finishes on its own. */
    void shutdown() {
        for (Pending p : pending) {
            p.shrunk().cancel(false);
        }
        pending.clear();
        threads.shutdown();
    }
}

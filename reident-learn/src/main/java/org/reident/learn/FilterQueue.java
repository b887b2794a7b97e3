package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The conflicts {@link ConflictSlave} hands to its {@link DeletionFilter}s: each filter runs on a
 * worker thread (one per core unless told) while the slave goes on, and the cuts come back in the order the
 * conflicts were handed over, so a run does not depend on the threads' timing.
 */
final class FilterQueue {
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

    /** Waits for the filters submitted since the last call and gives each cut, in order. */
    void take(Consumer<int[]> sink) {
        try {
            for (Pending p : pending) {
                int[] c = p.shrunk().get();
                if (c == null) {
                    fallbacks++;
                    c = p.whole();
                }
                sink.accept(c);
            }
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

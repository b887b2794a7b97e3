package org.reident.learn;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Runs a job on every index in [0, count) on up to {@code threads} threads (the calling thread and
 * daemon threads), handing the indices out in blocks of {@link #BLOCK} from a shared counter. Each
 * thread gets its own worker from {@code perThread} (its scratch arrays), so the job must only write
 * to slots of its own index; the answer then does not depend on the threads.
 * <p>
 * A worker that throws stops the others from taking more blocks, and the calling thread rethrows
 * its error once every thread has ended: no index is left silently without its answer.
 */
final class RecordBlocks {
    /** One thread's worker: its scratch, and what it frees when the thread is done. */
    interface Job {
        void run(int index);

        /** Called once the thread takes no more indices (also after an error). */
        default void close() {
        }
    }

    /** Indices a thread takes at a time. */
    static final int BLOCK = 32;

    private RecordBlocks() {
    }

    /**
     * Runs {@code perThread}'s worker on each index and closes it; no more blocks are taken once {@code stop} says
     * so (checked before each block). Returns the number of indices run (count unless stopped).
     */
    static int run(int count, int threads, String name, BooleanSupplier stop, Supplier<Job> perThread) {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Runnable work = () -> {
            try {
                Job job = perThread.get();
                try {
                    for (int from; failed.get() == null && !stop.getAsBoolean() && (from = next.getAndAdd(BLOCK)) < count;) {
                        int to = Math.min(from + BLOCK, count);
                        for (int r = from; r < to; r++) {
                            job.run(r);
                        }
                        done.addAndGet(to - from);
                    }
                } finally {
                    job.close();
                }
            } catch (RuntimeException | Error e) {
                failed.compareAndSet(null, e);
            }
        };
        int n = Math.max(1, Math.min(threads, (count + BLOCK - 1) / BLOCK));
        Thread[] more = new Thread[n - 1];
        for (int t = 0; t < more.length; t++) {
            more[t] = new Thread(work, name + "-" + (t + 1));
            more[t].setDaemon(true);
            more[t].start();
        }
        work.run();
        boolean interrupted = false;
        for (Thread t : more) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true; // the threads end on their own: each block is short
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable e = failed.get();
        if (e instanceof RuntimeException r) {
            throw r;
        } else if (e instanceof Error r) {
            throw r;
        }
        return done.get();
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordBlocks}: every index runs once on any number of threads and every worker is closed;
 * the stop condition is read before each block; an error on a thread other than the caller's is
 * rethrown by the caller after every thread has ended (no index silently without its answer).
 */
class RecordBlocksTest {
    @Test
    void everyIndexRunsOnceAndEveryWorkerIsClosed() {
        for (int threads = 1; threads <= 4; threads++) {
            for (int count : new int[] {0, 1, RecordBlocks.BLOCK, RecordBlocks.BLOCK + 1, 1000}) {
                AtomicIntegerArray runs = new AtomicIntegerArray(count);
                AtomicInteger made = new AtomicInteger();
                AtomicInteger closed = new AtomicInteger();
                int done = RecordBlocks.run(count, threads, "test", () -> false, () -> {
                    made.incrementAndGet();
                    return new RecordBlocks.Job() {
                        @Override
                        public void run(int index) {
                            runs.incrementAndGet(index);
                        }

                        @Override
                        public void close() {
                            closed.incrementAndGet();
                        }
                    };
                });
                assertEquals(count, done);
                for (int i = 0; i < count; i++) {
                    assertEquals(1, runs.get(i), "index " + i + " of " + count + " on " + threads + " threads");
                }
                int expected = Math.max(1, Math.min(threads, (count + RecordBlocks.BLOCK - 1) / RecordBlocks.BLOCK));
                assertEquals(expected, made.get(), count + " indices on " + threads + " threads");
                assertEquals(made.get(), closed.get());
            }
        }
    }

    @Test
    void noBlockIsTakenOnceStopped() {
        AtomicInteger runs = new AtomicInteger();
        int done = RecordBlocks.run(1000, 1, "test", () -> runs.get() > 0, () -> index -> runs.incrementAndGet());
        assertEquals(RecordBlocks.BLOCK, done);
        assertEquals(RecordBlocks.BLOCK, runs.get());
        assertEquals(0, RecordBlocks.run(1000, 3, "test", () -> true, () -> index -> runs.incrementAndGet()));
    }

    /** The caller's first index waits until another thread is failing, so the failure is not the caller's. */
    @Test
    void anotherThreadsErrorIsRethrownByTheCaller() {
        Thread caller = Thread.currentThread();
        CountDownLatch failedElsewhere = new CountDownLatch(1);
        AtomicInteger closed = new AtomicInteger();
        AtomicInteger afterFailure = new AtomicInteger();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RecordBlocks.run(100 * RecordBlocks.BLOCK, 2,
                "test", () -> false, () -> new RecordBlocks.Job() {
                    @Override
                    public void run(int index) {
                        if (Thread.currentThread() != caller) {
                            failedElsewhere.countDown();
                            throw new IllegalStateException("index " + index);
                        }
                        try {
                            assertTrue(failedElsewhere.await(10, TimeUnit.SECONDS));
                            Thread.sleep(1); // a slow record: the other thread records its error meanwhile
                        } catch (InterruptedException x) {
                            throw new AssertionError(x);
                        }
                        afterFailure.incrementAndGet();
                    }

                    @Override
                    public void close() {
                        closed.incrementAndGet();
                    }
                }));
        assertTrue(e.getMessage().startsWith("index "), e.getMessage());
        assertEquals(2, closed.get());
        // the caller stops taking blocks soon after (the other thread's error is recorded just after
        // its signal, while the caller's records take a millisecond each): not all 100 blocks
        assertTrue(afterFailure.get() < 50 * RecordBlocks.BLOCK, afterFailure.get() + " indices after the failure");
    }
}

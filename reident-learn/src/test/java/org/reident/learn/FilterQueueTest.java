package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wait for the deletion filters ({@link FilterQueue#take}): cuts in the order handed over whatever the threads'
 * timing; the run's reading of the searches beside every {@link FilterQueue#POLL_MS} ms of a wait,
 * which ends it when they prove the run.
 */
class FilterQueueTest {
    /** The second filter ends first; the cuts still come in the order handed over, the whole set standing in for a null. */
    @Test
    void cutsComeInTheOrderHandedOver() throws InterruptedException {
        FilterQueue q = new FilterQueue(2);
        CountDownLatch secondDone = new CountDownLatch(1);
        try {
            q.submit(() -> {
                assertTrue(secondDone.await(10, TimeUnit.SECONDS));
                return new int[] {1};
            }, new int[] {1, 2});
            q.submit(() -> {
                secondDone.countDown();
                return null;
            }, new int[] {3, 4});
            List<int[]> cuts = new ArrayList<>();
            assertTrue(q.take(cuts::add, () -> false));
            assertEquals(2, cuts.size());
            assertArrayEquals(new int[] {1}, cuts.get(0));
            assertArrayEquals(new int[] {3, 4}, cuts.get(1), "not confirmed: the whole active set");
            assertEquals(1, q.fallbacks());
        } finally {
            q.shutdown();
        }
    }

    /**
     * A filter that does not end (a stalled solve, say): the wait reads the searches beside every
     * {@link FilterQueue#POLL_MS} ms, and when they answer true (proven) it ends, giving the cuts
     * before the stuck one only and dropping the rest. Fails if the wait reads nothing (it would
     * never return) or ignores the answer.
     */
    @Test
    @Timeout(20)
    void aProofBesideEndsTheWait() throws InterruptedException {
        FilterQueue q = new FilterQueue(1);
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            q.submit(() -> new int[] {5, 6}, new int[] {5, 6, 7});
            q.submit(() -> {
                stuck.countDown();
                release.await();
                return new int[] {8};
            }, new int[] {8, 9});
            q.submit(() -> new int[] {10}, new int[] {10, 11});
            List<int[]> cuts = new ArrayList<>();
            AtomicInteger reads = new AtomicInteger();
            // counted once the stuck filter runs (one worker: the first has ended), however slow the machine
            boolean all = q.take(cuts::add, () -> stuck.getCount() == 0 && reads.incrementAndGet() >= 3);
            assertFalse(all);
            assertEquals(3, reads.get(), "read until the third answered true");
            assertEquals(1, cuts.size());
            assertArrayEquals(new int[] {5, 6}, cuts.get(0));
            List<int[]> later = new ArrayList<>();
            assertTrue(q.take(later::add, () -> false), "nothing left to wait for");
            assertTrue(later.isEmpty(), "the dropped filters are not given later");
        } finally {
            release.countDown();
            q.shutdown();
        }
    }
}

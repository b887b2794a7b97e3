package org.reident.learn;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@link CertificateCheck}'s check of many sets ({@link SetCheck#bound}) on {@code o.threads()}
 * workers, in batches of {@link #BATCH}: a batch's LPs start from the rows the batches before it
 * needed, which are kept only once the batch is done, and from those of the sets before them in
 * their lane ({@link #LANES}: lane l takes the batch's sets l, l + 8, ...; the workers take whole
 * lanes). So each set's check depends on the file alone, never on the number of workers or on which
 * was quicker. Sets left unproven are checked once more at the end, from every row kept (a set
 * checked early had few rows to start from and may have run out of rounds).
 */
final class SetBatches {
    /** Sets checked per batch: enough to keep the workers busy, few enough to share rows soon. */
    static final int BATCH = 32;
    /** A batch's lanes: lane l checks its sets l, l + LANES, ... in turn, each from the rows of those before. */
    static final int LANES = 8;
    /** Progress at most this often while a batch runs. */
    private static final long SAY_EVERY_NANOS = 2_000_000_000L;

    private final SetCheck check;
    private final List<int[]> sets;
    private final LearnOptions o;
    private final long start;
    private final int workers;
    private final ExecutorService pool;
    /** When progress was last said (nanoTime); read and written on the caller's thread only. */
    private long lastSaid = System.nanoTime();

    private SetBatches(SetCheck check, List<int[]> sets, LearnOptions o, long start) {
        this.check = check;
        this.sets = sets;
        this.o = o;
        this.start = start;
        workers = Math.max(1, o.threads());
        pool = Executors.newFixedThreadPool(workers, r -> {
            Thread th = new Thread(r, "reident-verify");
            th.setDaemon(true);
            return th;
        });
    }

    /**
     * Each set's exact LP bound (positive: proven; null: no bound), the larger of its two checks.
     *
     * @param start the run's start (nanoTime), for the progress lines
     */
    static BigDecimal[] bounds(SetCheck check, List<int[]> sets, LearnOptions o, long start) throws InterruptedException {
        SetBatches b = new SetBatches(check, sets, o, start);
        try {
            return b.bounds();
        } finally {
            b.pool.shutdownNow();
        }
    }

    private BigDecimal[] bounds() throws InterruptedException {
        BigDecimal[] bound = new BigDecimal[sets.size()];
        AtomicInteger done = new AtomicInteger();
        int[] all = new int[sets.size()];
        for (int s = 0; s < all.length; s++) {
            all[s] = s;
        }
        for (int from = 0; from < all.length && !StopRequest.requested(); from += BATCH) {
            int[] batch = Arrays.copyOfRange(all, from, Math.min(all.length, from + BATCH));
            check.absorb(batch(batch, bound, done, sets.size()));
        }
        List<Integer> again = new ArrayList<>();
        for (int s = 0; s < bound.length; s++) {
            if (bound[s] == null || bound[s].signum() <= 0) {
                again.add(s);
            }
        }
        if (!again.isEmpty() && !StopRequest.requested()) {
            say(String.format(java.util.Locale.ROOT, "verify: %d sets not proven, checked again from every row kept",
                    again.size()));
            BigDecimal[] second = new BigDecimal[sets.size()];
            batch(again.stream().mapToInt(Integer::intValue).toArray(), second, new AtomicInteger(), again.size());
            for (int s : again) {
                if (second[s] != null && (bound[s] == null || second[s].compareTo(bound[s]) > 0)) {
                    bound[s] = second[s];
                }
            }
        }
        return bound;
    }

    /**
     * Checks the sets {@code batch} on the pool into {@code bound}; the rows each needed, in the
     * batch's order. {@code done} counts the sets checked, of {@code total}, for the progress lines.
     */
    private List<SetCheck.Needed> batch(int[] batch, BigDecimal[] bound, AtomicInteger done, int total)
            throws InterruptedException {
        SetCheck.Needed[] needed = new SetCheck.Needed[batch.length];
        List<Future<?>> futures = new ArrayList<>();
        int lanes = Math.min(LANES, batch.length);
        AtomicInteger nextLane = new AtomicInteger();
        for (int w = 0; w < Math.min(workers, lanes); w++) {
            futures.add(pool.submit(() -> {
                for (int lane = nextLane.getAndIncrement(); lane < lanes; lane = nextLane.getAndIncrement()) {
                    lane(batch, lane, lanes, bound, needed, done);
                }
            }));
        }
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get(500, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException e) {
                    if (System.nanoTime() - lastSaid > SAY_EVERY_NANOS) {
                        lastSaid = System.nanoTime();
                        say(String.format(java.util.Locale.ROOT, "verify: %d of %d sets checked, %.1f s",
                                done.get(), total, (System.nanoTime() - start) / 1e9));
                    }
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
            }
        }
        List<SetCheck.Needed> out = new ArrayList<>();
        for (SetCheck.Needed n : needed) {
            if (n != null) {
                out.add(n);
            }
        }
        return out;
    }

    /** The sets of one lane of a batch, in turn, each LP given the rows its lane's sets before it needed. */
    private void lane(int[] batch, int lane, int lanes, BigDecimal[] bound, SetCheck.Needed[] needed, AtomicInteger done) {
        List<SetCheck.Needed> before = new ArrayList<>();
        for (int q = lane; q < batch.length && !StopRequest.requested(); q += lanes) {
            needed[q] = new SetCheck.Needed();
            bound[batch[q]] = check.bound(sets.get(batch[q]), needed[q], before);
            before.add(needed[q]);
            done.incrementAndGet();
        }
    }

    private void say(String line) {
        Consumer<String> p = o.progress();
        if (p != null) {
            p.accept(line);
        }
    }
}

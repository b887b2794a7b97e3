package org.reident.distance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * PRL's count of every query x reference pair's comparison pattern (the level of agreement of
 * each variable, {@link FellegiSunter#level}, 4 bits per variable, variable k at bits 4k), with the
 * distinct codes ascending, so that EM's sums do not depend on hashing or threads. Up to
 * {@link #DENSE_VARIABLES} variables in a table per thread indexed by the levels in base LEVELS; 7
 * and 8 variables in one table shared by the threads, each batch's indices put in order by their
 * high bits first ({@link PatternTable}, when there are at least as many pairs as cells and the
 * table takes at most half the heap); otherwise, and beyond 8 variables, by sorting the codes
 * of batches of pairs ({@link #sorted}). The counts are integers, so any split over threads gives
 * the same.
 *
 * @param codes  distinct patterns, ascending
 * @param counts pairs of each pattern
 */
record PatternCount(long[] codes, long[] counts) {
    /**
     * Up to this many variables, patterns are counted in a table of LEVELS^n cells (11^6 = 1.77M
     * longs, 14 MB a thread) instead of a hash map: EIA with 10% noise on 6 variables 1.5 -> 1.0 s,
     * 20,000 x 20,000 generated records 28.0 -> 18.4 s (docs/design.md).
     */
    static final int DENSE_VARIABLES = 6;

    /**
     * Beyond {@link #DENSE_VARIABLES} variables, pairs are counted in batches of whole query rows
     * holding at most this many pairs' codes (64 MB a batch; one batch per worker at a time).
     */
    static final int BATCH_PAIRS = 1 << 23;

    /**
     * The radix sort's digit in bits. 11 bits (8 variables' codes in 3 passes instead of 4) and 16
     * bits (2 passes) counted 50,000 x 50,000 records of 8 variables no faster than bytes: 44.1,
     * 44.6 and 43.5 s (2026-12-02, a development harness, one run each in turn).
     */
    static final int DIGIT_BITS = 8;

    private static final int LEVELS = FellegiSunter.LEVELS;

    /**
     * Counts the pairs of standardised records (row-major, n values each), densely or sorted;
     * {@code counted} (may be null) hears how many query records are done.
     */
    static PatternCount of(double[] query, double[] reference, int n, boolean dense, IntConsumer counted) {
        Counter done = new Counter(counted);
        if (dense) {
            return dense(query, reference, n, done);
        }
        long pairs = (long) (query.length / n) * (reference.length / n);
        return PatternTable.pays(n, pairs) ? PatternTable.count(query, reference, n, BATCH_PAIRS, done::row)
                : sorted(query, reference, n, BATCH_PAIRS, done);
    }

    /** As {@link #of} through {@link PatternTable}, with batches of at most {@code batchPairs} pairs (for the tests). */
    static PatternCount table(double[] query, double[] reference, int n, int batchPairs, IntConsumer counted) {
        return PatternTable.count(query, reference, n, batchPairs, new Counter(counted)::row);
    }

    /** As above, a table cell's count spilling at {@code spillAt} pairs (for the tests). */
    static PatternCount table(double[] query, double[] reference, int n, int batchPairs, int spillAt) {
        return PatternTable.count(query, reference, n, batchPairs, () -> { }, spillAt);
    }

    /** As {@link #of} beyond the dense table, with batches of at most {@code batchPairs} pairs (for the tests). */
    static PatternCount sorted(double[] query, double[] reference, int n, int batchPairs, IntConsumer counted) {
        return sorted(query, reference, n, batchPairs, new Counter(counted));
    }

    /**
     * Counts by sorting: the codes of a batch of whole query rows (at most {@code batchPairs} pairs,
     * each row's codes from the sorted reference values, {@link SortedLevels#codes}) are sorted
     * ({@link #radixSort}) and run-length counted. Each worker takes every workers-th batch and
     * merges its batches' counts as they come, two runs of the same number of batches at a time (as a
     * binary counter carries), so a pattern is merged about log2(batches) times and the merges run
     * on every core; the workers' totals are merged at the end. The counts are integers, so the
     * result is the same for any number of workers. EIA with 10% noise on its 10 variables (16.7
     * million pairs, 5.5 million patterns; 2 cores, 2026-12-01, run in turn, a development harness):
     * 3.3-3.7 s in a hash map (HPPC's LongLongHashMap, one per thread, added), 1.7-2.1 s in a hash
     * map made big enough at the start, 0.9-1.1 s sorted by {@code Arrays.sort}; the same codes and
     * counts. 50,000 x 50,000 records of 8 variables, the count in {@code link --method prl}: 135 s
     * sorted by {@code Arrays.sort} with each pair's levels, 66 s with the radix sort (the hash map's
     * whole run: 355 s), 61-69 -> 35-48 s with the merges in the workers instead of one thread and
     * the run-length count in one pass (2026-12-02, a development harness, run in turn; 8 variables
     * now go to {@link PatternTable}: 16-22 s).
     */
    private static PatternCount sorted(double[] query, double[] reference, int n, int batchPairs, Counter done) {
        int nq = query.length / n;
        int nr = reference.length / n;
        int rows = Math.max(1, batchPairs / Math.max(1, nr));
        int batches = (int) (((long) nq + rows - 1) / rows);
        int workers = Math.min(Runtime.getRuntime().availableProcessors(), batches);
        if (workers == 0) {
            return new PatternCount(new long[0], new long[0]);
        }
        SortedLevels sorted = new SortedLevels(reference, n);
        PatternCount[] totals = new PatternCount[workers];
        IntStream.range(0, workers).parallel().forEach(w -> {
            long[][] buffers = {new long[rows * nr], new long[rows * nr]}; // a batch's codes and the sort's scratch
            Runs runs = new Runs();
            for (int b = w; b < batches; b += workers) {
                runs.add(batch(query, sorted, nr, n, b * rows, Math.min(nq, (b + 1) * rows), buffers, done));
            }
            totals[w] = runs.total();
        });
        PatternCount total = totals[0];
        for (int w = 1; w < workers; w++) {
            total = merge(total, totals[w]);
        }
        return total;
    }

    /**
     * Runs of counted batches, merged as a binary counter carries: the runs held stand for falling
     * powers of two batches, so each batch's patterns are merged about log2(batches) times.
     */
    private static final class Runs {
        private final List<PatternCount> runs = new ArrayList<>();
        private final List<Integer> weights = new ArrayList<>();

        void add(PatternCount run) {
            int weight = 0;
            while (!weights.isEmpty() && weights.get(weights.size() - 1) == weight) {
                weights.remove(weights.size() - 1);
                run = merge(runs.remove(runs.size() - 1), run);
                weight++;
            }
            runs.add(run);
            weights.add(weight);
        }

        /** Every run merged, the smallest first (the largest is copied once). */
        PatternCount total() {
            PatternCount total = runs.get(runs.size() - 1);
            for (int i = runs.size() - 2; i >= 0; i--) {
                total = merge(runs.get(i), total);
            }
            return total;
        }
    }

    /**
     * The patterns of query records [from, to) against every reference record: codes sorted,
     * counted; {@code buffers} two arrays of at least (to - from) x nr longs, reused from batch to batch.
     */
    private static PatternCount batch(double[] query, SortedLevels sorted, int nr, int n, int from, int to, long[][] buffers,
            Counter done) {
        int length = (to - from) * nr;
        long[] codes = buffers[0];
        for (int q = from; q < to; q++) {
            sorted.codes(query, q, codes, (q - from) * nr);
            done.row();
        }
        codes = radixSort(codes, buffers[1], length, 4 * n);
        long[] counts = codes == buffers[0] ? buffers[1] : buffers[0]; // the one the sort left free
        int d = -1; // codes[0..d] the distinct codes so far (written over the sorted ones, d <= i)
        for (int i = 0; i < length; i++) {
            long code = codes[i];
            if (d < 0 || code != codes[d]) {
                codes[++d] = code;
                counts[d] = 1;
            } else {
                counts[d]++;
            }
        }
        return new PatternCount(Arrays.copyOf(codes, d + 1), Arrays.copyOf(counts, d + 1));
    }

    /**
     * Sorts codes of {@code bits} bits ascending as signed longs (as {@code Arrays.sort} and the
     * merges order them; 16 variables set the sign bit, which is then flipped before and after, so
     * that the unsigned order is the signed one): least significant digit first, {@link #DIGIT_BITS}
     * bits a digit, one counting pass for every digit's histogram, a digit whose values are all equal
     * skipped. Sorts the first {@code length} codes; returns the array that holds them sorted
     * ({@code codes} or {@code scratch}, as long).
     * Against {@code Arrays.sort}: 20,000 x 20,000 records of 8 variables, {@code link --method prl}
     * 36.9 -> 27.5 s (2026-12-01, docs/design.md).
     */
    private static long[] radixSort(long[] codes, long[] scratch, int length, int bits) {
        boolean signed = bits > 63;
        if (signed) {
            flipSign(codes, length);
        }
        int digits = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
        int mask = (1 << DIGIT_BITS) - 1;
        int[][] histogram = new int[digits][1 << DIGIT_BITS];
        for (int i = 0; i < length; i++) {
            long code = codes[i];
            for (int d = 0; d < digits; d++) {
                histogram[d][(int) (code >>> (DIGIT_BITS * d)) & mask]++;
            }
        }
        long[] from = codes;
        long[] to = scratch;
        for (int d = 0; d < digits; d++) {
            int[] h = histogram[d];
            boolean one = false;
            for (int v = 0; v <= mask; v++) {
                one |= h[v] == length;
            }
            if (one) {
                continue; // every code has this digit: the order stands
            }
            int[] next = new int[mask + 1];
            for (int v = 1; v <= mask; v++) {
                next[v] = next[v - 1] + h[v - 1];
            }
            int shift = DIGIT_BITS * d;
            for (int i = 0; i < length; i++) {
                long code = from[i];
                to[next[(int) (code >>> shift) & mask]++] = code;
            }
            long[] swap = from;
            from = to;
            to = swap;
        }
        if (signed) {
            flipSign(from, length);
        }
        return from;
    }

    private static void flipSign(long[] codes, int length) {
        for (int i = 0; i < length; i++) {
            codes[i] ^= Long.MIN_VALUE;
        }
    }

    /** Two runs of ascending codes merged, the counts of a code in both added. */
    private static PatternCount merge(PatternCount a, PatternCount b) {
        long[] ac = a.codes;
        long[] bc = b.codes;
        long[] codes = new long[ac.length + bc.length];
        long[] counts = new long[codes.length];
        int i = 0;
        int j = 0;
        int w = 0;
        while (i < ac.length && j < bc.length) {
            if (ac[i] < bc[j]) {
                codes[w] = ac[i];
                counts[w++] = a.counts[i++];
            } else if (bc[j] < ac[i]) {
                codes[w] = bc[j];
                counts[w++] = b.counts[j++];
            } else {
                codes[w] = ac[i];
                counts[w++] = a.counts[i++] + b.counts[j++];
            }
        }
        for (; i < ac.length; i++, w++) {
            codes[w] = ac[i];
            counts[w] = a.counts[i];
        }
        for (; j < bc.length; j++, w++) {
            codes[w] = bc[j];
            counts[w] = b.counts[j];
        }
        return w == codes.length ? new PatternCount(codes, counts)
                : new PatternCount(Arrays.copyOf(codes, w), Arrays.copyOf(counts, w));
    }

    /**
     * Dense tables, one per part of the query records (at most 8), added ({@link #ofTable}).
     */
    private static PatternCount dense(double[] query, double[] reference, int n, Counter done) {
        int nq = query.length / n;
        int cells = 1;
        for (int k = 0; k < n; k++) {
            cells *= LEVELS;
        }
        int size = cells;
        int chunks = Math.min(8, Runtime.getRuntime().availableProcessors());
        long[][] parts = new long[chunks][];
        SortedLevels sorted = new SortedLevels(reference, n);
        IntStream.range(0, chunks).parallel().forEach(c -> parts[c] = dense(query, sorted, reference.length / n, size,
                (int) ((long) nq * c / chunks), (int) ((long) nq * (c + 1) / chunks), done));
        long[] total = parts[0];
        for (int c = 1; c < chunks; c++) {
            long[] part = parts[c];
            for (int i = 0; i < cells; i++) {
                total[i] += part[i];
            }
        }
        return ofTable(total, n);
    }

    /**
     * The non-zero cells of a table indexed by sum_k gamma_k LEVELS^k, as codes: ascending indices
     * are ascending codes (both order by gamma_{n-1} first), so the codes come out sorted.
     */
    static PatternCount ofTable(long[] table, int n) {
        int distinct = 0;
        for (long count : table) {
            distinct += count > 0 ? 1 : 0;
        }
        long[] codes = new long[distinct];
        long[] counts = new long[distinct];
        int at = 0;
        for (int i = 0; i < table.length; i++) {
            if (table[i] > 0) {
                codes[at] = code(i, n);
                counts[at++] = table[i];
            }
        }
        return new PatternCount(codes, counts);
    }

    /** The code (4 bits per variable) of dense index sum_k gamma_k LEVELS^k. */
    static long code(int index, int n) {
        long code = 0;
        int rest = index;
        for (int k = 0; k < n; k++) {
            code |= (long) (rest % LEVELS) << (4 * k);
            rest /= LEVELS;
        }
        return code;
    }

    /** The patterns of query records [from, to) against every reference record, in a dense table. */
    private static long[] dense(double[] query, SortedLevels sorted, int nr, int cells, int from, int to, Counter done) {
        long[] table = new long[cells];
        int[] index = new int[nr];
        for (int q = from; q < to; q++) {
            sorted.indices(query, q, index);
            for (int j = 0; j < nr; j++) {
                table[index[j]]++;
            }
            done.row();
        }
        return table;
    }

    /** Query records counted, passed on to a consumer when there is one. */
    private static final class Counter {
        private final IntConsumer consumer;
        private final AtomicInteger rows = new AtomicInteger();

        Counter(IntConsumer consumer) {
            this.consumer = consumer;
        }

        void row() {
            if (consumer != null) {
                consumer.accept(rows.incrementAndGet());
            }
        }
    }
}

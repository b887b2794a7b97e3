package org.reident.distance;

import com.carrotsearch.hppc.LongLongHashMap;
import com.carrotsearch.hppc.cursors.LongLongCursor;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * PRL's count of every query x reference pair's comparison pattern (the level of agreement of
 * each variable, {@link FellegiSunter#level}, 4 bits per variable, variable k at bits 4k), with the
 * distinct codes ascending, so that EM's sums do not depend on hashing or threads. Up to
 * {@link #DENSE_VARIABLES} variables in a table indexed by the levels in base LEVELS, beyond in a
 * hash map; the counts are integers, so any split over threads gives the same.
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

    private static final int LEVELS = FellegiSunter.LEVELS;

    /**
     * Counts the pairs of standardised records (row-major, n values each), densely or hashed;
     * {@code counted} (may be null) hears how many query records are done.
     */
    static PatternCount of(double[] query, double[] reference, int n, boolean dense, IntConsumer counted) {
        Counter done = new Counter(counted);
        return dense ? dense(query, reference, n, done) : hashed(query, reference, n, done);
    }

    private static PatternCount hashed(double[] query, double[] reference, int n, Counter done) {
        int nq = query.length / n;
        int chunks = Runtime.getRuntime().availableProcessors();
        LongLongHashMap[] parts = new LongLongHashMap[chunks];
        IntStream.range(0, chunks).parallel().forEach(c -> parts[c] = hashed(query, reference, n,
                (int) ((long) nq * c / chunks), (int) ((long) nq * (c + 1) / chunks), done));
        LongLongHashMap patterns = parts[0];
        for (int c = 1; c < chunks; c++) {
            for (LongLongCursor e : parts[c]) {
                patterns.addTo(e.key, e.value);
            }
        }
        long[] codes = patterns.keys().toArray();
        Arrays.sort(codes);
        long[] counts = new long[codes.length];
        for (int i = 0; i < codes.length; i++) {
            counts[i] = patterns.get(codes[i]);
        }
        return new PatternCount(codes, counts);
    }

    /** The patterns of query records [from, to) against every reference record, hashed. */
    private static LongLongHashMap hashed(double[] query, double[] reference, int n, int from, int to, Counter done) {
        LongLongHashMap patterns = new LongLongHashMap();
        int nr = reference.length / n;
        for (int q = from; q < to; q++) {
            for (int j = 0; j < nr; j++) {
                long code = 0;
                for (int k = 0; k < n; k++) {
                    code |= (long) FellegiSunter.level(Math.abs(query[q * n + k] - reference[j * n + k])) << (4 * k);
                }
                patterns.addTo(code, 1);
            }
            done.row();
        }
        return patterns;
    }

    /**
     * Dense tables, one per part of the query records (at most 8), added. The index is
     * sum_k gamma_k LEVELS^k, so ascending indices are ascending codes (both order by gamma_{n-1}
     * first): the codes come out sorted.
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
        int distinct = 0;
        for (int i = 0; i < cells; i++) {
            for (int c = 1; c < chunks; c++) {
                total[i] += parts[c][i];
            }
            distinct += total[i] > 0 ? 1 : 0;
        }
        long[] codes = new long[distinct];
        long[] counts = new long[distinct];
        int at = 0;
        for (int i = 0; i < cells; i++) {
            if (total[i] > 0) {
                long code = 0;
                int rest = i;
                for (int k = 0; k < n; k++) {
                    code |= (long) (rest % LEVELS) << (4 * k);
                    rest /= LEVELS;
                }
                codes[at] = code;
                counts[at++] = total[i];
            }
        }
        return new PatternCount(codes, counts);
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

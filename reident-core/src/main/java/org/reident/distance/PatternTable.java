package org.reident.distance;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * PRL's pattern count on 7 or 8 variables in one table shared by the workers: LEVELS^n cells
 * (19.5 million for 7 variables, 214 million for 8, an int each: 78 MB and 857 MB; a cell that
 * reaches {@link #SPILL} pairs moves them to a long kept beside, so no count overflows) indexed by
 * the dense pattern index sum_k gamma_k LEVELS^k ({@link SortedLevels#indices}). A table this size misses the caches at every
 * pair, so each batch's indices are first put in order by their high bits (one counting pass and one
 * scatter, {@link #BUCKET_BITS} of them), and each bucket's indices, within 2^{@code shift} cells
 * (at most 512 KB of the table), are counted under the bucket's lock. The counts are integers, so the
 * result is the same whatever the workers' order; the cells are read out ascending, which is
 * ascending codes ({@link PatternCount}).
 * <p>
 * Against counting by sorting ({@link PatternCount#sorted}): a radix sort of four passes, run-length
 * counts and merges of the batches' runs, whose merging grows with the distinct patterns
 * (26.6 million for 50,000 x 50,000 records of 8 variables). Measured in docs/design.md (PRL).
 */
final class PatternTable {
    /** Up to this many variables (LEVELS^8 = 214,358,881 cells, so an index is an int). */
    static final int VARIABLES = 8;
    /** The buckets of a batch: 2^11 ranges of the index. */
    static final int BUCKET_BITS = 11;

    private PatternTable() {
    }

    /**
     * A cell's int count moves to the spill (a long per cell, in a map under the bucket's lock)
     * when it reaches this many pairs: an int then never overflows, and the check is a compare that
     * almost never branches.
     */
    static final int SPILL = 1 << 30;

    /** Bytes of the table for n variables. */
    static long bytes(int n) {
        return 4L * cells(n);
    }

    /**
     * True when the table pays for n variables and this many pairs: there are at least as many
     * pairs as cells (fewer are sorted in less time than the table takes to clear and read; 8
     * variables: 214 million pairs) and the table is at most half the memory the JVM may use (its
     * size is fixed, while the sorting's runs grow with the distinct patterns: 50,000 records of 8
     * variables, 30.9 million patterns, ran out of a 2 GB heap sorting and fit it in the table).
     */
    static boolean pays(int n, long pairs) {
        return n <= VARIABLES && pairs >= cells(n) && bytes(n) <= Runtime.getRuntime().maxMemory() / 2;
    }

    private static int cells(int n) {
        int cells = 1;
        for (int k = 0; k < n; k++) {
            cells *= FellegiSunter.LEVELS;
        }
        return cells;
    }

    /**
     * Counts every query x reference pair's pattern (standardised records, row-major, n values
     * each, n at most {@link #VARIABLES}) in batches of whole query rows of at most
     * {@code batchPairs} pairs; {@code row} hears each query record done.
     */
    static PatternCount count(double[] query, double[] reference, int n, int batchPairs, Runnable row) {
        return count(query, reference, n, batchPairs, row, SPILL);
    }

    /** As above, a cell's count moving to the spill at {@code spillAt} pairs (the tests' small values). */
    static PatternCount count(double[] query, double[] reference, int n, int batchPairs, Runnable row, int spillAt) {
        if (n > VARIABLES) {
            throw new IllegalArgumentException("at most " + VARIABLES + " variables, got " + n);
        }
        int nq = query.length / n;
        int nr = reference.length / n;
        int cells = cells(n);
        int rows = Math.max(1, batchPairs / Math.max(1, nr));
        int batches = (int) (((long) nq + rows - 1) / rows);
        int workers = Math.min(Runtime.getRuntime().availableProcessors(), batches);
        int[] table = new int[cells];
        int bits = 32 - Integer.numberOfLeadingZeros(cells - 1); // every index below 2^bits
        int shift = Math.max(0, bits - BUCKET_BITS);
        int buckets = ((cells - 1) >>> shift) + 1;
        @SuppressWarnings("unchecked")
        Map<Integer, Long>[] spills = new Map[buckets]; // also each bucket's lock
        for (int b = 0; b < buckets; b++) {
            spills[b] = new HashMap<>();
        }
        SortedLevels sorted = nq == 0 ? null : new SortedLevels(reference, n);
        IntStream.range(0, workers).parallel().forEach(w -> {
            int[] index = new int[rows * nr];
            int[] ordered = new int[rows * nr];
            int[] next = new int[buckets + 1];
            for (int b = w; b < batches; b += workers) {
                int from = b * rows;
                int to = Math.min(nq, from + rows);
                for (int q = from; q < to; q++) {
                    sorted.indices(query, q, index, (q - from) * nr);
                    row.run();
                }
                add(table, spills, index, ordered, next, (to - from) * nr, shift, w * buckets / workers, spillAt);
            }
        });
        Map<Integer, Long> spilled = new TreeMap<>();
        for (Map<Integer, Long> spill : spills) {
            spilled.putAll(spill);
        }
        return read(table, spilled, n);
    }

    /**
     * The non-zero cells, their spilled pairs added, as ascending codes (ascending indices are
     * ascending codes, {@link PatternCount#ofTable}).
     */
    private static PatternCount read(int[] table, Map<Integer, Long> spilled, int n) {
        int[] spillCells = new int[spilled.size()];
        long[] spillCounts = new long[spilled.size()];
        int s = 0;
        int distinct = 0;
        for (Map.Entry<Integer, Long> e : spilled.entrySet()) { // ascending cells
            spillCells[s] = e.getKey();
            spillCounts[s++] = e.getValue();
            distinct += table[e.getKey()] == 0 ? 1 : 0;
        }
        for (int count : table) {
            distinct += count > 0 ? 1 : 0;
        }
        long[] codes = new long[distinct];
        long[] counts = new long[distinct];
        int at = 0;
        s = 0;
        for (int i = 0; i < table.length; i++) {
            long count = table[i];
            if (s < spillCells.length && spillCells[s] == i) {
                count += spillCounts[s++];
            }
            if (count > 0) {
                codes[at] = PatternCount.code(i, n);
                counts[at++] = count;
            }
        }
        return new PatternCount(codes, counts);
    }

    /**
     * Adds {@code length} indices to the table: counted per bucket, scattered into {@code ordered}
     * by bucket, and each bucket's counted under its lock (its spill map), starting at bucket
     * {@code first} (the workers start apart, so they seldom wait).
     */
    private static void add(int[] table, Map<Integer, Long>[] spills, int[] index, int[] ordered, int[] next, int length,
            int shift, int first, int spillAt) {
        int buckets = spills.length;
        Arrays.fill(next, 0);
        for (int i = 0; i < length; i++) {
            next[(index[i] >>> shift) + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            next[b + 1] += next[b];
        }
        int[] end = next.clone(); // end[b + 1] after the scatter; start[b] = next[b] before it
        for (int i = 0; i < length; i++) {
            int x = index[i];
            ordered[end[x >>> shift]++] = x;
        }
        for (int c = 0; c < buckets; c++) {
            int b = (first + c) % buckets;
            int start = next[b];
            int stop = next[b + 1];
            if (start == stop) {
                continue;
            }
            Map<Integer, Long> spill = spills[b];
            synchronized (spill) {
                for (int i = start; i < stop; i++) {
                    int x = ordered[i];
                    if (++table[x] == spillAt) {
                        table[x] = 0;
                        spill.merge(x, (long) spillAt, Long::sum);
                    }
                }
            }
        }
    }
}

package org.reident.linkage;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.reident.distance.GapDistance;
import org.reident.distance.PairwiseDistance;

/**
 * Nearest-neighbour linkage of every query record to the reference file, exact. Query records are
 * shared out to the worker threads in chunks of {@value #CHUNK}; the reference file streams past each
 * chunk in blocks of {@value #BLOCK} records, every block used by all queries of the chunk while it is
 * in cache. The kernel writes one query's distances to a block into a per-thread buffer and a
 * {@link QueryScan} keeps only running counts, so memory is O(N n) for the data plus O(block) per
 * thread, never O(N^2).
 *
 * <p>A weighted squared Euclidean distance with non-negative weights (AM, WM, DBRL2, MD, MD0, MD*, a
 * positive semi-definite SB), an OWA with non-negative weights, a Choquet integral of a monotone
 * measure or PRL ({@link GapDistance}) on a reference file of at least {@value #TREE_MIN_RECORDS} records and
 * at most {@value #TREE_MAX_VARIABLES} variables is searched with a {@link KdTree} instead
 * ({@link TreeScan}): the same outcome to the last bit, each query visiting the nodes its bounds
 * cannot rule out (PRL only with {@link Ranks#TOP}: counting every rank, its cheap whole rows beat the
 * tree's visits pair by pair). With {@link Ranks#TOP} the rank of a true match that is not nearest is not
 * counted, which is where a tree saves most (AM on 50,000 records of 6 variables: 0.3-0.4 s against
 * 3.0-3.5 s for the scan, docs/benchmark-linkage.md).
 *
 * <p>Ties: two distances are equal when they differ by at most {@code tolerance = 1e-9 * scale}, where
 * scale is the median distance over a fixed sample of pairs (the mean let a few far pairs of
 * heavy-tailed data merge close pairs' distinct distances; docs/design.md). This absorbs the rounding of different
 * evaluation orders (a rotated quadratic form, a kernel expansion) without merging distances that
 * differ in any meaningful digit. A distance may scale its own queries instead
 * ({@link PairwiseDistance#tieScale}): the kernel scales each query by its true match's distance.
 */
public final class LinkageEngine {
    static final int BLOCK = 1024;
    /** Relative tie tolerance, see the class comment. */
    public static final double RELATIVE_TIE_TOLERANCE = 1e-9;
    static final int CHUNK = 32;

    /** Reference files at least this large are searched with a {@link KdTree} where one applies. */
    public static final int TREE_MIN_RECORDS = 2048;
    /** ... and with at most this many variables (beyond, a tree prunes too little to pay). */
    public static final int TREE_MAX_VARIABLES = 12;

    /** How the engine finds each query's nearest records. */
    public enum Search {
        /** A k-d tree for a {@link GapDistance#bounded()} distance on large files of few variables, else the scan. */
        AUTO,
        /** Every pair, blockwise (the baseline the tree is measured and tested against). */
        SCAN,
        /** A k-d tree wherever one applies, whatever the file's size (tests and benchmarks). */
        TREE
    }

    /** Which records' rank of the true match the engine counts. */
    public enum Ranks {
        /** Every record's (the per-record report needs them). */
        EXACT,
        /**
         * Only where the true match is nearest (rank 1 and its ties, all the counts need); elsewhere
         * {@link LinkageResult#UNCOUNTED}. A tree then never counts the records nearer than a far true
         * match, which costs about as much as the scan.
         */
        TOP
    }

    private final int threads;
    private final Search search;
    private final Ranks ranks;

    public LinkageEngine(int threads) {
        this(threads, Search.AUTO);
    }

    public LinkageEngine(int threads, Search search) {
        this(threads, search, Ranks.EXACT);
    }

    public LinkageEngine(int threads, Search search, Ranks ranks) {
        this.threads = Math.max(1, threads);
        this.search = search;
        this.ranks = ranks;
    }

    /** This engine, counting ranks as given. */
    public LinkageEngine with(Ranks r) {
        return new LinkageEngine(threads, search, r);
    }

    public static LinkageEngine withAllCores() {
        return new LinkageEngine(Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param d     the distance, query records against reference records
     * @param truth for each query record, the index of its true match among the reference records, or -1
     */
    public LinkageResult link(PairwiseDistance d, int[] truth) {
        return link(d, truth, null);
    }

    /**
     * As {@link #link(PairwiseDistance, int[])}, reporting progress: {@code progress} is called from
     * the worker threads with the number of query records done so far (thread-safe callers only).
     */
    public LinkageResult link(PairwiseDistance d, int[] truth, java.util.function.IntConsumer progress) {
        int nq = d.queryCount();
        if (truth.length != nq) {
            throw new IllegalArgumentException("truth has " + truth.length + " entries for " + nq + " query records");
        }
        if (d instanceof GapDistance && usesTree((GapDistance) d)) {
            return linkByTree((GapDistance) d, truth, progress);
        }
        double tol = tolerance(d);
        Outcome out = new Outcome(nq);
        final int nr = d.referenceCount();
        final int block = d.wholeRows() ? Math.max(1, nr) : BLOCK;
        forChunks(nq, progress, () -> {
            double[] buf = new double[block];
            QueryScan[] scans = new QueryScan[CHUNK];
            for (int i = 0; i < CHUNK; i++) {
                scans[i] = new QueryScan();
            }
            return (start, end) -> {
                int m = end - start;
                for (int i = 0; i < m; i++) {
                    int q = start + i;
                    double dt = truth[q] >= 0 ? d.distance(q, truth[q]) : Double.NaN;
                    scans[i].reset(q, truth[q], dt, queryTolerance(d, q, dt, tol));
                }
                // each block of reference records is used by the whole chunk while it is in cache
                for (int from = 0; from < nr; from += block) {
                    int to = Math.min(nr, from + block);
                    for (int i = 0; i < m; i++) {
                        d.block(scans[i].query(), from, to, buf);
                        scans[i].consume(buf, from, to - from);
                    }
                }
                for (int i = 0; i < m; i++) {
                    scans[i].finish(out.linked, out.rank, out.ties, out.tiesMin, out.margin, out.rival);
                }
            };
        });
        return out.result(ranks == Ranks.EXACT);
    }

    /**
     * The k nearest reference records other than the true match of each query record listed, nearest
     * first, ties by lower index ({@link NearestRivals}): the same records and distances whichever way
     * they are found, by a {@link KdTree} where {@link #link} would search one ({@link TreeRivals}),
     * else by every pair, blockwise. A search over a distance's parameters keeps these rivals to test
     * each record quickly. The tree found 16 a record 2-3.6 times sooner than every pair on 50,000
     * records of 8 variables, and no sooner on 10 (`bench --nearest`; docs/learning.md, "The first
     * count by the engine too").
     *
     * @param truth   for each query record, the index of its true match among the reference records, or -1
     * @param queries the query records to search for, each in [0, queryCount)
     * @param k       rivals a record, at least 1
     */
    public NearestRivals nearest(PairwiseDistance d, int[] truth, int[] queries, int k) {
        int nq = d.queryCount();
        int nr = d.referenceCount();
        if (truth.length != nq || k < 1) {
            throw new IllegalArgumentException("truth has " + truth.length + " entries for " + nq + " query records; k = " + k);
        }
        for (int q : queries) {
            if (q < 0 || q >= nq) {
                throw new IllegalArgumentException("query record " + q + " is not in [0, " + nq + ")");
            }
        }
        int m = queries.length;
        int[] size = new int[m];
        int[] rival = new int[m * k];
        double[] dist = new double[m * k];
        double[] dTrue = new double[m];
        if (searchesTree(d)) {
            GapDistance gd = (GapDistance) d;
            KdTree tree = KdTree.of(gd);
            forChunks(m, null, () -> {
                TreeRivals s = new TreeRivals(tree, k);
                return (start, end) -> {
                    for (int p = start; p < end; p++) {
                        int q = queries[p];
                        gd.queryRow(q, s.query());
                        int t = truth[q];
                        dTrue[p] = t >= 0 ? s.distanceTo(t) : Double.NaN;
                        size[p] = s.search(t, rival, dist, p * k);
                    }
                };
            });
        } else {
            final int block = d.wholeRows() ? Math.max(1, nr) : BLOCK;
            forChunks(m, null, () -> {
                double[] buf = new double[block];
                RivalHeap heap = new RivalHeap(k);
                return (start, end) -> {
                    for (int p = start; p < end; p++) {
                        int q = queries[p];
                        int t = truth[q];
                        dTrue[p] = t >= 0 ? d.distance(q, t) : Double.NaN;
                        for (int from = 0; from < nr; from += block) {
                            int to = Math.min(nr, from + block);
                            d.block(q, from, to, buf);
                            for (int j = from; j < to; j++) {
                                if (j != t) {
                                    heap.offer(buf[j - from], j);
                                }
                            }
                        }
                        size[p] = heap.drain(rival, dist, p * k);
                    }
                };
            });
        }
        return new NearestRivals(k, queries.clone(), size, rival, dist, dTrue);
    }

    /**
     * Whether a file of {@code references} reference records and {@code variables} variables is one the
     * engine searches by a tree ({@link Search#AUTO}), its distance permitting: at least
     * {@value #TREE_MIN_RECORDS} records and at most {@value #TREE_MAX_VARIABLES} variables. For callers
     * that decide before they build a distance (the learner's climbs).
     */
    public static boolean treeSized(int references, int variables) {
        return references >= TREE_MIN_RECORDS && variables <= TREE_MAX_VARIABLES;
    }

    /** Whether {@link #link} searches a k-d tree for {@code d} rather than comparing every pair. */
    public boolean searchesTree(PairwiseDistance d) {
        return d instanceof GapDistance && usesTree((GapDistance) d);
    }

    boolean usesTree(GapDistance d) {
        switch (search) {
            case TREE:
                return d.bounded();
            case AUTO:
                // counting every rank, a distance whose whole rows cost far less than its pairs (PRL) keeps the scan: the tree
                // then visits the ball around each far true match pair by pair (PRL on 50,000 records: 23.9 s against 10.9 s)
                return treeSized(d.referenceCount(), d.dimension()) && d.bounded()
                        && !(ranks == Ranks.EXACT && d.wholeRows());
            default:
                return false;
        }
    }

    /** The same outcome as the scan, each query searching a {@link KdTree} of the reference file. */
    private LinkageResult linkByTree(GapDistance d, int[] truth, java.util.function.IntConsumer progress) {
        int nq = d.queryCount();
        double tol = tolerance(d);
        KdTree tree = KdTree.of(d);
        Outcome out = new Outcome(nq);
        forChunks(nq, progress, () -> {
            TreeScan scan = new TreeScan(tree, ranks == Ranks.EXACT);
            double[] a = scan.query();
            return (start, end) -> {
                for (int q = start; q < end; q++) {
                    d.queryRow(q, a);
                    int t = truth[q];
                    double dt = t >= 0 ? scan.distanceTo(t) : Double.NaN;
                    scan.link(q, t, dt, queryTolerance(d, q, dt, tol), out.linked, out.rank, out.ties, out.tiesMin, out.margin,
                            out.rival);
                }
            };
        });
        return out.result(ranks == Ranks.EXACT);
    }

    /** Query q's tie tolerance: the distance's own scale for it ({@link PairwiseDistance#tieScale}), else tol. */
    private static double queryTolerance(PairwiseDistance d, int q, double trueDistance, double tol) {
        double scale = d.tieScale(q, trueDistance);
        return Double.isNaN(scale) ? tol : RELATIVE_TIE_TOLERANCE * scale;
    }

    /** One worker's linkage of the query records [start, end). */
    private interface Chunk {
        void link(int start, int end);
    }

    /**
     * Shares the query records out to the worker threads in chunks of {@value #CHUNK}; each thread makes
     * its own {@link Chunk} (its buffers) once, and progress hears the records done after each chunk.
     */
    private void forChunks(int nq, java.util.function.IntConsumer progress, java.util.function.Supplier<Chunk> perThread) {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        Runnable worker = () -> {
            Chunk chunk = perThread.get();
            int start;
            while ((start = next.getAndAdd(CHUNK)) < nq) {
                int end = Math.min(nq, start + CHUNK);
                chunk.link(start, end);
                int finished = done.addAndGet(end - start);
                if (progress != null) {
                    progress.accept(finished);
                }
            }
        };
        run(worker, Math.min(threads, Math.max(1, nq / CHUNK)));
    }

    /** The per-record arrays a linkage fills, one entry per query record. */
    private static final class Outcome {
        final int[] linked;
        final int[] rank;
        final int[] ties;
        final int[] tiesMin;
        final double[] margin;
        final int[] rival;

        Outcome(int nq) {
            linked = new int[nq];
            rank = new int[nq];
            ties = new int[nq];
            tiesMin = new int[nq];
            margin = new double[nq];
            rival = new int[nq];
        }

        LinkageResult result(boolean ranksCounted) {
            return new LinkageResult(linked, rank, ties, tiesMin, margin, rival, ranksCounted);
        }
    }

    /** A distance as a function of (query record, reference record). */
    @FunctionalInterface
    public interface PairDistance {
        double at(int q, int j);
    }

    static double tolerance(PairwiseDistance d) {
        return tolerance(d.queryCount(), d.referenceCount(), d::distance);
    }

    /**
     * The absolute tie tolerance: {@value #RELATIVE_TIE_TOLERANCE} times the median absolute distance
     * of up to 512 fixed pairs spread over the two files (1 when that median is 0).
     */
    public static double tolerance(int nq, int nr, PairDistance d) {
        int samples = Math.min(512, nq);
        double[] at = new double[samples];
        for (int s = 0; s < samples; s++) {
            int q = (int) ((long) s * nq / samples);
            int j = (int) (((long) s * 7919 + 13) % nr);
            at[s] = Math.abs(d.at(q, j));
        }
        java.util.Arrays.sort(at);
        double scale = at[samples / 2];
        return RELATIVE_TIE_TOLERANCE * (scale > 0 && Double.isFinite(scale) ? scale : 1);
    }

    private static void run(Runnable worker, int threads) {
        if (threads == 1) {
            worker.run();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, "reident-linkage");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                fs.add(pool.submit(worker));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("linkage interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException) {
                throw (RuntimeException) c;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
        }
    }
}

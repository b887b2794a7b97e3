package org.reident.learn;

import java.util.Arrays;
import java.util.PriorityQueue;
import org.reident.data.LinkageData;

/**
 * A second bound for the families whose parameters are weights on a simplex (WM, WM_m, OWA): branch
 * and bound over the weights themselves. Record i is linked by w with margin eps when
 * w . e_ij >= eps for every rival j, e_ij = phi(i, j) - phi(i, t_i) (docs/learning.md). On a cell
 * of the simplex, itself a simplex with vertices v_1 .. v_n, a linear function is largest at a
 * vertex, so a record with a rival j for which max_v v . e_ij < eps links nowhere in the cell: the
 * records left ("possible") bound what any w of the cell links, less a lower bound on how many
 * of them the master's cuts force out ({@link #cuts}). The cell with the largest bound is split
 * at the midpoint of its longest edge, once pairs of rivals that rule records out of it together
 * have been sought ({@link RivalPairs}; a cell that loses records that way goes back to the queue
 * first); a split checks only each record's rivals that cross the cell, and a record none crosses
 * goes into both halves unchecked ({@link CellKept}). The cell's centre, counted exactly, gives
 * incumbents. The search ends when no cell could beat the incumbent (then it is optimal) or at the
 * deadline (then the largest count left is the bound).
 * <p>
 * Only the rivals that matter are kept ({@link CellRivals}): for w >= 0 a rival with min_k e_ijk >= eps is beaten
 * everywhere, and one whose e is componentwise at least another's is implied by it. Of those, each
 * record starts with its {@link #FIRST_RIVALS} nearest by AM; a cell's possible records are then a
 * superset (fewer rivals rule out less), so every bound stays valid, and a centre that would be a
 * new incumbent is counted again against every reference record, the first rival found closer
 * joining that record's rivals, so every incumbent is exact (cutting planes, as the slave's lazy
 * rows). 10,000 records on 6 variables, 25% noise, WM, 60 s: gathering every Pareto-minimal rival
 * took 45 s of the minute (about 450 per record); with 64 first, bound 3,189 -> 2,422, with 16
 * first 2,221-2,245 (docs/learning-log.md).
 * <p>
 * Where it pays: few variables and few records linked, the regime of well-protected files, where
 * the conflicts of the Benders cuts are pairs and the master needs a great many of them. 3,000
 * generated records on 6 variables with 60% noise, WM, `learn --time-limit 60s` (2026-11-27,
 * docs/learning-log.md): the cuts alone, bound 787 with 178 found; with this search beside them, bound
 * 288 with 186 found; with pairs of rivals ({@link RivalPairs}), 275 (a later run: 286 without).
 * EIA on 11 variables, gathering every rival (54 s): 17 cells in 60 s, bound 3,908 (the cuts'
 * first round: 3,421; a development probe); with the lazy rivals, WM 120 s, 12,234 cells and bound
 * 3,024 against the cuts' 3,351.
 * {@link ConflictLearner} runs it beside the cuts for these families on at most
 * {@link #MAX_VARIABLES} variables, on every core ({@link #workers}), and pauses the cuts while its
 * bound leads theirs (1000 records of 5 variables, 40% noise, proven in 8.0-10.2 s against 11.6-16.4
 * s with one worker and the cuts running on; docs/learning-log.md, 2026-11-29).
 */
final class SimplexCells {
    /**
     * Beyond this many weights the cells are not measured. Measured (docs/learning-log.md): 4 to 7
     * pay well (whole Census on 7 variables, 40% noise, 60 s: 207 / 680 without the cells, 229 / 444
     * with them); 8 less (716 -> 677, 650 with pairs of rivals); 11 (EIA, 10% noise, WM, 120 s) not
     * at all while every rival was gathered (54 s), and with the lazy rivals bound 3,351 -> 3,024.
     */
    static final int MAX_VARIABLES = 11;
    /** Slack for rounding in v . e: a cell is ruled out for a record only below eps by this much. */
    private static final double ROUND = 1e-12;
    /**
     * The most of the search's time spent seeking pairs of rivals ({@link RivalPairs}); a popped
     * cell is split unchecked while they are over it. On 8 variables they pay at once (whole
     * Census, 40% noise: 6.4 records removed per check, 11% of the time unlimited); on 5 variables
     * near the optimum, unlimited, they took half the time for 0.6 records per check, and a file
     * proven in 47.5 s without them was not proven in 60 s. With 0.1 it is proven in 45 s and every
     * measured file bounds as well or better than without pairs (docs/learning-log.md).
     */
    private static final double PAIR_SHARE = 0.1;
    /**
     * Rivals gathered per record at the start: its first Pareto-minimal ones by AM. The rest enter
     * lazily, when a centre that would be a new incumbent is checked against every rival. Swept
     * 4 / 8 / 16 / 32 / 64 / 128 (docs/learning-log.md, 2026-11-28): fewer rivals make each cell cheaper,
     * so more cells are searched, and 4 to 16 bound best (10,000 records, WM 60 s: 2,221-2,245
     * against 2,397-2,422 with 64 and 2,601 with 128); with 4 or 8 a small file's proof takes
     * longer (1000 records, 5 variables, 40% noise: 43.0 / 38.7 s against 34.3 s with 16).
     */
    static final int FIRST_RIVALS = 16;
    /**
     * The share of the Java heap ({@code Runtime.maxMemory}) the open cells may hold, as
     * {@link #bytes} estimates them; the search ends when they would hold more ({@link #full}), its
     * bound that of the open cells then, as at the deadline. Without it a long search filled the heap:
     * the whole Census's OWA (`learn --aggregator owa --time-limit 600s`, 6 GB heap) held 2.7 million
     * cells at 213 s, and the JVM spent 215 of the next 380 s in full collections while the bound
     * moved from 793 to 792 (docs/learning.md, "The cells end at their share of the heap"). The
     * estimate is low by about a tenth: 1,662 MB in that search at 900,000 cells, where a class
     * histogram of the heap (after a full collection) counted 1,895 MB live in all.
     */
    static final double HEAP_SHARE = 0.5;

    private final int n;
    private final double eps;
    /** {@link #PAIR_SHARE}, or 1 (pairs on every popped cell: a search that does not depend on timing; tests). */
    private double pairShare = PAIR_SHARE;
    /**
     * A cell whose longest edge is shorter than this is not split but set aside with its bound
     * ({@link #parked}): halving edges near rounding size would give children equal to their parent
     * (the midpoint rounds to a vertex), and a set of records linkable together only on a region of
     * no volume (or short of eps by less than the rounding slack) would keep the cells around it
     * open for ever, the queue growing until the heap is full. Such a cell's bound stays in the
     * search's bound, so a search that sets one aside is never reported proven by it. Before it is
     * set aside its records are checked again against the rivals held by then ({@code refreshed}):
     * on several workers a seeded file reached cells of this size whose records were possible only
     * against the rivals held when the cell was made, one too many for the proof. The measured
     * proofs (docs/learning.md) end as before with it.
     */
    private double minEdge = 1e-9;
    /** The largest bound of a cell set aside for its size (-1: none). */
    private int parked = -1;
    /** Per training record, its rivals' e vectors (gathered, then lazily more). */
    private final CellRivals rivals;
    private final double[][] root;
    /** The master's cuts so far (records by training index), as the learner last handed them over. */
    private volatile int[][] cuts = new int[0][];
    /** The cover bound's scratch of the first worker ({@link #coverBound}, tests). */
    private final CellCuts firstCuts;
    /** Which records can still link in a cell (the witnesses shared by the workers). */
    private final CellRecords records;
    /** Threads searching the one queue of cells ({@link #workers(int)}). */
    private int workers = 1;
    /** Guards the queue, {@link #active}, {@link #working}, {@link #parked} and {@link #cells}' updates. */
    private final Object lock = new Object();
    private PriorityQueue<Cell> open;
    /** Workers holding a popped cell, and per worker the bound of the cell it holds (-1: none). */
    private int active;
    private int[] working;
    /** What a worker threw (the search then ends, the cell it held back in the queue), rethrown by {@link #run}. */
    private Throwable failure;
    /** Every training record's rivals were gathered before the deadline: the search may run. */
    private final boolean ready;
    private volatile int bound;
    /** Read by the learner's thread: written whole, once per new incumbent. */
    private volatile Found best = new Found(-1, null);
    private volatile boolean done;
    private volatile long cells;
    /** The open cells' {@link #bytes}, guarded by {@link #lock}. */
    private long openBytes;
    /** The most they may hold ({@link #HEAP_SHARE} of the heap, or a test's). */
    private long maxBytes = (long) (HEAP_SHARE * Runtime.getRuntime().maxMemory());
    /** The search ended because the open cells would have held more than {@link #maxBytes}. */
    private volatile boolean full;
    /** Set by {@link #hold}: the workers take no cell until it is cleared (guarded by {@link #lock}). */
    private boolean held;
    /** How often a held worker looks again, ms. */
    static final long HOLD_POLL_MS = 20;

    /**
     * A cell, the records that could link in it, and its bound: at most that many, and at most its
     * parent's bound (the cell lies inside its parent); less the cuts' quick cover bound once
     * {@code covered}. {@code again}: popped before (its centre counted, pairs of rivals sought or
     * not), back in the queue with a lower bound.
     */
    private record Cell(double[][] v, CellKept kept, int bound, boolean again, boolean covered) {
        /** The records that could link in the cell, the sure ones first ({@link CellKept}; a new array). */
        int[] possible() {
            return kept.ids();
        }

        /** The same cell, its records as of the rivals held now ({@link CellKept#current}). */
        Cell current(CellRivals rivals) {
            CellKept now = kept.current(rivals);
            return now == kept ? this : new Cell(v, now, bound, again, covered);
        }
    }

    /** What a worker puts back for a cell it is done with. */
    private static final Cell[] NONE = {};

    /** The most records a cell's centre linked with margin eps (-1 before the first), and its weights. */
    record Found(int linked, double[] weights) {
    }

    /**
     * @param fixed per training record, true when no w links it (the first rows' checks,
     *              {@link FirstRows}): its rivals are not gathered; null: none known
     * @param delta the least weight (WM_m), 0 otherwise: the root simplex has vertices
     *              delta + (1 - n delta) e_k
     */
    SimplexCells(Features f, LinkageData data, int[] train, boolean[] fixed, double eps, double delta, double deadline) {
        this(f, data, train, fixed, eps, delta, deadline, FIRST_RIVALS);
    }

    /** The same with {@code first} rivals gathered per record at the start (tests). */
    SimplexCells(Features f, LinkageData data, int[] train, boolean[] fixed, double eps, double delta, double deadline,
            int first) {
        this.n = f.dimension();
        this.eps = eps;
        root = new double[n][n];
        for (int k = 0; k < n; k++) {
            Arrays.fill(root[k], delta);
            root[k][k] = 1 - (n - 1) * delta;
        }
        rivals = new CellRivals(f, data, train, fixed, eps, deadline, first);
        ready = rivals.ready();
        firstCuts = new CellCuts(train.length);
        records = new CellRecords(n, eps, ROUND, rivals);
        bound = train.length;
    }

    /**
     * Seeks pairs on every popped cell instead of within {@link #PAIR_SHARE} of the time, so the
     * search no longer depends on timing (tests: one full-suite run of a search to the end ran out of
     * heap, and with its path fixed a failure repeats; the cause was not found, and searches with
     * the share at 0 and at 1 both end, docs/learning.md).
     */
    SimplexCells pairsAlways() {
        pairShare = 1;
        return this;
    }

    /** Sets {@link #maxBytes} (tests: a small one ends the search early). */
    SimplexCells maxBytes(long bytes) {
        maxBytes = bytes;
        return this;
    }

    /** Sets {@link #minEdge} (tests: a large one sets cells aside early). */
    SimplexCells minEdge(double edge) {
        minEdge = edge;
        return this;
    }

    /**
     * Searches with this many threads, each popping the best open cell of one shared queue (the
     * calling thread is one of them). The bound is the largest of the open cells' and of those being
     * worked on, so it stays valid whatever the order; only the path depends on the timing.
     */
    SimplexCells workers(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("workers: " + count);
        }
        workers = count;
        return this;
    }

    /** Searches until the deadline, a stop, or the proof. */
    void run(double deadline) {
        run(deadline, Long.MAX_VALUE);
    }

    /** The same, also ending after {@code maxCells} cells (tests). */
    void run(double deadline, long maxCells) {
        if (!ready) {
            return; // a record without its rivals would count as unlinkable
        }
        int[] all = new int[rivals.records()];
        int count = 0;
        for (int q = 0; q < all.length; q++) {
            if (rivals.of(q) != null) {
                all[count++] = q;
            }
        }
        long started = System.nanoTime();
        open = new PriorityQueue<>((a, b) -> Integer.compare(b.bound, a.bound));
        working = new int[workers];
        Arrays.fill(working, -1);
        CellKept first = records.possible(root, Arrays.copyOf(all, count), new RivalPairs(n, eps, ROUND));
        openBytes = 0;
        Cell whole = new Cell(root, first, first.size(), false, false); // its centre is counted when popped
        open.add(whole);
        openBytes += bytes(whole);
        Thread[] more = new Thread[workers - 1];
        for (int t = 0; t < more.length; t++) {
            Worker w = new Worker(t + 1, t == 0 ? firstCuts : new CellCuts(all.length), started);
            more[t] = new Thread(() -> w.work(deadline, maxCells), "reident-weight-cells-" + (t + 1));
            more[t].setDaemon(true);
            more[t].start();
        }
        new Worker(0, more.length == 0 ? firstCuts : new CellCuts(all.length), started).work(deadline, maxCells);
        boolean interrupted = false;
        for (Thread t : more) {
            while (t.isAlive()) { // each worker puts back what it holds before it ends: the bound needs every cell
                try {
                    t.join();
                } catch (InterruptedException e) {
                    stop();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        int left = Math.max(Math.max(best.linked(), 0), parked);
        bound = open.isEmpty() ? left : Math.max(left, open.peek().bound);
        open = null; // the cells' memory goes with the search (a full heap too): the bound stays
        if (failure instanceof RuntimeException e) {
            throw e;
        } else if (failure instanceof Error e) {
            throw e;
        }
    }

    /** One thread of the search: its own scratch, the queue shared ({@link #lock}). */
    private final class Worker {
        private final int id;
        private final CellCuts inCuts;
        private final RivalPairs pairs = new RivalPairs(n, eps, ROUND);
        private final long started;
        private long pairNanos;
        /** Cells made by the last {@link #process}. */
        private int made;

        Worker(int id, CellCuts inCuts, long started) {
            this.id = id;
            this.inCuts = inCuts;
            this.started = started;
        }

        void work(double deadline, long maxCells) {
            while (true) {
                Cell c;
                synchronized (lock) {
                    c = next(deadline, maxCells);
                    if (c == null) {
                        lock.notifyAll();
                        return;
                    }
                }
                Cell[] out;
                try {
                    out = process(c);
                } catch (RuntimeException | Error e) {
                    out = new Cell[] {c}; // back in the queue: the bound keeps its region
                    made = 0;
                    synchronized (lock) {
                        failure = failure == null ? e : failure;
                        done = true;
                    }
                }
                synchronized (lock) {
                    for (Cell o : out) {
                        open.add(o);
                        openBytes += bytes(o);
                    }
                    cells += made;
                    active--;
                    working[id] = -1;
                    bound = searchBound();
                    lock.notifyAll();
                }
            }
        }

        /** The next cell to work on (held by this worker), or null when the search ends. Under the lock. */
        private Cell next(double deadline, long maxCells) {
            while (!done && StopRequest.now() < deadline && cells < maxCells) {
                if (openBytes > maxBytes) {
                    full = true; // the open cells stay: their largest bound is the search's
                    return null;
                }
                if (held) {
                    try {
                        lock.wait(HOLD_POLL_MS);
                    } catch (InterruptedException e) {
                        done = true;
                        Thread.currentThread().interrupt();
                    }
                    continue;
                }
                if (open.isEmpty()) {
                    if (active == 0) {
                        return null;
                    }
                    try {
                        lock.wait(5);
                    } catch (InterruptedException e) {
                        done = true;
                        Thread.currentThread().interrupt();
                    }
                    continue;
                }
                bound = searchBound();
                Cell c = open.poll();
                openBytes -= bytes(c);
                if (c.bound <= best.linked()) {
                    open.clear(); // every open cell is bounded by this one; cells being worked on may still add some
                    openBytes = 0;
                    continue;
                }
                active++;
                working[id] = c.bound;
                return c;
            }
            return null;
        }

        /** Works on a popped cell: the cells it puts back or splits into, none when it is done with. */
        private Cell[] process(Cell popped) {
            made = 0;
            Cell c = popped.current(rivals);
            if (!c.again) {
                centre(c); // counted when popped, not when made: many cells made are never popped
                if (c.bound <= best.linked()) {
                    return NONE;
                }
            }
            long now = System.nanoTime();
            if (!c.again && (pairShare >= 1 || pairNanos <= pairShare * (now - started))) {
                CellKept kept = records.pairedOut(c.v, c.kept, pairs);
                pairNanos += System.nanoTime() - now;
                if (kept.size() < c.kept.size()) {
                    // checked again against the other cells before it is split
                    return new Cell[] {new Cell(c.v, kept, Math.min(c.bound, kept.size()), true, false)};
                }
            }
            int[][] inside = cuts;
            if (!c.covered && inside.length > 0) {
                int covered = inCuts.bound(inside, c.possible());
                if (covered < c.bound) {
                    return new Cell[] {new Cell(c.v, c.kept, covered, true, true)}; // back to the queue before it is split
                }
            }
            int[] edge = longestEdge(c.v);
            if (squaredLength(c.v, edge[0], edge[1]) < minEdge * minEdge) {
                CellKept kept = refreshed(c);
                if (kept.size() < c.bound) {
                    return new Cell[] {new Cell(c.v, kept, kept.size(), true, false)}; // set aside only if it stays
                }
                synchronized (lock) {
                    parked = Math.max(parked, c.bound);
                }
                return NONE;
            }
            double[] mid = new double[n];
            for (int k = 0; k < n; k++) {
                mid[k] = 0.5 * (c.v[edge[0]][k] + c.v[edge[1]][k]);
            }
            double[][][] kids = new double[2][][];
            for (int s = 0; s < 2; s++) {
                kids[s] = c.v.clone();
                kids[s][edge[s]] = mid;
            }
            CellKept[] possible = records.possibleInHalves(c.v, edge, mid, kids, c.kept, pairs);
            Cell[] out = new Cell[2];
            int count = 0;
            for (int s = 0; s < 2; s++) {
                int kept = possible[s].size();
                Cell child = new Cell(kids[s], possible[s], Math.min(c.bound, kept), false, false);
                made++;
                if (child.bound > best.linked()) {
                    out[count++] = child;
                }
            }
            return Arrays.copyOf(out, count);
        }

        /**
         * A cell about to be set aside for its size, its records checked again: each against every
         * reference record at the centre (a rival that beats it there joins its rivals), then against
         * the rivals and pairs of rivals held now. Its records were found possible when it was made,
         * against the rivals then held; rivals another worker added since may rule some out. On 2
         * workers, seeded files set cells aside with one record too many for a proof in about 3% of
         * the runs without this (SimplexCellsTest), none with it.
         */
        private CellKept refreshed(Cell c) {
            double[] w = centreOf(c.v);
            int[] possible = c.possible();
            for (int q : possible) {
                rivals.linksExactly(q, w);
            }
            return records.pairedOut(c.v, records.possible(c.v, possible, pairs), pairs);
        }
    }

    /** The largest of the incumbent, the cells set aside, the best open cell and the cells being worked on. Under the lock. */
    private int searchBound() {
        int b = Math.max(best.linked(), parked);
        if (!open.isEmpty()) {
            b = Math.max(b, open.peek().bound);
        }
        for (int w : working) {
            b = Math.max(b, w);
        }
        return b;
    }

    /**
     * The bound of a cell with these possible records, the cuts counted ({@link CellCuts}), as a
     * popped cell gets it (the first worker's scratch; tests).
     */
    int coverBound(int[] possible) {
        return firstCuts.bound(cuts, possible);
    }

    /**
     * Counts the records the cell's centre links with margin eps; a new incumbent if more. In the
     * first, quick count the sure records count as linked and the open ones are checked against the
     * rivals that cross the cell only ({@link CellRivals#linksAmong}): the centre is in the cell,
     * and the cell's records are current ({@link Cell#current}). The count that makes an incumbent
     * checks each record against all its rivals.
     */
    private void centre(Cell c) {
        double[] w = centreOf(c.v);
        int missed = 0;
        int beat = best.linked();
        CellKept kept = c.kept;
        int[] open = kept.open();
        int linked = kept.sure(); // the centre is in the cell
        for (int p = 0; p < open.length; p++) {
            int q = open[p];
            if (rivals.linksAmong(q, w, kept.crossing(p))) { // the other rivals reach every vertex
                linked++;
            } else if (kept.size() - ++missed <= beat) {
                return; // the rest cannot make it a new incumbent
            }
        }
        if (linked > best.linked()) {
            int[] possible = c.possible();
            linked = 0; // counted again, each record against all its rivals: an incumbent is exact
            for (int p = 0; p < possible.length; p++) {
                if ((p & 15) == 15 && done) {
                    return; // stopped: on 20,000 records a count took seconds past the run's limit
                }
                linked += rivals.linksExactly(possible[p], w) ? 1 : 0;
            }
        }
        if (linked > best.linked()) {
            synchronized (this) { // offer() may come from another thread
                if (linked > best.linked()) {
                    best = new Found(linked, w);
                }
            }
        }
    }

    /** The mean of the vertices v. */
    private double[] centreOf(double[][] v) {
        double[] w = new double[n];
        for (double[] vertex : v) {
            for (int k = 0; k < n; k++) {
                w[k] += vertex[k] / n;
            }
        }
        return w;
    }

    /** |v_a - v_b|^2. */
    private double squaredLength(double[][] v, int a, int b) {
        double d = 0;
        for (int k = 0; k < n; k++) {
            double z = v[a][k] - v[b][k];
            d += z * z;
        }
        return d;
    }

    private int[] longestEdge(double[][] v) {
        int[] best = {0, 1};
        double longest = -1;
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                double d = squaredLength(v, a, b);
                if (d > longest) {
                    longest = d;
                    best[0] = a;
                    best[1] = b;
                }
            }
        }
        return best;
    }

    /** The cuts from now on: each a set of training records not all linked by any parameter value. */
    void cuts(int[][] valid) {
        cuts = valid;
    }

    /** Asks a running search to end. */
    void stop() {
        done = true;
    }

    /**
     * Holds the workers (each takes no new cell; the one it works on it finishes) or lets them go on;
     * from any thread. The bound stays valid while held: no cell leaves the queue unsearched.
     */
    void hold(boolean on) {
        synchronized (lock) {
            held = on;
            lock.notifyAll();
        }
    }

    /** No w of the family links more training records with margin eps (valid at any time). */
    int bound() {
        return bound;
    }

    /**
     * An incumbent found elsewhere, counted the same way (every rival at least eps farther than the
     * true match): cells that cannot beat it are pruned from then on.
     */
    synchronized void offer(int linked, double[] weights) {
        if (linked > best.linked()) {
            best = new Found(linked, weights.clone());
        }
    }

    /** The best cell centre (or offered incumbent) so far. */
    Found found() {
        return best;
    }

    long cells() {
        return cells;
    }

    /**
     * The search ended because its open cells would have held more than their share of the heap
     * ({@link #HEAP_SHARE}): its bound is theirs, valid but no longer lowered.
     */
    boolean full() {
        return full;
    }

    /** The open cells' bytes ({@link #bytes}) when the search ended, or now. */
    long openBytes() {
        synchronized (lock) {
            return openBytes;
        }
    }

    /** The most bytes the open cells may hold ({@link #HEAP_SHARE} of the heap, or a test's). */
    long maxBytes() {
        return maxBytes;
    }

    /**
     * What a cell holds of its own, estimated (compressed references, 16-byte array and 12-byte
     * object headers, sizes rounded to 8): the record, its vertex array and the new vertex (shared
     * with its sibling, counted in both), and its records ({@link CellKept#bytes}).
     */
    private long bytes(Cell c) {
        return 32 + CellKept.aligned(16 + 4L * n) + CellKept.aligned(16 + 8L * n) + c.kept.bytes();
    }

    /** The search ended with its proof: no weights link more than the best found (or offered). */
    boolean proven() {
        return ready && bound <= best.linked();
    }

    /** Every training record's rivals were gathered: {@link #run} searches. */
    boolean ready() {
        return ready;
    }

    /** The rivals held so far, over every training record (gathered first, then lazily more). */
    long rivalsKept() {
        long count = 0;
        for (int q = 0; q < rivals.records(); q++) {
            double[] r = rivals.of(q);
            count += r == null ? 0 : r.length / n;
        }
        return count;
    }
}

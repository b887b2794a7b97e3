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
 * first). The cell's centre, counted exactly, gives incumbents. The search ends when no cell
 * could beat the incumbent (then it is optimal) or at the deadline (then the largest count left
 * is the bound).
 * <p>
 * Only the rivals that matter are kept ({@link CellRivals}): for w >= 0 a rival with min_k e_ijk >= eps is beaten
 * everywhere, and one whose e is componentwise at least another's is implied by it. Of those, each
 * record starts with its {@link #FIRST_RIVALS} nearest by AM; a cell's possible records are then a
 * superset (fewer rivals rule out less), so every bound stays valid, and a centre that would be a
 * new incumbent is counted again against every reference record, the first rival found closer
 * joining that record's rivals, so every incumbent is exact (cutting planes, as the slave's lazy
 * rows). 10,000 records on 6 variables, 25% noise, WM, 60 s: gathering every Pareto-minimal rival
 * took 45 s of the minute (about 450 per record); with 64 first, bound 3,189 -> 2,422, with 16
 * first 2,221-2,245 (docs/learning.md).
 * <p>
 * Where it pays: few variables and few records linked, the regime of well-protected files, where
 * the conflicts of the Benders cuts are pairs and the master needs a great many of them. 3,000
 * generated records on 6 variables with 60% noise, WM, `learn --time-limit 60s` (2026-11-27,
 * docs/learning.md): the cuts alone, bound 787 with 178 found; with this search beside them, bound
 * 288 with 186 found; with pairs of rivals ({@link RivalPairs}), 275 (a later run: 286 without).
 * EIA on 11 variables, gathering every rival (54 s): 17 cells in 60 s, bound 3,908 (the cuts'
 * first round: 3,421; a development probe); with the lazy rivals, WM 120 s, 12,234 cells and bound
 * 3,024 against the cuts' 3,351.
 * {@link ConflictLearner} runs it beside the cuts for these families on at most
 * {@link #MAX_VARIABLES} variables.
 */
final class SimplexCells {
    /**
     * Beyond this many weights the cells are not measured. Measured (docs/learning.md): 4 to 7
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
     * measured file bounds as well or better than without pairs (docs/learning.md).
     */
    private static final double PAIR_SHARE = 0.1;
    /**
     * Rivals gathered per record at the start: its first Pareto-minimal ones by AM. The rest enter
     * lazily, when a centre that would be a new incumbent is checked against every rival. Swept
     * 4 / 8 / 16 / 32 / 64 / 128 (docs/learning.md, 2026-11-28): fewer rivals make each cell cheaper,
     * so more cells are searched, and 4 to 16 bound best (10,000 records, WM 60 s: 2,221-2,245
     * against 2,397-2,422 with 64 and 2,601 with 128); with 4 or 8 a small file's proof takes
     * longer (1000 records, 5 variables, 40% noise: 43.0 / 38.7 s against 34.3 s with 16).
     */
    static final int FIRST_RIVALS = 16;

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
     * search's bound, so a search that sets one aside is never reported proven by it. No file is
     * known to need it; the measured proofs (docs/learning.md) end as before with it.
     */
    private double minEdge = 1e-9;
    /** The largest bound of a cell set aside for its size (-1: none). */
    private int parked = -1;
    /** Per training record, its rivals' e vectors (gathered, then lazily more). */
    private final CellRivals rivals;
    private final double[][] root;
    /** The master's cuts so far (records by training index), as the learner last handed them over. */
    private volatile int[][] cuts = new int[0][];
    /** Scratch of {@link #cell}: the cell's possible records. */
    private boolean[] inCell;
    /** Per record, the offset of the rival that last ruled it out of a cell (-1: none yet), tried first. */
    private int[] witness;
    /** Per record, the pair of rivals that last ruled it out of a cell (-1: none yet), tried next. */
    private long[] pairWitness;
    private final RivalPairs pairs;
    /** Every training record's rivals were gathered before the deadline: the search may run. */
    private final boolean ready;
    private volatile int bound;
    /** Read by the learner's thread: written whole, once per new incumbent. */
    private volatile Found best = new Found(-1, null);
    private volatile boolean done;
    private volatile long cells;

    /**
     * A cell, the records that could link in it, and its bound: that many less the cuts' quick
     * cover bound. {@code paired}: its records were checked by pairs of rivals too.
     */
    private record Cell(double[][] v, int[] possible, int bound, boolean paired) {
    }

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
        inCell = new boolean[train.length];
        witness = new int[train.length];
        Arrays.fill(witness, -1);
        pairWitness = new long[train.length];
        Arrays.fill(pairWitness, -1);
        pairs = new RivalPairs(n, eps, ROUND);
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

    /** Sets {@link #minEdge} (tests: a large one sets cells aside early). */
    SimplexCells minEdge(double edge) {
        minEdge = edge;
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
        long pairNanos = 0;
        PriorityQueue<Cell> open = new PriorityQueue<>((a, b) -> Integer.compare(b.bound, a.bound));
        open.add(cell(root, Arrays.copyOf(all, count), false)); // its centre is counted when popped
        while (!open.isEmpty() && !done && StopRequest.now() < deadline && cells < maxCells) {
            bound = Math.max(Math.max(best.linked(), parked), open.peek().bound);
            Cell c = open.poll();
            if (c.bound <= best.linked()) {
                open.clear();
                break;
            }
            if (!c.paired) {
                centre(c); // counted when popped, not when made: many cells made are never popped
                if (c.bound <= best.linked()) {
                    continue;
                }
            }
            long now = System.nanoTime();
            if (!c.paired && (pairShare >= 1 || pairNanos <= pairShare * (now - started))) {
                int[] kept = pairedOut(c.v, c.possible);
                pairNanos += System.nanoTime() - now;
                if (kept.length < c.possible.length) {
                    open.add(cell(c.v, kept, true));
                    continue; // checked again against the other cells before it is split
                }
            }
            int[] edge = longestEdge(c.v);
            if (squaredLength(c.v, edge[0], edge[1]) < minEdge * minEdge) {
                parked = Math.max(parked, c.bound);
                continue;
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
            int[][] possible = possibleInHalves(c.v, edge, mid, kids, c.possible);
            for (int s = 0; s < 2; s++) {
                Cell child = withCuts(kids[s], possible[s], false);
                cells++;
                if (child.bound > best.linked()) {
                    open.add(child);
                }
            }
        }
        int left = Math.max(Math.max(best.linked(), 0), parked);
        bound = open.isEmpty() ? left : Math.max(left, open.peek().bound);
    }

    /**
     * The cell with vertices v: its possible records among {@code from}, and its bound. The cuts
     * (at least one record of each is not linked by any w) lying wholly among the possible records
     * still need a cover, which {@link CoverRaise} bounds from below.
     */
    private Cell cell(double[][] v, int[] from, boolean paired) {
        return withCuts(v, paired ? from : possible(v, from), paired);
    }

    /** The cell with vertices v and these possible records, its bound less the cuts' cover bound. */
    private Cell withCuts(double[][] v, int[] possible, boolean paired) {
        int[][] all = cuts;
        if (all.length == 0) {
            return new Cell(v, possible, possible.length, paired);
        }
        for (int q : possible) {
            inCell[q] = true;
        }
        int[][] inside = new int[all.length][];
        int count = 0;
        for (int[] c : all) {
            boolean within = true;
            for (int q = 0; q < c.length && within; q++) {
                within = inCell[c[q]];
            }
            if (within) {
                inside[count++] = c;
            }
        }
        for (int q : possible) {
            inCell[q] = false;
        }
        long cover = count == 0 ? 0 : CoverRaise.bound(rivals.records(), new boolean[rivals.records()], inside, count);
        return new Cell(v, possible, (int) (possible.length - cover), paired);
    }

    /** The records of {@code from} that no pair of rivals rules out of the cell ({@link RivalPairs}). */
    private int[] pairedOut(double[][] v, int[] from) {
        int[] out = new int[from.length];
        int count = 0;
        for (int q : from) {
            long pair = pairs.find(v, rivals.of(q));
            if (pair >= 0) {
                pairWitness[q] = pair;
            } else {
                out[count++] = q;
            }
        }
        return Arrays.copyOf(out, count);
    }

    /** The records of {@code from} with no rival below eps at every vertex. */
    private int[] possible(double[][] v, int[] from) {
        int[] out = new int[from.length];
        int count = 0;
        for (int q : from) {
            double[] r = rivals.of(q);
            int w = witness[q];
            if (w >= 0 && !reaches(v, r, w)) {
                continue; // the rival that ruled q out of an earlier cell rules it out here too
            }
            if (pairWitness[q] >= 0 && pairs.holds(v, r, pairWitness[q])) {
                continue; // so does the pair that did
            }
            boolean ok = true;
            for (int o = 0; o < r.length && ok; o += n) {
                if (o != w && !reaches(v, r, o)) {
                    witness[q] = o;
                    ok = false;
                }
            }
            if (ok) {
                out[count++] = q;
            }
        }
        return Arrays.copyOf(out, count);
    }

    /**
     * {@link #possible} for both halves of a split at once: {@code kids[s]} is v with vertex
     * {@code edge[s]} replaced by {@code mid}. The vertices the halves share are tried once for
     * both (about 1.3 vertices are tried per rival, so this halves the work of the split); the
     * records kept are the same as two separate calls would keep.
     */
    private int[][] possibleInHalves(double[][] v, int[] edge, double[] mid, double[][][] kids, int[] from) {
        int[][] out = {new int[from.length], new int[from.length]};
        int[] count = new int[2];
        for (int q : from) {
            double[] r = rivals.of(q);
            int w = witness[q];
            int in = w >= 0 ? reachesInHalves(v, edge, mid, r, w) : 3; // bit s: possible in half s
            long pair = pairWitness[q];
            for (int s = 0; s < 2 && pair >= 0; s++) {
                if ((in & (1 << s)) != 0 && pairs.holds(kids[s], r, pair)) {
                    in &= ~(1 << s);
                }
            }
            for (int o = 0; o < r.length && in != 0; o += n) {
                if (o != w) {
                    int reached = reachesInHalves(v, edge, mid, r, o);
                    if ((in & ~reached) != 0) {
                        witness[q] = o;
                        in &= reached;
                    }
                }
            }
            for (int s = 0; s < 2; s++) {
                if ((in & (1 << s)) != 0) {
                    out[s][count[s]++] = q;
                }
            }
        }
        return new int[][] {Arrays.copyOf(out[0], count[0]), Arrays.copyOf(out[1], count[1])};
    }

    /**
     * Which halves of the split ({@link #possibleInHalves}) have a vertex putting the rival at offset
     * o of r at eps or beyond: bit s for the half without vertex {@code edge[s]}.
     */
    private int reachesInHalves(double[][] v, int[] edge, double[] mid, double[] r, int o) {
        for (int k = 0; k < n; k++) {
            if (k != edge[0] && k != edge[1] && reachedAt(v[k], r, o)) {
                return 3;
            }
        }
        if (reachedAt(mid, r, o)) {
            return 3;
        }
        return (reachedAt(v[edge[1]], r, o) ? 1 : 0) | (reachedAt(v[edge[0]], r, o) ? 2 : 0);
    }

    private boolean reachedAt(double[] vertex, double[] r, int o) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += vertex[k] * r[o + k];
        }
        return s >= eps - ROUND;
    }

    /** Some vertex of v puts the rival at offset o of r at eps or beyond: max_v v . e >= eps. */
    private boolean reaches(double[][] v, double[] r, int o) {
        for (double[] vertex : v) {
            if (reachedAt(vertex, r, o)) {
                return true;
            }
        }
        return false;
    }

    /** Counts the records the cell's centre links with margin eps; a new incumbent if more. */
    private void centre(Cell c) {
        double[] w = new double[n];
        for (double[] vertex : c.v) {
            for (int k = 0; k < n; k++) {
                w[k] += vertex[k] / n;
            }
        }
        int linked = 0;
        int missed = 0;
        int beat = best.linked();
        for (int q : c.possible) {
            if (rivals.links(q, w)) {
                linked++;
            } else if (c.possible.length - ++missed <= beat) {
                return; // the rest cannot make it a new incumbent
            }
        }
        if (linked > best.linked()) {
            linked = 0; // counted again, each record against all its rivals: an incumbent is exact
            for (int q : c.possible) {
                linked += rivals.linksExactly(q, w) ? 1 : 0;
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
}

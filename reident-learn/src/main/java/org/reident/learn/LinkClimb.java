package org.reident.learn;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.reident.linkage.NearestRivals;

/**
 * Incumbents by local search over a family's parameters theta, for the runs whose cuts find few:
 * large files on many variables, where the slave's linkable sets stay far below AM's. It maximises
 * the training records linked with margin eps, L(theta) = #{i : C_theta(i, j) - C_theta(i, t_i) >=
 * eps for every rival j}, the count of {@link SimplexCells}' cell centres and of the learner's MILP
 * (docs/learning.md). The pair's distance is the family's terms ({@link Features#terms}):
 * C_theta(i, j) = sum_t val_t theta[idx_t], n of them for WM, WM_m and OWA (weights) and CI (a
 * measure), n (n + 1) / 2 for SB, SB_NC and MD* (a matrix). Which moves keep theta in its family is
 * {@link Moves}' business: {@link SimplexMoves} for the weights, {@link MeasureMoves} for a monotone
 * measure, {@link SubmodularMoves} for a submodular one, {@link MatrixMoves} for a matrix.
 * <p>
 * Each record keeps rivals (their terms): its {@link #PRIME} nearest under the start, and each rival
 * that has ruled it out since. A proposal is counted on those alone, an upper bound of L (cheap: a
 * record that fails fails on the rival that last ruled it out), and counted exactly, against every
 * rival, only when that bound beats the best; each record it counted wrongly then keeps the rival
 * that rules it out. The exact count stops as soon as too many records have failed for it to reach
 * the best (the move is then not taken). Every incumbent reported is thus an exact count. On files
 * where the linkage engine searches a k-d tree ({@link EngineLinker}), the counts are the engine's
 * margins and nearest rivals instead of every pair's terms (the first, its {@link #PRIME} nearest),
 * and on the largest a climb that follows another starts from the rivals that one kept
 * ({@link #rivalsFrom}).
 * <p>
 * A move is kept when the bound does not fall (plateaus are walked). The climb ends at the
 * deadline, on {@link #stop}, or when it has not improved for max({@link #STALL} s, half its
 * running time). Which theta it reaches depends on the clock, not its soundness.
 */
final class LinkClimb {
    /** Seconds without a gain after which the climb may end. */
    static final double STALL = 3;
    /**
     * Rivals each record keeps from the first exact count: its nearest under the start. With the
     * failing records' nearest alone, most proposals' estimates beat the best and are counted exactly
     * in vain (EIA, 10% noise, CI's measure: 9 exact counts of 477 moves took 4.3 s). Swept on that
     * file (`learn --aggregator choquet --time-limit 60s`, 2026-11-28): 4 rivals 974 records, 8 1,013
     * and 1,014, 16 1,005 to 1,012, 32 1,004; the Census on 8 variables with 40% noise, 8 415 and 16
     * 413-414. 8 and 16 are within the runs' spread; the tables were made with 16.
     */
    static final int PRIME = 16;

    /**
     * The linkage engine's answers for theta ({@link EngineLinker}), or null where the climb had better
     * count every pair itself.
     */
    interface Linker {
        /**
         * The k nearest rivals of each query record listed, nearest first, and its margin (the
         * linkage's margin min_{j != t} C(i, j) - C(i, t)), or null where the engine would compare
         * every pair (a matrix that is not positive semidefinite).
         */
        NearestRivals nearest(double[] theta, int[] records, int k);
    }

    /**
     * Pairs (training records times rivals) above which a climb that follows another takes that one's
     * rivals ({@link #rivalsFrom}) rather than counting every pair for its first count: about 3.5 s of
     * a Choquet integral's terms on one core at the rate measured on 20,000 records of 8 variables
     * (4 x 10^8 pairs in over 29 s, some 70 ns a pair). Below it that count, and its {@link #PRIME}
     * nearest rivals under the climb's own start, are kept (EIA: 1.7 x 10^7 pairs, about a second at
     * that rate), so such files keep their paths. Since the first count can search the engine's tree
     * ({@link Linker#nearest}), starting afresh is cheap there too, but not better: on that file, CI at
     * 60 s, 5,185 and 5,188 records against 5,188 and 5,191 from the rivals taken over (stop 61).
     */
    static final long PRIME_PAIRS = 50_000_000L;

    /** Proposals within the family. */
    interface Moves {
        /** theta made a member of the family (the climb starts there). */
        double[] start(double[] theta);

        /** A neighbour of theta, into next (same length). */
        void propose(double[] theta, double[] next, SplittableRandom rnd);
    }

    private final int n;
    private final int nr;
    private final double eps;
    private final Moves moves;
    private final Features features;
    private final int[] rec;
    private final int[] truth;
    /** Per training record, the terms of the rivals that ruled it out so far, n each (n: the terms of a pair). */
    private final int[][] keptIdx;
    private final double[][] keptVal;
    /** Per training record, the indices of the rivals kept, in the order of their terms. */
    private final int[][] keptRival;
    private final int[] size;
    /** Per training record, the terms of its true match. */
    private final int[][] ownIdx;
    private final double[][] ownVal;
    private final int[] idx;
    private final double[] val;
    private final double[] c;
    private final int[] order;
    /** The first exact count keeps each record's nearest rivals, not only a failing one's nearest. */
    private boolean priming = true;
    private final int[] nearJ = new int[PRIME];
    private final double[] nearD = new double[PRIME];
    /** The engine's counts (null: every pair counted here; set before {@link #run}). */
    private Linker linker;
    private volatile Found best = new Found(-1, null);
    private volatile boolean stopped;
    private long proposals;
    private long exactCounts;
    private volatile double seconds;
    private Consumer<Found> onGain = f -> { };
    /** The run's best count, read by the climb as it goes (null: the climb does not look). */
    private IntSupplier others;
    private volatile boolean trailed;

    /** The most training records an exactly counted theta links with margin eps (-1 before the first), and theta. */
    record Found(int linked, double[] theta) {
    }

    /**
     * @param features   the run's features, for the pairs' terms
     * @param references the reference records' count
     * @param records    the training records' query rows
     * @param truth      per query row, its true match's reference row
     */
    LinkClimb(Features features, int references, int[] records, int[] truth, double eps, Moves moves) {
        this.features = features;
        this.n = features.terms();
        this.nr = references;
        this.eps = eps;
        this.moves = moves;
        this.rec = records.clone();
        this.truth = truth;
        keptIdx = new int[rec.length][];
        keptVal = new double[rec.length][];
        keptRival = new int[rec.length][];
        size = new int[rec.length];
        ownIdx = new int[rec.length][];
        ownVal = new double[rec.length][];
        idx = new int[n];
        val = new double[n];
        c = new double[features.dimension()];
        order = new int[features.dimension()];
    }

    /** Climbs from theta until the deadline (nanoTime seconds), a stop or a stall. */
    void run(double[] start, double deadline, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] theta = moves.start(start.clone());
        int first = exact(theta, deadline);
        if (first < 0) {
            return;
        }
        best = new Found(first, theta.clone());
        int othersAtStart = others == null ? -1 : others.getAsInt();
        int current = first;
        double began = now();
        double gained = began;
        double[] next = new double[theta.length];
        while (!stopped) {
            double t = now();
            seconds = System.nanoTime() / 1e9 - began;
            if (t >= deadline || t - gained > Math.max(STALL, (t - began) / 2)) {
                return;
            }
            if (others != null && others.getAsInt() > Math.max(othersAtStart, best.linked())) {
                trailed = true;
                return;
            }
            moves.propose(theta, next, rnd);
            int bound = estimate(next);
            proposals++;
            if (bound < current) {
                continue;
            }
            if (bound > best.linked()) {
                int needed = best.linked();
                int x = exact(next, deadline, needed);
                if (x < 0) {
                    return;
                }
                if (x > best.linked()) {
                    best = new Found(x, next.clone());
                    onGain.accept(best);
                    gained = now();
                }
                current = estimate(theta); // the rivals just kept may lower the current point's bound
                if (x < needed) {
                    continue; // cut short below the best: its count is not known, and not worth a move
                }
                bound = x;
            }
            if (bound >= current) {
                System.arraycopy(next, 0, theta, 0, theta.length);
                current = bound;
            }
        }
    }

    /**
     * Counts exactly by the engine where {@code l} answers ({@link #exact}), not pair by pair
     * (set before {@link #run}; null: always pair by pair).
     */
    void countBy(Linker l) {
        linker = l;
    }

    /** Whether a first count of every pair would pass {@link #PRIME_PAIRS} (then {@link #rivalsFrom} is taken). */
    boolean largeFirstCount() {
        return (long) rec.length * nr > PRIME_PAIRS;
    }

    /**
     * Starts from the rivals that {@code before}, an ended climb over the same records, kept (its first
     * count's {@link #PRIME} nearest and each rival that ruled a record out since), in place of a first
     * count of every pair: on a large file that count of a Choquet integral's terms (a sort a pair)
     * took the family climb's whole time (20,000 records, 8 variables: the last 29 s of 60; docs/learning.md,
     * "Counted by the engine on large files"). Set before {@link #run}, on the thread that ran {@code before}.
     */
    void rivalsFrom(LinkClimb before) {
        for (int q = 0; q < rec.length; q++) {
            int kept = before.size[q];
            if (kept == 0) {
                continue;
            }
            int i = rec[q];
            own(q, i);
            int[] kr = before.keptRival[q];
            for (int r = kept - 1; r >= 0; r--) {
                keep(q, i, kr[r]);
            }
        }
        priming = false;
    }

    /** Called on the climb's thread with each new best after the first (set before {@link #run}). */
    void onGain(Consumer<Found> action) {
        onGain = action;
    }

    /**
     * Ends the climb once the run's best ({@code runBest}, read as it goes) has passed both its own
     * value when the climb began and the climb's best: the climb is there to find what the cuts have
     * not, and trailing them it only takes a core from their filters (set before {@link #run}).
     */
    void trail(IntSupplier runBest) {
        others = runBest;
    }

    /** Whether the climb ended because the run's best passed it ({@link #trail}). */
    boolean trailed() {
        return trailed;
    }

    /** Asks a running climb to end. */
    void stop() {
        stopped = true;
    }

    Found found() {
        return best;
    }

    long proposals() {
        return proposals;
    }

    /** Seconds from the first exact count to the last move. */
    double seconds() {
        return seconds;
    }

    long exactCounts() {
        return exactCounts;
    }

    /** The records theta links on their kept rivals alone: at least L(theta). */
    int estimate(double[] theta) {
        int linked = 0;
        for (int q = 0; q < rec.length; q++) {
            linked += holdsKept(q, theta) ? 1 : 0;
        }
        return linked;
    }

    private boolean holdsKept(int q, double[] theta) {
        int end = size[q] * n;
        if (end == 0) {
            return true;
        }
        int[] ki = keptIdx[q];
        double[] kv = keptVal[q];
        double own = dot(ownIdx[q], ownVal[q], 0, theta);
        for (int o = 0; o < end; o += n) {
            if (dot(ki, kv, o, theta) - own < eps) { // the same test as exact's
                if (o > 0) { // the rival that rules it out is tried first next time
                    int[] kr = keptRival[q];
                    int first = kr[0];
                    kr[0] = kr[o / n];
                    kr[o / n] = first;
                    for (int k = 0; k < n; k++) {
                        int xi = ki[k];
                        ki[k] = ki[o + k];
                        ki[o + k] = xi;
                        double xv = kv[k];
                        kv[k] = kv[o + k];
                        kv[o + k] = xv;
                    }
                }
                return false;
            }
        }
        return true;
    }

    private double dot(int[] ix, double[] v, int from, double[] theta) {
        double s = 0;
        for (int k = from; k < from + n; k++) {
            s += v[k] * theta[ix[k]];
        }
        return s;
    }

    /** L(theta) exactly; -1 at the deadline or on {@link #stop}. */
    int exact(double[] theta, double deadline) {
        return exact(theta, deadline, 0);
    }

    /**
     * L(theta) when it is at least {@code needed}, else a value below {@code needed} and at least
     * L(theta) (the count stops once too many records have failed: most proposals counted exactly
     * fall short of the best, and a Choquet count of every pair costs a sort each). A record its kept
     * rivals rule out is lost; each other record is checked against every rival, and one that fails
     * keeps the rival of least distance; the first count keeps each record's {@link #PRIME} nearest.
     * Where the engine answers ({@link #countBy}), that check is the engine's margin
     * min_{j != t} C(i, j) - C(i, t) >= eps and the rival kept its nearest, or on the first count its
     * {@link #PRIME} nearest from a search of its tree ({@link Linker#nearest}): the same count and the
     * same rivals, but for rounding. The later counts ask the engine for the training records' nearest
     * rival alone ({@link Linker#nearest} with k = 1: the linkage's margin and rival, for the training
     * records only, so a climb on part of the records ({@code --train-fraction}) does not link the
     * rest; on every record no slower than a linkage, docs/learning.md, "Training records alone").
     * -1 at the deadline or on {@link #stop}.
     */
    int exact(double[] theta, double deadline, int needed) {
        NearestRivals near = null;
        if (linker != null) {
            if (stopped || now() >= deadline) {
                return -1;
            }
            // the first count keeps each record's PRIME nearest, a later one the nearest of each that fails
            near = linker.nearest(theta, rec, priming ? PRIME : 1);
        }
        exactCounts++;
        int linked = 0;
        int lost = 0;
        int spare = rec.length - needed; // records that may fail before the count falls short
        for (int q = 0; q < rec.length; q++) {
            if (lost > spare) {
                return rec.length - lost;
            }
            if (!holdsKept(q, theta)) {
                lost++;
                continue;
            }
            if (near == null && (q & 63) == 0 && (stopped || now() >= deadline)) {
                return -1;
            }
            int i = rec[q];
            own(q, i);
            boolean holds;
            if (near != null) {
                holds = near.margin(q) >= eps;
                if (priming || !holds) {
                    for (int r = near.size(q) - 1; r >= 0; r--) { // the nearest kept last, so tried first
                        keep(q, i, near.rival(q, r));
                    }
                }
            } else {
                holds = againstEveryRival(q, i, theta);
            }
            if (holds) {
                linked++;
            } else {
                lost++;
            }
        }
        priming = false;
        return linked; // every record is linked or lost
    }

    /**
     * Whether record i (the q-th) is linked with margin eps against every rival, pair by pair; on
     * the first count it keeps its {@link #PRIME} nearest rivals, later the nearest when it fails.
     */
    private boolean againstEveryRival(int q, int i, double[] theta) {
        int t = truth[i];
        double least = Double.POSITIVE_INFINITY;
        int worst = -1;
        int near = 0;
        for (int j = 0; j < nr; j++) {
            if (j == t) {
                continue;
            }
            features.terms(i, j, idx, val, c, order);
            double s = dot(idx, val, 0, theta);
            if (s < least) {
                least = s;
                worst = j;
            }
            if (priming && (near < PRIME || s < nearD[near - 1])) {
                near = insert(j, s, near);
            }
        }
        boolean holds = least - dot(ownIdx[q], ownVal[q], 0, theta) >= eps;
        if (priming) {
            for (int r = near - 1; r >= 0; r--) { // the nearest kept last, so tried first
                keep(q, i, nearJ[r]);
            }
        } else if (!holds) {
            keep(q, i, worst);
        }
        return holds;
    }

    /** The terms of record i's (the q-th's) pair with its true match, computed once. */
    private void own(int q, int i) {
        if (ownIdx[q] == null) {
            ownIdx[q] = new int[n];
            ownVal[q] = new double[n];
            features.terms(i, truth[i], ownIdx[q], ownVal[q], c, order);
        }
    }

    /** Puts rival j at distance s into the sorted nearest list of {@code near} entries; the new length. */
    private int insert(int j, double s, int near) {
        int p = Math.min(near, PRIME - 1);
        while (p > 0 && nearD[p - 1] > s) {
            nearD[p] = nearD[p - 1];
            nearJ[p] = nearJ[p - 1];
            p--;
        }
        nearD[p] = s;
        nearJ[p] = j;
        return Math.min(near + 1, PRIME);
    }

    private void keep(int q, int i, int j) {
        features.terms(i, j, idx, val, c, order);
        if (keptIdx[q] == null) {
            keptIdx[q] = new int[4 * n];
            keptVal[q] = new double[4 * n];
            keptRival[q] = new int[4];
        } else if ((size[q] + 1) * n > keptIdx[q].length) {
            keptIdx[q] = Arrays.copyOf(keptIdx[q], 2 * keptIdx[q].length);
            keptVal[q] = Arrays.copyOf(keptVal[q], 2 * keptVal[q].length);
            keptRival[q] = Arrays.copyOf(keptRival[q], 2 * keptRival[q].length);
        }
        int[] kr = keptRival[q];
        kr[size[q]] = kr[0];
        kr[0] = j;
        int[] ki = keptIdx[q];
        double[] kv = keptVal[q];
        int o = size[q]++ * n;
        for (int k = 0; k < n; k++) { // first: a new rival is the likeliest to rule the record out again
            ki[o + k] = ki[k];
            kv[o + k] = kv[k];
            ki[k] = idx[k];
            kv[k] = val[k];
        }
    }

    private static double now() {
        return StopRequest.now();
    }
}

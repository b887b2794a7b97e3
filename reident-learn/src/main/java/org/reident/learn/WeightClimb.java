package org.reident.learn;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Incumbents by local search over the weights of a weighted mean (or of an OWA), for the runs whose
 * cuts find few: large files on many variables, where the slave's linkable sets stay far below
 * AM's. It maximises the training records linked with margin eps,
 * L(w) = #{i : w . e_ij >= eps for every rival j}, e_ijk = c_k(i, j) - c_k(i, t_i), with c_k the
 * squared standardised difference of variable k (OWA: the same values sorted, largest first), over
 * w = delta + (1 - n delta) u, u on the simplex (delta > 0 for WM_m only). The count is that of
 * {@link SimplexCells}' cell centres and of the learner's MILP (docs/learning.md).
 * <p>
 * Each record keeps the rivals that have ruled it out so far. A proposal is counted on those
 * alone, an upper bound of L (cheap: a record that fails fails on the rival that last ruled it
 * out), and counted exactly, against every rival, only when that bound beats the best; each record
 * it counted wrongly then keeps the rival that rules it out, so the bound of that w becomes exact.
 * Every incumbent reported is thus an exact count.
 * <p>
 * Moves: one coordinate of u (two, three times in ten) multiplied by exp(sigma Z), Z standard
 * normal, sigma drawn from {@link #STEPS}; a move is kept when the bound does not fall (plateaus
 * are walked). It ends at the deadline, on {@link #stop}, or when it has not improved for
 * max({@link #STALL} s, half its running time). Which w it reaches depends on the clock, not its
 * soundness.
 */
final class WeightClimb {
    /** Seconds without a gain after which the climb may end. */
    static final double STALL = 3;
    private static final double[] STEPS = {0.05, 0.2, 1.0};

    private final int n;
    private final int nr;
    private final boolean sorted;
    private final double eps;
    private final double delta;
    /** The standardised records: their squared differences per variable. */
    private final Features features;
    private final int[] rec;
    private final int[] truth;
    /** Per training record, the rivals' e that ruled it out so far, n values each. */
    private final double[][] rows;
    private final int[] size;
    private final double[] c;
    private final double[] own;
    private volatile Found best = new Found(-1, null);
    private volatile boolean stopped;
    private long proposals;
    private long exactCounts;
    private volatile double seconds;
    private Consumer<Found> onGain = f -> { };

    /** The most training records an exactly counted w links with margin eps (-1 before the first), and w. */
    record Found(int linked, double[] weights) {
    }

    /**
     * @param features   the run's features, for their squared standardised differences (any
     *                   family's: those do not depend on it)
     * @param references the reference records' count
     * @param records    the training records' query rows
     * @param truth      per query row, its true match's reference row
     * @param owa        the weights act on the sorted values (OWA) instead of the variables
     * @param delta      the least weight (WM_m), else 0
     */
    WeightClimb(Features features, int references, int[] records, int[] truth, boolean owa, double eps, double delta) {
        this.features = features;
        this.n = features.dimension();
        this.nr = references;
        this.sorted = owa;
        this.eps = eps;
        this.delta = delta;
        this.rec = records.clone();
        this.truth = truth;
        rows = new double[rec.length][];
        size = new int[rec.length];
        c = new double[n];
        own = new double[n];
    }

    /** Climbs from w (on the family's simplex) until the deadline (nanoTime seconds), a stop or a stall. */
    void run(double[] start, double deadline, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] u = new double[n];
        double span = 1 - n * delta;
        for (int k = 0; k < n; k++) {
            u[k] = Math.max(1e-9, (start[k] - delta) / span);
        }
        normalise(u);
        double[] w = weights(u, new double[n]);
        int first = exact(w, deadline);
        if (first < 0) {
            return;
        }
        best = new Found(first, w);
        int current = first;
        double began = now();
        double gained = began;
        double[] next = new double[n];
        double[] v = new double[n];
        double[] at = new double[n];
        while (!stopped) {
            double t = now();
            seconds = System.nanoTime() / 1e9 - began;
            if (t >= deadline || t - gained > Math.max(STALL, (t - began) / 2)) {
                return;
            }
            propose(u, next, rnd);
            weights(next, v);
            int bound = estimate(v);
            proposals++;
            if (bound < current) {
                continue;
            }
            if (bound > best.linked()) {
                int x = exact(v, deadline);
                if (x < 0) {
                    return;
                }
                if (x > best.linked()) {
                    best = new Found(x, v.clone());
                    onGain.accept(best);
                    gained = now();
                }
                bound = x;
                current = estimate(weights(u, at)); // the rivals just kept may lower the current point's bound
            }
            if (bound >= current) {
                System.arraycopy(next, 0, u, 0, n);
                current = bound;
            }
        }
    }

    /** Called on the climb's thread with each new best after the first (set before {@link #run}). */
    void onGain(Consumer<Found> action) {
        onGain = action;
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

    private void propose(double[] u, double[] next, SplittableRandom rnd) {
        System.arraycopy(u, 0, next, 0, n);
        int moves = rnd.nextDouble() < 0.3 ? 2 : 1;
        for (int q = 0; q < moves; q++) {
            int k = rnd.nextInt(n);
            double sigma = STEPS[rnd.nextInt(STEPS.length)];
            next[k] = Math.max(1e-12, next[k] * Math.exp(sigma * rnd.nextGaussian()));
        }
        normalise(next);
    }

    /** w = delta + (1 - n delta) u, into w. */
    private double[] weights(double[] u, double[] w) {
        double span = 1 - n * delta;
        for (int k = 0; k < n; k++) {
            w[k] = delta + span * u[k];
        }
        return w;
    }

    /** The records w links on their kept rivals alone: at least L(w). */
    int estimate(double[] w) {
        int linked = 0;
        for (int q = 0; q < rec.length; q++) {
            linked += holdsKept(q, w) ? 1 : 0;
        }
        return linked;
    }

    private boolean holdsKept(int q, double[] w) {
        double[] r = rows[q];
        int end = size[q] * n;
        for (int o = 0; o < end; o += n) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += w[k] * r[o + k];
            }
            if (s < eps) {
                if (o > 0) { // the rival that rules it out is tried first next time
                    for (int k = 0; k < n; k++) {
                        double x = r[k];
                        r[k] = r[o + k];
                        r[o + k] = x;
                    }
                }
                return false;
            }
        }
        return true;
    }

    /**
     * L(w), each record passing its kept rivals checked against every rival; one that fails keeps
     * the rival with the least w . e. -1 at the deadline or on {@link #stop}.
     */
    int exact(double[] w, double deadline) {
        exactCounts++;
        int linked = 0;
        for (int q = 0; q < rec.length; q++) {
            if (!holdsKept(q, w)) {
                continue;
            }
            if ((q & 63) == 0 && (stopped || now() >= deadline)) {
                return -1;
            }
            int i = rec[q];
            int t = truth[i];
            values(i, t, own);
            double base = 0;
            for (int k = 0; k < n; k++) {
                base += w[k] * own[k];
            }
            double least = Double.POSITIVE_INFINITY;
            int worst = -1;
            for (int j = 0; j < nr; j++) {
                if (j == t) {
                    continue;
                }
                values(i, j, c);
                double s = -base;
                for (int k = 0; k < n; k++) {
                    s += w[k] * c[k];
                }
                if (s < least) {
                    least = s;
                    worst = j;
                }
            }
            if (least >= eps) {
                linked++;
            } else {
                keep(q, i, t, worst);
            }
        }
        return linked;
    }

    private void keep(int q, int i, int t, int j) {
        values(i, j, c);
        values(i, t, own);
        if (rows[q] == null) {
            rows[q] = new double[4 * n];
        } else if ((size[q] + 1) * n > rows[q].length) {
            rows[q] = Arrays.copyOf(rows[q], 2 * rows[q].length);
        }
        double[] r = rows[q];
        int o = size[q]++ * n;
        for (int k = 0; k < n; k++) { // first: a new rival is the likeliest to rule the record out again
            r[o + k] = r[k];
            r[k] = c[k] - own[k];
        }
    }

    /** c_k(i, j): the squared standardised differences, sorted largest first for OWA. */
    private void values(int i, int j, double[] out) {
        features.squaredDifferences(i, j, out);
        if (sorted) {
            Arrays.sort(out, 0, n);
            for (int a = 0, b = n - 1; a < b; a++, b--) {
                double x = out[a];
                out[a] = out[b];
                out[b] = x;
            }
        }
    }

    private static void normalise(double[] u) {
        double s = 0;
        for (double x : u) {
            s += x;
        }
        for (int k = 0; k < u.length; k++) {
            u[k] /= s;
        }
    }

    private static double now() {
        return StopRequest.now();
    }
}

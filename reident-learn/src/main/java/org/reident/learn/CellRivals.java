package org.reident.learn;

import java.util.Arrays;
import org.reident.data.LinkageData;

/**
 * The rivals of each training record that the weight cells ({@link SimplexCells}) test, as vectors
 * e_ij = phi(i, j) - phi(i, t_i) of n values each. For w >= 0 a rival with min_k e_ijk >= eps is
 * beaten everywhere, and one whose e is componentwise at least another's is implied by it; of the
 * rest (the Pareto-minimal threats) each record starts with its {@code first} nearest by AM. Fewer
 * rivals rule a record out of fewer cells, so the cells' possible records are a superset and their
 * bounds stay valid; a count that must be exact ({@link #linksExactly}) checks every reference
 * record and adds the first rival found closer (cutting planes, as the slave's lazy rows). Used by
 * the cells' thread only.
 */
final class CellRivals {
    private final int n;
    private final double eps;
    private final Features features;
    private final LinkageData data;
    private final int[] train;
    /** Per training record, its rivals' e vectors, n values each; null: no w links it. */
    private final double[][] rivals;
    /** Per training record: its rivals hold every Pareto-minimal threat (no exact check needed). */
    private final boolean[] complete;
    /** Scratch of the scans: c(i, t), phi(i, t), c(i, j) and e_ij ({@link Features#simplexRow}). */
    private final double[] ct;
    private final double[] phiT;
    private final double[] c;
    private final double[] e;
    /** Scratch of {@link #gather}: per reference record, its threat's AM (+infinity: none). */
    private final double[] key;
    /** Scratch of {@link #gather} for WM and WM_m ({@link Features#spreads}); null for OWA. */
    private final double[] sums;
    private final double[] lows;
    private final double[] highs;
    private final boolean ready;
    /**
     * Rivals appended so far ({@link #version}); written last in {@link #append}, after
     * {@link #appendedAt} and the rivals, so a reader that sees a count sees what came before it.
     */
    private volatile int appends;
    /** Per training record, the value of {@link #appends} its last append made (0: none). */
    private final int[] appendedAt;

    /**
     * Gathers until the deadline or an interrupt (the run ended: {@link WeightsBeside#close}).
     *
     * @param fixed per training record, true when no w links it (its rivals are not gathered); null: none known
     */
    CellRivals(Features f, LinkageData data, int[] train, boolean[] fixed, double eps, double deadline, int first) {
        this.n = f.dimension();
        this.eps = eps;
        this.features = f;
        this.data = data;
        this.train = train;
        this.rivals = new double[train.length][];
        this.complete = new boolean[train.length];
        this.appendedAt = new int[train.length];
        ct = new double[n];
        phiT = new double[n];
        c = new double[n];
        e = new double[n];
        key = new double[data.maskedCount()];
        boolean weights = f.aggregator() != Aggregator.OWA; // OWA's e are sorted: pair by pair
        sums = weights ? new double[key.length] : null;
        lows = weights ? new double[key.length] : null;
        highs = weights ? new double[key.length] : null;
        int q = 0;
        for (; q < train.length && StopRequest.now() < deadline && !Thread.currentThread().isInterrupted(); q++) {
            rivals[q] = fixed != null && fixed[q] ? null : gather(q, first);
        }
        ready = q == train.length;
    }

    /** Every record's rivals were gathered (otherwise a record left out would count as unlinkable). */
    boolean ready() {
        return ready;
    }

    int records() {
        return rivals.length;
    }

    /** How many rivals have been appended so far: read before a check, it dates what the check saw. */
    int version() {
        return appends;
    }

    /**
     * Training record q has had a rival appended since {@code version} was read ({@link #version}).
     * An append under way may be missed, as it would be by a check that ran just before it.
     */
    boolean changedSince(int q, int version) {
        return appendedAt[q] > version;
    }

    /** Training record q's rivals so far (appended to, never reordered); null: no w links it. */
    double[] of(int q) {
        return rivals[q];
    }

    /**
     * w links training record q with margin eps against every reference record (exact).
     * Synchronized: it uses the scratch arrays and may append a rival; {@link #of} and {@link #linksAmong}
     * may run beside it and see q's rivals before or after the append.
     */
    synchronized boolean linksExactly(int q, double[] w) {
        return linksAmong(q, w, CellKept.ALL) && (complete[q] || linksAgainstAll(q, w));
    }

    /**
     * The first {@code limit} Pareto-minimal rivals (by AM) that can beat training record q's true
     * match for some w ({@link #complete} when they are all of them), or null when one beats it for
     * every w.
     */
    private double[] gather(int q, int limit) {
        Features f = features;
        int i = train[q];
        int t = data.truth()[i];
        f.simplexPhi(i, t, ct, phiT);
        if (sums != null) { // WM, WM_m: e = c(i, j) - c(i, t), so the scan runs along the columns
            f.spreads(i, ct, sums, lows, highs);
            for (int j = 0; j < key.length; j++) {
                key[j] = Double.POSITIVE_INFINITY;
                if (j == t || lows[j] >= eps) {
                    continue; // beaten for every w
                }
                if (highs[j] < eps) {
                    return null;
                }
                key[j] = sums[j];
            }
            return firstRivals(q, i, limit);
        }
        for (int j = 0; j < key.length; j++) {
            key[j] = Double.POSITIVE_INFINITY;
            if (j == t || f.simplexRow(i, j, ct, phiT, eps, c, e) >= eps) {
                continue; // beaten for every w
            }
            double sum = 0;
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < n; k++) {
                sum += e[k];
                max = Math.max(max, e[k]);
            }
            if (max < eps) {
                return null;
            }
            key[j] = sum;
        }
        return firstRivals(q, i, limit);
    }

    /** The first {@code limit} Pareto-minimal rivals of training record q (query record i) by {@link #key}. */
    private double[] firstRivals(int q, int i, int limit) {
        Features f = features;
        MinIndexHeap byAm = new MinIndexHeap(key, 2 * limit); // a dominating rival comes first; only the first few are popped
        double[] kept = new double[limit * n];
        int count = 0;
        complete[q] = true;
        for (int j = byAm.pop(); j >= 0; j = byAm.pop()) {
            f.simplexRow(i, j, ct, phiT, eps, c, e); // again: e is kept for the few popped only
            boolean implied = false;
            for (int o = 0; o < count * n && !implied; o += n) {
                boolean below = true;
                for (int k = 0; k < n && below; k++) {
                    below = kept[o + k] <= e[k];
                }
                implied = below;
            }
            if (!implied && count == limit) {
                complete[q] = false; // the rest enter when a centre's check finds them
                break;
            }
            if (!implied) {
                System.arraycopy(e, 0, kept, count++ * n, n);
            }
        }
        return Arrays.copyOf(kept, count * n);
    }

    /**
     * w puts every rival of training record q in mask m ({@link CellKept#next}; {@link CellKept#ALL}:
     * every rival gathered so far) at least eps beyond its true match. For a w of a cell whose other
     * rivals reach eps at every vertex: those are at eps less the rounding slack or beyond at w too,
     * so the answer may be true where all the rivals would say false by that slack, an upper count
     * as the cells' quick count of a centre needs.
     */
    boolean linksAmong(int q, double[] w, int m) {
        double[] r = rivals[q];
        int count = r.length / n;
        for (int j = CellKept.next(m, -1, count); j >= 0; j = CellKept.next(m, j, count)) {
            double s = 0;
            int o = j * n;
            for (int k = 0; k < n; k++) {
                s += w[k] * r[o + k];
            }
            if (s < eps) {
                return false;
            }
        }
        return true;
    }

    /**
     * w puts every reference record at least eps beyond training record q's true match; otherwise
     * the first rival found closer joins q's rivals (so it rules q out of the cells from then on).
     */
    private boolean linksAgainstAll(int q, double[] w) {
        int i = train[q];
        int t = data.truth()[i];
        features.simplexPhi(i, t, ct, phiT);
        if (sums != null) { // WM, WM_m: along the columns, the same values
            features.weightedSpreads(i, ct, w, sums, lows);
            for (int j = 0; j < sums.length; j++) {
                if (j != t && lows[j] < eps && sums[j] < eps) {
                    features.simplexRow(i, j, ct, phiT, eps, c, e);
                    append(q, e);
                    return false;
                }
            }
            return true;
        }
        for (int j = 0; j < data.maskedCount(); j++) {
            if (j == t || features.simplexRow(i, j, ct, phiT, eps, c, e) >= eps) {
                continue; // w . e >= min_k e_k >= eps for every w of the simplex (not gathered either)
            }
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += w[k] * e[k];
            }
            if (s < eps) {
                append(q, e);
                return false;
            }
        }
        return true;
    }

    /** Appends e to training record q's rivals (a new array: readers keep the one they hold). */
    private void append(int q, double[] e) {
        double[] r = Arrays.copyOf(rivals[q], rivals[q].length + n);
        System.arraycopy(e, 0, r, rivals[q].length, n);
        int next = appends + 1; // one writer: the appends run under this object's lock
        appendedAt[q] = next;
        rivals[q] = r;
        appends = next;
    }
}

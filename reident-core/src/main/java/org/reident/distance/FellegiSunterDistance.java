package org.reident.distance;

import static org.reident.distance.FellegiSunter.LEVELS;
import static org.reident.distance.FellegiSunter.level;

/**
 * PRL's linkage as a distance ({@link FellegiSunter#distance}): d(a, b) = sum_k p_k(gamma_k), the
 * penalty p_k(l) = max_l' w_k(l') - w_k(l) of the level of agreement gamma_k = level(|a_k - b_k|)
 * of each variable, summed in the order of the variables from 0 (every path below, so that a pair has
 * one value to the last bit).
 * <p>
 * <b>As a function of the gaps</b> ({@link GapDistance}), for the engine's search tree. EM need not
 * make p_k non-decreasing in the level (a level that no pair reaches keeps its prior's weight), so
 * the bounds over a box are not d at the box's gaps but envelopes: a record whose gap in variable k
 * is at least g_k has a level at least level(g_k) (level is non-decreasing in the gap), so its
 * penalty is at least min_{l >= level(g_k)} p_k(l); summed in the same order, and rounding to nearest
 * is monotone in each addend, the rounded bound is at most the record's rounded distance. The upper
 * bound likewise takes max_{l <= level(g_k)} p_k(l) at the gaps to the farthest corner. No slack.
 */
final class FellegiSunterDistance implements GapDistance {
    private final FellegiSunter model;
    private final double[] query;
    private final double[] reference;
    private final int n;
    /** penalty[k][l] at k * LEVELS + l. */
    private final double[] penalty;
    /**
     * min_{l' >= l} penalty[k][l'] and max_{l' <= l} penalty[k][l'], at k * LEVELS + l: the bounds of a
     * variable's penalty over every gap at least, or at most, one of level l ({@link #lowerOfGaps}).
     */
    private final double[] atLeast;
    private final double[] atMost;
    /** Whether the scan should ask for whole rows ({@link #wholeRows}). */
    private final boolean wholeRows;
    /**
     * The tables of whole rows, made on the first whole row asked for (the search tree never asks:
     * sorting 500,000 records of 6 variables took 1.2-1.8 s).
     */
    private volatile Rows rows;

    /**
     * The sorted reference values; up to {@link PatternCount#DENSE_VARIABLES} variables also each
     * pattern's distance (null beyond: summed from each pair's code).
     */
    private record Rows(SortedLevels sorted, double[] byPattern) {
    }

    FellegiSunterDistance(FellegiSunter model, double[] query, double[] reference) {
        this.model = model;
        this.query = query;
        this.reference = reference;
        this.n = model.variables();
        this.penalty = new double[n * LEVELS];
        this.atLeast = new double[n * LEVELS];
        this.atMost = new double[n * LEVELS];
        for (int k = 0; k < n; k++) {
            int o = k * LEVELS;
            for (int l = 0; l < LEVELS; l++) {
                penalty[o + l] = model.penalty(k, l);
            }
            atMost[o] = penalty[o];
            for (int l = 1; l < LEVELS; l++) {
                atMost[o + l] = Math.max(atMost[o + l - 1], penalty[o + l]);
            }
            atLeast[o + LEVELS - 1] = penalty[o + LEVELS - 1];
            for (int l = LEVELS - 2; l >= 0; l--) {
                atLeast[o + l] = Math.min(atLeast[o + l + 1], penalty[o + l]);
            }
        }
        // whole rows up to 6 variables, when the pairs outnumber the patterns' table (11^6 cells, 14 MB:
        // more work than a small file's pairs, e.g. the 400-record presets' 160,000); beyond, always
        // (from the codes, no table)
        this.wholeRows = n > PatternCount.DENSE_VARIABLES || (double) queryCount() * referenceCount() >= cells(n);
    }

    private static int cells(int n) {
        int cells = 1;
        for (int k = 0; k < n && k < PatternCount.DENSE_VARIABLES; k++) {
            cells *= LEVELS;
        }
        return cells;
    }

    private Rows rows() {
        Rows r = rows;
        if (r == null) {
            synchronized (this) {
                r = rows;
                if (r == null) {
                    r = new Rows(new SortedLevels(reference, n), n > PatternCount.DENSE_VARIABLES ? null : patternDistances());
                    rows = r;
                }
            }
        }
        return r;
    }

    /** Each dense pattern's distance, summed in the order of the variables as the pair loop sums. */
    private double[] patternDistances() {
        double[] byPattern = new double[cells(n)];
        for (int i = 0; i < byPattern.length; i++) {
            double d = 0;
            int rest = i;
            for (int k = 0; k < n; k++) { // variable 0 is the lowest digit, summed first as in the pair loop
                d += penalty[k * LEVELS + rest % LEVELS];
                rest /= LEVELS;
            }
            byPattern[i] = d;
        }
        return byPattern;
    }

    @Override
    public int queryCount() {
        return query.length / n;
    }

    @Override
    public int referenceCount() {
        return reference.length / n;
    }

    @Override
    public boolean wholeRows() {
        return wholeRows;
    }

    /**
     * A whole row, up to {@link PatternCount#DENSE_VARIABLES} variables, from the dense pattern
     * index of every reference record ({@link SortedLevels}) and the distance of every pattern,
     * summed once in the order of the variables as below: the same value to the last bit. Beyond,
     * from every reference record's pattern code ({@link SortedLevels#codes}), summed per pair in
     * the same order: 8 variables, 20,000 x 20,000 records, the linking 6.8 -> 3.7 s (docs/design.md).
     */
    @Override
    public void block(int q, int from, int to, double[] out) {
        if (wholeRows && from == 0 && to == reference.length / n) {
            Rows r = rows();
            if (r.byPattern() != null) {
                int[] index = Workspace.get().ints(to);
                r.sorted().indices(query, q, index);
                for (int j = 0; j < to; j++) {
                    out[j] = r.byPattern()[index[j]];
                }
                return;
            }
            long[] codes = Workspace.get().longs(to);
            r.sorted().codes(query, q, codes, 0);
            double[] flat = penalty;
            for (int j = 0; j < to; j++) {
                long code = codes[j];
                double d = 0;
                for (int k = 0; k < n; k++) { // in the order of the variables, as below: the same value to the last bit
                    d += flat[k * LEVELS + (int) (code >>> (4 * k) & 15)];
                }
                out[j] = d;
            }
            return;
        }
        double[] flat = penalty;
        int qo = q * n;
        for (int j = from; j < to; j++) {
            int jo = j * n;
            double d = 0;
            for (int k = 0; k < n; k++) {
                d += flat[k * LEVELS + level(Math.abs(query[qo + k] - reference[jo + k]))];
            }
            out[j - from] = d;
        }
    }

    FellegiSunter model() {
        return model;
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public void queryRow(int q, double[] out) {
        System.arraycopy(query, q * n, out, 0, n);
    }

    @Override
    public double[] referenceColumns() {
        return new ColumnMajor(reference, n).values();
    }

    /** Each variable's largest penalty: a spread in a variable whose levels all weigh alike does not matter. */
    @Override
    public double[] spreadWeights() {
        double[] s = new double[n];
        for (int k = 0; k < n; k++) {
            s[k] = atMost[k * LEVELS + LEVELS - 1];
        }
        return s;
    }

    /** Always: the bounds are envelopes of the penalties, whatever their order (see the class comment). */
    @Override
    public boolean bounded() {
        return true;
    }

    @Override
    public double ofGaps(double[] g, double[] scratch) {
        return sum(penalty, g);
    }

    @Override
    public double lowerOfGaps(double[] g, double[] scratch) {
        return sum(atLeast, g);
    }

    @Override
    public double upperOfGaps(double[] g, double[] scratch) {
        return sum(atMost, g);
    }

    /** sum_k table[k][level(g_k)] in the order of the variables from 0, as the pair loop of {@link #block}. */
    private double sum(double[] table, double[] g) {
        double d = 0;
        for (int k = 0; k < n; k++) {
            d += table[k * LEVELS + level(g[k])];
        }
        return d;
    }
}

package org.reident.linkage;

/**
 * Outcome of linking every query record to its nearest reference record, per record and in total.
 * Per-record arrays are indexed by query record; entries for records without a true match are
 * {@code rank = 0}, {@code tiesWithTrue = 0}, {@code margin = NaN}, {@code rival = -1}.
 *
 * <p>Counting (DESIGN.md section 2): record i is re-identified <em>strictly</em> when its true match is
 * strictly nearer than every other record; it earns 1/t <em>expected</em> credit when its true match is
 * among the t records at the minimal distance (random tie-breaking). Two distances count as equal
 * when they differ by at most the engine's tie tolerance.
 */
public final class LinkageResult {
    private final int[] linked;
    private final int[] rank;
    private final int[] tiesWithTrue;
    private final int[] tiesAtMin;
    private final double[] margin;
    private final int[] rival;
    private final int matched;
    private final int strict;
    private final double expected;
    private final int tied;

    /**
     * {@link #rank} of a record whose true match is not nearest, when the engine counted only the
     * records whose true match is ({@link LinkageEngine.Ranks#TOP}).
     */
    public static final int UNCOUNTED = -1;

    private final boolean ranksCounted;

    LinkageResult(int[] linked, int[] rank, int[] tiesWithTrue, int[] tiesAtMin, double[] margin, int[] rival) {
        this(linked, rank, tiesWithTrue, tiesAtMin, margin, rival, true);
    }

    /**
     * With {@code ranksCounted} false, every rank above 1 becomes {@link #UNCOUNTED} and its ties 0, so
     * that the outcome is the same whichever way the engine searched.
     */
    LinkageResult(int[] linked, int[] rank, int[] tiesWithTrue, int[] tiesAtMin, double[] margin, int[] rival,
            boolean ranksCounted) {
        this.ranksCounted = ranksCounted;
        if (!ranksCounted) {
            for (int i = 0; i < rank.length; i++) {
                if (rank[i] > 1 || rank[i] == UNCOUNTED) {
                    rank[i] = UNCOUNTED;
                    tiesWithTrue[i] = 0;
                }
            }
        }
        this.linked = linked;
        this.rank = rank;
        this.tiesWithTrue = tiesWithTrue;
        this.tiesAtMin = tiesAtMin;
        this.margin = margin;
        this.rival = rival;
        int m = 0;
        int s = 0;
        int t = 0;
        double e = 0;
        for (int i = 0; i < rank.length; i++) {
            if (rank[i] == 0) {
                continue;
            }
            m++;
            if (rank[i] == 1) {
                e += 1.0 / tiesWithTrue[i];
                if (tiesWithTrue[i] == 1) {
                    s++;
                } else {
                    t++;
                }
            }
        }
        this.matched = m;
        this.strict = s;
        this.expected = e;
        this.tied = t;
    }

    /** Query records that have a true match (the denominator of the rate). */
    public int records() {
        return matched;
    }

    /** Records whose true match is the unique nearest record. */
    public int reidentified() {
        return strict;
    }

    /** Sum of 1/t over records whose true match is among the t nearest (tie-aware count). */
    public double expected() {
        return expected;
    }

    /** Records whose true match is nearest but tied with at least one other record. */
    public int tiedAtTop() {
        return tied;
    }

    /** Strict re-identification rate in percent. */
    public double rate() {
        return matched == 0 ? 0 : 100.0 * strict / matched;
    }

    /** Expected (tie-aware) re-identification rate in percent. */
    public double expectedRate() {
        return matched == 0 ? 0 : 100.0 * expected / matched;
    }

    /** Index of the nearest reference record (the lowest index among ties at the minimum). */
    public int linked(int q) {
        return linked[q];
    }

    /**
     * 1 + number of records strictly nearer than the true match; 0 without a true match;
     * {@link #UNCOUNTED} for a true match that is not nearest when the ranks were not counted
     * ({@link #ranksCounted()}).
     */
    public int rank(int q) {
        return rank[q];
    }

    /** Whether {@link #rank} and {@link #tiesWithTrue} are counted for every record, nearest or not. */
    public boolean ranksCounted() {
        return ranksCounted;
    }

    /**
     * Records at the true match's distance, the true match included; 0 without a true match, and 0
     * for {@link #UNCOUNTED} ranks.
     */
    public int tiesWithTrue(int q) {
        return tiesWithTrue[q];
    }

    /** Records at the minimal distance. */
    public int tiesAtMin(int q) {
        return tiesAtMin[q];
    }

    /**
     * Distance of the nearest other record minus the true match's distance: positive when the true
     * match wins, and by how much; NaN without a true match.
     */
    public double margin(int q) {
        return margin[q];
    }

    /**
     * The nearest other record: the lowest index j != t whose distance is min_{j != t} d(q, j) exactly
     * (no tie tolerance; the record behind {@link #margin}); -1 without a true match or without any
     * other reference record. The supervised learner's local search keeps it as the rival that rules
     * the record out.
     */
    public int rival(int q) {
        return rival[q];
    }

    public int queryCount() {
        return linked.length;
    }
}

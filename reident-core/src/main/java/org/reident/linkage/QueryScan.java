package org.reident.linkage;

/**
 * The running state of one query record's linkage while the reference file streams past in blocks:
 * the minimal distance and the records within tolerance of it, the records strictly nearer than the
 * true match, the records tied with it, and the nearest rival (its distance, and the lowest index at
 * it: the blocks come in index order, and the rival moves only to a strictly nearer record). O(1)
 * memory apart from the (usually tiny) list of records tied at the minimum.
 */
final class QueryScan {
    private int q;
    private int t;
    private double tol;
    private double dTrue;
    private double lo;
    private double hi;
    private double min;
    private int below;
    private int equal;
    private double minOther;
    private int rival;
    private final TiedAtMinimum cands = new TiedAtMinimum();

    /** Starts query record q whose true match is t (or -1) at distance dTrue. */
    void reset(int q, int t, double dTrue, double tol) {
        this.q = q;
        this.t = t;
        this.tol = tol;
        this.dTrue = dTrue;
        this.lo = t >= 0 ? dTrue - tol : Double.NEGATIVE_INFINITY;
        this.hi = t >= 0 ? dTrue + tol : Double.NEGATIVE_INFINITY;
        this.min = Double.POSITIVE_INFINITY;
        this.below = 0;
        this.equal = 0;
        this.minOther = Double.POSITIVE_INFINITY;
        this.rival = -1;
        this.cands.clear();
    }

    int query() {
        return q;
    }

    /**
     * Takes the distances {@code buf[0, len)} to reference records [from, from + len). The block's
     * minimum (a tight loop) decides what else is needed: most blocks hold no record near the query
     * and only update the nearest rival; records tied at the minimum are looked for only when the
     * block reaches it, and records nearer than (or tied with) the true match are counted by a
     * branch-free loop only when the block reaches the true match's distance. The block holding the
     * true match itself is scanned record by record.
     */
    void consume(double[] buf, int from, int len) {
        if (t >= from && t < from + len) {
            consumeWithTrue(buf, from, len);
            return;
        }
        final double bm = blockMin(buf, len);
        if (bm <= min + tol) {
            collectMinimum(buf, from, len);
        }
        if (bm <= hi) {
            int lt = 0;
            int le = 0;
            for (int i = 0; i < len; i++) {
                final double v = buf[i];
                lt += v < lo ? 1 : 0;
                le += v <= hi ? 1 : 0;
            }
            below += lt;
            equal += le - lt;
        }
        if (bm < minOther) { // rare once the query's neighbourhood is passed: the block is scanned again for its index
            int i = 0;
            while (buf[i] != bm) {
                i++;
            }
            minOther = bm;
            rival = from + i;
        }
    }

    private void collectMinimum(double[] buf, int from, int len) {
        for (int i = 0; i < len; i++) {
            final double v = buf[i];
            if (v <= min + tol) {
                if (v < min) {
                    min = v;
                    cands.keepUpTo(min + tol);
                }
                cands.add(v, from + i);
            }
        }
    }

    private void consumeWithTrue(double[] buf, int from, int len) {
        collectMinimum(buf, from, len);
        for (int i = 0; i < len; i++) {
            final double v = buf[i];
            if (from + i != t) {
                if (v < lo) {
                    below++;
                } else if (v <= hi) {
                    equal++;
                }
                if (v < minOther) {
                    minOther = v;
                    rival = from + i;
                }
            }
        }
    }

    /** Writes the outcome of the finished query record into the result arrays. */
    void finish(int[] linked, int[] rank, int[] ties, int[] tiesMin, double[] margin, int[] rivals) {
        cands.keepUpTo(min + tol);
        linked[q] = cands.lowestIndex();
        tiesMin[q] = cands.size();
        if (t >= 0) {
            rank[q] = below + 1;
            ties[q] = equal + 1;
            margin[q] = minOther - dTrue;
            rivals[q] = rival;
        } else {
            margin[q] = Double.NaN;
            rivals[q] = -1;
        }
    }

    /** Minimum of buf[0, len), with four independent accumulators. */
    private static double blockMin(double[] buf, int len) {
        double m0 = Double.POSITIVE_INFINITY;
        double m1 = m0;
        double m2 = m0;
        double m3 = m0;
        int i = 0;
        for (; i + 3 < len; i += 4) {
            m0 = Math.min(m0, buf[i]);
            m1 = Math.min(m1, buf[i + 1]);
            m2 = Math.min(m2, buf[i + 2]);
            m3 = Math.min(m3, buf[i + 3]);
        }
        for (; i < len; i++) {
            m0 = Math.min(m0, buf[i]);
        }
        return Math.min(Math.min(m0, m1), Math.min(m2, m3));
    }
}

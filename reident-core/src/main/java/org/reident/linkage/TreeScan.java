package org.reident.linkage;

/**
 * One worker's search of a {@link KdTree} for one query record at a time: the same outcome as the
 * exhaustive {@link QueryScan} (nearest record and the records within tolerance of it, rank of the
 * true match, records tied with it, nearest rival and its lowest index), found by visiting only the
 * nodes whose bounds can matter.
 *
 * <ul>
 * <li><b>Nearest.</b> Depth first, nearer child first; a node is skipped when its lower bound exceeds
 * both min + tol (no record in it can tie the minimum) and the nearest rival so far.</li>
 * <li><b>Rank and ties</b> (query records with a true match). A node whose lower bound exceeds
 * hi = d_true + tol holds no record nearer than or tied with the true match; a node whose upper bound
 * is below lo = d_true - tol holds only records strictly nearer, and is counted whole.</li>
 * </ul>
 * Counting only the top ranks ({@link LinkageEngine.Ranks#TOP}), a record whose nearest rival is
 * below lo is not counted further: its rank exceeds 1, and the ball of radius d_true, which may hold
 * thousands of records, is never searched; where the true match is nearest, that ball holds only the
 * records tied with it.
 * The comparisons are the scan's, on the same doubles (the tree's distance repeats the kernel's
 * operations and its bounds never cross the kernel's rounded values), so every count is equal.
 */
final class TreeScan extends TreeQuery {
    private final boolean allRanks;
    private int t;
    private int tPos;
    private double tol;
    private double min;
    private double minOther;
    private int rival;
    private double lo;
    private double hi;
    private int below;
    private int equal;
    private final TiedAtMinimum cands = new TiedAtMinimum();

    /** @param allRanks whether to count the rank of a true match that is not nearest */
    TreeScan(KdTree tree, boolean allRanks) {
        super(tree);
        this.allRanks = allRanks;
    }

    /**
     * Links query record q (coordinates in {@link #query()}) whose true match is t (or -1) at distance
     * dTrue, with tie tolerance tol, and writes the outcome as {@link QueryScan#finish} does.
     */
    void link(int q, int t, double dTrue, double tol, int[] linked, int[] rank, int[] ties, int[] tiesMin,
            double[] margin, int[] rivals) {
        this.t = t;
        this.tPos = t >= 0 ? tree.position(t) : -1;
        this.tol = tol;
        this.min = Double.POSITIVE_INFINITY;
        this.minOther = Double.POSITIVE_INFINITY;
        this.rival = -1;
        this.cands.clear();
        visit(tree.root(), lower(tree.root()));
        cands.keepUpTo(min + tol);
        linked[q] = cands.lowestIndex();
        tiesMin[q] = cands.size();
        if (t < 0) {
            margin[q] = Double.NaN;
            rivals[q] = -1;
            return;
        }
        rivals[q] = rival;
        this.lo = dTrue - tol;
        this.hi = dTrue + tol;
        margin[q] = minOther - dTrue;
        if (!allRanks && minOther < lo) { // a rival strictly nearer: rank above 1, not counted
            rank[q] = LinkageResult.UNCOUNTED;
            ties[q] = 0;
            return;
        }
        this.below = 0;
        this.equal = 0;
        count(tree.root());
        rank[q] = below + 1;
        ties[q] = equal + 1;
    }

    @Override
    void visit(int v, double bound) {
        if (bound > Math.max(min + tol, minOther)) {
            return;
        }
        if (tree.isLeaf(v)) {
            for (int p = tree.start(v), e = tree.end(v); p < e; p++) {
                double d = distanceAt(p);
                int j = tree.record(p);
                if (d <= min + tol) {
                    if (d < min) {
                        min = d;
                        cands.keepUpTo(min + tol);
                    }
                    cands.add(d, j);
                }
                if (j != t && (d < minOther || d == minOther && j < rival)) { // a node at the rival's distance is visited
                    minOther = d;
                    rival = j;
                }
            }
            return;
        }
        childrenNearerFirst(v);
    }

    private void count(int v) {
        if (lower(v) > hi) {
            return;
        }
        int s = tree.start(v);
        int e = tree.end(v);
        if (upper(v) < lo) {
            below += e - s - (tPos >= s && tPos < e ? 1 : 0);
            return;
        }
        if (tree.isLeaf(v)) {
            for (int p = s; p < e; p++) {
                if (p == tPos) {
                    continue;
                }
                double d = distanceAt(p);
                if (d < lo) {
                    below++;
                } else if (d <= hi) {
                    equal++;
                }
            }
            return;
        }
        count(tree.left(v));
        count(tree.right(v));
    }
}

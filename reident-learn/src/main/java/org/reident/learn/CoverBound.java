package org.reident.learn;

import java.util.Arrays;

/**
 * The bounds of a node of {@link CoverBranch}'s search, read off its {@link CoverNode}: every cut
 * hit (a cover found), no cover within the budget (pruned), or the cut to branch on, the unhit one
 * with the fewest allowed records. A cut whose records are all forbidden prunes, and so do group rows
 * that the budget or a group's open records cannot meet ({@link CoverNode#groupsShort}); a node
 * whose cuts are all hit is a cover then, the rows met by the open records it may still add. Two lower bounds on
 * the records still needed prune too: the greedy packing of pairwise disjoint unhit cuts
 * ({@link CoverNode#packing}) and, once the tree has it, the covering LP's dual ({@link CoverDual}),
 * raised at the node. With the dual, a record whose reduced cost leaves no cover within the budget
 * is forbidden at the node; these fixings go on a stack that the search unwinds on its way back
 * ({@link #mark}, {@link #undo}).
 */
final class CoverBound {
    /** {@link #bound}'s answers besides a cut to branch on. */
    static final int FOUND = -2;
    static final int PRUNED = -1;

    private final CoverNode node;
    /** Records in some cut and not given. */
    private final int[] active;
    private int[] fixes = new int[64];
    private int fixTop;
    /** The unhit cuts the last collecting {@link #scan} listed. */
    private int unhitCount;

    CoverBound(CoverNode node, int[] active) {
        this.node = node;
        this.active = active;
    }

    /** The fixings made so far, to {@link #undo} back to. */
    int mark() {
        return fixTop;
    }

    /** Allows again the records forbidden by the fixings made since {@code mark}. */
    void undo(int mark) {
        while (fixTop > mark) {
            node.forbid(fixes[--fixTop], false);
        }
    }

    /**
     * {@link #FOUND} when every cut is hit, {@link #PRUNED} when no cover fits {@code budget} more
     * records, else the cut to branch on. {@code dual} (null: the packing bound) also forbids the
     * records it rules out, to be undone by the caller.
     */
    int bound(int budget, CoverDual dual) {
        int pick = scan(true);
        if (pick == PRUNED || node.groupsShort(budget)) {
            return PRUNED;
        }
        if (pick < 0) {
            return pick;
        }
        int n = unhitCount;
        if (budget == 0) {
            return PRUNED;
        }
        if (dual == null) {
            return node.packing(n, budget) > budget ? PRUNED : pick;
        }
        int[] forbidden = node.forbidden;
        int[] allowed = node.allowed;
        if (dual.exceeds(budget)) {
            return PRUNED;
        }
        dual.raise(node.unhit, n, allowed, node.sorted);
        if (dual.exceeds(budget)) {
            return PRUNED;
        }
        boolean[] chosen = node.chosen;
        int before = fixTop;
        for (int r : active) {
            if (forbidden[r] == 0 && !chosen[r] && dual.excludes(r, budget)) {
                if (fixTop == fixes.length) {
                    fixes = Arrays.copyOf(fixes, 2 * fixTop);
                }
                fixes[fixTop++] = r;
                node.forbid(r, true);
            }
        }
        return fixTop == before ? pick : scan(false); // the fixings lowered allowed counts (raise reordered unhit)
    }

    /**
     * Walks the unhit cuts in index order: {@link #PRUNED} at one with no allowed record,
     * {@link #FOUND} when there is none, else the one with the fewest allowed records (the first of
     * them). With {@code collect} they are also listed in the node's {@code unhit}
     * ({@link #unhitCount} of them) and counted by allowed size in its {@code bySize}.
     */
    private int scan(boolean collect) {
        long[] unhitBits = node.unhitBits;
        int[] allowed = node.allowed;
        int[] unhit = node.unhit;
        int[] bySize = node.bySize;
        if (collect) {
            Arrays.fill(bySize, 0, node.maxSize + 1, 0);
        }
        int n = 0;
        int pick = -1;
        for (int w = 0; w < unhitBits.length; w++) {
            for (long bits = unhitBits[w]; bits != 0; bits &= bits - 1) {
                int c = w << 6 | Long.numberOfTrailingZeros(bits);
                int a = allowed[c];
                if (a == 0) {
                    return PRUNED;
                }
                if (collect) {
                    unhit[n++] = c;
                    bySize[a]++;
                }
                if (pick < 0 || a < allowed[pick]) {
                    pick = c;
                }
            }
        }
        if (collect) {
            unhitCount = n;
        }
        return pick < 0 ? FOUND : pick;
    }
}

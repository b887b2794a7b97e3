package org.reident.learn;

import java.util.Arrays;

/**
 * The bounds of a node of {@link CoverBranch}'s search, read off its {@link CoverNode}: every cut
 * hit (a cover found), no cover within the budget (pruned), or the cut to branch on, the unhit one
 * with the fewest allowed records (with the dual, of those the one whose records have the most
 * slack, {@link #pickBySlack}). A cut whose records are all forbidden prunes, and so do group rows
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
        int pick = scan();
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
        for (int r : active) {
            if (forbidden[r] == 0 && !chosen[r] && dual.excludes(r, budget)) {
                if (fixTop == fixes.length) {
                    fixes = Arrays.copyOf(fixes, 2 * fixTop);
                }
                fixes[fixTop++] = r;
                node.forbid(r, true);
            }
        }
        return pickBySlack(dual); // the fixings lowered allowed counts, the raise moved the slacks
    }

    /**
     * After the dual's raise: {@link #PRUNED} at an unhit cut with no allowed record, else the unhit
     * cut with the fewest allowed records and, of those, the one whose allowed records have the
     * most slack in all. Taking a record r leaves the child a gap of budget - lower - slack(r)
     * before its own raise, so the children of that cut start nearest to being pruned. Measured on
     * the whole Census's SB proof (stop 93, learning.md, "The cut to branch on and the order of its
     * branches"): with the first such cut in index order instead, 201,571 nodes against 153,483
     * for "no cover of 26".
     */
    private int pickBySlack(CoverDual dual) {
        long[] unhitBits = node.unhitBits;
        int[] allowed = node.allowed;
        int[] forbidden = node.forbidden;
        int[][] cuts = node.cuts;
        int pick = -1;
        long most = 0;
        for (int w = 0; w < unhitBits.length; w++) {
            for (long bits = unhitBits[w]; bits != 0; bits &= bits - 1) {
                int c = w << 6 | Long.numberOfTrailingZeros(bits);
                int a = allowed[c];
                if (a == 0) {
                    return PRUNED;
                }
                if (pick >= 0 && a > allowed[pick]) {
                    continue;
                }
                long sum = 0;
                for (int r : cuts[c]) {
                    if (forbidden[r] == 0) {
                        sum += dual.slack(r);
                    }
                }
                if (pick < 0 || a < allowed[pick] || sum > most) {
                    pick = c;
                    most = sum;
                }
            }
        }
        return pick < 0 ? FOUND : pick;
    }

    /**
     * Walks the unhit cuts in index order: {@link #PRUNED} at one with no allowed record,
     * {@link #FOUND} when there is none, else the one with the fewest allowed records (the first of
     * them). They are also listed in the node's {@code unhit} ({@link #unhitCount} of them) and
     * counted by allowed size in its {@code bySize}.
     */
    private int scan() {
        long[] unhitBits = node.unhitBits;
        int[] allowed = node.allowed;
        int[] unhit = node.unhit;
        int[] bySize = node.bySize;
        Arrays.fill(bySize, 0, node.maxSize + 1, 0);
        int n = 0;
        int pick = -1;
        for (int w = 0; w < unhitBits.length; w++) {
            for (long bits = unhitBits[w]; bits != 0; bits &= bits - 1) {
                int c = w << 6 | Long.numberOfTrailingZeros(bits);
                int a = allowed[c];
                if (a == 0) {
                    return PRUNED;
                }
                unhit[n++] = c;
                bySize[a]++;
                if (pick < 0 || a < allowed[pick]) {
                    pick = c;
                }
            }
        }
        unhitCount = n;
        return pick < 0 ? FOUND : pick;
    }
}

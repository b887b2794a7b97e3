package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a size's split search ({@link CoverSplit}) stopped when it found a cover: the items, in the
 * tree's order, that hold every cover it had not ruled out (the found item expanded from the cover's
 * path on, and the items after it), with the records then given and each record's dominator then
 * ({@link CoverProblem#dominator}). The learner's next master solve has the same cuts and more, so
 * when it looks for a cover of the same size it can search these items instead of the whole tree
 * ({@link CoverBranch#resume}).
 *
 * @param size      the size searched, given records included
 * @param given     the records given then
 * @param dominator each record's dominator then, -1 if none
 * @param items     the items left, in the tree's order
 */
record CoverFrontier(long size, boolean[] given, int[] dominator, List<CoverBranch.Item> items) {
    /** Dominators of freed records an item may take ({@link #items}): 2^this variants. */
    static final int VARIANTS = 3;

    /**
     * The items to resume a search for {@code searched} records from, or null when the frontier does not apply (it
     * is for another size or other given records, or needs too many variants, below).
     * <p>
     * Every cover C of the current cuts within the size that avoids the dominated records is found in
     * one of them. The frontier's cuts are some of the current ones. If C avoids the records dominated
     * then, it was a cover then, so it lies in an item (T, F) the frontier's search had not ruled out.
     * Else C holds records then dominated and now freed (R). Put for each its dominator then, d(r),
     * whose cuts then held all of r's: C' = C - R + d(R) is a cover of the frontier's cuts, no larger,
     * avoiding the records dominated then, so it lies in an item (T, F). C itself then lies in
     * (T - S, F - freed + S), where S are the dominators of freed records in T not in C. So each item
     * gives way to these variants, one per subset S of its taken dominators of freed records (itself,
     * with F less the freed records, for S empty); at most {@link #VARIANTS} dominators per item, or
     * the frontier is not used. Items taking a record now dominated are dropped (C avoids them).
     */
    List<CoverBranch.Item> items(long searched, CoverProblem now) {
        if (searched != size || !Arrays.equals(given, now.given)) {
            return null;
        }
        int m = now.records;
        boolean[] freed = new boolean[m];
        boolean[] of = new boolean[m];
        boolean anyFreed = false;
        for (int r = 0; r < m; r++) {
            if (dominator[r] >= 0 && !now.dominated[r]) {
                freed[r] = true;
                of[dominator[r]] = true;
                anyFreed = true;
            }
        }
        List<CoverBranch.Item> out = new ArrayList<>();
        int[] swap = new int[VARIANTS];
        for (CoverBranch.Item it : items) {
            int swaps = 0;
            for (int r : it.taken()) {
                if (of[r]) {
                    if (swaps == VARIANTS) {
                        return null;
                    }
                    swap[swaps++] = r;
                }
            }
            int[] forbid = it.forbidden();
            if (anyFreed) {
                int kept = 0;
                forbid = new int[forbid.length];
                for (int r : it.forbidden()) {
                    if (!freed[r]) {
                        forbid[kept++] = r;
                    }
                }
                forbid = Arrays.copyOf(forbid, kept);
            }
            for (int subset = 0; subset < 1 << swaps; subset++) {
                int[] taken = new int[it.taken().length];
                int[] forbidden = Arrays.copyOf(forbid, forbid.length + Integer.bitCount(subset));
                int t = 0;
                int more = forbid.length;
                boolean ok = true;
                for (int r : it.taken()) {
                    int at = indexOf(swap, swaps, r);
                    if (at >= 0 && (subset >> at & 1) == 1) {
                        forbidden[more++] = r;
                    } else {
                        taken[t++] = r;
                        ok &= !now.dominated[r];
                    }
                }
                if (ok) {
                    out.add(new CoverBranch.Item(Arrays.copyOf(taken, t), forbidden));
                }
            }
        }
        return out;
    }

    private static int indexOf(int[] a, int n, int v) {
        for (int q = 0; q < n; q++) {
            if (a[q] == v) {
                return q;
            }
        }
        return -1;
    }
}

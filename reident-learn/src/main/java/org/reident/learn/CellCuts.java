package org.reident.learn;

import java.util.Arrays;

/**
 * The master's cuts lying inside a cell of weights, and the cover they still need
 * ({@link SimplexCells}): at least one record of each cut is linked by no parameter value, so the
 * cuts lying wholly among a cell's possible records force at least {@link CoverRaise}'s bound of them
 * out. The cuts are found from their first records (an index kept as cuts arrive) and renumbered among
 * the cell's records, so the cost follows the cell, not the file (scanning every cut and raising over
 * every training record took most of the cells' time on 1,000 records of 5 variables;
 * docs/learning-log.md). Scratch of one search worker: not shared between threads.
 */
final class CellCuts {
    /** Per training record, 1 + its place among the cell's possible records (0: none). */
    private final int[] local;
    /** Per training record, the cuts (ids into {@link #indexedCuts}) whose first record it is, and how many. */
    private final int[][] anchored;
    private final int[] anchoredCount;
    /** The cuts {@link #anchored} indexes: the first {@link #indexed} of this array. */
    private int[][] indexedCuts = new int[0][];
    private int indexed;
    /** The cuts inside a cell, in the cell's own numbering: cut c at insideFlat[insideBegin[c] .. insideBegin[c + 1]). */
    private int[] insideFlat = new int[64];
    private int[] insideBegin = new int[17];
    /** The cover bound's scratch, reused from cell to cell. */
    private final CoverRaise raise = new CoverRaise();

    CellCuts(int records) {
        local = new int[records];
        anchored = new int[records][];
        anchoredCount = new int[records];
    }

    /**
     * The bound of a cell with these possible records, the cuts {@code all} counted: possible.length
     * less a lower bound on the records of the cuts inside the cell that no parameter links.
     */
    int bound(int[][] all, int[] possible) {
        index(all);
        for (int i = 0; i < possible.length; i++) {
            local[possible[i]] = i + 1;
        }
        int count = 0;
        int n = 0;
        for (int q : possible) {
            int[] ids = anchored[q];
            for (int a = 0; a < anchoredCount[q]; a++) {
                int[] c = all[ids[a]];
                boolean within = true;
                for (int k = 1; k < c.length && within; k++) {
                    within = local[c[k]] > 0;
                }
                if (within) {
                    if (n + c.length > insideFlat.length) {
                        insideFlat = Arrays.copyOf(insideFlat, Math.max(n + c.length, 2 * insideFlat.length));
                    }
                    for (int k = 0; k < c.length; k++) {
                        insideFlat[n++] = local[c[k]] - 1;
                    }
                    if (count + 2 > insideBegin.length) {
                        insideBegin = Arrays.copyOf(insideBegin, 2 * insideBegin.length);
                    }
                    insideBegin[++count] = n;
                }
            }
        }
        for (int q : possible) {
            local[q] = 0;
        }
        long cover = count == 0 ? 0 : raise.bound(possible.length, null, insideFlat, insideBegin, count);
        return (int) (possible.length - cover);
    }

    /**
     * Indexes the cuts not yet indexed by their first record. The learner hands over its cuts so far
     * each time, the earlier ones first and unchanged; any other array is indexed afresh.
     */
    private void index(int[][] all) {
        if (all == indexedCuts) {
            return;
        }
        boolean grown = all.length >= indexed;
        for (int c = 0; c < indexed && grown; c++) {
            grown = all[c] == indexedCuts[c];
        }
        if (!grown) {
            Arrays.fill(anchoredCount, 0);
            indexed = 0;
        }
        for (; indexed < all.length; indexed++) {
            int q = all[indexed][0];
            if (anchored[q] == null || anchoredCount[q] == anchored[q].length) {
                anchored[q] = Arrays.copyOf(anchored[q] == null ? new int[0] : anchored[q], Math.max(4, 2 * anchoredCount[q]));
            }
            anchored[q][anchoredCount[q]++] = indexed;
        }
        indexedCuts = all;
    }
}

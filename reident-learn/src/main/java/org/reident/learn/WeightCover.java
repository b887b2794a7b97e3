package org.reident.learn;

import java.util.Arrays;
import java.util.List;

/**
 * The proven conflicts lying among a cell's possible records, and how many of those records they
 * lose at least ({@link WeightCheck}): at least one record of each conflict is linked by no weight,
 * so the conflicts inside a cell need a cover, bounded from below by a feasible solution of their
 * covering LP's dual ({@link CoverRaise#bound}: raised in doubles, scaled down by the largest load
 * above 1 and rounded up less 1e-9 per conflict, so that rounding cannot make it infeasible). The
 * conflicts are indexed by their least record, each renumbered among the cell's records; the scratch
 * is per worker thread.
 */
final class WeightCover {
    private final int records;
    /** anchored[r]: the conflicts whose least record is r. */
    private final int[][][] anchored;
    private final ThreadLocal<Scratch> scratch;

    /** @param conflicts proven conflicts, as training records 0 .. records - 1 */
    WeightCover(int records, List<int[]> conflicts) {
        this.records = records;
        int[] count = new int[records];
        for (int[] c : conflicts) {
            count[least(c)]++;
        }
        anchored = new int[records][][];
        for (int r = 0; r < records; r++) {
            anchored[r] = new int[count[r]][];
            count[r] = 0;
        }
        for (int[] c : conflicts) {
            int a = least(c);
            anchored[a][count[a]++] = c;
        }
        scratch = ThreadLocal.withInitial(Scratch::new);
    }

    private static int least(int[] c) {
        int m = Integer.MAX_VALUE;
        for (int r : c) {
            m = Math.min(m, r);
        }
        return m;
    }

    /** A lower bound on how many of the records {@code a} and {@code b} (a cell's, disjoint) the conflicts among them lose. */
    int lost(int[] a, int[] b) {
        return scratch.get().lost(a, b);
    }

    /** One worker's renumbering of a cell's records and the cover bound's arrays. */
    private final class Scratch {
        /** Per training record, 1 + its place among the cell's records (0: not in the cell). */
        private final int[] local = new int[records];
        private int[] flat = new int[64];
        private int[] begin = new int[17];
        private final CoverRaise raise = new CoverRaise();

        int lost(int[] a, int[] b) {
            int m = 0;
            for (int q : a) {
                local[q] = ++m;
            }
            for (int q : b) {
                local[q] = ++m;
            }
            int count = 0;
            int at = 0;
            for (int pass = 0; pass < 2; pass++) {
                for (int q : pass == 0 ? a : b) {
                    for (int[] conflict : anchored[q]) {
                        boolean within = true;
                        for (int k = 0; k < conflict.length && within; k++) {
                            within = local[conflict[k]] > 0;
                        }
                        if (!within) {
                            continue;
                        }
                        if (at + conflict.length > flat.length) {
                            flat = Arrays.copyOf(flat, Math.max(at + conflict.length, 2 * flat.length));
                        }
                        for (int r : conflict) {
                            flat[at++] = local[r] - 1;
                        }
                        if (count + 2 > begin.length) {
                            begin = Arrays.copyOf(begin, 2 * begin.length);
                        }
                        begin[++count] = at;
                    }
                }
            }
            for (int q : a) {
                local[q] = 0;
            }
            for (int q : b) {
                local[q] = 0;
            }
            return count == 0 ? 0 : (int) Math.max(0, raise.bound(m, null, flat, begin, count));
        }
    }
}

package org.reident.learn;

/**
 * How many of the master's cuts hold each record, and the order a conflict is handed to the
 * {@link DeletionFilter} in: the lead (the record the repair gives up, the largest dual) first,
 * then the others by the cuts holding them, fewest first, ties in the conflict's own order.
 * <p>
 * The filter tries to drop a conflict's records from the last to the first and keeps a drop when
 * the rest stays infeasible, so of the irreducible subsets a conflict contains it returns one
 * avoiding the records tried first. Handed over in this order, the cuts avoid the records that many
 * cuts already hold and reach records the master's covering problem has seen little of; a cut
 * over records already covered many times raises the master's bound (the smallest cover) little.
 * This is the choice among irreducible infeasible subsets that Codato and Fischetti leave open
 * (Operations Research 54, 2006): any of them is a valid cut sum_{i in C} K_i >= 1.
 * <p>
 * Measured (2026-12-02, 2 cores, run in turn with the conflict's index order, which kept the records
 * of lowest index): the whole Census, SB, `learn --original c5.csv --protected p5.csv --aggregator
 * bilinear --time-limit 150s` bound 981 with 973 found against 982 with 972; the seed-1 M5-38 file's
 * SB proven in 9.0-10.3 s against 13.3-16.3 s and SB_NC in 6.2-6.5 s against 7.7-8.9 s (this
 * machine's slow day; docs/learning.md, "The order of a conflict's records"). Only the bilinear
 * families (SB, SB_NC, MD*) take this order: their master's bound is what their runs wait for. The
 * whole Census's WM, CI and CI_m, proven by rounds whose master is easy, took 10-30% longer in it
 * (CI 11.8-13.2 s against 10.8-11.2 s).
 * <p>
 * The counts change only when cuts are taken, between the slave's checks, on the learner's thread,
 * so the order, and with it the cuts and the run, does not depend on the filters' threads.
 */
final class CutCounts {
    private final int[] held;

    /** @param records the training records (a cut's entries index them) */
    CutCounts(int records) {
        held = new int[records];
    }

    /** Counts a cut the master takes. */
    void add(int[] cut) {
        for (int r : cut) {
            held[r]++;
        }
    }

    /** How many cuts taken so far hold record r. */
    int held(int r) {
        return held[r];
    }

    /**
     * Reorders conflict in place: its first entry stays first, the others by {@link #held}
     * ascending, ties in their order as given (each entry keyed by its count and its position).
     */
    void order(int[] conflict) {
        if (conflict.length <= 2) {
            return;
        }
        long[] keyed = new long[conflict.length - 1];
        for (int q = 1; q < conflict.length; q++) {
            // count in the high bits, position in the low: sorting the longs is stable by position
            keyed[q - 1] = ((long) held[conflict[q]] << 32) | q;
        }
        java.util.Arrays.sort(keyed);
        int[] before = conflict.clone();
        for (int q = 0; q < keyed.length; q++) {
            conflict[q + 1] = before[(int) keyed[q]];
        }
    }
}

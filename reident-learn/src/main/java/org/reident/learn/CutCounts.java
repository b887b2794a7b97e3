package org.reident.learn;

/**
 * How much of the master's cuts each record carries, and the order a conflict is handed to the
 * {@link DeletionFilter} in: the lead (the record the repair gives up, the largest dual) first,
 * then the others by their load, least first, ties in the conflict's own order. A record's load is
 * sum over the cuts holding it of 1/|C|: the covering demand it carries when each cut's demand
 * (at least one of its records) is spread evenly over its records, so a record in a few large cuts
 * weighs less than one in a few pairs.
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
 * The load replaced the number of cuts holding a record (stop 51, 2026-12-03, run in turn, same
 * rounds in each pair): the whole Census's SB, 150 s, reached bounds 983 / 982 / 981 at 31.5 /
 * 42.6 / 67.0 s against 33.8 / 46.2 / 76.6 s, and 980 at 100.3 s against 145.0 s (a second pair on a
 * slower spell: 58.2 / 79.3 / 123.0 s against 65.9 / 89.2 / 145.7 s); seed-1 M5-38, 30 s: MD*
 * 12.1-12.9 s against 15.6 s, SB 8.9-9.9 s against 9.5-11.1 s, SB_NC 7.0-7.1 s against 6.3-6.6 s.
 * <p>
 * The loads change only when cuts are taken, between the slave's checks, on the learner's thread,
 * so the order, and with it the cuts and the run, does not depend on the filters' threads.
 */
final class CutCounts {
    private final double[] load;

    /** @param records the training records (a cut's entries index them) */
    CutCounts(int records) {
        load = new double[records];
    }

    /** Counts a cut the master takes: each of its records carries 1/|cut| more. */
    void add(int[] cut) {
        double share = 1.0 / cut.length;
        for (int r : cut) {
            load[r] += share;
        }
    }

    /** Record r's load: sum over the cuts taken so far that hold it of 1/|cut|. */
    double load(int r) {
        return load[r];
    }

    /**
     * Reorders conflict in place: its first entry stays first, the others by {@link #load}
     * ascending, ties in their order as given (an insertion sort: a conflict holds at most a few
     * dozen records, and it is stable).
     */
    void order(int[] conflict) {
        for (int q = 2; q < conflict.length; q++) {
            int r = conflict[q];
            double key = load[r];
            int p = q - 1;
            while (p >= 1 && load[conflict[p]] > key) {
                conflict[p + 1] = conflict[p];
                p--;
            }
            conflict[p + 1] = r;
        }
    }
}

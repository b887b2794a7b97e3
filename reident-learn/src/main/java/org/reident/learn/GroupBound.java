package org.reident.learn;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.reident.data.LinkageData;

/**
 * A bound for files with few linkable records, where the cuts' covering bound stays far above the
 * optimum: the training records are shuffled into disjoint groups, each learned alone (its records
 * the training records, rivals from the whole file, as {@code --train-ids} does), and the sum of the
 * groups' bounds bounds the whole, since one parameter value links at most a group's optimum in
 * each group. Measured on the whole Census released by JPEG (q = 50), CI, 60 s: bound 408 and 411 in
 * two runs (18 groups, 14 and 12 proven in the 25 s they took) against the cuts' 637 alone, 246 and
 * 247 found; rank swapping
 * (p = 15): 273 against 493 (docs/learning.md, "Groups learned alone"). Only for the Choquet
 * families: SB's groups of 60 were not proven in 10 s, and WM's few-linkable files are bounded by the
 * weight cells. The groups' own conflicts are not handed to the whole run's master (they would be
 * valid cuts there).
 */
final class GroupBound {
    /** Records per group (the last groups one more where the division leaves some over). */
    static final int SIZE = 60;
    /** The groups are learned when, after a round, the incumbent keeps less than this share of the bound. */
    static final double TRIGGER = 0.5;
    /**
     * The share of the time left that the groups may take: in the runs that call them the cuts'
     * bound hardly moves (JPEG, CI: 698 after the first round at 20 s, 637 at 60 s), while the climb
     * beside the run goes on finding incumbents.
     */
    static final double SHARE = 0.8;
    /** The least time per group for the groups to be learned at all (else a file of many groups skips them). */
    static final double MIN_SECONDS = 1.0;
    private static final long SEED = 1;

    private GroupBound() {
    }

    /** The sum of the groups' bounds, how many groups and how many of them were proven, and the seconds taken. */
    record Result(int bound, int groups, int proven, double seconds) {
    }

    /**
     * Whether the groups are worth learning: a Choquet family of at most {@link LoneRecords#MAX_PARAMETERS}
     * parameters (beyond, GLOP's LPs stall: docs/learning.md, "Open problems"), at least two groups,
     * few records kept, and {@link #MIN_SECONDS} per group in {@code seconds}.
     */
    static boolean wanted(LearnOptions o, int parameters, int m, int kept, int bound, double seconds) {
        return o.aggregator().isChoquet() && parameters <= LoneRecords.MAX_PARAMETERS && m >= 2 * SIZE
                && kept < TRIGGER * bound && seconds >= MIN_SECONDS * (m / SIZE);
    }

    /**
     * Learns each group within {@code seconds} in all (the time left shared among the groups left);
     * a group not reached counts all its records. Valid whatever the groups' statuses: each bound is
     * its group's.
     */
    static Result of(LearnOptions o, LinkageData data, int[] train, double seconds) {
        long t0 = System.nanoTime();
        int[] order = train.clone();
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = order.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int groups = order.length / SIZE;
        int sum = 0;
        int proven = 0;
        int from = 0;
        for (int g = 0; g < groups; g++) {
            int size = order.length / groups + (g < order.length % groups ? 1 : 0);
            int[] group = Arrays.copyOfRange(order, from, from + size);
            from += size;
            double left = seconds - (System.nanoTime() - t0) / 1e9;
            if (left <= 0 || StopRequest.requested()) {
                sum += size;
                continue;
            }
            LearnResult res = new ConflictLearner(o.withTimeLimit(left / (groups - g)).withProgress(null)).learn(data, group);
            sum += res.bound();
            proven += res.status().equals("OPTIMAL") ? 1 : 0;
        }
        return new Result(sum, groups, proven, (System.nanoTime() - t0) / 1e9);
    }
}

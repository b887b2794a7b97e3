package org.reident.learn;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.reident.data.LinkageData;

/**
 * A bound for files with few linkable records, where the cuts' covering bound stays far above the
 * optimum: the training records are shuffled into disjoint groups, each learned alone (its records
 * the training records, rivals from the whole file, as {@code --train-ids} does), and the sum of the
 * groups' bounds bounds the whole, since one parameter value links at most a group's optimum in
 * each group. Measured on the whole Census released by JPEG (q = 50), CI, 60 s: bound 408 and 411 in
 * two runs (18 groups, 14 and 12 proven in the 25 s they took) against the cuts' 637 alone, 246 and
 * 247 found; rank swapping
 * (p = 15): 273 against 493 (docs/learning.md, "Groups learned alone"). SB, the same JPEG file, 300
 * s: 681 (36 groups of 30, 3 proven) against the cuts' 1,003, 242 found. Learned before the first
 * round since stop 49 (on a slower day, 60 s: JPEG 508 -> 440, rank swapping 425 -> 328; SB at 90 s:
 * 1,045, groups never reached, -> 887). For the Choquet and the
 * bilinear families; WM's few-linkable files are bounded by the weight cells. The groups' own
 * conflicts are valid cuts of the whole run's master but are not handed to it: measured, the master
 * then searched to the limit for a cover meeting every group's optimum at once (docs/learning-log.md,
 * "Stop 49").
 */
final class GroupBound {
    /**
     * Records per group for the Choquet families (the first groups one more where the division leaves
     * some over): 18 groups of 60 on the JPEG file above, 14 proven.
     */
    static final int SIZE = 60;
    /**
     * Records per group for the bilinear families (15 parameters on 5 variables): their groups of 60
     * are not proven in 10 s, and smaller groups bound better in the same time (the JPEG file, 300
     * s: 681 with groups of 30, 738 with 60; 90 s: 845 and 900).
     */
    static final int BILINEAR_SIZE = 30;
    /**
     * The groups are learned when, before the first round, the starts' incumbent keeps less than this
     * share of the linkable records (the whole Census released by JPEG, CI: 211 of 824).
     */
    static final double TRIGGER = 0.5;
    /**
     * The share of the time left that the groups may take: in the runs that call them the cuts'
     * bound hardly moves (JPEG, CI: 698 after the first round at 20-33 s, 637 at 60 s; after the
     * groups' 405 it stayed at 405 through 7 more rounds), while the climb beside the run goes on
     * finding incumbents.
     */
    static final double SHARE = 0.8;
    /**
     * Once every group of a pass is proven, the bilinear families learn the groups again, this share
     * of them as many and so larger, while time is left ({@link #larger}): a larger group links fewer
     * of its records together beyond the whole file's optimum, so the sum is lower once they are
     * proven, and on such files the cuts do not lower the groups' bound (their masters, covers of
     * thousands of cuts of 4-5 records, go to SCIP). Generated files with noise, SB (docs/learning-log.md,
     * "Stop 78"): 150 records of 4 variables, 20%, 150 s: 5 groups of 30 proven by 20 s, bound 78, then
     * 3 of 50 proven by 114 s, 70; 300 records of 3 variables, 20%, 90 s: 120 -> 108 (6 groups of 50;
     * 3 of 100 then proven none); 200 of 4 variables, 30%: 97 either way. Not CI: on 300 records of 4
     * variables with 60% noise the cuts prove the optimum, in 34.1 and 37.3 s, and after a second pass
     * (61 -> 60) in 42.0 and 46.8 s.
     */
    static final double LARGER = 0.6;
    /** The least time per group for the groups to be learned at all (else a file of many groups skips them). */
    static final double MIN_SECONDS = 1.0;
    private static final long SEED = 1;

    private GroupBound() {
    }

    /** A group's learner: {@code seconds} its limit, silent, a group's run ({@link ConflictLearner#forGroup}). */
    static ConflictLearner learner(LearnOptions o, double seconds) {
        return new ConflictLearner(o.withTimeLimit(seconds).withProgress(null)).forGroup();
    }

    /** The sum of the groups' bounds, how many groups and how many of them were proven, and the seconds taken. */
    record Result(int bound, int groups, int proven, double seconds) {
    }

    /** Records per group for the family: {@link #SIZE} or {@link #BILINEAR_SIZE}. */
    static int size(Aggregator a) {
        return a.isBilinear() ? BILINEAR_SIZE : SIZE;
    }

    /**
     * Whether the groups are worth learning: a Choquet or bilinear family of at most
     * {@link LoneRecords#MAX_PARAMETERS} parameters (beyond, GLOP's LPs stall: docs/learning.md,
     * "Open problems"), at least two groups, few records kept, and {@link #MIN_SECONDS} per group in
     * {@code seconds}.
     */
    static boolean wanted(LearnOptions o, int parameters, int m, int kept, int bound, double seconds) {
        Aggregator a = o.aggregator();
        int size = size(a);
        return (a.isChoquet() || a.isBilinear()) && parameters <= LoneRecords.MAX_PARAMETERS && m >= 2 * size
                && kept < TRIGGER * bound && seconds >= MIN_SECONDS * (m / size);
    }

    /**
     * The groups' sizes as the progress line says them: "35" when {@code records} divide evenly
     * into {@code groups}, else "35-36" (the first groups one more, as {@link #of} makes them).
     */
    static String sizes(int records, int groups) {
        int least = groupSize(records, groups, groups - 1);
        int most = groupSize(records, groups, 0);
        return least == most ? Integer.toString(least) : least + "-" + most;
    }

    /** The size of group g of {@code groups} over {@code records}: the first ones take what the division leaves over. */
    private static int groupSize(int records, int groups, int g) {
        return records / groups + (g < records % groups ? 1 : 0);
    }

    /**
     * Learns each group within {@code seconds} in all (the time left shared among the groups left);
     * a group not reached counts all its records. Valid whatever the groups' statuses: each bound is
     * its group's. {@code phase} hears, before each group, where the groups stand (for the status line).
     */
    static Result of(LearnOptions o, LinkageData data, int[] train, double seconds, Consumer<String> phase) {
        return of(o, data, train, train.length / size(o.aggregator()), seconds, phase);
    }

    /**
     * The groups of the next pass, fewer and larger, when every group of this one was proven
     * ({@link #LARGER}; the bilinear families only): 0 when there is none (another family, fewer
     * than two groups, or a group not proven).
     */
    static int larger(Aggregator a, Result r) {
        int next = (int) (r.groups() * LARGER);
        return a.isBilinear() && r.proven() == r.groups() && next >= 2 && next < r.groups() ? next : 0;
    }

    /** As {@link #of(LearnOptions, LinkageData, int[], double, Consumer)}, in {@code groups} groups. */
    static Result of(LearnOptions o, LinkageData data, int[] train, int groups, double seconds, Consumer<String> phase) {
        long t0 = System.nanoTime();
        int[] order = train.clone();
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = order.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int sum = 0;
        int proven = 0;
        int from = 0;
        for (int g = 0; g < groups; g++) {
            int size = groupSize(order.length, groups, g);
            int[] group = Arrays.copyOfRange(order, from, from + size);
            from += size;
            double left = seconds - (System.nanoTime() - t0) / 1e9;
            if (left <= 0 || StopRequest.requested()) {
                sum += size;
                continue;
            }
            phase.accept(String.format(Locale.ROOT, "groups: group %d of %d (%d proven), their bounds so far %d + %d records"
                    + " not yet learned", g + 1, groups, proven, sum, order.length - from + size));
            LearnResult res = learner(o, left / (groups - g)).learn(data, group);
            sum += res.bound();
            proven += res.status().equals("OPTIMAL") ? 1 : 0;
        }
        return new Result(sum, groups, proven, (System.nanoTime() - t0) / 1e9);
    }
}

package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    /** The least time per group for the groups to be learned at all (else a file of many groups skips them). */
    static final double MIN_SECONDS = 1.0;
    private static final long SEED = 1;

    private GroupBound() {
    }

    /** A group's learner: {@code seconds} its limit, silent, a group's run ({@link ConflictLearner#forGroup}). */
    static ConflictLearner learner(LearnOptions o, double seconds) {
        return new ConflictLearner(o.withTimeLimit(seconds).withProgress(null)).forGroup();
    }

    /**
     * The sum of the groups' bounds, how many groups and how many of them were proven, the seconds
     * taken, and the groups themselves ({@link Learned}; empty where not kept).
     */
    record Result(int bound, int groups, int proven, double seconds, List<Learned> parts) {
        Result(int bound, int groups, int proven, double seconds) {
            this(bound, groups, proven, seconds, List.of());
        }

        /**
         * Every kept group's cuts over the run's training positions ({@code train}: the file's record
         * numbers of the training records, as the groups' records are): conflicts of the whole run too,
         * since a group's parameter values are at least the whole's ({@link Learned}).
         */
        int[][] cutsOver(int[] train) {
            int most = 0;
            for (int t : train) {
                most = Math.max(most, t);
            }
            int[] position = new int[most + 1];
            for (int p = 0; p < train.length; p++) {
                position[train[p]] = p;
            }
            List<int[]> out = new ArrayList<>();
            for (Learned l : parts) {
                for (int[] c : l.cuts()) {
                    int[] mapped = new int[c.length];
                    for (int k = 0; k < c.length; k++) {
                        mapped[k] = position[l.records()[c[k]]];
                    }
                    Arrays.sort(mapped);
                    out.add(mapped);
                }
            }
            return out.toArray(new int[0][]);
        }

        /** The groups' sizes as the progress line says them: "30", or "30-60" when they differ. */
        String sizes(int records) {
            if (parts.isEmpty()) {
                return GroupBound.sizes(records, groups);
            }
            int least = Integer.MAX_VALUE;
            int most = 0;
            for (Learned l : parts) {
                least = Math.min(least, l.records().length);
                most = Math.max(most, l.records().length);
            }
            return least == most ? Integer.toString(least) : least + "-" + most;
        }
    }

    /**
     * A group learned alone: its records (the file's record numbers, as the run's training records
     * are), its bound, whether it was proven, its run's cuts (each over positions in {@code records})
     * and the records its best parameters link with margin eps (null: not learned). The cuts stay
     * valid in any group that holds all of {@code records}: the parameters such a group may take
     * are fewer (its sign rows, SB and MD*, are those of its own records, which include these:
     * {@link ConflictSlave}), so a set no parameter value links here is linked by none there.
     */
    record Learned(int[] records, int bound, boolean proven, int[][] cuts, boolean[] kept) {
    }

    /**
     * What a group's run starts from when it is the union of two groups learned before
     * ({@link #merged}): their cuts (over the union's positions, the first group's records first),
     * the sum of their bounds (valid for the union: one parameter value links at most each one's
     * bound in it), the records their best parameters link (the others cover the cuts, the
     * master's optimum over them when both were proven: {@code optimal}), and the two groups as rows for the
     * master's tree: each record's group (0 or 1) and the records a cover holds in each, its size
     * less its bound ({@link CoverSearch#rows}).
     */
    record Seed(int[][] cuts, int bound, boolean[] keep, boolean optimal, int[] groupOf, int[] need) {
        static Seed of(Learned a, Learned b) {
            int n = a.records().length;
            int[][] cuts = Arrays.copyOf(a.cuts(), a.cuts().length + b.cuts().length);
            for (int c = 0; c < b.cuts().length; c++) {
                int[] cut = b.cuts()[c].clone();
                for (int q = 0; q < cut.length; q++) {
                    cut[q] += n;
                }
                cuts[a.cuts().length + c] = cut;
            }
            boolean[] keep = new boolean[n + b.records().length];
            for (int r = 0; r < keep.length; r++) {
                boolean[] k = r < n ? a.kept() : b.kept();
                keep[r] = k != null && k[r < n ? r : r - n];
            }
            int[] groupOf = new int[keep.length];
            Arrays.fill(groupOf, n, keep.length, 1);
            int[] need = {n - a.bound(), b.records().length - b.bound()};
            return new Seed(cuts, a.bound() + b.bound(), keep, a.proven() && b.proven() && a.kept() != null && b.kept() != null,
                    groupOf, need);
        }
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
     * How many groups the next pass has ({@link #merged}: the groups two by two as one, an odd last
     * one carried over), when every group of this one was proven and the bilinear families are
     * learned; 0 when there is none (another family, a group not proven, or one group would be the
     * whole). A larger group links fewer of its records together beyond the whole file's optimum, so
     * the sum is lower once they are proven, and on such files the cuts do not lower the groups'
     * bound (their masters, covers of thousands of cuts of 4-5 records, go to SCIP). Not CI: on 300
     * records of 4 variables with 60% noise the cuts prove the optimum, in 34.1 and 37.3 s, and
     * after a second pass of groups learned afresh (61 -> 60) in 42.0 and 46.8 s (docs/learning-log.md,
     * "Stop 78").
     */
    static int larger(Aggregator a, Result r) {
        int next = (r.groups() + 1) / 2;
        return a.isBilinear() && r.proven() == r.groups() && next >= 2 ? next : 0;
    }

    /**
     * Learns each group within {@code seconds} in all (the time left shared among the groups left);
     * a group not reached counts all its records. Valid whatever the groups' statuses: each bound is
     * its group's. {@code phase} hears, before each group, where the groups stand (for the status line).
     */
    static Result of(LearnOptions o, LinkageData data, int[] train, double seconds, Consumer<String> phase) {
        int groups = train.length / size(o.aggregator());
        int[] order = train.clone();
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = order.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        List<Todo> todo = new ArrayList<>();
        int from = 0;
        for (int g = 0; g < groups; g++) {
            int size = groupSize(order.length, groups, g);
            todo.add(new Todo(Arrays.copyOfRange(order, from, from + size), null, null));
            from += size;
        }
        return pass(o, data, todo, seconds, phase);
    }

    /**
     * The next pass after {@code previous}, whose groups were all proven ({@link #larger}): its
     * groups two by two as one, each learned from both groups' cuts, bounds and linked records
     * ({@link Seed}); an odd last group keeps its result without being learned again. Within
     * {@code seconds} in all. Each group's bound is at most the sum of its two, so the pass's sum is
     * at most the previous one's. Measured on generated files with noise, SB, against stop 78's
     * second pass (three fifths as many groups, learned afresh; docs/learning-log.md, "Stop 79"):
     * 300 records of 3 variables, 20%, 90 s: 10 groups of 30 (120), then 5 of 60 proven by 25.6 s
     * (103), against 6 of 50 by 23.6 s (108); 150 records of 4 variables, 20%, 150 s: 78 -> 70
     * either way (60, 60 and the carried 30 by 103 s, against 3 of 50 by 114 s).
     */
    static Result merged(LearnOptions o, LinkageData data, Result previous, double seconds, Consumer<String> phase) {
        List<Learned> parts = previous.parts();
        List<Todo> todo = new ArrayList<>();
        for (int g = 0; g < parts.size(); g += 2) {
            Learned a = parts.get(g);
            if (g + 1 == parts.size()) {
                todo.add(new Todo(a.records(), null, a));
                continue;
            }
            Learned b = parts.get(g + 1);
            int[] union = Arrays.copyOf(a.records(), a.records().length + b.records().length);
            System.arraycopy(b.records(), 0, union, a.records().length, b.records().length);
            todo.add(new Todo(union, Seed.of(a, b), null));
        }
        return pass(o, data, todo, seconds, phase);
    }

    /** A group of a pass: its records, learned from {@code seed} (null: from scratch) unless {@code carried} (null: learn it). */
    private record Todo(int[] records, Seed seed, Learned carried) {
    }

    /**
     * Learns each group of {@code todo} within {@code seconds} in all (the time left shared among
     * the groups left to learn), a group carried over taken as it was.
     */
    private static Result pass(LearnOptions o, LinkageData data, List<Todo> todo, double seconds, Consumer<String> phase) {
        long t0 = System.nanoTime();
        int groups = todo.size();
        int total = 0;
        int toLearn = 0;
        for (Todo t : todo) {
            total += t.records().length;
            toLearn += t.carried() == null ? 1 : 0;
        }
        int sum = 0;
        int proven = 0;
        int done = 0;
        int learned = 0;
        List<Learned> parts = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            Todo t = todo.get(g);
            int[] group = t.records();
            done += group.length;
            Learned l = t.carried();
            if (l == null) {
                double left = seconds - (System.nanoTime() - t0) / 1e9;
                if (left <= 0 || StopRequest.requested()) {
                    l = new Learned(group, group.length, false, new int[0][], null);
                } else {
                    phase.accept(String.format(Locale.ROOT, "groups: group %d of %d (%d proven), their bounds so far %d + %d records"
                            + " not yet learned", g + 1, groups, proven, sum, total - done + group.length));
                    l = learner(o, left / (toLearn - learned)).learnGroup(data, group, t.seed());
                }
                learned++;
            }
            parts.add(l);
            sum += l.bound();
            proven += l.proven() ? 1 : 0;
        }
        return new Result(sum, groups, proven, (System.nanoTime() - t0) / 1e9, parts);
    }
}

package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import org.reident.data.LinkageData;

/**
 * The master problems of a learning run, recorded and replayed, to measure the master's search tree
 * ({@link CoverBranch}) on the very problems a run posed, with one bound against another in the same
 * process: {@code reident bench-master}. A replay solves each problem as {@link CoverSearch} does
 * (sizes atLeast, atLeast + 1, ... atMost, the previous problem's answer tried first), without the
 * exact solver behind the tree.
 */
public final class MasterReplay {
    private MasterReplay() {
    }

    /**
     * One master solve as a run posed it: cover every cut with at most atMost given-up records, at
     * least atLeast of them being proven necessary already. The arrays are the run's own (a cut is
     * never changed once added); they are read, never written.
     */
    public record Problem(int records, boolean[] fixed, int[][] cuts, long atLeast, long atMost) {
    }

    /**
     * A replayed solve: {@code outcome} FOUND (the smallest cover has {@code size} records, fixed ones
     * included), NONE (none up to atMost; size: the first size not tried) or GAVE_UP (at
     * {@code size}, node limit).
     */
    public record Solve(String outcome, long size, long nodes, double seconds) {
    }

    /** Runs the cuts formulation and returns every master problem it posed, in order. */
    public static List<Problem> record(LearnOptions o, LinkageData data, int[] train) {
        List<Problem> problems = new ArrayList<>();
        new ConflictLearner(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, problems).learn(data, train);
        return problems;
    }

    /**
     * The weight cells' cover bound ({@link CellCuts}, as {@link SimplexCells} calls it on a popped
     * cell) timed on a problem's cuts: {@code cells} seeded random cells, each a set of a quarter to
     * all of the problem's records, bounded {@code repeats} times over by one scratch. {@code seconds}
     * per repeat; {@code sum}: the cells' bounds added up, the same in every repeat and build.
     */
    public record CellBounds(int cells, double[] seconds, long sum) {
    }

    /** Times {@link CellCuts#bound} on {@code p}'s cuts; see {@link CellBounds}. */
    public static CellBounds cellBounds(Problem p, int cells, int repeats, long seed) {
        int[][] sets = cellSets(p.records(), cells, seed);
        double[] seconds = new double[repeats];
        long sum = 0;
        for (int rep = 0; rep < repeats; rep++) {
            CellCuts scratch = new CellCuts(p.records());
            long s = 0;
            long t0 = System.nanoTime();
            for (int[] possible : sets) {
                s += scratch.bound(p.cuts(), possible);
            }
            seconds[rep] = (System.nanoTime() - t0) / 1e9;
            if (rep > 0 && s != sum) {
                throw new IllegalStateException("the cells' bounds added up to " + sum + ", then " + s + " (a defect)");
            }
            sum = s;
        }
        return new CellBounds(cells, seconds, sum);
    }

    /** The cells {@link #cellBounds} bounds: sorted sets of a quarter to all of n records. */
    static int[][] cellSets(int n, int cells, long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        int[][] sets = new int[cells][];
        int[] order = new int[n];
        for (int i = 0; i < cells; i++) {
            for (int r = 0; r < n; r++) {
                order[r] = r;
            }
            int size = n / 4 + random.nextInt(n - n / 4 + 1);
            for (int k = 0; k < size; k++) { // a partial Fisher-Yates shuffle: size distinct records
                int j = k + random.nextInt(n - k);
                int t = order[k];
                order[k] = order[j];
                order[j] = t;
            }
            sets[i] = java.util.Arrays.copyOf(order, size);
            java.util.Arrays.sort(sets[i]);
        }
        return sets;
    }

    /** Nodes of a size's search after which the learner's tree splits it ({@link CoverBranch#SPLIT_AFTER}). */
    public static final long SPLIT_AFTER = CoverBranch.SPLIT_AFTER;

    /** A search tree to replay with. */
    public enum Tree {
        /** The packing bound alone, on one thread. */
        PACKING,
        /** {@link CoverDual} after {@link CoverBranch#DUAL_AFTER} nodes, on one thread, never split. */
        DUAL,
        /** DUAL, split after {@link CoverBranch#SPLIT_AFTER} nodes ({@link CoverSplit}), each solve from the root. */
        SPLIT,
        /**
         * As the learner runs it: SPLIT, each solve resumed from the previous one's frontier where it
         * applies, its dual bound started from the covering LP kept warm ({@link CoverLp}).
         */
        RESUME
    }

    /**
     * Solves the problems in order with {@code tree} ({@code threads} for SPLIT and RESUME), each within
     * {@code nodeLimit} nodes. Every cover found is checked against the cuts.
     */
    public static List<Solve> replay(List<Problem> problems, Tree tree, int threads, long nodeLimit) {
        if (tree != Tree.RESUME) {
            return replay(problems, tree, threads, nodeLimit, null);
        }
        CoverLp covering = new CoverLp(problems.isEmpty() ? 0 : problems.get(0).records());
        try {
            return replay(problems, tree, threads, nodeLimit, covering);
        } finally {
            covering.delete();
        }
    }

    /** The same, the dual bound of RESUME starting from {@code covering} kept warm, as the learner's. */
    private static List<Solve> replay(List<Problem> problems, Tree tree, int threads, long nodeLimit, CoverLp covering) {
        List<Solve> solves = new ArrayList<>();
        boolean[] last = null;
        CoverFrontier frontier = null;
        for (Problem p : problems) {
            long t0 = System.nanoTime();
            CoverBranch b = new CoverBranch(p.records(), p.cuts(), p.cuts().length, p.fixed(),
                    tree == Tree.PACKING ? Long.MAX_VALUE : CoverBranch.DUAL_AFTER);
            if (tree == Tree.SPLIT || tree == Tree.RESUME) {
                b.threads(threads).resume(tree == Tree.RESUME ? frontier : null);
            } else {
                b.split(Long.MAX_VALUE, 0);
            }
            if (covering != null) {
                covering.sync(p.cuts(), p.cuts().length, p.fixed());
                b.lp(covering);
            }
            boolean[] cover = new boolean[p.records()];
            CoverBranch.Smallest found = b.smallest(p.atLeast(), p.atMost(), nodeLimit, Double.MAX_VALUE, cover, last);
            frontier = b.frontier();
            if (found.outcome() == CoverBranch.Outcome.FOUND) {
                check(p, cover, found.size());
                last = cover;
            }
            solves.add(new Solve(found.outcome().name(), found.size(), b.nodes(), (System.nanoTime() - t0) / 1e9));
        }
        return solves;
    }

    private static void check(Problem p, boolean[] cover, long size) {
        int count = 0;
        for (boolean c : cover) {
            count += c ? 1 : 0;
        }
        if (count > size) {
            throw new IllegalStateException("a cover of " + count + " records where at most " + size + " were allowed");
        }
        for (int[] cut : p.cuts()) {
            boolean hit = false;
            for (int r : cut) {
                hit |= cover[r];
            }
            if (!hit) {
                throw new IllegalStateException("a cover missing a cut");
            }
        }
    }
}

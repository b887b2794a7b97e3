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
        /** As the learner runs it: SPLIT, each solve resumed from the previous one's frontier where it applies. */
        RESUME
    }

    /**
     * Solves the problems in order with {@code tree} ({@code threads} for SPLIT and RESUME), each within
     * {@code nodeLimit} nodes. Every cover found is checked against the cuts.
     */
    public static List<Solve> replay(List<Problem> problems, Tree tree, int threads, long nodeLimit) {
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

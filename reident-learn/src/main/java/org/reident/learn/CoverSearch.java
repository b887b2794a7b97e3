package org.reident.learn;

import java.util.Arrays;
import java.util.List;

/**
 * {@link CoverMaster} answered by {@link CoverBranch}, an exact bounded search tree over the cuts,
 * for the sizes atLeast, atLeast + 1, ... atMost in turn: the first size with a cover is the
 * master's optimum (no smaller one exists: ruled out by the previous size, or by atLeast, the bound
 * already proven), and none up to atMost proves the incumbent optimal. Only when the tree outgrows
 * {@link #NODES} nodes does the exact solver (SCIP by default) take over, told the sizes already
 * ruled out. The tree branches on the records of the previous master solution first: that
 * solution misses only the cuts added since, so the first dives mostly repair it.
 * <p>
 * Measured (`./reident learn ... --time-limit 120s`, the master's time on the progress line, this
 * 2-core machine, 2026-11-26; development runs, the code of the "before" side is gone), against
 * SCIP for every master solve: seed-1 M5-38 SB master 2.5 s ->
 * 0.2 s, SB_NC 10.1 s -> 0.3 s; whole Census CI 37.9 s in all, 27.9 s of it master, with the tree
 * in its plain order, and 12.5 s in all with the previous solution first.
 * <p>
 * Replaced: a tabu local search for a cover of exactly atLeast records, which ran before the exact
 * solver (it had taken seed-1 M5-38 SB_NC from 27.7 s to 14.1 s against SCIP alone). With the tree
 * it only cost time: whole Census CI 14.3 s with it, 12.5 s without (it never succeeded there).
 * Deterministic: the tree counts nodes, not time (a solve cut short by the time limit or the node
 * limit aside), and its answer does not depend on the number of threads it runs on.
 */
final class CoverSearch implements CoverMaster {
    /**
     * Nodes of {@link CoverBranch} per master solve before the exact solver takes over (about 30 s
     * at the whole Census's 3 microseconds per node with the packing bound; a node of the
     * {@link CoverDual} bound costs about 15 microseconds, but a solve needs 10-30 times fewer; so
     * now some 150 s of one thread, shared by the threads of a split search). On
     * the whole Census, SB, with 1M nodes the
     * harder rounds went to SCIP, which took 20-50 s each: round 22 at 120 s; with no limit, round 22
     * at 62 s (`./reident learn ... --time-limit 120s`, 2026-11-26; development runs with the limit
     * set by hand).
     */
    static final long NODES = 10_000_000;

    private final CoverMaster exact;
    private final int m;
    private final long nodeLimit;
    private final int threads;
    private final boolean[] fixed;
    private int[][] cuts = new int[64][];
    private int cutCount;
    private boolean[] last;
    /** Where the last solve's split search found its cover, to resume the next one from (null: none). */
    private CoverFrontier frontier;
    private long lastNodes;
    private boolean lastExact;
    private int branched;
    private int exactSolves;
    /** Bounds asked of the exact solver beside the dives ({@link #exactBound}). */
    private int exactBounds;
    private int dives;
    private int gaveUpEarly;
    private int lpSets;
    /** After {@link #solveWithin} gave up: the size below which every cover is ruled out; else -1. */
    private long ruledOut = -1;
    private List<MasterReplay.Problem> record;
    /** Set by {@link #halt}: the tree's searches end at their next look at the clock, its dual's LP at once. */
    private final Halt halted = new Halt();
    /** A sample of the tree's nodes in each solve, for the learner to check ({@link NodeSamples}). */
    private final NodeSamples samples = new NodeSamples();
    /** The group rows ({@link #rows}; null: none). */
    private int[] groupOf;
    private int[] need;
    /** The covering LP, kept warm from solve to solve for the tree's dual bound. */
    private final CoverLp covering;

    CoverSearch(CoverMaster exact, int records, long nodeLimit, int threads) {
        this.exact = exact;
        this.threads = threads;
        this.m = records;
        this.nodeLimit = nodeLimit;
        fixed = new boolean[records];
        covering = new CoverLp(records);
    }

    /**
     * Group rows for the tree from now on ({@link CoverProblem#groupOf}: each record's group or -1,
     * and the records a cover holds in each group): valid rows of the problem the cuts relax, which
     * prune the tree's nodes; the exact solver behind it and the covering LP do not take them.
     */
    void rows(int[] groupOf, int[] need) {
        this.groupOf = groupOf.clone();
        this.need = need.clone();
    }

    /** Adds each solve's problem to {@code problems} from now on (null: none). */
    void record(List<MasterReplay.Problem> problems) {
        this.record = problems;
    }

    /** Master solves answered by {@link CoverBranch}. */
    int branched() {
        return branched;
    }

    /**
     * The last solve took at least {@code nodes} search-tree nodes (of the searches its answer depended
     * on, {@link CoverBranch#steadyNodes}: the same on any number of threads), or was left to the
     * exact solver.
     */
    boolean lastTook(long nodes) {
        return lastExact || lastNodes >= nodes;
    }

    /**
     * The tree gave up on the last solve (not a {@link #dive}): {@link #solve} left it to the exact
     * solver, or {@link #solveWithin} ran out of its nodes.
     */
    boolean lastGaveUp() {
        return lastExact;
    }

    /**
     * The exact solver's lower bound on the smallest cover of every cut, within {@code seconds}: the
     * solve asks for any cover of at least {@code atLeast} records (the bound proven; every set of
     * records given up whole is one, so the solver has a solution at once and its dual bound is the
     * figure), its answer's records not used. -1 when it gave no bound in time or the master is
     * halted. A diving round's bound otherwise rests on the covering LP, which on masters of pairs of
     * records (a vertex cover) is weak where the solver's cuts are not (stop 89).
     */
    long exactBound(double seconds, long atLeast) {
        if (halted.halted() || seconds <= 0) {
            return -1;
        }
        exactBounds++;
        Solved s = exact.solve(seconds, new boolean[m], atLeast, m);
        return s == null || s.infeasible() ? -1 : Math.max(atLeast, s.bestBound());
    }

    /** Master solves left to the exact solver. */
    int exactSolves() {
        return exactSolves;
    }

    /** How the master solves were answered, for the progress line. */
    String notes() {
        return branched + " by search tree" + (exactSolves > 0 ? ", " + exactSolves + " by " + exact.version().split(" ")[0] : "")
                + (gaveUpEarly > 0 ? ", " + gaveUpEarly + " given up early" : "")
                + (dives > 0 ? ", " + dives + " dives" : "")
                + (exactBounds > 0 ? ", " + exactBounds + (exactBounds == 1 ? " bound" : " bounds") + " by "
                        + exact.version().split(" ")[0] : "")
                + (lpSets > 0 ? ", " + lpSets + (lpSets == 1 ? " set" : " sets") + " from the covering LP" : "")
                + (covering.restarts() > 0 ? ", " + covering.restarts() + " covering-LP restarts" : "");
    }

    /**
     * A lower bound on sum K over every cut so far, without a solve: the fixed records and
     * {@link CoverRaise}'s dual bound on the rest.
     */
    long quickBound() {
        return fixedCount() + CoverRaise.bound(m, fixed, cuts, cutCount);
    }

    /** The records fixed (given up): every cover holds them. */
    private long fixedCount() {
        long f = 0;
        for (boolean b : fixed) {
            f += b ? 1 : 0;
        }
        return f;
    }

    /** The cuts so far (each array is never changed once added). */
    int[][] cutsSoFar() {
        return Arrays.copyOf(cuts, cutCount);
    }

    @Override
    public void fix(int r) {
        fixed[r] = true;
        exact.fix(r);
    }

    @Override
    public void cut(int[] records) {
        if (cutCount == cuts.length) {
            cuts = Arrays.copyOf(cuts, 2 * cutCount);
        }
        cuts[cutCount++] = records.clone();
        exact.cut(records);
    }

    /** A node sampled every {@code mask} + 1 nodes of a worker (default {@link NodeSamples#EVERY}). */
    void sampleEvery(long mask) {
        samples.every(mask);
    }

    /** The samples of the tree's nodes since the last call ({@link NodeSamples#drain}). */
    java.util.List<boolean[]> nodeSamples() {
        return samples.drain();
    }

    @Override
    public Solved solve(double seconds, boolean[] keep, long atLeast, long atMost) {
        return solve(seconds, keep, atLeast, atMost, nodeLimit, true);
    }

    /**
     * As {@link #solve}, by the tree alone within {@code nodes} of its nodes (at most its own limit),
     * the exact solver not asked: null when the tree gives up within them (or the clock or a halt
     * stops it first), and at once when the master is halted or has no tree (a node limit of 0).
     * After a give-up {@link #lastGaveUp} is true and {@link #ruledOut} is the size below which the
     * tree ruled every cover out (a valid bound, however it stopped); otherwise that is -1. The master
     * of a round far from its incumbent ({@link ConflictRun}, "A stalled master dives").
     */
    Solved solveWithin(double seconds, boolean[] keep, long atLeast, long atMost, long nodes) {
        ruledOut = -1;
        return nodeLimit == 0 ? null : solve(seconds, keep, atLeast, atMost, Math.min(nodes, nodeLimit), false);
    }

    /** See {@link #solveWithin}. */
    long ruledOut() {
        return ruledOut;
    }

    private Solved solve(double seconds, boolean[] keep, long atLeast, long atMost, long nodes, boolean exactBehind) {
        double deadline = System.nanoTime() / 1e9 + seconds;
        if (record != null) {
            record.add(new MasterReplay.Problem(m, fixed.clone(), Arrays.copyOf(cuts, cutCount), atLeast, atMost));
        }
        if (halted.halted()) {
            return null;
        }
        CoverBranch tree = tree().resume(frontier);
        boolean[] cover = new boolean[m];
        CoverBranch.Smallest found = tree.smallest(atLeast, atMost, nodes, deadline, cover, last);
        frontier = tree.frontier();
        lastNodes = tree.steadyNodes(); // not tree.nodes(): what the other threads abandoned would make it vary
        lastExact = false;
        Solved s;
        if (found.outcome() == CoverBranch.Outcome.NONE) {
            branched++;
            return new Solved(true, atMost + 1, true);
        }
        if (found.outcome() == CoverBranch.Outcome.FOUND) {
            branched++;
            pad(cover, atLeast);
            for (int r = 0; r < m; r++) {
                keep[r] = !cover[r];
            }
            s = new Solved(true, found.size(), false);
        } else { // the tree gave up at this size: smaller ones are ruled out
            if (!exactBehind) {
                gaveUpEarly++;
                lastExact = true;
                ruledOut = found.size();
                return null;
            }
            double left = deadline - StopRequest.now();
            if (left <= 0 || halted.halted()) {
                return null;
            }
            exactSolves++;
            lastExact = true;
            s = exact.solve(left, keep, Math.max(atLeast, found.size()), atMost);
        }
        if (s != null && !s.infeasible()) {
            last = new boolean[m];
            for (int r = 0; r < m; r++) {
                last[r] = !keep[r];
            }
        }
        return s;
    }

    /**
     * Any cover of at most {@code atMost} records within {@code nodes} search-tree nodes (at most the
     * tree's own limit), the smallest
     * not sought: the master of a round far from its incumbent after a solve the tree gave up on
     * ({@link ConflictRun}, "A stalled master dives"). {@link Solved#optimal} is false, and {@link Solved#bestBound} is the
     * larger of {@code atLeast} (the bound proven before) and the covering LP's ({@link #lpBound}).
     * Infeasible when the tree rules out every cover of up to atMost records (the incumbent is then
     * optimal, as after {@link #solve}); null when it gives up, runs out of time or is halted, and at
     * once when the tree has no nodes (a node limit of 0: the exact solver answers every solve). The
     * exact solves' frontier is kept, and a dive is not recorded ({@link #record}: a replay solves
     * exactly).
     */
    Solved dive(double seconds, boolean[] keep, long atLeast, long atMost, long nodes) {
        if (nodeLimit == 0 || halted.halted()) { // no tree: the exact solver answers every solve
            return null;
        }
        double deadline = System.nanoTime() / 1e9 + seconds;
        CoverBranch tree = tree();
        boolean[] cover = new boolean[m];
        CoverBranch.Smallest found = tree.smallest(atMost, atMost, Math.min(nodes, nodeLimit), deadline, cover, last);
        dives++;
        if (found.outcome() == CoverBranch.Outcome.NONE) {
            return new Solved(true, atMost + 1, true);
        }
        if (found.outcome() != CoverBranch.Outcome.FOUND) {
            return null;
        }
        for (int r = 0; r < m; r++) {
            keep[r] = !cover[r];
        }
        last = cover;
        double[] y = covering.duals(deadline, halted);
        long proven = y == null ? atLeast : Math.max(atLeast, lpBound(y));
        return new Solved(false, proven, false);
    }

    /**
     * After a {@link #dive} gave up: the largest set the covering LP's optimum points to
     * ({@link CoverLpSet}), in {@code keep}, for the round to check: it holds no whole cut, and it may be
     * no larger than the incumbent (it is not sought for a new incumbent but for the cuts it holds
     * among records the LP gives little). {@link Solved#optimal} is false and {@link Solved#bestBound}
     * is as a dive's: the larger of {@code atLeast} and the covering LP's bound. Null when the LP is
     * not solved in time or the master is halted.
     */
    Solved lpSet(double seconds, boolean[] keep, long atLeast) {
        if (halted.halted()) {
            return null;
        }
        double deadline = System.nanoTime() / 1e9 + seconds;
        covering.sync(cuts, cutCount, fixed);
        double[] y = covering.duals(deadline, halted);
        double[] x = covering.point();
        if (y == null || x == null) {
            return null;
        }
        boolean[] set = CoverLpSet.largest(m, cuts, cutCount, fixed, x);
        System.arraycopy(set, 0, keep, 0, m);
        lpSets++;
        last = new boolean[m];
        for (int r = 0; r < m; r++) {
            last[r] = !set[r];
        }
        return new Solved(false, Math.max(atLeast, lpBound(y)), false);
    }

    /**
     * The covering LP's bound from its dual y (GLOP's, by cut index): the fixed records plus the sum
     * of y over the cuts without a fixed record, y taken into a {@link CoverDual} (rounded down into
     * exact fixed point and scaled until every record's load is at most 1), so that weak duality makes
     * it a lower bound on every cover whatever GLOP's tolerances. 0 when y is not one per cut.
     */
    private long lpBound(double[] y) {
        if (y.length != cutCount) {
            return 0;
        }
        int[] hit = new int[cutCount]; // the cuts a fixed record hits leave the sum
        int maxSize = 0;
        for (int c = 0; c < cutCount; c++) {
            maxSize = Math.max(maxSize, cuts[c].length);
            hit[c] = touchesFixed(cuts[c]) ? 1 : 0;
        }
        CoverDual dual = new CoverDual(m, cuts, cutCount, maxSize, y);
        dual.reset(hit);
        return fixedCount() + (dual.lower() + CoverDual.ONE - 1) / CoverDual.ONE;
    }

    private boolean touchesFixed(int[] cut) {
        for (int r : cut) {
            if (fixed[r]) {
                return true;
            }
        }
        return false;
    }

    /** A tree over the cuts so far, the covering LP synced to them, sampled and halted as this master is. */
    private CoverBranch tree() {
        covering.sync(cuts, cutCount, fixed);
        return new CoverBranch(m, cuts, cutCount, fixed, groupOf, need, CoverBranch.DUAL_AFTER).threads(threads).haltOn(halted)
                .sampleInto(samples).lp(covering);
    }

    /** Adds records to a cover smaller than atLeast (only when atLeast was no proven bound). */
    private void pad(boolean[] cover, long atLeast) {
        int out = 0;
        for (boolean c : cover) {
            out += c ? 1 : 0;
        }
        for (int r = 0; r < m && out < atLeast; r++) {
            if (!cover[r]) {
                cover[r] = true;
                out++;
            }
        }
    }

    @Override
    public void halt() {
        halted.halt();
        exact.halt();
    }

    @Override
    public void resume() {
        halted.clear();
        exact.resume();
    }

    @Override
    public String version() {
        return exact.version();
    }

    @Override
    public void delete() {
        covering.delete();
        exact.delete();
    }
}

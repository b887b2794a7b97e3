package org.reident.learn;

/**
 * The master problem of {@link ConflictLearner}: min sum K_r over binaries K (1 = record r given up)
 * subject to the conflict cuts sum_{r in C} K_r >= 1, a set-covering problem. The model grows by
 * one cut at a time. No warm start: the incumbent never satisfies sum K <= N - incumbent - 1, the
 * range each solve gets, and {@link CoverSearch} starts from the previous solution instead. SCIP is the default backend;
 * CP-SAT ({@code --solver cp-sat}) is exact here too, the master having only 0/1 variables; on the
 * seed-1 M5-38 file it took 2.1 s for WM against SCIP's 1.9 s, and did not prove SB in 60 s where
 * SCIP took 52 s (docs/learning-log.md; measured before the working set and the local search).
 * {@link #create} puts {@link CoverSearch} (the search tree {@link CoverBranch}) in front of the
 * exact solver, which then sees only the solves the tree gives up on.
 */
interface CoverMaster {
    /** With the search tree limited to {@code treeNodes} nodes per solve (0: the exact solver answers every solve). */
    static CoverSearch create(int records, LearnOptions o, long treeNodes) {
        CoverMaster exact = o.solver().equalsIgnoreCase("cp-sat") ? new CpSatCoverMaster(records) : new MipCoverMaster(records, o);
        return new CoverSearch(exact, records, treeNodes, o.threads());
    }

    /** K_r = 1: record r is given up from the start. */
    void fix(int r);

    /** sum_{r in records} K_r >= 1. */
    void cut(int[] records);

    /**
     * Solves with sum K restricted to [atLeast, atMost]: atLeast is the master's bound already proven
     * (cuts are only ever added, so it stays valid and spares the solver proving it again), atMost
     * asks for sets larger than the incumbent. Writes the records kept (K = 0) into keep. Null when
     * no solution was found in time; {@link Solved#infeasible} when no set within the range exists.
     */
    Solved solve(double seconds, boolean[] keep, long atLeast, long atMost);

    /**
     * Ends a solve under way at once (null, as at its deadline), and every later one until
     * {@link #resume}: a proof found
     * beside the master ({@link WeightsBeside}) has made them pointless. From any thread; returns
     * when no native solve is under way any more.
     */
    void halt();

    /**
     * Undoes {@link #halt} for the solves from now on: the weight cells that led ended without a
     * proof (their share of the heap, {@link SimplexCells#full}), so the cuts go on. Called between
     * solves, from the learner's thread.
     */
    void resume();

    String version();

    void delete();

    /**
     * @param optimal   the solution is proven optimal
     * @param bestBound the solver's lower bound on sum K
     */
    record Solved(boolean optimal, long bestBound, boolean infeasible) {
    }
}

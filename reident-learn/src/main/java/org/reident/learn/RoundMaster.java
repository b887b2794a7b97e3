package org.reident.learn;

/**
 * How a round of a {@link ConflictRun} asks its master for the next set: the smallest cover of the
 * cuts (the exact answer, whose proof the bound needs), or, far from the incumbent once the tree has
 * given up on a solve, a cheaper cover that admits a larger set than the incumbent's (a dive), or
 * the covering LP's set. The state is the run's (its master, bound, incumbent, cuts and clock); this
 * class holds the rule and what it remembers from round to round (stops 80-84, docs/learning.md, "A
 * stalled master dives").
 */
final class RoundMaster {
    /**
     * Nodes of a dive ({@link CoverSearch#dive}): once the tree has given up on a master solve (left
     * it to the exact solver, or within {@link #EARLY_NODES}), each round while the gap is at least
     * {@link #DIVE_GAP} records takes any cover that admits a set larger than the incumbent, found
     * within this many nodes, instead of the smallest; the bound then comes from the covering LP over
     * every cut. A dive that gives up falls back to the covering LP's set ({@link CoverSearch#lpSet}),
     * at most {@link #LP_SET_STALLS} at one bound, else to the exact solve.
     */
    static final long DIVE_NODES = 200_000;
    /**
     * Records between the bound proven and the incumbent's cover from which a round dives (below it
     * the exact solve, whose proof the bound then needs, is near enough to try).
     */
    static final long DIVE_GAP = 16;
    /**
     * The most sets of the covering LP taken at one bound after dives gave up ({@link #solve}):
     * then the exact solve follows, whose proof the run may need (the covering LP's
     * bound cannot fall below the LP's optimum over every conflict, and rounds of such sets, each
     * giving cuts, need not end). With one (a set only once the bound had fallen since the last), the
     * whole Census's OWA was left to the exact solve from 85 s of 600 s, which never moved it (bound 763).
     */
    static final int LP_SET_STALLS = 3;
    /**
     * Nodes the tree gets for the smallest cover in a round at least {@link #DIVE_GAP} records from
     * its incumbent before any solve was given up on (stop 81): when it gives up within them, the
     * sizes it ruled out tighten the bound and the round dives, so the exact solver is not asked
     * there. On the Census released by rank swapping (p = 5), CI, the first solve given up had taken
     * the tree's 10 million nodes and SCIP 41 s, the next 50 s; with this limit the rounds dive from
     * 29 s instead of 80 s (docs/learning.md, "A stalled master dives"). The tree's own limit if
     * smaller.
     */
    static final long EARLY_NODES = 1_000_000;

    /**
     * The most seconds, and the share of the time left, that a diving round gives the exact solver
     * for a bound on the smallest cover ({@link CoverSearch#exactBound}); asked again only once the
     * cuts have grown by {@link #EXACT_BOUND_GROWTH} since the last ask, a factor raised by a quarter
     * after each ask that did not lower the run's bound (doubling it, and a fifth of the time left,
     * gave 46 where this gives 40 on the file of docs/learning.md, "A bound from SCIP beside the dives").
     */
    static final double EXACT_BOUND_SECONDS = 10;
    static final double EXACT_BOUND_SHARE = 0.25;
    static final double EXACT_BOUND_GROWTH = 1.5;

    private final ConflictRun run;
    private long diveGap = DIVE_GAP;
    /** The cuts when a diving round last asked the exact solver for a bound (-1: never), and the growth wanted before the next. */
    private int exactBoundCuts = -1;
    private double exactBoundGrowth = EXACT_BOUND_GROWTH;
    /** The cuts and the bound when a round last took the covering LP's set; how many at that bound. */
    private int lpSetCuts = -1;
    private int lpSetBound = Integer.MAX_VALUE;
    private int lpSetsStalled;
    /** Since a solve the tree gave up on: rounds far from the incumbent dive. */
    private boolean diving;
    /** The last {@link #solve} was answered by a dive or the covering LP's set. */
    private boolean dove;
    /** The last {@link #solve}'s seconds. */
    private double seconds;

    RoundMaster(ConflictRun run) {
        this.run = run;
    }

    /** Rounds dive from a gap of {@code gap} records ({@link #DIVE_GAP}, or a test's). */
    void diveGap(long gap) {
        this.diveGap = gap;
    }

    /** The last {@link #solve} was answered by a dive or the covering LP's set (not the smallest cover). */
    boolean dove() {
        return dove;
    }

    /**
     * A diving round's bound from the exact solver ({@link CoverSearch#exactBound}) within
     * {@link #EXACT_BOUND_SECONDS} and {@link #EXACT_BOUND_SHARE} of {@code remaining}: tightens the
     * run's bound; an infeasible answer (no cover of at most {@code atMost} records: the incumbent
     * is optimal) when the bound meets the incumbent, else null.
     */
    private CoverMaster.Solved exactBound(double remaining, long atMost) {
        ConflictRun r = run;
        int m = r.m;
        exactBoundCuts = r.cuts;
        double budget = Math.min(EXACT_BOUND_SECONDS, EXACT_BOUND_SHARE * remaining);
        long least = r.master.exactBound(budget, m - r.bound);
        if (least < 0 || m - least >= r.bound) {
            exactBoundGrowth *= 1.25;
            return null;
        }
        r.cutsBound = Math.min(r.cutsBound, m - (int) least);
        r.tighten(m - (int) least);
        return least > atMost ? new CoverMaster.Solved(true, least, true) : null;
    }

    /** The last {@link #solve}'s seconds. */
    double seconds() {
        return seconds;
    }

    /**
     * One master's solve of a round, within {@code remaining} s: far from the incumbent (at least
     * {@link #diveGap} records), an early give-up ({@link #EARLY_NODES}) and then dives
     * ({@link #DIVE_NODES}) while the tree gives up; a dive that finds nothing takes the covering LP's
     * set instead ({@link CoverSearch#lpSet}: no larger than the incumbent, perhaps, but its conflicts
     * raise the LP's bound) when the cuts have grown since the last, at most {@link #LP_SET_STALLS} at
     * one bound; else the exact solve. Null when none answered in time or the master was halted
     * ({@link BesideReader#watchMaster}). Tightens the run's bound by the sizes an early give-up ruled
     * out; after an exact answer, whether the next rounds dive follows the tree ({@link CoverSearch#lastGaveUp}).
     */
    CoverMaster.Solved solve(double remaining, boolean[] keep) {
        ConflictRun r = run;
        CoverSearch master = r.master;
        long ms = System.nanoTime();
        r.phase = "master: covering " + r.cuts + " cuts";
        r.masterSince = ms / 1e9;
        Thread watch = r.beside.watchMaster(master::halt); // the pause within a master's solve (null: no cells)
        r.beside.holdCellsWhileCutsLead();
        CoverMaster.Solved solved = null;
        dove = false;
        int m = r.m;
        long atMost = r.inc.kept() < 0 ? m : m - r.inc.kept() - 1;
        boolean far = atMost - (m - r.bound) >= diveGap;
        try {
            if (far && !diving) {
                solved = master.solveWithin(remaining, keep, m - r.bound, atMost, EARLY_NODES);
                if (solved == null && master.ruledOut() >= 0) { // the tree gave up: this round dives
                    r.cutsBound = Math.min(r.cutsBound, m - (int) master.ruledOut());
                    r.tighten(m - (int) master.ruledOut());
                    diving = true;
                }
                remaining = r.deadline - StopRequest.now();
            }
            if (far && diving && solved == null && remaining > 0) {
                solved = master.dive(remaining, keep, m - r.bound, atMost, DIVE_NODES);
                dove = solved != null;
                remaining = r.deadline - StopRequest.now();
                lpSetsStalled = r.bound < lpSetBound ? 0 : lpSetsStalled;
                if (solved == null && remaining > 0 && r.cuts > lpSetCuts && lpSetsStalled < LP_SET_STALLS
                        && !r.beside.haltedForCells()) {
                    lpSetCuts = r.cuts;
                    lpSetBound = r.bound;
                    lpSetsStalled++;
                    solved = master.lpSet(remaining, keep, m - r.bound);
                    dove = solved != null;
                    remaining = r.deadline - StopRequest.now();
                }
            }
            if (far && diving && remaining > 0 && !r.beside.haltedForCells()
                    && (exactBoundCuts < 0 || r.cuts >= exactBoundGrowth * exactBoundCuts)) {
                CoverMaster.Solved proof = exactBound(remaining, atMost);
                if (proof != null) {
                    solved = proof; // the incumbent proven optimal
                    dove = false;
                }
                remaining = r.deadline - StopRequest.now();
            }
            if (solved == null && remaining > 0) {
                solved = master.solve(remaining, keep, m - r.bound, atMost);
            }
        } finally {
            r.beside.releaseCells();
        }
        if (watch != null) {
            watch.interrupt();
        }
        seconds = (System.nanoTime() - ms) / 1e9;
        r.masterSeconds += seconds;
        r.masterSince = -1;
        if (solved != null && !solved.infeasible() && !dove) {
            diving = master.lastGaveUp();
        }
        return solved;
    }
}

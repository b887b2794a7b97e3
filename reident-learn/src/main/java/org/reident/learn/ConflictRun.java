package org.reident.learn;

import java.util.List;
import java.util.Locale;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.linkage.LinkageResult;

/**
 * One run of the {@link ConflictLearner}: its state, the rounds (master, slave, records tried again)
 * and the result. Used from one thread; the heartbeat's and the climb's threads read the volatile
 * fields.
 */
final class ConflictRun {
    final long t0 = System.nanoTime();
    final LearnOptions o;
    private final long hardNodes;
    /**
     * When the search ends (nanoTime seconds): the time limit, less the time of one linkage by the
     * engine once the first is timed ({@link #reserveForRecount}).
     */
    double deadline;
    /** {@link ConflictLearner#ROUND_PAUSE}, or a test's. */
    final double roundPause;
    /**
     * Seconds a master's solve runs while the cells lead before {@link BesideReader#watchMaster}'s
     * watch halts it: {@link BesideReader#WATCH_PAUSE}, or {@link #roundPause} if shorter, or a test's
     * ({@link #watchPause(double)}).
     */
    double watchPause;
    /** Seconds the cuts wait for leading cells before a turn ({@link CutsTurns#TURN_AFTER}, or a test's). */
    double turnAfter = CutsTurns.TURN_AFTER;
    /** A turn however far the cuts are behind the cells (a test's; else {@link CutsTurns#within}). */
    boolean turnAnyGap;
    final LinkageData data;
    final int[] train;
    final int m;
    final ConflictSlave slave;
    final CoverSearch master;
    /** The best parameters found, counted by the engine; the climb reads them from its thread. */
    final Incumbent inc;
    int cuts;
    long cutSize;
    /**
     * Each record's load from the cuts taken, and the order conflicts go to the filters in: SB, SB_NC
     * and MD* only, where the master's bound is the bottleneck (null for the others, which it slowed).
     */
    private final CutCounts loads;
    volatile double masterSeconds;
    /** Read by the heartbeat's thread: what the run is doing, its round, bound and conflicts found. */
    volatile String phase = "starting";
    volatile int round;
    /** The groups learned alone before the first round, or the seed of a group's run ({@link RunGroups}). */
    private final RunGroups groups = new RunGroups(this);
    /** Rounds whose set the slave finished checking: the rounds reported. */
    private int checked;
    /** Records the last round's slave gave up for conflicts (0 in a round whose master came first). */
    private int givenUp;
    /** The conflicts kept in a file ({@link #keepConflicts}; none by default). */
    private RunConflicts kept = new RunConflicts(this, null);
    volatile int bound;
    /** The master's own bound (the cuts'), as {@link #bound} before the weight cells' is taken. */
    int cutsBound;
    volatile int conflicts;
    /** The climb's and the weight cells' incumbents and bounds, and the cuts' pause while the cells lead. */
    final BesideReader beside;
    /** See {@link #waitLimit(double)}. */
    double waitLimit;
    /** The slave's part of each round: records given up one conflict at a time, and tried again. */
    private final SlaveRound slaveRound = new SlaveRound(this);
    /** {@link #conflicts} as of the last {@link #takeCuts}. */
    int conflictsTaken;
    /**
     * Master solves that left fewer samples of their nodes than this ({@link NodeSamples}, one every
     * 512 nodes of a search) have them dropped unchecked: on the 400-record files, whose solves take
     * milliseconds, the checks cost more than they gave (seed-1 M5-38 SB_NC 5.9-6.6 s -> 7.7-8.1 s
     * with every solve's nodes checked). A count, not the solve's seconds, so that which solves are
     * checked does not depend on the machine's speed.
     */
    static final int NODE_CHECKS_FROM = 16;
    private int nodeChecksFrom = NODE_CHECKS_FROM;
    /**
     * The checks of a solve's samples stop once they have taken this many times the solve's own time
     * (never on an idle machine on the files measured, where they take about as long: 0.7-1.5 times on
     * the whole Census's SB), so that a file whose checks cost far more than its nodes keeps its
     * rounds. At 4 it fired once in the whole Census's SB proof of stop 58, when a test run started
     * beside the learner in its first minute (the solve timed idle, its checks under load), and the
     * path went another way from round 12: hence 10, far from the ratios seen.
     */
    static final double NODE_CHECKS_VALVE = 10;
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
    private long diveGap = DIVE_GAP;
    /**
     * The most sets of the covering LP taken at one bound after dives gave up ({@link #solveMaster}):
     * then the exact solve follows, whose proof the run may need (the covering LP's
     * bound cannot fall below the LP's optimum over every conflict, and rounds of such sets, each
     * giving cuts, need not end). With one (a set only once the bound had fallen since the last), the
     * whole Census's OWA was left to the exact solve from 85 s of 600 s, which never moved it (bound 763).
     */
    static final int LP_SET_STALLS = 3;
    /** The cuts and the bound when a round last took the covering LP's set; how many at that bound. */
    private int lpSetCuts = -1;
    private int lpSetBound = Integer.MAX_VALUE;
    private int lpSetsStalled;
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
    /** The most bytes the weight cells' open cells hold ({@link SimplexCells#maxBytes}; at most 0: their share of the heap). */
    long cellBytes = -1;
    /** Since a solve the tree gave up on: rounds far from the incumbent dive ({@link #solveMaster}). */
    private boolean diving;
    /** The last {@link #solveMaster} was answered by a dive. */
    private boolean dove;
    /** The last {@link #solveMaster}'s seconds. */
    private double solveSeconds;
    /** Sets of the master's nodes checked by the slave, and the conflicts they gave ({@link #checkNodes}). */
    int nodeChecks;
    int nodeConflicts;
    /** Solves whose samples were not all checked by {@link #NODE_CHECKS_VALVE} ({@link #checkNodes}). */
    int nodeChecksCut;
    /** When the master solve under way started (nanoTime seconds); negative: none under way. */
    volatile double masterSince = -1;
    final Heartbeat heartbeat;
    /** A model to take as an incumbent at the start ({@link #startFrom}; null: none), and what it is. */
    private DistanceModel startModel;
    private String startWhat;
    /** Whether the run ends once its incumbent advises a smaller eps ({@link ConflictLearner#untilEpsAdvised}). */
    private boolean epsCheck;
    /** The run ended so. */
    private boolean epsStopped;
    /**
     * The incumbent's linkage and the bound {@link #stopForEps} last asked the advice about: the cuts'
     * pause asks every {@link BesideReader#PAUSE_POLL_MS} ms, and each advice copies and sorts margins.
     */
    private LinkageResult epsCheckedLinkage;
    private int epsCheckedBound = -1;
    /** The master's cuts at the end ({@link #cutsLeft}). */
    private int[][] cutsLeft = new int[0][];

    /**
     * @param treeNodes search-tree nodes per master solve (0: the exact solver alone)
     * @param hardNodes master solves of this many nodes or more are hard ({@link ConflictLearner#HARD_NODES})
     * @param record    every master solve's problem is added to it (null: none)
     * @param roundPause seconds into a round after which the slave waits while the cells lead
     */
    ConflictRun(LearnOptions o, long treeNodes, long hardNodes, List<MasterReplay.Problem> record, double roundPause,
            LinkageData data, int[] train) {
        // the master first: it validates the backend
        this(o, CoverMaster.create(train.length, o, treeNodes), hardNodes, record, roundPause, data, train);
    }

    /** With the master given (a test's exact solver behind the search tree: {@code MasterWatchTest}). */
    ConflictRun(LearnOptions o, CoverSearch master, long hardNodes, List<MasterReplay.Problem> record, double roundPause,
            LinkageData data, int[] train) {
        this.o = o;
        this.hardNodes = hardNodes;
        this.roundPause = roundPause;
        this.watchPause = Math.min(roundPause, BesideReader.WATCH_PAUSE);
        this.deadline = t0 / 1e9 + o.timeLimit();
        this.waitLimit = o.timeLimit();
        this.data = data;
        this.train = train;
        this.m = train.length;
        this.loads = o.aggregator().isBilinear() ? new CutCounts(train.length) : null;
        this.master = master;
        master.record(record);
        this.slave = new ConflictSlave(o, data, train, deadline);
        this.inc = new Incumbent(o, slave.features(), data, train, slave.unlinkable(),
                LearnedModels.neutral(o.aggregator(), slave.features()));
        this.heartbeat = Heartbeat.start(o.progress(), this::status, t0 / 1e9);
        this.beside = new BesideReader(this, o);
    }

    /**
     * A group's run that starts from two groups learned before ({@link GroupBound.Seed}; null: none):
     * their cuts, their bound, and their linked records as the first round's set. Such a run learns
     * no groups of its own.
     */
    ConflictRun fromGroups(GroupBound.Seed s) {
        groups.seed(s);
        return this;
    }

    /**
     * Starts from the conflicts {@code file} keeps at the run's eps and writes the run's back to it at
     * its end ({@link RunConflicts}; null: none).
     */
    ConflictRun keepConflicts(ConflictFile file) {
        kept = new RunConflicts(this, file);
        return this;
    }

    /** The master's cuts when the run ended (each over positions in the training records). */
    int[][] cutsLeft() {
        return cutsLeft;
    }

    /** The records the best parameters link with margin eps, once the run has ended. */
    boolean[] linkedWithMargin() {
        return inc.linkedMask();
    }

    /** Takes {@code model} as an incumbent after the standard starts, said as "start: " + what (null: none). */
    ConflictRun startFrom(DistanceModel model, String what) {
        this.startModel = model;
        this.startWhat = what;
        return this;
    }

    /** Rounds dive from a gap of {@code gap} records ({@link #DIVE_GAP}, or a test's). */
    ConflictRun diveGap(long gap) {
        this.diveGap = gap;
        return this;
    }

    /** Nodes' sets checked after master solves that left at least {@code fromSamples}, sampled every {@code everyMask} + 1 nodes. */
    ConflictRun nodeChecks(int fromSamples, long everyMask) {
        this.nodeChecksFrom = fromSamples;
        master.sampleEvery(everyMask);
        return this;
    }

    /**
     * Seconds of waiting before the cuts' first turn beside leading cells, and whether a turn is taken
     * however far the cuts' bound is above the cells' ({@code MasterWatchTest}).
     */
    ConflictRun turnAfter(double seconds, boolean anyGap) {
        this.turnAfter = seconds;
        this.turnAnyGap = anyGap;
        return this;
    }

    /** The most bytes the weight cells' open cells hold ({@code MasterWatchTest}: a small cap ends them early). */
    ConflictRun cellBytes(long bytes) {
        this.cellBytes = bytes;
        return this;
    }

    /**
     * The watch's pause apart from the round's ({@code MasterWatchTest}: a round that never pauses
     * within, so that its master solve is reached whenever the cells start).
     */
    ConflictRun watchPause(double seconds) {
        this.watchPause = seconds;
        return this;
    }

    /**
     * The limit whose share ({@link WeightsBeside#SHORT_SHARE}) the searches beside the cuts wait at
     * most; infinite: they wait {@link WeightsBeside#AFTER} or {@link WeightsBeside#LOW_RATE_AFTER}
     * whatever the limit (a group's run). Unset: the run's own.
     */
    ConflictRun waitLimit(double seconds) {
        this.waitLimit = seconds;
        return this;
    }

    ConflictRun epsCheck(boolean on) {
        this.epsCheck = on;
        return this;
    }

    /**
     * With {@link #epsCheck}: whether the incumbent's parameters link so many records by a margin
     * below eps that the result would advise a smaller one ({@link EpsAdvice}) while the time left is
     * enough for another pass ({@link EpsPasses#timeFor}); then the run is to stop ({@link #epsStopped},
     * said once). Read at each round's end and while the cuts wait for the
     * weight cells ({@link BesideReader#pauseForCells}).
     */
    boolean stopForEps() {
        if (epsStopped) {
            return true;
        }
        LinkageResult l = inc.linkage();
        if (!epsCheck || l == null || !EpsPasses.timeFor(deadline - StopRequest.now(), o.timeLimit())) {
            return false; // with too little time for another pass, this one goes on to its limit (its result with the advice)
        }
        if (l == epsCheckedLinkage && bound == epsCheckedBound) {
            return false; // the advice depends on the incumbent's linkage and the bound only: asked already
        }
        epsCheckedLinkage = l;
        epsCheckedBound = bound;
        if (!EpsAdvice.of(l, train, o.eps(), bound).advised()) {
            return false;
        }
        epsStopped = true;
        progress(String.format(Locale.ROOT, "round %d: the best parameters link many records by a margin below eps; stopped"
                + " for a smaller eps, %.1f s", round, elapsed()));
        return true;
    }

    /**
     * Ends the search early by the time the engine took to link the file once (at most
     * {@link ConflictLearner#RECOUNT_SHARE} of the limit): an incumbent found at the end is linked again by the
     * engine (its count is the engine's, never a solver's), and so the run ends near its limit. On
     * 20,000 records a Choquet linkage takes about 7 s, and `learn --aggregator choquet
     * --time-limit 60s` ended at 67 s (docs/learning.md; the runs in docs/learning-log.md).
     */
    void reserveForRecount(double linkSeconds) {
        deadline -= Math.min(linkSeconds, ConflictLearner.RECOUNT_SHARE * o.timeLimit());
    }

    /** A progress line (none without a progress channel); the heartbeat's quiet period starts again. */
    void progress(String line) {
        heartbeat.said(System.nanoTime() / 1e9);
        if (o.progress() != null) {
            o.progress().accept(line);
        }
    }

    /**
     * One master's solve of a round, within {@code remaining} s: far from the incumbent (at least
     * {@link #diveGap} records), an early give-up ({@link #EARLY_NODES}) and then dives
     * ({@link #DIVE_NODES}) while the tree gives up; a dive that finds nothing takes the covering LP's
     * set instead ({@link CoverSearch#lpSet}: no larger than the incumbent, perhaps, but its conflicts
     * raise the LP's bound) when the cuts have grown since the last, at most {@link #LP_SET_STALLS} at
     * one bound; else the exact solve. Null when none answered in time or the master was halted ({@link BesideReader#watchMaster}).
     * Sets {@link #dove}, {@link #diving} and {@link #solveSeconds}; tightens the bound by the sizes an
     * early give-up ruled out.
     */
    private CoverMaster.Solved solveMaster(double remaining, boolean[] keep) {
        long ms = System.nanoTime();
        phase = "master: covering " + cuts + " cuts";
        masterSince = ms / 1e9;
        Thread watch = beside.watchMaster(master::halt); // the pause within a master's solve (null: no cells)
        beside.holdCellsWhileCutsLead();
        CoverMaster.Solved solved = null;
        dove = false;
        long atMost = inc.kept() < 0 ? m : m - inc.kept() - 1;
        boolean far = atMost - (m - bound) >= diveGap;
        try {
            if (far && !diving) {
                solved = master.solveWithin(remaining, keep, m - bound, atMost, EARLY_NODES);
                if (solved == null && master.ruledOut() >= 0) { // the tree gave up: this round dives
                    cutsBound = Math.min(cutsBound, m - (int) master.ruledOut());
                    tighten(m - (int) master.ruledOut());
                    diving = true;
                }
                remaining = deadline - StopRequest.now();
            }
            if (far && diving && solved == null && remaining > 0) {
                solved = master.dive(remaining, keep, m - bound, atMost, DIVE_NODES);
                dove = solved != null;
                remaining = deadline - StopRequest.now();
                lpSetsStalled = bound < lpSetBound ? 0 : lpSetsStalled;
                if (solved == null && remaining > 0 && cuts > lpSetCuts && lpSetsStalled < LP_SET_STALLS
                        && !beside.haltedForCells()) {
                    lpSetCuts = cuts;
                    lpSetBound = bound;
                    lpSetsStalled++;
                    solved = master.lpSet(remaining, keep, m - bound);
                    dove = solved != null;
                    remaining = deadline - StopRequest.now();
                }
            }
            if (solved == null && remaining > 0) {
                solved = master.solve(remaining, keep, m - bound, atMost);
            }
        } finally {
            beside.releaseCells();
        }
        if (watch != null) {
            watch.interrupt();
        }
        solveSeconds = (System.nanoTime() - ms) / 1e9;
        masterSeconds += solveSeconds;
        masterSince = -1;
        return solved;
    }

    /** The heartbeat's line: what the run is doing, with the round's figures so far. */
    String status() {
        double since = masterSince;
        double master = masterSeconds + (since < 0 ? 0 : System.nanoTime() / 1e9 - since);
        BesideReader b = beside; // the heartbeat starts before the constructor has set it
        return String.format(Locale.ROOT, "round %d: %s; bound %d, %s, %d conflicts, %.1f s (master %.1f s)", round,
                phase, bound, best(inc.kept(), b == null ? -1 : b.climbedCount()), conflicts, elapsed(), master);
    }

    /**
     * The status line's incumbent: {@code kept}, and the climbs' best when it is more ({@code climbed}),
     * which the run takes only between its slave's checks: on EIA's 11 variables with 10% noise, CI, the
     * line said "best 898" for a minute of one check while the climb found 1,056 (stop 74).
     */
    static String best(int kept, int climbed) {
        return climbed > kept ? "best " + kept + " (the climbs beside: " + climbed + ", taken at the run's next check)"
                : "best " + kept;
    }

    LearnResult solve() {
        try {
            return run();
        } finally {
            beside.close(); // also when the run ends by an exception
            heartbeat.close();
        }
    }

    LearnResult run() {
        boolean[] keep = new boolean[m];
        int unlinkable = 0;
        for (int r = 0; r < m; r++) {
            if (slave.unlinkable(r)) {
                master.fix(r);
                unlinkable++;
            } else {
                keep[r] = true;
            }
        }
        progress(String.format(Locale.ROOT, "model: %d records (%d cannot be linked), %d parameters, %d first rows%s, %.1f s",
                m, unlinkable, slave.parameters(), slave.rows(), FirstRows.stoppedAt(slave.firstScanned(), m)
                        + FirstRows.otherSolvesNote(slave.loneOtherSolves()), elapsed()));
        long linking = System.nanoTime();
        seed(LearnedModels.neutral(o.aggregator(), slave.features()), "start: AM");
        reserveForRecount((System.nanoTime() - linking) / 1e9);
        double[] start = o.startWeights() == null ? null : LearnedModels.embed(o, o.startWeights(), slave.features());
        if (start != null) {
            seed(start, "start: the given weighted mean");
        }
        standardStarts();
        double[] given = startModel == null ? null : LearnedModels.parameters(o, startModel, slave.features());
        if (given != null) {
            seed(given, "start: " + startWhat, false); // like the standard starts: not the NEAR rule's reference
        }
        bound = m - unlinkable;
        cutsBound = bound;
        beside.start(master::halt);
        boolean masterOptimal = true; // the first S (every linkable record) needs no master solve
        // a file's conflicts and bound (RunConflicts): the groups' bound is then in the file's, and the
        // master's cover of the conflicts comes before the first check
        boolean resumed = !groups.seeded() && kept.take();
        if (groups.seeded()) {
            masterOptimal = groups.takeSeed(keep);
        } else if (!resumed && !stopForEps()) {
            groups.learn(); // before the first round: a run stopping for a smaller eps learns no groups
        }
        String status = "TIME_LIMIT";
        boolean hard = false;
        boolean masterFirst = resumed && cuts > 0;
        while (true) {
            round++;
            beside.weighTurn();
            beside.pauseForCells();
            if (beside.fromBeside()) {
                status = "OPTIMAL";
                break;
            }
            if (stopForEps()) {
                break;
            }
            if (!masterFirst) {
                String end = slavePart(keep, masterOptimal, hard);
                if (end != null) {
                    status = end;
                    break;
                }
            } else if (inc.kept() >= bound) { // the file's best parameters meet its bound
                status = "OPTIMAL";
                break;
            } else if (deadline - StopRequest.now() <= 0) {
                break;
            }
            masterFirst = false;
            CoverMaster.Solved solved = solveMaster(deadline - StopRequest.now(), keep);
            while (solved == null && beside.haltedForCells()) { // halted for the cells: wait for them, as between rounds
                beside.waitForCells();
                if (beside.fromBeside()) {
                    status = "OPTIMAL";
                    break;
                }
                if (!beside.cutsGoOn()) { // the deadline, a stop, or a smaller eps asked for
                    break;
                }
                master.resume(); // the cells ended without a proof, no longer lead, or the cuts take a turn
                solved = solveMaster(deadline - StopRequest.now(), keep);
            }
            if (solved == null) {
                break;
            }
            if (solved.infeasible()) { // no set larger than the incumbent passes the cuts
                bound = inc.kept();
                status = "OPTIMAL";
                break;
            }
            if (!dove) {
                diving = master.lastGaveUp();
            }
            cutsBound = Math.min(cutsBound, m - (int) solved.bestBound()); // a dive's: the covering LP's
            tighten(m - (int) solved.bestBound());
            List<boolean[]> sampled = master.nodeSamples();
            if (sampled.size() >= nodeChecksFrom) { // else dropped: a short solve's nodes are not worth a check
                checkNodes(sampled, solveSeconds);
            }
            masterOptimal = solved.optimal();
            hard = dove || master.lastTook(hardNodes);
            beside.boundSaid();
            progress(String.format(Locale.ROOT, "round %d: bound %d, best %d, %d given up for conflicts, %d cuts (mean size %.1f%s),"
                    + " %d rows (%d in the LP), %.1f s (master %.1f s)", round, bound, inc.kept(), givenUp, cuts,
                    cutSize / (double) Math.max(1, cuts),
                    notes(), slave.rows(), slave.lpRows(), elapsed(), masterSeconds));
            if (stopForEps()) {
                break;
            }
        }
        beside.close();
        if (!status.equals("OPTIMAL") && beside.fromBeside()) {
            status = "OPTIMAL";
        }
        beside.sayOwed();
        if (!status.equals("OPTIMAL")) {
            boundFromLastConflicts();
            if (inc.kept() >= bound) { // the conflicts since the last master solve closed the gap
                status = "OPTIMAL";
            }
        }
        if (inc.kept() >= 0 && !status.equals("OPTIMAL")) {
            status = "FEASIBLE";
        }
        DistanceModel model = LearnedModels.toModel(o, inc.theta(), slave.features(), data);
        // the engine's linkage of the incumbent, made when it became the incumbent (a full
        // linkage: a Choquet one of 20,000 records takes about 7 s, docs/learning.md, "The limit kept")
        LinkageResult linkage = inc.linkage() != null ? inc.linkage() : LearnedModels.link(o, model, data);
        int linked = LearnedModels.strictCount(linkage, train);
        String engine = master.version() + ", combinatorial Benders, " + cuts + " cuts"
                + (nodeConflicts > 0 ? " (" + nodeConflicts + " conflicts from " + nodeChecks + " of the master's nodes"
                        + (nodeChecksCut > 0 ? "; the checks of " + nodeChecksCut + " solve" + (nodeChecksCut == 1 ? "" : "s") + " cut short by the clock" : "") + ")" : "")
                + "; master: " + master.notes() + beside.note();
        cutsLeft = master.cutsSoFar();
        kept.keep(cutsLeft, inc, bound);
        master.delete();
        slave.delete();
        double gap = LearnedModels.gap(bound, linkage, train, o.eps());
        return new LearnResult(model, status, m, Math.max(0, inc.kept()), bound, gap, linkage, linked, unlinkable, checked,
                slave.rows(), elapsed(), o.solver() + " (" + engine + ")", epsStopped && !status.equals("OPTIMAL"),
                status.equals("OPTIMAL") ? null : groups.note(bound));
    }

    /**
     * The slave's part of a round on the master's set {@code keep}: gives up a record per conflict
     * until the rest is linkable, tries them again, and takes the filters' cuts. Null when the master
     * is to solve next; else the status the run ends with: OPTIMAL (the set was the master's optimum
     * and linkable, or the incumbent meets the bound), or TIME_LIMIT (out of time, or stopped for a
     * smaller eps).
     */
    private String slavePart(boolean[] keep, boolean masterOptimal, boolean hard) {
        List<Integer> removed = slaveRound.repair(keep);
        if (removed == null) {
            return "TIME_LIMIT"; // out of time
        }
        checked++;
        givenUp = removed.size();
        if (removed.isEmpty() && masterOptimal || inc.kept() >= bound) {
            return "OPTIMAL";
        }
        slaveRound.reinsert(keep, removed);
        if (hard) {
            slaveRound.reinsert(keep, slaveRound.droppedByMaster(keep, removed));
        }
        if (inc.kept() >= bound) {
            return "OPTIMAL";
        }
        if (epsStopped || deadline - StopRequest.now() <= 0) {
            // eps: said while the tries again paused for the cells (SlaveRound#readBeside); time: no
            // master solve follows, so the filters' cuts are not waited for
            return "TIME_LIMIT";
        }
        takeCuts();
        if (inc.kept() >= bound) { // proven by the searches beside while the filters ran
            return "OPTIMAL";
        }
        return deadline - StopRequest.now() <= 0 ? "TIME_LIMIT" : null;
    }

    /**
     * The master solve's sampled nodes ({@link NodeSamples}) checked by the slave, all of them (at
     * most {@link NodeSamples#CAPACITY}), in the tree's order: each unlinkable set's conflict goes to
     * the deletion filters and is a cut at the next round, valid as any other (the conflict is
     * unlinkable whatever set it came from). The samples, and so the conflicts, do not depend on the
     * threads or the machine's speed; only the run's deadline, and {@link #NODE_CHECKS_VALVE} times
     * the solve's own time, end the checks sooner (the latter counted in {@link #nodeChecksCut}: a
     * run where it happens may take another path on another machine). On the whole Census's SB the
     * checks take about as long as the solve did (0.7-1.5 times, stop 58).
     */
    void checkNodes(List<boolean[]> sets, double seconds) {
        double until = StopRequest.now() + NODE_CHECKS_VALVE * seconds;
        phase = "checking the master's nodes";
        for (boolean[] linked : sets) {
            if (StopRequest.now() >= until) {
                nodeChecksCut++;
                break;
            }
            int[] c = slave.check(linked, deadline);
            if (c == null) {
                break; // out of time
            }
            nodeChecks++;
            if (c.length > 0) {
                nodeConflicts++;
                cut(c);
            }
        }
    }

    /**
     * Takes a proven bound (the master's, the weight cells', the end's dual bound) if it is lower.
     * Never below the incumbent: the bounds count margins of eps exactly, the incumbent is counted
     * by the engine's margins from eps (1 - 1e-3), so a bound below it is that tolerance, and the
     * incumbent is then optimal. True when the bound fell.
     */
    boolean tighten(int proven) {
        int b = Math.max(proven, inc.kept());
        if (b >= bound) {
            return false;
        }
        bound = b;
        return true;
    }

    /**
     * A run stopped (by the clock or Ctrl-C) with conflicts found since the master's last solve:
     * their cuts are taken (the filters, past the deadline, return at once) and the master's
     * quick dual bound ({@link CoverRaise}) over every cut tightens the bound if it can. On a
     * large file the first round alone can outlast the limit, and the bound would otherwise stay
     * at every linkable record.
     */
    void boundFromLastConflicts() {
        int pending = conflicts - conflictsTaken;
        if (pending == 0) {
            return;
        }
        takeCuts();
        int before = bound;
        if (tighten((int) (m - master.quickBound()))) {
            progress(String.format(Locale.ROOT, "end: bound %d (was %d) by a dual bound over all %d cuts, %d found since the"
                    + " last master solve, %.1f s", bound, before, cuts, pending, elapsed()));
        }
    }

    /** Rare numerical events worth showing (unshrunk cuts, LP restarts), the LP's purges, and how the master solves were answered. */
    String notes() {
        return (nodeConflicts > 0 ? ", " + nodeConflicts + " from the master's nodes" : "")
                + (slave.fallbacks() > 0 ? ", " + slave.fallbacks() + " unshrunk" : "")
                + (slave.restarts() > 0 ? ", " + slave.restarts() + " LP restarts" : "")
                + (slave.otherSolves() > 0 ? ", " + slave.otherSolves() + " LPs solved with other settings" : "")
                + (slave.filterOtherSolves() > 0
                        ? ", " + slave.filterOtherSolves() + " filter LPs solved with other settings" : "")
                + (slave.purges() > 0 ? ", " + slave.purges() + " LP purges" : "")
                + "; master: " + master.notes();
    }

    /**
     * Hands the conflict to the deletion filter (for SB, SB_NC and MD* in {@link CutCounts}' order); it
     * becomes a cut at the next {@link #takeCuts}.
     */
    void cut(int[] conflict) {
        conflicts++;
        if (loads != null) {
            loads.order(conflict);
        }
        slave.shrinkLater(conflict, deadline);
    }

    /**
     * Adds the cuts of the conflicts found since the last call to the master, reading the searches
     * beside while it waits for the filters ({@link BesideReader#fromBeside}); when they prove the
     * run meanwhile (the incumbent keeps as many records as the bound), the filters not yet taken are
     * dropped.
     */
    void takeCuts() {
        phase = "deletion filters: shrinking the conflicts into cuts";
        conflictsTaken = conflicts;
        slave.takeCuts(c -> {
            master.cut(c);
            if (loads != null) {
                loads.add(c);
            }
            cuts++;
            cutSize += c.length;
        }, beside::fromBeside);
        beside.cuts(master.cutsSoFar());
    }

    /** A cut already shrunk (a group's, {@link RunGroups#takeSeed}): straight to the master. */
    void shrunkCut(int[] c) {
        master.cut(c);
        if (loads != null) {
            loads.add(c);
        }
        cuts++;
        cutSize += c.length;
    }

    /** A linkable set and the slave's parameters: the incumbent if they keep more records ({@link Incumbent#offer}). */
    void offer(boolean[] s) {
        inc.offer(slave.theta(), kept(s));
    }

    /**
     * A known member of the family as the incumbent ({@link Incumbent#seed}), said when taken. So
     * every result links at least as many records with margin eps as AM, and as a given weighted
     * mean in the families that hold it, even when the first round does not finish in time; and
     * the master's first solve already seeks only larger sets. The slave is not asked: a seed no
     * better than the first round's incumbent then changes nothing. Asked (a check of the seed's
     * set before the first round), the AM seed, 162 records against the first incumbent's 357,
     * sent seed-1 M5-38 SB down another path of rounds, 4.0 s -> 6.7 s (`bench-learn --time-limit
     * 30s --no-plain --no-big-m`, two runs each, 2026-11-27).
     */
    boolean seed(double[] theta, String what) {
        return seed(theta, what, true);
    }

    /** {@link #seed}; with {@code near} false the count is not the {@link Incumbent#NEAR} rule's reference. */
    boolean seed(double[] theta, String what, boolean near) {
        if (inc.seed(theta, near)) {
            progress(String.format(Locale.ROOT, "%s links %d records with margin eps (%d strictly), %.1f s", what, inc.kept(),
                    inc.count(), elapsed()));
            return true;
        }
        return false;
    }

    /**
     * DBRL2's weights (every family but OWA, and WM_m when they are at least delta) and, for SB,
     * SB_NC and MD*, MD's matrix as incumbents ({@link StandardStarts}). For CI and CI_m the
     * weights are an additive measure, which the engine links as the weighted mean it is.
     */
    void standardStarts() {
        int n = data.dimension();
        double[] diff = StandardStarts.differences(o, data, train);
        double[] w = StandardStarts.dbrl2(diff, n);
        double[] theta = w == null ? null : LearnedModels.embed(o, w, slave.features());
        if (theta != null) {
            seed(theta, "start: DBRL2's weights", false);
        }
        double[] sigma = o.aggregator().isBilinear() ? StandardStarts.md(diff, n) : null;
        if (sigma != null) {
            seed(StandardStarts.bilinear(sigma, slave.features()), "start: MD's matrix", false);
        }
    }

    double elapsed() {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static int kept(boolean[] keep) {
        int c = 0;
        for (boolean b : keep) {
            c += b ? 1 : 0;
        }
        return c;
    }
}

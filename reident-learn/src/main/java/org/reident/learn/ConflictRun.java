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
    /** The distinct cuts handed to the master, and their records in all. */
    int cuts;
    long cutSize;
    /** The cuts handed to the master, to turn repeats away. */
    private final DistinctCuts distinct = new DistinctCuts();
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
    /** How each round asks its master for the next set (the smallest cover, a dive, the covering LP's set). */
    private final RoundMaster roundMaster = new RoundMaster(this);
    /** The slave's checks of the master's sampled nodes. */
    private final NodeChecks nodeChecks = new NodeChecks(this);
    /** The most bytes the weight cells' open cells hold ({@link SimplexCells#maxBytes}; at most 0: their share of the heap). */
    long cellBytes = -1;
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
    /** The cuts of the groups learned alone whose sum bounded the run, over training positions (empty: none). */
    int[][] groupCuts() {
        return groups.cuts();
    }

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

    /** Rounds dive from a gap of {@code gap} records ({@link RoundMaster#DIVE_GAP}, or a test's). */
    ConflictRun diveGap(long gap) {
        roundMaster.diveGap(gap);
        return this;
    }

    /** Nodes' sets checked after master solves that left at least {@code fromSamples}, sampled every {@code everyMask} + 1 nodes. */
    ConflictRun nodeChecks(int fromSamples, long everyMask) {
        nodeChecks.from(fromSamples);
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
            CoverMaster.Solved solved = roundMaster.solve(deadline - StopRequest.now(), keep);
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
                solved = roundMaster.solve(deadline - StopRequest.now(), keep);
            }
            if (solved == null) {
                break;
            }
            if (solved.infeasible()) { // no set larger than the incumbent passes the cuts
                bound = inc.kept();
                status = "OPTIMAL";
                break;
            }
            cutsBound = Math.min(cutsBound, m - (int) solved.bestBound()); // a dive's: the covering LP's
            tighten(m - (int) solved.bestBound());
            nodeChecks.after(master.nodeSamples(), roundMaster.seconds());
            masterOptimal = solved.optimal();
            hard = roundMaster.dove() || master.lastTook(hardNodes);
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
                + nodeChecks.resultNote()
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
        return nodeChecks.roundNote()
                + (slave.fallbacks() > 0 ? ", " + slave.fallbacks() + " unshrunk" : "")
                + (slave.restarts() > 0 ? ", " + slave.restarts() + " LP restarts" : "")
                + (slave.otherSolves() > 0 ? ", " + slave.otherSolves() + " LPs solved with other settings" : "")
                + (slave.filterOtherSolves() > 0
                        ? ", " + slave.filterOtherSolves() + " filter LPs solved with other settings" : "")
                + (slave.purges() > 0 ? ", " + slave.purges() + " LP purges" : "")
                + (distinct.repeats() > 0 ? ", " + distinct.repeats() + (distinct.repeats() == 1 ? " repeated cut" : " repeated cuts")
                        + " dropped" : "")
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
        slave.takeCuts(this::shrunkCut, beside::fromBeside);
        beside.cuts(master.cutsSoFar());
    }

    /**
     * A cut already shrunk (the filters', or a group's, {@link RunGroups#takeSeed}): to the master,
     * unless it repeats one it has ({@link DistinctCuts}). The loads count every copy: a record whose
     * cut keeps coming back is one the filters' order should meet early, and with the copies left
     * out of the loads too the 400-record M5-38 SB_NC took 5.0-5.1 s against 3.1-3.5 s (MD* 7.4-7.7
     * against 5.2-6.1; counted again: 3.5-3.8 and 5.3-5.6 s; `bench-learn --files M5-38 --variants
     * bilinear,bilinear-nc,md-star --no-plain --no-big-m`, stop 90).
     */
    void shrunkCut(int[] c) {
        if (loads != null) {
            loads.add(c);
        }
        if (!distinct.add(c)) {
            return;
        }
        master.cut(c);
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

package org.reident.learn;

import java.util.List;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;

/**
 * The supervised-linkage MILP solved by combinatorial Benders decomposition (Codato and Fischetti,
 * "Combinatorial Benders' cuts for mixed-integer linear programming", Operations Research 54, 2006),
 * instead of the big-M rows of symmetric-bilinear-form.txt section 5. The optimum is the same:
 * the most training records i that one parameter value theta links with margin eps, i.e. with
 * theta . (phi(i, j) - phi(i, t_i)) >= eps for every rival j.
 * <ul>
 * <li><b>Master</b> ({@link CoverMaster}, SCIP by default): binaries K_i (1 = record i given up), minimise sum K_i
 * subject to the cuts sum_{i in C} K_i >= 1 found so far. Its optimum is a lower bound on the
 * records that must be given up, so N - it bounds the re-identifications. Each solve also gets
 * N - bound <= sum K <= N - incumbent - 1: the lower end is the bound already proven (cuts are only
 * added), which spares the solver proving it again (master time on M5-38 SB about halved); the
 * upper end asks only for sets larger than the incumbent, so an infeasible master proves the
 * incumbent optimal.</li>
 * <li><b>Slave</b> ({@link ConflictSlave}, an LP): can the records S the master keeps all be linked?
 * min t subject to theta . Delta_ij + t >= eps for i in S, theta in the family. If t* > 0 the rows
 * with a non-zero dual form an infeasible system (LP duality: the dual solution restricted to them
 * certifies the same t* > 0), and their records C give the cut sum_{i in C} K_i >= 1, valid for the
 * full model because any theta linking C would satisfy those rows. A basic dual solution has at most
 * (number of parameters + 1) non-zeros, so C is small (Helly's theorem in the parameter space).</li>
 * <li>Rows are generated lazily as in {@link SupervisedLearner}: a feasible theta is checked by the
 * linkage engine against every reference record, and the rivals with margin below eps are added
 * ({@link Margin#separation}).</li>
 * <li>Each conflict is checked and shrunk by the {@link DeletionFilter} before it becomes a cut. The
 * filters run on worker threads (one per core) while the slave goes on with the next checks; the
 * cuts enter the master before its next solve, in the order the conflicts were found, so a run
 * does not depend on the threads' timing. On the seed-1 M5-38 file this took SB from 8.4 s to
 * 5.2 s, SB_NC from 7.1 s to 4.3 s, MD* from 15.4 s to 9.9 s, each with the same rounds and cuts
 * (`./reident learn ... --time-limit 60s`, 2 cores, 2026-11-26; development runs against the
 * sequential filter, which is gone).</li>
 * <li>After a cut, one record of C (the one with the largest dual) is removed from S and the slave
 * is asked again, until S is linkable; then each record removed is tried again (kept if S stays
 * linkable, else one more cut). Each master round thus yields several cuts and a checked solution
 * (an incumbent). After a hard master solve ({@link #HARD_NODES} search-tree nodes or more) the
 * records the master itself gave up are tried again the same way, for a better incumbent. When the
 * master's optimal S itself is linkable, or an incumbent keeps as many records as the master's
 * bound, the result is proven optimal. Incumbents (the slave's parameters, AM, a given weighted
 * mean, the climb's and the weight cells') are counted by the linkage engine ({@link Incumbent}).</li>
 * </ul>
 * The LP relaxation of the cut formulation does not suffer from big-M constants, which is why it
 * is faster on the hard files (docs/learning.md, "Measured").
 */
public final class ConflictLearner {
    /**
     * A master solve of at least this many search-tree nodes (or one left to the exact solver) is
     * hard: the proof is far off, so the round also tries again the records the master gave up
     * ({@link SlaveRound#droppedByMaster}). On the seed-1 400-record files no solve reaches it (M5-38 MD*,
     * the most, about 84,000); on the whole Census SB from round 12 on (development runs with the
     * node counts printed, 2026-11-26; the print was not kept). Those counts were of the tree with
     * the packing bound only; with {@link CoverDual} a hard solve takes 10-30 times fewer nodes, so
     * the threshold now marks harder solves than when it was set. Tried with the dual bound, whole
     * Census SB at 120 s: 20,000 and 50,000 gave 975 and 973 records (recomputed) against 974, within
     * the spread of runs (development runs, 2026-11-26), so it was left as is.
     */
    static final long HARD_NODES = 200_000;

    /** The most of the time limit kept back for the engine's last linkage ({@link ConflictRun#reserveForRecount}). */
    static final double RECOUNT_SHARE = 0.2;

    /**
     * Seconds into a round after which the slave's search for conflicts waits while the weight cells
     * lead ({@link SlaveRound#repair}): on large files the first round alone can outlast the limit (10,000
     * records, WM: 73.6 s), its master's bound far above the cells', while the slave takes a core
     * from them. The rounds of the files the cuts prove end sooner (the 400-record table, the whole
     * Census: under 3 s).
     */
    static final double ROUND_PAUSE = 10;

    private final LearnOptions o;
    private final long treeNodes;
    private final long hardNodes;
    private final List<MasterReplay.Problem> record;
    /** {@link #ROUND_PAUSE}, or a test's. */
    private final double roundPause;
    /** Parameters of the family to take as an incumbent at the start (null: none), and what they are. */
    private final DistanceModel start;
    private final String startWhat;
    /** Whether a run ends once its incumbent advises a smaller eps ({@link #untilEpsAdvised}). */
    private final boolean epsCheck;
    /** {@link NodeChecks#FROM} and {@link NodeSamples#EVERY}, or a test's. */
    private final int nodeChecksFrom;
    private final long nodeEvery;
    /** A group's run ({@link #forGroup}): the searches beside wait {@link WeightsBeside#AFTER} whatever its limit. */
    private final boolean group;
    /** {@link RoundMaster#DIVE_GAP}, or a test's. */
    private final long diveGap;
    private final ConflictFile conflicts;

    public ConflictLearner(LearnOptions options) {
        this(options, CoverSearch.NODES, HARD_NODES);
    }

    /**
     * With the master's search tree limited to {@code treeNodes} nodes per solve (0: the exact solver
     * alone), and master solves of {@code hardNodes} nodes or more counted as hard (0: every one).
     */
    ConflictLearner(LearnOptions options, long treeNodes, long hardNodes) {
        this(options, treeNodes, hardNodes, null);
    }

    /** As above, every master solve's problem also added to {@code record} (may be null). */
    ConflictLearner(LearnOptions options, long treeNodes, long hardNodes, List<MasterReplay.Problem> record) {
        this(options, treeNodes, hardNodes, record, ROUND_PAUSE, null, null, false, NodeChecks.FROM,
                NodeSamples.EVERY, false, RoundMaster.DIVE_GAP, null);
    }

    private ConflictLearner(LearnOptions options, long treeNodes, long hardNodes, List<MasterReplay.Problem> record,
            double roundPause, DistanceModel start, String startWhat, boolean epsCheck, int nodeChecksFrom,
            long nodeEvery, boolean group, long diveGap, ConflictFile conflicts) {
        this.o = options;
        this.treeNodes = treeNodes;
        this.hardNodes = hardNodes;
        this.record = record;
        this.roundPause = roundPause;
        this.start = start;
        this.startWhat = startWhat;
        this.epsCheck = epsCheck;
        this.nodeChecksFrom = nodeChecksFrom;
        this.nodeEvery = nodeEvery;
        this.group = group;
        this.diveGap = diveGap;
        this.conflicts = conflicts;
    }

    /** The same learner whose rounds wait for the leading weight cells after {@code seconds} (tests). */
    ConflictLearner roundPause(double seconds) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, seconds, start, startWhat, epsCheck, nodeChecksFrom,
                nodeEvery, group, diveGap, conflicts);
    }

    /**
     * The same learner that takes {@code model} (of its family and variables, e.g. learned with
     * another eps) as an incumbent before its first round, said as "start: " + {@code what}: the
     * result then links at least as many records with margin eps as it does.
     */
    public ConflictLearner start(DistanceModel model, String what) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, model, what, epsCheck, nodeChecksFrom, nodeEvery,
                group, diveGap, conflicts);
    }

    /**
     * The same learner whose run ends after a round where its incumbent's parameters link so many
     * records by a margin below eps that the result would advise a smaller one ({@link EpsAdvice}):
     * status FEASIBLE, {@link LearnResult#epsStopped}. {@link EpsPasses} then learns with that eps.
     */
    public ConflictLearner untilEpsAdvised() {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, start, startWhat, true, nodeChecksFrom, nodeEvery,
                group, diveGap, conflicts);
    }

    /**
     * The same learner checking the sets of the master's nodes ({@link NodeSamples}) after solves that
     * left at least {@code fromSamples} of them, a node sampled every {@code everyMask} + 1 nodes (tests).
     */
    ConflictLearner nodeChecks(int fromSamples, long everyMask) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, start, startWhat, epsCheck, fromSamples,
                everyMask, group, diveGap, conflicts);
    }

    /** The same learner whose rounds dive from a gap of {@code gap} records ({@link RoundMaster#DIVE_GAP}; tests). */
    ConflictLearner diveGap(long gap) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, start, startWhat, epsCheck, nodeChecksFrom,
                nodeEvery, group, gap, conflicts);
    }

    /**
     * The same learner for one group of {@link GroupBound}, whose limit is a share of the run's: its
     * searches beside the cuts wait {@link WeightsBeside#AFTER} as before stop 73, not a share of that
     * limit ({@link WeightsBeside#SHORT_SHARE}), since only its bound counts and a climb would take a
     * core from its proof.
     */
    ConflictLearner forGroup() {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, start, startWhat, epsCheck, nodeChecksFrom,
                nodeEvery, true, diveGap, null); // a group's conflicts are not the run's file's
    }

    /**
     * The same learner starting from the conflicts {@code file} keeps at its eps, and writing its own
     * back to it at its end ({@link ConflictFile}, {@link RunConflicts}; null: none). Groups learned
     * alone ({@link #forGroup}) keep none.
     */
    public ConflictLearner keepConflicts(ConflictFile file) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, roundPause, start, startWhat, epsCheck, nodeChecksFrom,
                nodeEvery, group, diveGap, file);
    }

    /**
     * The limit of which the searches beside wait at most {@link WeightsBeside#SHORT_SHARE}: the run's
     * time limit, or infinite for a group's run ({@link #forGroup}: no cap).
     */
    double waitLimit() {
        return group ? Double.POSITIVE_INFINITY : o.timeLimit();
    }

    public LearnResult learn(LinkageData data, int[] train) {
        return run(data, train).solve();
    }

    private ConflictRun run(LinkageData data, int[] train) {
        return new ConflictRun(o, treeNodes, hardNodes, record, roundPause, data, train).startFrom(start, startWhat)
                .epsCheck(epsCheck).nodeChecks(nodeChecksFrom, nodeEvery).waitLimit(waitLimit()).diveGap(diveGap)
                .keepConflicts(conflicts);
    }

    /**
     * A group of {@link GroupBound} learned alone, from {@code seed} (null: from scratch): its bound,
     * whether proven, its cuts and the records its best parameters link, for a later pass.
     */
    GroupBound.Learned learnGroup(LinkageData data, int[] group, GroupBound.Seed seed) {
        ConflictRun run = run(data, group).fromGroups(seed);
        LearnResult r = run.solve();
        return new GroupBound.Learned(group, r.bound(), r.status().equals("OPTIMAL"), run.cutsLeft(), run.linkedWithMargin());
    }
}

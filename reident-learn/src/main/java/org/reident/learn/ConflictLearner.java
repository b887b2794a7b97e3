package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.linkage.LinkageResult;

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
 * linkage engine against every reference record, and the rivals with margin below eps/2 are added.</li>
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
     * ({@link Run#droppedByMaster}). On the seed-1 400-record files no solve reaches it (M5-38 MD*,
     * the most, about 84,000); on the whole Census SB from round 12 on (development runs with the
     * node counts printed, 2026-11-26; the print was not kept). Those counts were of the tree with
     * the packing bound only; with {@link CoverDual} a hard solve takes 10-30 times fewer nodes, so
     * the threshold now marks harder solves than when it was set. Tried with the dual bound, whole
     * Census SB at 120 s: 20,000 and 50,000 gave 975 and 973 records (recomputed) against 974, within
     * the spread of runs (development runs, 2026-11-26), so it was left as is.
     */
    static final long HARD_NODES = 200_000;

    private final LearnOptions o;
    private final long treeNodes;
    private final long hardNodes;
    private final List<MasterReplay.Problem> record;
    /** {@link #ROUND_PAUSE}, or a test's. */
    private final double roundPause;

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
        this(options, treeNodes, hardNodes, record, ROUND_PAUSE);
    }

    private ConflictLearner(LearnOptions options, long treeNodes, long hardNodes, List<MasterReplay.Problem> record,
            double roundPause) {
        this.o = options;
        this.treeNodes = treeNodes;
        this.hardNodes = hardNodes;
        this.record = record;
        this.roundPause = roundPause;
    }

    /** The same learner whose rounds wait for the leading weight cells after {@code seconds} (tests). */
    ConflictLearner roundPause(double seconds) {
        return new ConflictLearner(o, treeNodes, hardNodes, record, seconds);
    }

    public LearnResult learn(LinkageData data, int[] train) {
        return new Run(data, train).solve();
    }

    /** The state of one learning run. */
    private final class Run {
        final long t0 = System.nanoTime();
        /**
         * When the search ends (nanoTime seconds): the time limit, less the time of one linkage by the
         * engine once the first is timed ({@link #reserveForRecount}).
         */
        double deadline = t0 / 1e9 + o.timeLimit();
        final LinkageData data;
        final int[] train;
        final int m;
        final ConflictSlave slave;
        final CoverSearch master;
        /** The best parameters found, counted by the engine; the climb reads them from its thread. */
        final Incumbent inc;
        int cuts;
        long cutSize;
        volatile double masterSeconds;
        /** Read by the heartbeat's thread: what the run is doing, its round, bound and conflicts found. */
        volatile String phase = "starting";
        volatile int round;
        volatile int bound;
        /** The master's own bound (the cuts'), as {@link #bound} before the weight cells' is taken. */
        int cutsBound;
        /** Seconds the cuts waited while the weight cells led ({@link #pauseForCells}). */
        double pausedSeconds;
        volatile int conflicts;
        /** The climb and the branch and bound over the weights beside the cuts. */
        WeightsBeside beside;
        /** The climb's best count already taken (-1: none). */
        int climbTaken = -1;
        /** The incumbent's count from the start weights (AM's, or the given ones), read by the climb's thread. */
        volatile int startKept = -1;
        /** {@link #conflicts} as of the last {@link #takeCuts}. */
        int conflictsTaken;
        /** When the master solve under way started (nanoTime seconds); negative: none under way. */
        volatile double masterSince = -1;
        final Heartbeat heartbeat;
        /** When the last line of the cells' bound was printed (elapsed seconds; see {@link #CELLS_LINE_EVERY}). */
        double cellsSaidAt = Double.NEGATIVE_INFINITY;
        /** A bound from the cells not yet printed (a line held back): printed at the end if no later line gives one. */
        boolean cellsOwed;

        Run(LinkageData data, int[] train) {
            this.data = data;
            this.train = train;
            this.m = train.length;
            this.master = CoverMaster.create(m, o, treeNodes); // first: it validates the backend
            master.record(record);
            this.slave = new ConflictSlave(o, data, train, deadline);
            this.inc = new Incumbent(o, slave.features(), data, train, slave.unlinkable(),
                    LearnedModels.neutral(o.aggregator(), slave.features()));
            this.heartbeat = Heartbeat.start(o.progress(), this::status, t0 / 1e9);
        }

        /**
         * Ends the search early by the time the engine took to link the file once (at most
         * {@link #RECOUNT_SHARE} of the limit): an incumbent found at the end is linked again by the
         * engine (its count is the engine's, never a solver's), and so the run ends near its limit. On
         * 20,000 records a Choquet linkage takes about 7 s, and `learn --aggregator choquet
         * --time-limit 60s` ended at 67 s (docs/learning.md; the runs in docs/learning-log.md).
         */
        void reserveForRecount(double linkSeconds) {
            deadline -= Math.min(linkSeconds, RECOUNT_SHARE * o.timeLimit());
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
            return String.format(Locale.ROOT, "round %d: %s; bound %d, best %d, %d conflicts, %.1f s (master %.1f s)", round,
                    phase, bound, inc.kept(), conflicts, elapsed(), master);
        }

        LearnResult solve() {
            try {
                return run();
            } finally {
                if (beside != null) {
                    beside.close(); // also when the run ends by an exception
                }
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
                    m, unlinkable, slave.parameters(), slave.rows(), FirstRows.stoppedAt(slave.firstScanned(), m), elapsed()));
            long linking = System.nanoTime();
            seed(LearnedModels.neutral(o.aggregator(), slave.features()), "start: AM");
            reserveForRecount((System.nanoTime() - linking) / 1e9);
            double[] start = o.startWeights() == null ? null : LearnedModels.embed(o, o.startWeights(), slave.features());
            if (start != null) {
                seed(start, "start: the given weighted mean");
            }
            standardStarts();
            startKept = inc.kept();
            bound = m - unlinkable;
            cutsBound = bound;
            beside = new WeightsBeside(o, slave.features(), data, train, slave.unlinkable(), t0 / 1e9, deadline, this::climbFrom,
                    master::halt); // the cells' proof ends the master's solve: the loop then finds it (fromBeside)
            String status = "TIME_LIMIT";
            boolean masterOptimal = true; // the first S (every linkable record) needs no master solve
            boolean hard = false;
            int checked = 0; // rounds whose set the slave finished checking: the rounds reported
            while (true) {
                round++;
                pauseForCells();
                if (fromBeside()) {
                    status = "OPTIMAL";
                    break;
                }
                List<Integer> removed = repair(keep);
                if (removed == null) {
                    break; // out of time
                }
                checked++;
                if (removed.isEmpty() && masterOptimal || inc.kept() >= bound) {
                    status = "OPTIMAL";
                    break;
                }
                reinsert(keep, removed);
                if (hard) {
                    reinsert(keep, droppedByMaster(keep, removed));
                }
                if (inc.kept() >= bound) {
                    status = "OPTIMAL";
                    break;
                }
                double remaining = deadline - StopRequest.now();
                if (remaining <= 0) {
                    break; // no master solve follows: the filters' cuts are not waited for
                }
                takeCuts();
                remaining = deadline - StopRequest.now();
                if (remaining <= 0) {
                    break;
                }
                long ms = System.nanoTime();
                phase = "master: covering " + cuts + " cuts";
                masterSince = ms / 1e9;
                CoverMaster.Solved solved = master.solve(remaining, keep, m - bound, inc.kept() < 0 ? m : m - inc.kept() - 1);
                masterSeconds += (System.nanoTime() - ms) / 1e9;
                masterSince = -1;
                if (solved == null) {
                    break;
                }
                if (solved.infeasible()) { // no set larger than the incumbent passes the cuts
                    bound = inc.kept();
                    status = "OPTIMAL";
                    break;
                }
                cutsBound = Math.min(cutsBound, m - (int) solved.bestBound());
                tighten(m - (int) solved.bestBound());
                masterOptimal = solved.optimal();
                hard = master.lastTook(hardNodes);
                cellsOwed = false; // the round's line gives the bound
                progress(String.format(Locale.ROOT, "round %d: bound %d, best %d, %d cuts (mean size %.1f%s), %d rows (%d in the LP), %.1f s"
                        + " (master %.1f s)", round, bound, inc.kept(), cuts, cutSize / (double) Math.max(1, cuts),
                        notes(), slave.rows(), slave.lpRows(), elapsed(), masterSeconds));
            }
            if (beside != null) {
                beside.close();
            }
            if (!status.equals("OPTIMAL") && fromBeside()) {
                status = "OPTIMAL";
            }
            if (cellsOwed) {
                sayCellsBound();
            }
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
                    + "; master: " + master.notes() + (beside == null ? "" : beside.note())
                    + (pausedSeconds > 0 ? String.format(Locale.ROOT, "; cuts paused %.1f s while the cells led", pausedSeconds) : "");
            master.delete();
            slave.delete();
            double gap = LearnedModels.gap(bound, linkage, train, o.eps());
            return new LearnResult(model, status, m, Math.max(0, inc.kept()), bound, gap, linkage, linked, unlinkable, checked,
                    slave.rows(), elapsed(), o.solver() + " (" + engine + ")");
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

        SimplexCells cells() {
            return beside == null ? null : beside.cells();
        }

        /**
         * Once the weight cells' bound is below the cuts' own ({@link #cutsBound}), the cuts wait, so
         * that the cells' workers ({@link SimplexCells#workers}) have the cores: until the cells'
         * search ends (its proof, a stop or the deadline), reading the cells every
         * {@link #PAUSE_POLL_MS} ms ({@link #fromBeside}). Where the cells lead (well-protected files,
         * few variables) the cuts' conflicts are pairs and triples whose rounds rarely move the bound,
         * and the cells have every cut made before the pause. Measured in turn (docs/learning-log.md,
         * 2026-11-29, `learn --aggregator wm --time-limit 60s`): 1000 records of 5 variables, 40%
         * noise, proven in 8.0-10.2 s against 11.6-16.4 s before; the whole Census on 8 variables with
         * 40% noise, bound 577-593 against 641-642. The cuts do not resume (docs/learning.md).
         */
        void pauseForCells() {
            if (!cellsLead()) {
                return;
            }
            SimplexCells c = cells();
            double from = StopRequest.now();
            progress(String.format(Locale.ROOT, "cuts: paused while the weight cells lead (bound %d against the cuts' %d; %d cuts"
                    + " given to the cells), %.1f s", c.bound(), cutsBound, cuts, elapsed()));
            phase = "paused: the weight cells lead";
            while (beside.cellsRunning() && StopRequest.now() < deadline && !fromBeside()) {
                try {
                    Thread.sleep(PAUSE_POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            pausedSeconds += Math.max(0, Math.min(StopRequest.now(), deadline) - from);
        }

        /**
         * Whether the weight cells search on and their bound is below the cuts' own ({@link #cutsBound}).
         * A search that ended (its proof is read by {@link #fromBeside}) leads nothing: otherwise a
         * round paused within would pause again at each conflict.
         */
        boolean cellsLead() {
            SimplexCells c = cells();
            return c != null && beside.cellsRunning() && c.bound() < cutsBound;
        }

        /**
         * Where the climb starts: the run's best when the climb's weights are its own, else the given
         * or AM's weights (not DBRL2's: from them the weight climb of CI and SB on EIA, MDAV, 10
         * variables, ran longer and left the family climb less time, 1,612-1,629 records against
         * 1,635-1,639 at 60 s), but only while the cuts have found nothing better than those (null: no
         * climb). A family richer than the weighted means whose cuts already beat its start rarely
         * gains from a weighted mean, and the climb would take a core (whole Census, CI, proven in
         * 7.8-8.0 s: 8.4-9.1 s with the climb beside it; docs/learning.md). None either when the
         * bound is within {@link #CLIMB_GAP} of the records above the incumbent: on 20,000 generated
         * records (MDAV, WM, 60 s) the climb made 4 moves in 12.6 s there, a core taken from the cuts.
         */
        double[] climbFrom() {
            if (bound - inc.kept() < CLIMB_GAP * m) {
                return null; // too little to gain for a core
            }
            if (WeightsBeside.simplex(o.aggregator())) {
                return inc.theta().clone();
            }
            if (inc.kept() > startKept) {
                return null;
            }
            double[] w = o.startWeights();
            if (w == null) {
                w = new double[slave.features().dimension()];
                Arrays.fill(w, 1.0 / w.length);
            }
            return w.clone();
        }

        /**
         * Takes the climb's and the weight cells' incumbents (counted again by the engine's margins)
         * and the cells' bound; true when the incumbent then meets the bound.
         */
        boolean fromBeside() {
            WeightsBeside.Climbed found = beside == null ? null : beside.climbed();
            if (found != null && found.linked() > climbTaken) {
                climbTaken = found.linked();
                seed(found.theta(), found.what());
            }
            SimplexCells c = cells();
            if (c == null) {
                return false;
            }
            SimplexCells.Found f = c.found();
            if (f.linked() > inc.kept()) {
                seed(f.weights(), "cells: the centre of a weight cell");
            }
            if (tighten(c.bound())) {
                cellsOwed = true;
                if (elapsed() - cellsSaidAt >= Math.max(CELLS_LINE_EVERY, CELLS_LINE_SHARE * cellsSaidAt)) {
                    sayCellsBound();
                }
            }
            return inc.kept() >= bound;
        }

        /** The cells' bound line (the held-back one too, when nothing has printed the bound since). */
        void sayCellsBound() {
            cellsSaidAt = elapsed();
            cellsOwed = false;
            SimplexCells c = cells();
            progress(String.format(Locale.ROOT, "cells: bound %d after %d weight cells, best %d, %.1f s", bound,
                    c == null ? 0 : c.cells(), inc.kept(), cellsSaidAt));
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

        /**
         * Gives up records of s, one a conflict (the one with the largest dual), until the rest is
         * linkable; each conflict becomes a cut. Returns the records given up (empty: s was
         * linkable as it was), or null when the time ran out or the weight cells proved the optimum.
         * Reads the cells (their bound and incumbents) at each conflict, and once the round has run
         * {@link #ROUND_PAUSE} s while the cells lead, hands them the conflicts found so far as cuts
         * and waits ({@link #pauseForCells}); it goes on if their search ends without a proof.
         */
        List<Integer> repair(boolean[] s) {
            List<Integer> removed = new ArrayList<>();
            double from = StopRequest.now();
            while (StopRequest.now() < deadline) {
                if (fromBeside()) {
                    return null; // the cells' proof: the loop's end finds it
                }
                if (StopRequest.now() - from >= roundPause && cellsLead()) {
                    takeCuts(); // the cells get the conflicts found so far
                    pauseForCells();
                    if (StopRequest.now() >= deadline || fromBeside()) {
                        return null;
                    }
                }
                phase = "slave: " + removed.size() + " records given up for conflicts so far";
                int[] conflict = slave.check(s, deadline);
                if (conflict == null) {
                    return null;
                }
                if (conflict.length == 0) {
                    offer(s);
                    return removed;
                }
                s[conflict[0]] = false;
                removed.add(conflict[0]);
                cut(conflict);
            }
            return null;
        }

        /**
         * Tries each record given up by {@link #repair} again: kept when the set stays linkable (a
         * better incumbent), otherwise one more cut, around the incumbent where the proof needs them.
         * (Seeking several disjoint conflicts per record was measured: no fewer rounds.)
         */
        void reinsert(boolean[] s, List<Integer> removed) {
            int done = 0;
            for (int r : removed) {
                phase = "slave: trying records again, " + done++ + " of " + removed.size();
                if (StopRequest.now() >= deadline) {
                    return;
                }
                s[r] = true;
                int[] conflict = slave.check(s, deadline);
                if (conflict != null && conflict.length == 0) {
                    offer(s);
                } else {
                    s[r] = false;
                    if (conflict != null) {
                        cut(conflict);
                    }
                }
            }
        }

        /**
         * The records the master gave up (other than the unlinkable ones and those in removed), to be
         * tried again after a hard master solve: its cover is far from the bound's, and {@link #reinsert}
         * alone never tries them. On the whole Census, SB, `./reident learn ... --time-limit 120s`
         * (2026-11-26, against the same run without it, both before the dual bound in the master's
         * tree; development runs, the "without" side set by hand): best 969 -> 972, bound 984 -> 983.
         */
        List<Integer> droppedByMaster(boolean[] keep, List<Integer> removed) {
            boolean[] skip = new boolean[m];
            for (int r : removed) {
                skip[r] = true;
            }
            List<Integer> out = new ArrayList<>();
            for (int r = 0; r < m; r++) {
                if (!keep[r] && !skip[r] && !slave.unlinkable(r)) {
                    out.add(r);
                }
            }
            return out;
        }

        /** Rare numerical events worth showing (unshrunk cuts, LP restarts), and how the master solves were answered. */
        String notes() {
            return (slave.fallbacks() > 0 ? ", " + slave.fallbacks() + " unshrunk" : "")
                    + (slave.restarts() > 0 ? ", " + slave.restarts() + " LP restarts" : "")
                    + "; master: " + master.notes();
        }

        /** Hands the conflict to the deletion filter; it becomes a cut at the next {@link #takeCuts}. */
        void cut(int[] conflict) {
            conflicts++;
            slave.shrinkLater(conflict, deadline);
        }

        /** Adds the cuts of the conflicts found since the last call to the master. */
        void takeCuts() {
            phase = "deletion filters: shrinking the conflicts into cuts";
            conflictsTaken = conflicts;
            slave.takeCuts(c -> {
                master.cut(c);
                cuts++;
                cutSize += c.length;
            });
            SimplexCells c = cells();
            if (c != null) {
                c.cuts(master.cutsSoFar()); // the cells' bounds count them from now on
            }
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
    }

    /** The climb starts only when the bound exceeds the incumbent by this share of the training records. */
    static final double CLIMB_GAP = 0.01;
    /** The most of the time limit kept back for the engine's last linkage ({@code Run.reserveForRecount}). */
    static final double RECOUNT_SHARE = 0.2;

    /**
     * Seconds into a round after which the slave's search for conflicts waits while the weight cells
     * lead ({@code Run.repair}): on large files the first round alone can outlast the limit (10,000
     * records, WM: 73.6 s), its master's bound far above the cells', while the slave takes a core
     * from them. The rounds of the files the cuts prove end sooner (the 400-record table, the whole
     * Census: under 3 s).
     */
    static final double ROUND_PAUSE = 10;

    /**
     * The least time between two lines of the weight cells' bound, seconds; later in a run, the
     * least is {@link #CELLS_LINE_SHARE} of the time of the last line. The cells lower the bound one
     * record at a time, and EIA's WM (4,092 records, 11 variables, 120 s) printed 620 such lines,
     * about five a second; a bound held back is printed with the next line or at the end.
     */
    static final double CELLS_LINE_EVERY = 1.0;
    /** Past 20 s, a cells' bound line waits 5% of the run's time so far: about 14 lines a doubling of it. */
    static final double CELLS_LINE_SHARE = 0.05;

    /** How often the paused cuts read the weight cells ({@code Run.pauseForCells}), in ms. */
    static final long PAUSE_POLL_MS = 20;

    private static int kept(boolean[] keep) {
        int c = 0;
        for (boolean b : keep) {
            c += b ? 1 : 0;
        }
        return c;
    }
}

package org.reident.learn;

import java.util.Arrays;
import java.util.Locale;

/**
 * The cuts' side of the work beside them ({@link WeightsBeside}: the climb, and for the simplex
 * families the branch and bound over the weight cells): where the climb starts, the incumbents and
 * bounds taken from them into the run ({@link ConflictRun}), the cells' bound lines, and the pause of
 * the cuts while the cells lead. One per run, used from the run's thread (the climb's thread calls
 * {@link #climbFrom} only).
 */
final class BesideReader {
    /** The climb starts only when the bound exceeds the incumbent by this share of the training records. */
    static final double CLIMB_GAP = 0.01;

    /**
     * The least time between two lines of the weight cells' bound, seconds; later in a run, the
     * least is {@link #CELLS_LINE_SHARE} of the time of the last line. The cells lower the bound one
     * record at a time, and EIA's WM (4,092 records, 11 variables, 120 s) printed 620 such lines,
     * about five a second; a bound held back is printed with the next line or at the end.
     */
    static final double CELLS_LINE_EVERY = 1.0;
    /** Past 20 s, a cells' bound line waits 5% of the run's time so far: about 14 lines a doubling of it. */
    static final double CELLS_LINE_SHARE = 0.05;

    /** The cells' lead that pauses the cuts, as a share of the linkable records ({@link #pauseLead}). */
    static final double PAUSE_LEAD = 0.01;
    /** How often the paused cuts read the weight cells ({@link #pauseForCells}), in ms. */
    static final long PAUSE_POLL_MS = 20;
    /**
     * A master's solve that has run this many seconds starts the searches beside the cuts (the climb and
     * the weight cells) if they still wait ({@link WeightsBeside#after}): see {@link #watchMaster}.
     * On small noisy files with few records unlinkable (so the searches waited 3 s) the conflicts are
     * pairs, and the third round's master solve took seconds while the cells, once started, proved
     * the optimum in one or two (docs/learning.md, "A stalled master starts the cells").
     */
    static final double MASTER_STALL = 0.5;
    /**
     * Once the first round's repair has given up this share of the linkable records, the searches
     * beside start if they still wait (WM and WM_m: {@link #givenUp}). A first round that gives up
     * half of what could link marks a file far from its optimum, where the cells, not the cuts,
     * prove: on the whole Census released by noise 30% it gives up 673 of 960 (optimum 320), by rank
     * swapping p = 5 751 of 1,069 (optimum 815). The whole Census of M5-38 gives up 53 of 993, noise
     * 10% 85 of 1,076 (each round's progress line gives the count). A fifth also started them on
     * correlated noise 20% (399 of 969 given up), where the cuts' rounds 2 and 3 give the cells 1,488
     * more cuts in a second and its proof took longer (docs/learning.md, "Many records given up start
     * the cells"). Not OWA: on M5-38 its first round gives up 611 of 993 (half by 1.2 s), and with a
     * fifth the cells started at once led, paused the cuts after one round and crept (FEASIBLE at
     * 120 s with 734 records against 752).
     */
    static final double GIVEN_UP_SHARE = 0.5;
    /**
     * ... and not before this many seconds into the run: a small file's first pass may end within
     * them, and the cells started at once on it could prove the optimum at the first eps with
     * parameters that advise nothing, where the cuts' rounds advise a smaller eps and link far more
     * records ({@code EpsPassesTest}: 200 records, one variable released; 97 records at eps 1e-4 in
     * 0.05 s, one pass).
     */
    static final double GIVEN_UP_AFTER = 0.5;
    /**
     * Seconds a master's solve runs while the cells lead before the watch halts it ({@link #watchMaster}),
     * unless the round's pause is shorter. It was the round's 10 s ({@link ConflictLearner#ROUND_PAUSE})
     * until stop 64: a solve begun just before the cells started kept a core from them until their
     * proof (500 records with 25% noise, WM: 9.4 s against 7.1 s when the cuts paused between rounds).
     */
    static final double WATCH_PAUSE = 1;

    private final ConflictRun run;
    private final LearnOptions o;
    /**
     * The climb and the branch and bound over the weights beside the cuts (null until {@link #start});
     * volatile for the heartbeat's {@link #climbedCount}.
     */
    private volatile WeightsBeside beside;
    /** The climb's best count already taken (-1: none). */
    private int climbTaken = -1;
    /**
     * The engine's count of the climb's parameters when they became the incumbent (-1: never), read
     * by the climb's thread ({@link #passing}).
     */
    private volatile int climbKept = -1;
    /** The incumbent's count from the start weights (AM's, or the given ones), read by the climb's thread. */
    private volatile int startKept = -1;
    /** When the last line of the cells' bound was printed (elapsed seconds; see {@link #CELLS_LINE_EVERY}). */
    private double cellsSaidAt = Double.NEGATIVE_INFINITY;
    /** A bound from the cells not yet printed (a line held back): printed at the end if no later line gives one. */
    private boolean cellsOwed;
    /** Seconds the cuts waited while the weight cells led ({@link #pauseForCells}). */
    private double pausedSeconds;
    /** Seconds the weight cells were held while the cuts led ({@link #holdCellsWhileCutsLead}), and since when (-1: not held). */
    private double heldSeconds;
    private volatile double heldSince = -1;
    /** {@link #pauseLead} of the run's linkable records, set at {@link #start}. */
    private int lead = 1;
    /** Set by {@link #watchMaster}'s watch when it halted the master for the cells; cleared by {@link #cutsGoOn}. */
    private volatile boolean haltedForCells;
    /** The watch halted a master's solve at least once (for the engine line). */
    private volatile boolean haltedOnce;
    /** When the cuts went on after the cells ended early ({@link #cutsGoOn}; elapsed seconds, -1: they did not). */
    private double wentOnAt = -1;
    /** The line saying the cells ended at their share of the heap was printed. */
    private boolean fullSaid;
    /**
     * When a stalled master's solve started the searches beside (elapsed seconds; negative: it did not,
     * nor after {@link #givenUpStarted}: the engine line names what started them).
     */
    private volatile double stallStarted = -1;
    /** The run's linkable records, set at {@link #start}. */
    private int linkable;
    /** The cuts' turns beside the leading cells (set at {@link #start}). */
    private CutsTurns turns = new CutsTurns(CutsTurns.TURN_AFTER);
    /** When the first round's records given up started the searches beside (elapsed seconds; negative: they did not). */
    private volatile double givenUpStarted = -1;

    BesideReader(ConflictRun run, LearnOptions o) {
        this.run = run;
        this.o = o;
    }

    /**
     * Starts the climb and the cells, once the run's start incumbents are counted (their count is
     * {@link #startKept}). The cells' proof ends the master's solve ({@code halt}); the run's loop then
     * finds it ({@link #fromBeside}).
     */
    void start(Runnable halt) {
        lead = pauseLead(run.bound);
        linkable = run.bound;
        turns = new CutsTurns(run.turnAfter);
        startKept = run.inc.kept();
        ConflictSlave slave = run.slave;
        beside = new WeightsBeside(o, slave.features(), run.data, run.train, slave.unlinkable(), run.t0 / 1e9, run.deadline,
                run.waitLimit, this::climbFrom, this::passing, halt, climbAgain(startKept, run.bound) ? run.inc::theta : null,
                run.cellBytes);
    }

    /**
     * The first round's repair ({@link SlaveRound#repair}) has given up {@code removed} records: at
     * {@link #GIVEN_UP_SHARE} of the linkable ones, once the run is {@link #GIVEN_UP_AFTER} s in, the
     * searches beside start now if they still wait (WM and WM_m only, whose cells prove such files).
     */
    void givenUp(int removed) {
        givenUp(removed, run.elapsed());
    }

    /** {@link #givenUp(int)} at {@code elapsed} seconds into the run. */
    void givenUp(int removed, double elapsed) {
        Aggregator a = o.aggregator();
        if (run.round == 1 && givenUpStarted < 0 && stallStarted < 0 && beside != null && (a == Aggregator.WM || a == Aggregator.WM_M)
                && removed >= GIVEN_UP_SHARE * linkable && elapsed >= GIVEN_UP_AFTER && elapsed < beside.after()) {
            givenUpStarted = elapsed;
            beside.startNow();
        }
    }

    /**
     * Whether the family climb starts again from each new incumbent ({@link WeightsBeside}): when the
     * starts keep less than {@link GroupBound#TRIGGER} of the linkable records, as for the groups.
     * Not on the files where most records link (the whole Census's CI, proven by many rounds, would
     * lose a core to a climb after each of them).
     */
    static boolean climbAgain(int kept, int linkable) {
        return kept < GroupBound.TRIGGER * linkable;
    }

    /** {@link WeightsBeside#climbedCount}, from any thread (-1 before the searches start). */
    int climbedCount() {
        WeightsBeside b = beside;
        return b == null ? -1 : b.climbedCount();
    }

    /** Stops the climb's and the cells' threads (idempotent; also after an exception). */
    void close() {
        if (beside != null) {
            beside.close();
        }
    }

    /** What the work beside added to the run's engine line, and the cuts' pause. */
    String note() {
        String paused = pausedSeconds > 0
                ? String.format(Locale.ROOT, "; cuts paused %.1f s while the cells led%s", pausedSeconds,
                        haltedOnce ? " (from within a master's solve, halted)" : "") : "";
        String wentOn = wentOnAt >= 0 ? String.format(Locale.ROOT, "; the cuts went on at %.1f s, the cells having"
                + " ended without a proof", wentOnAt) : "";
        double stalled = stallStarted;
        double gaveUp = givenUpStarted;
        String early = stalled >= 0 ? String.format(Locale.ROOT, "; searches beside started at %.1f s by a master's solve"
                + " of %.1f s", stalled, MASTER_STALL) : gaveUp >= 0 ? String.format(Locale.ROOT, "; searches beside"
                + " started at %.1f s by the first round's records given up (%.0f%% of the linkable)", gaveUp,
                100 * GIVEN_UP_SHARE) : "";
        String turned = turns.note(Math.min(StopRequest.now(), run.deadline));
        String held = heldSeconds > 0 ? String.format(Locale.ROOT, "; cells held %.1f s while the cuts led", heldSeconds) : "";
        return (beside == null ? "" : beside.note()) + early + paused + turned + wentOn + held;
    }

    SimplexCells cells() {
        return beside == null ? null : beside.cells();
    }

    /** The round's line gives the bound: no cells' line is owed. */
    void boundSaid() {
        cellsOwed = false;
    }

    /** At the end: the cells' line held back, if nothing printed the bound since. */
    void sayOwed() {
        if (cellsOwed) {
            sayCellsBound();
        }
    }

    /**
     * Once the weight cells' bound is below the cuts' own ({@link ConflictRun#cutsBound}) by
     * {@link #pauseLead} records ({@link #cellsLead}), the cuts
     * wait, so that the cells' workers ({@link SimplexCells#workers}) have the cores: until the cells'
     * search ends (its proof, a stop or the deadline), reading the cells every {@link #PAUSE_POLL_MS}
     * ms ({@link #fromBeside}). Where the cells lead (well-protected files, few variables) the cuts'
     * conflicts are pairs and triples whose rounds rarely move the bound, and the cells have every
     * cut made before the pause. Measured in turn (docs/learning-log.md, 2026-11-29, `learn
     * --aggregator wm --time-limit 60s`): 1000 records of 5 variables, 40% noise, proven in 8.0-10.2 s
     * against 11.6-16.4 s before; the whole Census on 8 variables with 40% noise, bound 577-593
     * against 641-642. Since stop 83 a wait ends after {@link CutsTurns#TURN_AFTER} s with a turn of
     * the cuts beside the cells when the cuts are near enough ({@link CutsTurns#within},
     * {@link #weighTurn}).
     */
    void pauseForCells() {
        waitForCells(); // which waits only while the cells lead
    }

    /**
     * Whether {@link #watchMaster}'s watch halted the master (and the cuts have not gone on since,
     * {@link #cutsGoOn}): the cuts then wait for the cells.
     */
    boolean haltedForCells() {
        return haltedForCells;
    }

    /**
     * The pause within a master's solve, as {@link SlaveRound#repair}'s within a round: a watch (null
     * where no cells run: families other than the weights', or more than
     * {@link SimplexCells#MAX_VARIABLES} variables) that halts the master's solve under way once it has
     * run {@link ConflictRun#watchPause} s ({@link #WATCH_PAUSE}) while the cells lead ({@link #cellsLead}); the run then
     * waits for the cells ({@link #waitForCells}); the master is resumed ({@link #cutsGoOn}) when the
     * cells end without a proof or the wait ends with a turn of the cuts, during which no watch halts. Until
     * stop 63 a long master's solve went on beside the cells; the full suite once met it in
     * {@code SimplexCellsTest.theCutsPauseWhileTheCellsLead} (rounds 1 and 2 done by 0.9 s, before the
     * cells began; round 3's master still solving at 5.8 s when the cells proved the optimum).
     * Since stop 64 the watch also starts the searches beside once the solve has run
     * {@link #MASTER_STALL} s, if they still wait. Interrupt the watch when the solve returns.
     */
    Thread watchMaster(Runnable halt) {
        if (!WeightsBeside.simplex(o.aggregator()) || run.slave.features().dimension() > SimplexCells.MAX_VARIABLES) {
            return null;
        }
        double from = StopRequest.now();
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(PAUSE_POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
                double now = StopRequest.now();
                if (stallStarted < 0 && givenUpStarted < 0 && now - from >= MASTER_STALL && run.elapsed() < beside.after()) {
                    stallStarted = run.elapsed();
                    beside.startNow();
                }
                if (now - from >= run.watchPause) {
                    releaseCells(); // a long solve shares the cores again, as before the hold
                }
                if (now - from >= run.watchPause && now < run.deadline && cellsLead()) {
                    haltedForCells = true;
                    haltedOnce = true;
                    halt.run();
                    return;
                }
            }
        }, "reident-master-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * After a master's solve halted for the cells and the wait for them ({@link #waitForCells}), with no
     * proof from them ({@link #fromBeside}): whether the cuts go on. They do when the cells' search
     * ended before the deadline, at its share of the heap ({@link SimplexCells#full}) or by an error:
     * the halt is then undone here ({@link #haltedForCells} false) and the caller resumes the master
     * ({@link CoverMaster#resume}). Before stop 82 the cuts ended with the halt, and on the whole
     * Census's OWA the run then waited 594 s for cells that stalled in a full heap (docs/learning.md,
     * "The cells end at their share of the heap"). Since stop 83 they also go on in a turn beside the
     * cells ({@link CutsTurns}), and at once when the cells no longer lead by the time the run would
     * wait: a round's early give-up may have lowered the cuts' bound before the watch's halt
     * took effect (the whole Census's OWA, round 4: halted with the cells at 837, the cuts at 836).
     */
    boolean cutsGoOn() {
        if (!haltedForCells || StopRequest.now() >= run.deadline) {
            return false;
        }
        if (beside.cellsRunning()) {
            if (turns.inTurn()) {
                haltedForCells = false; // said by waitForCells
                return true;
            }
            if (cellsLead()) {
                return false; // the wait ended by a stop or for a smaller eps
            }
            haltedForCells = false;
            SimplexCells c = cells();
            run.progress(String.format(Locale.ROOT, "cuts: going on with the master's solve, the weight cells no longer"
                    + " leading (bound %d against the cuts' %d), %.1f s", c.bound(), run.cutsBound, run.elapsed()));
            return true;
        }
        haltedForCells = false;
        wentOnAt = run.elapsed();
        run.progress(String.format(Locale.ROOT, "cuts: going on with the master's solve, the weight cells having ended"
                + " without a proof (bound %d), %.1f s", run.bound, wentOnAt));
        return true;
    }

    /**
     * Waits while the cells search (see {@link #pauseForCells}), {@link CutsTurns#after} s at most: the
     * cuts then take a turn beside them ({@link CutsTurns}), the cells searching on.
     */
    void waitForCells() {
        SimplexCells c = cells();
        if (c == null || !cellsLead()) {
            return; // also after a halt: the cuts' bound may have moved since (a round's early give-up)
        }
        double from = StopRequest.now();
        int cellsFrom = c.bound();
        run.progress(String.format(Locale.ROOT, "cuts: paused while the weight cells lead (bound %d against the cuts' %d; %d"
                + " cuts given to the cells), %.1f s", c.bound(), run.cutsBound, run.cuts, run.elapsed()));
        run.phase = "paused: the weight cells lead";
        while (beside.cellsRunning() && StopRequest.now() < run.deadline && !fromBeside() && !run.stopForEps()) {
            double waited = StopRequest.now() - from;
            if (waited >= turns.after() && (run.turnAnyGap || CutsTurns.within(run.cutsBound, c.bound(), linkable))) {
                int fell = cellsFrom - c.bound();
                turns.start(StopRequest.now(), run.cutsBound, fell / waited);
                run.phase = "a turn of the cuts beside the weight cells";
                run.progress(String.format(Locale.ROOT, "cuts: a turn beside the weight cells after %.0f s of waiting (the"
                        + " cells' bound fell %d records in it, to %d; the cuts' is %d), %.1f s", waited, fell, c.bound(),
                        run.cutsBound, run.elapsed()));
                break;
            }
            try {
                Thread.sleep(PAUSE_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        pausedSeconds += Math.max(0, Math.min(StopRequest.now(), run.deadline) - from);
    }

    /**
     * Whether the weight cells search on and their bound is below the cuts' own
     * ({@link ConflictRun#cutsBound}) by at least {@link #pauseLead} records. A search that ended (its
     * proof is read by {@link #fromBeside}) leads nothing: otherwise a round paused within would pause
     * again at each conflict.
     */
    boolean cellsLead() {
        SimplexCells c = cells();
        return !turns.inTurn() && c != null && beside.cellsRunning() && c.bound() <= run.cutsBound - lead;
    }

    /**
     * At the start of a round and between the checks of one, during a turn of the cuts beside the
     * leading cells: weighs it ({@link CutsTurns#weigh}) and says so when it ends, the cuts then
     * pausing again while the cells lead ({@link #pauseForCells}).
     */
    void weighTurn() {
        String ended = turns.weigh(StopRequest.now(), run.cutsBound);
        if (ended != null) {
            run.progress(String.format(Locale.ROOT, "%s, %.1f s", ended, run.elapsed()));
        }
    }

    /**
     * Whether the cuts' bound is below the weight cells' (searching on) by at least {@link #pauseLead}
     * records: the mirror of {@link #cellsLead}.
     */
    boolean cutsLead() {
        SimplexCells c = cells();
        return c != null && beside.cellsRunning() && run.cutsBound <= c.bound() - lead;
    }

    /**
     * Before a master's solve: holds the weight cells ({@link SimplexCells#hold}) when the cuts lead
     * ({@link #cutsLead}), so that the master's tree has the cores: the mirror of the cuts' pause while
     * the cells lead. The watch lets them go once the solve has run {@link ConflictRun#watchPause} s
     * ({@link #watchMaster}), the run after the solve ({@link #releaseCells}): a long solve shares the
     * cores as before, so cells that would still overtake the cuts lose a second at most. Measured on
     * the seed-1 M5-38 file, OWA (`learn --original m538/original.csv --protected m538/protected.csv
     * --aggregator owa`, 2026-12-05, AMD EPYC, 2 cores), where the cells' bound stalls at 277 while the
     * cuts prove 262 in 96 rounds: 25.0 and 26.3 s, the cells held 13.3 and 13.6 s, against 37.1-41.2 s
     * in four runs of the build before (with no cells at all, a development switch: 21.0 and 25.3 s).
     * Files where the cells lead are untouched (docs/learning-log.md, "Stop 71").
     */
    synchronized void holdCellsWhileCutsLead() {
        if (cutsLead()) {
            cells().hold(true);
            heldSince = StopRequest.now();
        }
    }

    /**
     * Lets the cells held by {@link #holdCellsWhileCutsLead} go on: after the master's solve, or from
     * the master's watch once the solve has run {@link ConflictRun#watchPause} s ({@link #watchMaster}).
     * Idempotent, from either thread.
     */
    synchronized void releaseCells() {
        if (heldSince >= 0) {
            cells().hold(false);
            heldSeconds += StopRequest.now() - heldSince;
            heldSince = -1;
        }
    }

    /**
     * The lead of the cells' bound over the cuts' that pauses the cuts: {@link #PAUSE_LEAD} of the
     * linkable records, at least one (stop 63; one record until then). A lead of a record or two can
     * be what one of the cuts' next rounds takes back: the whole Census's OWA paused after its third
     * round with the cells one record ahead (852 against 853), or after its first, by the cells'
     * start, 13 ahead, where rounds 4 to 6 would have lowered the cuts' bound by 11-15 records each
     * and given the cells 1,270 more cuts (learning.md, "A lead of 1% of the linkable records").
     */
    static int pauseLead(int linkable) {
        return Math.max(1, (int) Math.ceil(PAUSE_LEAD * linkable));
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
     * Read once; a climb that starts and is then passed by the cuts ends ({@link LinkClimb#trail}).
     * Called from the climb's thread.
     */
    double[] climbFrom() {
        Incumbent inc = run.inc;
        if (run.bound - inc.kept() < CLIMB_GAP * run.m) {
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
            w = new double[run.slave.features().dimension()];
            Arrays.fill(w, 1.0 / w.length);
        }
        return w.clone();
    }

    /**
     * The run's best count as the climb measures itself against it ({@link LinkClimb#trail}): the
     * incumbent's, unless the incumbent is the climb's own parameters (then -1). The run counts those
     * again by the engine's margins, from eps (1 - 1e-3) where the climb counts from eps, so its count
     * of the climb's own best can exceed the climb's, which must not read as the cuts passing it.
     * Called from the climb's thread.
     */
    int passing() {
        int k = run.inc.kept();
        return k > climbKept ? k : -1;
    }

    /**
     * Takes the climb's and the weight cells' incumbents (counted again by the engine's margins)
     * and the cells' bound; true when the incumbent then meets the bound.
     */
    boolean fromBeside() {
        take(beside == null ? null : beside.climbed());
        SimplexCells c = cells();
        if (c == null) {
            return false;
        }
        SimplexCells.Found f = c.found();
        if (f.linked() > run.inc.kept()) {
            run.seed(f.weights(), "cells: the centre of a weight cell");
        }
        if (c.full() && !fullSaid) {
            fullSaid = true;
            run.progress(String.format(Locale.ROOT, "cells: ended after %d weight cells, the open ones at their share of"
                    + " the heap (%d MB of %d MB; a larger heap, REIDENT_JAVA_OPTS=-Xmx<size>, lets them search on);"
                    + " their bound %d stays, %.1f s", c.cells(), c.maxBytes() >> 20,
                    Runtime.getRuntime().maxMemory() >> 20, c.bound(), run.elapsed()));
        }
        if (run.tighten(c.bound())) {
            cellsOwed = true;
            if (run.elapsed() - cellsSaidAt >= Math.max(CELLS_LINE_EVERY, CELLS_LINE_SHARE * cellsSaidAt)) {
                sayCellsBound();
            }
        }
        return run.inc.kept() >= run.bound;
    }

    /**
     * Takes the climb's best (null: none yet) into the run when it links more than the climb's last
     * best taken; when it becomes the incumbent, its count is the one {@link #passing} leaves out.
     */
    void take(WeightsBeside.Climbed found) {
        if (found != null && found.linked() > climbTaken) {
            climbTaken = found.linked();
            if (run.seed(found.theta(), found.what())) {
                climbKept = run.inc.kept();
            }
        }
    }

    /** The cells' bound line (the held-back one too, when nothing has printed the bound since). */
    private void sayCellsBound() {
        cellsSaidAt = run.elapsed();
        cellsOwed = false;
        SimplexCells c = cells();
        run.progress(String.format(Locale.ROOT, "cells: bound %d after %d weight cells, best %d, %.1f s", run.bound,
                c == null ? 0 : c.cells(), run.inc.kept(), cellsSaidAt));
    }

    /** Hands the cuts so far to the cells: their bounds count them from now on. */
    void cuts(int[][] cuts) {
        SimplexCells c = cells();
        if (c != null) {
            c.cuts(cuts);
        }
    }
}

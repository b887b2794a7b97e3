package org.reident.learn;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.reident.data.LinkageData;

/**
 * The searches over weights beside {@link ConflictLearner}'s cuts, each on a thread of its own. They
 * wait {@link #AFTER} seconds first, so runs the cuts prove by then keep both cores and their paths
 * (every 400-record cell, the whole Census's WM in 1.5-2.0 s and CI in 7-8 s), or only
 * {@link #LOW_RATE_AFTER} for WM, WM_m and OWA on files where many records cannot be linked at all,
 * where the cells prove what the cuts are slow to; and never more than {@link #SHORT_SHARE} of the
 * time limit, so a short run has its incumbents from them. The run may start them sooner
 * ({@link #startNow}). Then:
 * <ul>
 * <li>{@link LinkClimb} for incumbents, for every family: over the run's own weights for WM, WM_m
 * and OWA, else over a weighted mean's, which CI, CI_m, SB, SB_NC and MD* hold
 * ({@link LearnedModels#embed}), there only while the cuts have not beaten the start weights (AM's or
 * the given ones); until it stalls (a few seconds), each gain offered to the cells. For CI, CI_m,
 * SB, SB_NC and MD*, a climb over the family's own parameters follows, from the weighted mean's
 * best embedded ({@link MeasureMoves}, {@link SubmodularMoves}, {@link MatrixMoves});</li>
 * <li>{@link SimplexCells} for the bound, for WM, WM_m and OWA on at most
 * {@link SimplexCells#MAX_VARIABLES} weights, on {@code --threads} workers (the learner pauses the
 * cuts while the cells lead); until the deadline, a stop request or {@link #close}.</li>
 * </ul>
 * Why two threads (docs/learning.md): run one after the other, the cells started later, and a
 * 1,000-record file they prove in 44-46 s took 50-59 s.
 */
final class WeightsBeside implements AutoCloseable {
    /** Seconds into a run before the searches start (CI, CI_m, SB, SB_NC, MD*). */
    static final double AFTER = 3;
    /**
     * The same for WM, WM_m and OWA when at least {@link #LOW_RATE_SHARE} of the training records
     * cannot be linked by any weights (the first rows' checks): a well-protected file, where the
     * cuts' conflicts are pairs and triples, their first round takes seconds, and the cells are what
     * proves. Measured in turn with 3 s (docs/learning-log.md, 2026-11-29, `learn --aggregator wm`; 44%
     * to 84% of the records unlinkable): 1000 records of 5 variables with 40% and 60% noise proven in
     * 8.3-10.5 s against 12.3-14.1 s, 2000 records of 4 with 60% in 1.9-2.1 s against 3.9-4.6 s; OWA on
     * the first in 9.3 and 12.2 s against 15.8 and 14.3 s.
     */
    static final double LOW_RATE_AFTER = 1;
    /**
     * See {@link #LOW_RATE_AFTER}. The whole Census (M5-38, 8% unlinkable), whose WM the cuts prove
     * alone, took 2.0-3.6 s against 1.5-2.0 s with the searches started at 1 s on every file; neither
     * AM's rate (44% of its linkable records with margin eps, the optimum 96%) nor the cuts' first
     * round still running at 1 s told it apart from the files above. With this share: 1.9 and 1.7 s
     * against 1.7 and 2.1 s.
     */
    static final double LOW_RATE_SHARE = 0.25;
    /**
     * The searches wait at most this share of the time limit ({@link #after(Aggregator, boolean[], double)}):
     * 1 s of a 5 s run, 2 s of a 10 s one; limits of 15 s and more keep {@link #AFTER}. Waiting 3 s of
     * 5, the climb had 2 s, and families that hold the weighted means found fewer records than WM
     * (EIA's first five variables released by rank swapping p = 5, `learn --time-limit 5s`, stop 73:
     * SB, MD* and CI 218 against WM's 229 in two runs each; with this share 229 in all, WM's too).
     * Not for a group's run ({@link ConflictLearner#forGroup}). The climb's stall window
     * ({@link LinkClimb#STALL}) stays: shortened too, MD* on that file gave up at 212 records.
     */
    static final double SHORT_SHARE = 0.2;
    /** The climb's random moves: one fixed seed, so its moves repeat (how far it gets is the clock's). */
    private static final long SEED = 1;
    /** Polls of the run's incumbent while the climb waits for it to change ({@link #climbAgain}). */
    static final long AGAIN_POLL_MS = 50;

    private final Thread climbing;
    private final Thread cutting;
    private final boolean ownFamily;
    /** Seconds into the run before the searches start. */
    private final double after;
    private final LearnOptions o;
    private final Features features;
    private volatile LinkClimb climb;
    private volatile LinkClimb familyClimb;
    /** The best of the family climbs that started again from the run's incumbent and have ended ({@link #climbAgain}). */
    private volatile LinkClimb.Found againBest;
    /** How many family climbs started again (written by the climbs' thread alone). */
    private volatile int again;
    /**
     * The moves, exact counts and seconds of the family climbs replaced by one started again (written by
     * the climbs' thread alone, before it replaces {@link #familyClimb}): the note counts every family
     * climb, not only the last.
     */
    private volatile long endedMoves;
    private volatile long endedCounts;
    private volatile double endedSeconds;
    private volatile SimplexCells cells;
    private volatile boolean closed;
    /** Set by {@link #startNow}: the searches start without waiting out {@link #after}. */
    private volatile boolean early;
    /** What ended the climbs' or the cells' thread early, reported by {@link #note()}; null: nothing. */
    private volatile Throwable failed;

    /**
     * Started for every family (each holds the weighted means or is an OWA), the cells only for the
     * simplex ones.
     *
     * @param start the run's start (nanoTime seconds)
     * @param limit the time limit of which the searches wait at most {@link #SHORT_SHARE} (seconds;
     *              infinite: no such cap)
     * @param fixed per training record, true when no parameter value links it (handed to the cells)
     * @param from  the weights to climb from, read when the climb would start; null: no climb
     * @param runBest the run's best count (its incumbent's records with margin eps), read by the
     *               climbs as they go: a climb the run has passed ends ({@link LinkClimb#trail})
     * @param proven run on the cells' thread when the cells end with a proof (no weights link more
     *               than their best): the learner halts its master ({@link CoverMaster#halt})
     * @param incumbent the run's incumbent parameters (the family's own), from which the family climb
     *               starts again each time they change ({@link #climbAgain}); null: it does not
     */
    WeightsBeside(LearnOptions o, Features f, LinkageData data, int[] train, boolean[] fixed, double start,
            double deadline, double limit, Supplier<double[]> from, IntSupplier runBest, Runnable proven,
            Supplier<double[]> incumbent) {
        this(o, f, data, train, fixed, start, deadline, limit, from, runBest, proven, incumbent, -1);
    }

    /**
     * The same, the cells' open cells holding at most {@code cellBytes} ({@link SimplexCells#maxBytes};
     * at most 0: {@link SimplexCells#HEAP_SHARE} of the heap).
     */
    WeightsBeside(LearnOptions o, Features f, LinkageData data, int[] train, boolean[] fixed, double start,
            double deadline, double limit, Supplier<double[]> from, IntSupplier runBest, Runnable proven,
            Supplier<double[]> incumbent, long cellBytes) {
        this.o = o;
        this.features = f;
        Aggregator a = o.aggregator();
        ownFamily = simplex(a);
        after = after(a, fixed, limit);
        double delta = a == Aggregator.WM_M ? o.delta() : 0;
        climbing = new Thread(guarded(() -> {
            if (!waited(start, deadline)) {
                return;
            }
            double[] first = from.get();
            if (first == null) {
                return;
            }
            Features weights = ownFamily ? f : f.weighted();
            LinkClimb w = new LinkClimb(weights, data.maskedCount(), train, data.truth(), o.eps(),
                    new SimplexMoves(f.dimension(), delta));
            w.countBy(EngineLinker.of(o, weights, data));
            w.trail(runBest);
            if (ownFamily) {
                w.onGain(found -> {
                    SimplexCells c = cells;
                    if (c != null) {
                        c.offer(found.linked(), found.theta());
                    }
                });
            }
            climb = w;
            if (!closed) {
                w.run(first, deadline, SEED);
            }
            LinkClimb.Moves own = familyMoves(a, f.dimension());
            LinkClimb.Found found = w.found();
            if (own != null && !closed && found.linked() >= 0 && !w.trailed()) {
                LinkClimb fc = byEngine(new LinkClimb(f, data.maskedCount(), train, data.truth(), o.eps(), own), f, data, w);
                fc.trail(runBest);
                familyClimb = fc;
                if (!closed) {
                    fc.run(LearnedModels.embed(o, found.theta(), f), deadline, SEED);
                }
            }
            if (own != null && incumbent != null) {
                climbAgain(f, data, train, own, incumbent, deadline);
            }
        }), "reident-weight-climb");
        boolean withCells = ownFamily && f.dimension() <= SimplexCells.MAX_VARIABLES;
        cutting = !withCells ? null : new Thread(guarded(() -> {
            if (!waited(start, deadline)) {
                return;
            }
            SimplexCells c = new SimplexCells(f, data, train, fixed, o.eps(), delta, deadline)
                    .workers(o.threads()); // the cuts pause while the cells lead (ConflictLearner): then they have the cores
            if (cellBytes > 0) {
                c.maxBytes(cellBytes);
            }
            cells = c;
            LinkClimb w = climb;
            LinkClimb.Found found = w == null ? null : w.found();
            if (found != null && found.linked() >= 0) {
                c.offer(found.linked(), found.theta());
            }
            if (!closed) {
                c.run(deadline);
            }
            if (!closed && c.proven()) {
                proven.run();
            }
        }), "reident-weight-cells");
        for (Thread t : new Thread[] {climbing, cutting}) {
            if (t != null) {
                t.setDaemon(true);
                t.start();
            }
        }
    }

    /**
     * The moves of the climb over the family's own parameters that follows the weighted mean's, or
     * null (WM, WM_m and OWA climb over their own weights already).
     */
    private static LinkClimb.Moves familyMoves(Aggregator a, int n) {
        return switch (a) {
            case CHOQUET -> new MeasureMoves(n);
            case CHOQUET_M -> n <= SubmodularMoves.MAX_VARIABLES ? new SubmodularMoves(n) : null;
            case BILINEAR, MD_STAR -> new MatrixMoves(n, true);
            case BILINEAR_NC -> new MatrixMoves(n, false);
            default -> null;
        };
    }

    /**
     * Where few records link together (the run decides: {@link BesideReader#climbAgain}), the family climb
     * starts again from the run's incumbent each time that changes, with the next seed, until the
     * deadline: what such runs find otherwise depends on the path of their rounds (a small noisy
     * file's SB: 21-24 records between runs and variants), and a climb from each new incumbent walks
     * its neighbourhood. Measured (stop 57, 2026-12-03, AMD EPYC, 2 cores; `learn --aggregator
     * bilinear --time-limit 90s`, two runs each in turn with the build before): 70 records of 4
     * variables with 60% noise, 23 and 24 found against 22 and 22; 200 records (v4), 43 and 43
     * against 42 and 42; the bounds within the runs' spread (28; 74-76 against 75-77).
     */
    private void climbAgain(Features f, LinkageData data, int[] train, LinkClimb.Moves own, Supplier<double[]> incumbent,
            double deadline) {
        double[] last = null;
        long seed = SEED;
        while (!closed && StopRequest.now() < deadline) {
            double[] theta = incumbent.get();
            if (theta == null || Arrays.equals(theta, last)) {
                try {
                    Thread.sleep(AGAIN_POLL_MS);
                } catch (InterruptedException e) {
                    return; // closed
                }
                continue;
            }
            last = theta.clone();
            keepBest(familyClimb);
            LinkClimb before = familyClimb;
            if (before != null) {
                endedMoves += before.proposals();
                endedCounts += before.exactCounts();
                endedSeconds += before.seconds();
            }
            LinkClimb fc = new LinkClimb(f, data.maskedCount(), train, data.truth(), o.eps(), own);
            familyClimb = byEngine(fc, f, data, before);
            again++;
            if (!closed) {
                fc.run(last.clone(), deadline, ++seed);
            }
        }
    }

    /**
     * On files where the engine searches a tree ({@link EngineLinker}), the family climb {@code c} counts
     * by the engine, and where its first count of every pair would be dear
     * ({@link LinkClimb#largeFirstCount}) starts from the rivals the climb before it ({@code before},
     * if any) kept ({@link LinkClimb#rivalsFrom}); elsewhere it is left as it is, counting every pair,
     * so the small files' runs keep their paths.
     */
    private LinkClimb byEngine(LinkClimb c, Features f, LinkageData data, LinkClimb before) {
        LinkClimb.Linker linker = EngineLinker.of(o, f, data);
        if (linker != null) {
            c.countBy(linker);
            if (before != null && c.largeFirstCount()) {
                c.rivalsFrom(before);
            }
        }
        return c;
    }

    /** Keeps the best of the ended family climbs, so that a climb started again does not hide it. */
    private void keepBest(LinkClimb w) {
        LinkClimb.Found f = w == null ? null : w.found();
        LinkClimb.Found b = againBest;
        if (f != null && f.linked() >= 0 && (b == null || f.linked() > b.linked())) {
            againBest = f;
        }
    }

    /** The family climb under way or the last to end (null: none started). */
    LinkClimb familyClimb() {
        return familyClimb;
    }

    /** Family climbs started again from the run's incumbent ({@link #climbAgain}). */
    int climbedAgain() {
        return again;
    }

    /**
     * Seconds into a run before the searches start: {@link #after(Aggregator, boolean[])}, at most
     * {@link #SHORT_SHARE} of the time limit {@code limit} (seconds).
     */
    static double after(Aggregator a, boolean[] fixed, double limit) {
        return Math.min(after(a, fixed), SHORT_SHARE * limit);
    }

    /** Seconds into a run before the searches start whatever its limit ({@link #AFTER}, {@link #LOW_RATE_AFTER}). */
    static double after(Aggregator a, boolean[] fixed) {
        if (fixed == null) {
            return AFTER;
        }
        int count = 0;
        for (boolean f : fixed) {
            count += f ? 1 : 0;
        }
        return simplex(a) && count >= LOW_RATE_SHARE * fixed.length ? LOW_RATE_AFTER : AFTER;
    }

    /**
     * The searches start now if they still wait ({@link BesideReader#watchMaster}: a master's solve that
     * has run {@link BesideReader#MASTER_STALL} s; {@link BesideReader#givenUp}: a first round that has
     * given up {@link BesideReader#GIVEN_UP_SHARE} of the linkable records); from any thread, idempotent.
     */
    void startNow() {
        early = true;
    }

    /** Seconds into the run at which the searches start unless {@link #startNow} comes first. */
    double after() {
        return after;
    }

    /** Sleeps until {@link #after} seconds into the run or {@link #startNow}; false when closed or out of time first. */
    private boolean waited(double start, double deadline) {
        try {
            while (System.nanoTime() / 1e9 < start + after && !early && !closed && StopRequest.now() < deadline) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            return false;
        }
        return !closed && StopRequest.now() < deadline;
    }

    /** Whether the family's parameters are weights on a simplex (WM, WM_m, OWA): the climb's and the cells' own. */
    static boolean simplex(Aggregator a) {
        return a == Aggregator.WM || a == Aggregator.WM_M || a == Aggregator.OWA;
    }

    /**
     * The climbs' best so far as the family's parameters, with what found it; null before the
     * first. The weight climb's weights are embedded in CI, CI_m, SB, SB_NC and MD*
     * ({@link LearnedModels#embed}); the family climb's are the family's own.
     */
    Climbed climbed() {
        LinkClimb mc = familyClimb;
        LinkClimb.Found m = mc == null ? null : mc.found();
        LinkClimb.Found b = againBest;
        if (b != null && (m == null || b.linked() > m.linked())) {
            m = b;
        }
        LinkClimb w = climb;
        LinkClimb.Found found = w == null ? null : w.found();
        if (m != null && m.linked() >= 0 && (found == null || m.linked() > found.linked())) {
            return new Climbed(m.linked(), m.theta(), "climb: the family's parameters from a local search");
        }
        if (found == null || found.linked() < 0) {
            return null;
        }
        double[] theta = ownFamily ? found.theta() : LearnedModels.embed(o, found.theta(), features);
        return theta == null ? null : new Climbed(found.linked(), theta, ownFamily ? "climb: weights from a local search"
                : "climb: a weighted mean from a local search");
    }

    /**
     * The most records any climb has linked with margin eps so far (their exact counts; -1: none
     * yet), without embedding parameters: for the heartbeat's status line, read on its thread.
     */
    int climbedCount() {
        int best = -1;
        for (LinkClimb w : new LinkClimb[] {climb, familyClimb}) {
            if (w != null) {
                best = Math.max(best, w.found().linked());
            }
        }
        LinkClimb.Found b = againBest;
        return b == null ? best : Math.max(best, b.linked());
    }

    /** A climb's exactly counted best: the records it links with margin eps, its parameters, which climb. */
    record Climbed(int linked, double[] theta, String what) {
    }

    /** The cells once their rivals are gathered, else null. */
    SimplexCells cells() {
        return cells;
    }

    /** The cells' thread is waiting to start or searching. */
    boolean cellsRunning() {
        return cutting != null && cutting.isAlive();
    }

    /** What the searches did, for the run's solver line ("" when none started). */
    String note() {
        SimplexCells c = cells;
        Throwable e = failed;
        int n = again;
        return note("weight climb", climb, 0, 0, 0) + note("family climb", familyClimb, endedMoves, endedCounts, endedSeconds)
                + (n == 0 ? "" : "; the family climb started again " + n + (n == 1 ? " time" : " times") + " from the run's incumbent")
                + (c == null ? "" : "; weight cells: " + c.cells() + " searched" + (c.full() ? ", ended at their share of the heap" : ""))
                + (e == null ? "" : "; a search beside the cuts ended early on an internal error (" + e + ")");
    }

    /**
     * A search's body that, if it throws, ends that search alone: the run goes on with the cuts, and
     * the error is named in {@link #note()} instead of a stack trace. What the search found stays
     * valid: a climb's incumbents are counted exactly, and a failing cells worker puts its cell back
     * before the search ends ({@link SimplexCells#run}), so their bound keeps every region.
     */
    private Runnable guarded(Runnable search) {
        return () -> {
            try {
                search.run();
            } catch (RuntimeException | Error e) {
                if (failed == null) {
                    failed = e;
                }
            }
        };
    }

    /** A climb's moves, exact counts and seconds, plus those of the climbs of its kind that ended before it. */
    private static String note(String what, LinkClimb w, long moves, long counts, double seconds) {
        return w == null ? "" : String.format(Locale.ROOT, "; %s: %d moves, %d exact counts, %.1f s%s", what,
                moves + w.proposals(), counts + w.exactCounts(), seconds + w.seconds(), w.trailed() ? " (ended behind the cuts)" : "");
    }

    /** Ends the searches and waits for their threads; their bound and incumbents stay readable. */
    @Override
    public void close() {
        closed = true;
        for (LinkClimb w : new LinkClimb[] {climb, familyClimb}) {
            if (w != null) {
                w.stop();
            }
        }
        SimplexCells c = cells;
        if (c != null) {
            c.stop();
        }
        climbing.interrupt(); // wakes a thread still waiting to start: a short run ends at once
        if (cutting != null) {
            cutting.interrupt();
        }
        try {
            climbing.join();
            if (cutting != null) {
                cutting.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

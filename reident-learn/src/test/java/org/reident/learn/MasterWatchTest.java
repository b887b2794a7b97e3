package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The pause within a master's solve ({@link BesideReader#watchMaster}): on the 600-record file with
 * 40% noise, where the weight cells soon bound WM far below every linkable record, a watch halts the
 * master once the solve has run the watch's pause (1 s, or the round's if shorter) while the cells
 * lead; it does not while the cuts' own bound is the lower, and there is no watch for a family the
 * cells do not search. A solve that stalls starts the cells early. The lead that pauses the cuts is
 * 1% of the linkable records. The run's side of it ({@link ConflictRun}: the watch
 * around each master solve, the wait for the cells after a halt) is tested with a master whose every
 * solve lasts until it is halted.
 */
class MasterWatchTest {

    private static ConflictRun run(Aggregator a, LinkageData d, double roundPause) {
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60);
        return new ConflictRun(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, null, roundPause, d,
                LearnFixtures.all(d.originalCount()));
    }

    private static void close(ConflictRun run) {
        run.beside.close();
        run.heartbeat.close();
        run.master.delete();
        run.slave.delete();
    }

    @Test
    void aSolveIsHaltedOnceItHasRunThePauseWhileTheCellsLead() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(600, 5, 40, 1);
        ConflictRun lead = run(Aggregator.WM, d, 0.5);
        try {
            lead.cutsBound = d.originalCount(); // the cuts have proven nothing yet: the cells lead once they bound anything
            lead.beside.start(() -> { });
            CountDownLatch halted = new CountDownLatch(1);
            Thread watch = lead.beside.watchMaster(halted::countDown);
            assertNotNull(watch);
            assertTrue(halted.await(30, TimeUnit.SECONDS), "halted once the cells lead (they start 1 s in)");
            assertTrue(lead.beside.haltedForCells());
            SimplexCells c = lead.beside.cells();
            assertNotNull(c, "halted after the cells began");
            assertTrue(c.bound() < lead.cutsBound);
        } finally {
            close(lead);
        }
        ConflictRun behind = run(Aggregator.WM, d, 0.5);
        try {
            behind.cutsBound = 0; // the cuts' bound below anything: the cells never lead
            behind.beside.start(() -> { });
            CountDownLatch halted = new CountDownLatch(1);
            Thread watch = behind.beside.watchMaster(halted::countDown);
            assertFalse(halted.await(3, TimeUnit.SECONDS), "no halt while the cuts lead");
            assertFalse(behind.beside.haltedForCells());
            assertNotNull(behind.beside.cells(), "the cells did search meanwhile");
            watch.interrupt();
            watch.join(1000);
            assertFalse(watch.isAlive(), "the watch ends when interrupted (the solve returned)");
        } finally {
            close(behind);
        }
    }

    /**
     * A halt whose reason has gone (stop 83): the watch halts the solve while the cells lead, but by
     * the time the run would wait the cuts' own bound has come within the lead (on the whole Census's
     * OWA a round's early give-up lowered it to 836 with the cells at 837). The run then waits for
     * nothing and the cuts go on at once, saying so. Mutation-checked: with the wait not asking
     * whether the cells still lead, it lasts the turn's 20 s and the cuts go on in a turn.
     */
    @Test
    void aHaltWhoseCellsNoLongerLeadGoesOnAtOnce() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(600, 5, 40, 1);
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(60).withProgress(lines::add);
        ConflictRun run = new ConflictRun(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, null, 0.5, d,
                LearnFixtures.all(d.originalCount()));
        try {
            run.cutsBound = d.originalCount();
            run.beside.start(() -> { });
            CountDownLatch halted = new CountDownLatch(1);
            run.beside.watchMaster(halted::countDown);
            assertTrue(halted.await(30, TimeUnit.SECONDS), "halted once the cells lead");
            assertTrue(run.beside.haltedForCells());
            run.cutsBound = 0; // the cuts' bound has meanwhile come below anything the cells reach
            double from = StopRequest.now();
            run.beside.waitForCells();
            assertTrue(StopRequest.now() - from < 1, "no wait: " + lines);
            assertTrue(run.beside.cutsGoOn());
            assertFalse(run.beside.haltedForCells());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("cuts: paused")), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("cuts: going on with the master's solve, the weight cells no"
                    + " longer leading (bound ")), lines.toString());
        } finally {
            close(run);
        }
    }

    /**
     * An exact master whose solves return only when halted (null, as a halted solve does) or at their
     * time limit, behind a search tree of no nodes: every master solve of the run is one of them.
     */
    private static class HeldMaster extends StubMaster {
        final CountDownLatch halted = new CountDownLatch(1);

        @Override
        Solved answer(double seconds) {
            try {
                halted.await((long) (seconds * 1000), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }

        @Override
        public void halt() {
            halted.countDown();
        }
    }

    /**
     * The wiring in {@link ConflictRun}: the first master solve would last the whole limit, so only
     * the watch ends it, once the cells lead; the run then waits for the cells and ends with their
     * proof, OPTIMAL at the bound the cells prove alone, its engine line saying where the cuts paused.
     * Two mutations of the run are caught: without the watch the solve lasts until the cells' proof
     * halts it (OPTIMAL, but no pause is said); with a halt that does not wait for the cells the run
     * ends at once, not proven. The cuts' bound (358, every linkable record) stays far above the
     * cells' (202 when they pause the cuts, 101 at their proof), so after the half second of waiting
     * the cuts take no turn ({@link CutsTurns#within}); mutation-checked: a turn taken however far
     * resumes this master for a second solve.
     */
    @Test
    void theRunWaitsForTheCellsAfterAHaltedSolve() {
        LinkageData d = LearnFixtures.noise(600, 5, 40, 1);
        int[] all = LearnFixtures.all(d.originalCount());
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(60).withProgress(lines::add);
        HeldMaster held = new HeldMaster();
        // no pause within the round (1,000 s), so that the master's solve is reached whenever the cells start; the watch
        // halts it at its first look once they lead
        ConflictRun run = new ConflictRun(o, new CoverSearch(held, all.length, 0, 1), ConflictLearner.HARD_NODES, null, 1000,
                d, all).watchPause(0).turnAfter(0.5, false); // the cuts far behind take no turn: this master never answers
        double from = StopRequest.now();
        LearnResult r;
        try {
            r = run.solve();
        } finally {
            run.slave.delete();
        }
        double seconds = StopRequest.now() - from;
        SimplexCells alone = SimplexCellsTest.cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY);
        alone.run(Double.POSITIVE_INFINITY, 5_000_000);
        assertTrue(alone.proven(), alone.cells() + " cells");
        assertEquals(1, held.solves.get(), "one master solve, ended by the watch: " + lines);
        assertEquals(0, held.halted.getCount(), "the solve was halted");
        assertEquals("OPTIMAL", r.status(), lines.toString());
        assertEquals(alone.bound(), r.milpLinked());
        assertTrue(r.solver().contains("(from within a master's solve, halted)"), r.solver());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("cuts: paused while the weight cells lead")), lines.toString());
        assertTrue(seconds < 50, "ended by the cells' proof, not the limit: " + seconds + " s");
    }

    /**
     * The first solve holds until halted, as {@link HeldMaster}'s; once resumed
     * ({@link CoverMaster#resume}), SCIP answers every solve.
     */
    private static final class HeldThenExact extends HeldMaster {
        final MipCoverMaster exact;
        volatile boolean resumed;

        HeldThenExact(int records, LearnOptions o) {
            exact = new MipCoverMaster(records, o);
        }

        @Override
        public void fix(int r) {
            exact.fix(r);
        }

        @Override
        public void cut(int[] records) {
            exact.cut(records);
        }

        @Override
        Solved solveAsked(double seconds, boolean[] keep, long atLeast, long atMost) {
            return resumed ? exact.solve(seconds, keep, atLeast, atMost) : answer(seconds);
        }

        @Override
        public void resume() {
            resumed = true;
        }

        @Override
        public void delete() {
            exact.delete();
        }
    }

    /**
     * The cuts go on when the weight cells end without a proof (stop 82): the first master solve is
     * halted once the cells lead, as above, but the cells' open cells may hold only 16 MB, so their
     * search ends at that share ({@link SimplexCells#full}) before a proof (alone, on one thread, by a
     * development probe not kept: after about 36,000 cells in 0.7 s at a bound of 109, where the proof
     * of 101 takes 184,000 cells and 45 MB; a cap of 256 KB ended them within the watch's first look,
     * before they could lead). The
     * run then resumes the master (SCIP answering) and its rounds go on to the limit: on this file,
     * where the cuts' conflicts are pairs, they do not prove the optimum in 10 s (nor in 60), so the
     * result keeps the cells' bound, at least the default learner's optimum. Mutation-checked: with
     * the halt left final (the run ending after the wait, as before stop 82) no round follows.
     */
    @Test
    void theCutsGoOnWhenTheCellsEndWithoutAProof() {
        Resumed h = haltedThenResumed(10, run -> run.cellBytes(16 << 20));
        List<String> lines = h.lines();
        LearnResult r = h.result();
        int ended = index(lines, "cells: ended after ");
        int goesOn = index(lines, "cuts: going on with the master's solve");
        int round = index(lines, "round 1: bound ");
        assertTrue(ended >= 0 && goesOn > ended && round > goesOn, lines.toString());
        assertTrue(h.held().solves.get() >= 3, h.held().solves.get() + " solves: the halted one, then the rounds' " + lines);
        int cellsBound = Integer.parseInt(lines.get(ended).replaceAll(".*their bound (\\d+) stays.*", "$1"));
        assertTrue(r.bound() >= h.optimum() && r.bound() <= cellsBound, r.bound() + " against " + h.optimum() + " and " + cellsBound);
        assertTrue(r.milpLinked() <= h.optimum(), r.milpLinked() + " > " + h.optimum());
        assertTrue(r.solver().contains("the cuts went on at"), r.solver());
        assertTrue(r.solver().contains(", ended at their share of the heap"), r.solver());
    }

    /**
     * The cuts take a turn beside leading cells (stop 83): as above, the first master solve is halted
     * once the cells lead, but after half a second of waiting ({@link ConflictRun#turnAfter}, here
     * however far the cuts are behind) the master is resumed (SCIP answering) while the cells search
     * on, and the rounds follow; the cells (not capped) or the cuts then prove the optimum.
     * Mutation-checked: with no turn taken (the wait lasting until the cells' proof) the master is
     * never resumed.
     */
    @Test
    void theCutsTakeATurnBesideTheLeadingCells() {
        Resumed h = haltedThenResumed(60, run -> run.turnAfter(0.5, true));
        List<String> lines = h.lines();
        LearnResult r = h.result();
        int paused = index(lines, "cuts: paused while the weight cells lead");
        int turn = index(lines, "cuts: a turn beside the weight cells after ");
        int round = index(lines, "round 1: bound ");
        assertTrue(paused >= 0 && turn > paused && round > turn, lines.toString());
        assertEquals(-1, index(lines, "cuts: going on with the master's solve"), "the cells had not ended: " + lines);
        assertEquals("OPTIMAL", r.status(), lines.toString());
        assertEquals(h.optimum(), r.milpLinked());
        assertTrue(r.solver().matches(".*; the cuts took \\d+ turns? beside the leading cells \\(.*"), r.solver());
    }

    /** The lines, the held master, the result of a run, and the default learner's optimum on its file. */
    private record Resumed(List<String> lines, HeldThenExact held, LearnResult result, int optimum) {
    }

    /** The default learner's WM optimum on the 600-record noise file, learned once for the tests that need it. */
    private static int noiseOptimum = -1;

    /**
     * WM on the 600-record noise file within {@code limit} s, its master held behind a tree of no
     * nodes and then SCIP, set up further by {@code set}: the first solve halted for the cells and the
     * master resumed later, both asserted.
     */
    private static Resumed haltedThenResumed(double limit, UnaryOperator<ConflictRun> set) {
        LinkageData d = LearnFixtures.noise(600, 5, 40, 1);
        int[] all = LearnFixtures.all(d.originalCount());
        if (noiseOptimum < 0) {
            noiseOptimum = LearnFixtures.learn(Aggregator.WM, d, all).milpLinked();
        }
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(limit).withProgress(lines::add);
        HeldThenExact held = new HeldThenExact(all.length, o);
        LearnResult r = solveHeld(held, o, d, all, set);
        assertEquals(0, held.halted.getCount(), "the first solve was halted: " + lines);
        assertTrue(held.resumed, "the master was resumed: " + lines);
        return new Resumed(lines, held, r, noiseOptimum);
    }

    /**
     * A run whose master is {@code held} behind a search tree of no nodes, with no pause within a
     * round and the watch's at once, set up further by {@code set}, solved; the run's and the held
     * master's solvers deleted.
     */
    private static LearnResult solveHeld(HeldThenExact held, LearnOptions o, LinkageData d, int[] all,
            UnaryOperator<ConflictRun> set) {
        ConflictRun run = set.apply(new ConflictRun(o, new CoverSearch(held, all.length, 0, 1), ConflictLearner.HARD_NODES,
                null, 1000, d, all).watchPause(0));
        try {
            return run.solve();
        } finally {
            run.slave.delete();
            held.delete();
        }
    }

    private static int index(List<String> lines, String start) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(start)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A master's solve that has run {@link BesideReader#MASTER_STALL} s starts the searches beside the
     * cuts on a file where they would wait {@link WeightsBeside#AFTER} s (few records unlinkable): the
     * cells search within about a second of the solve's start, and the engine line says when. A
     * solve watched for less than the stall leaves them waiting.
     */
    @Test
    void aStalledSolveStartsTheSearchesBeside() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(300, 5, 15, 1);
        ConflictRun run = run(Aggregator.WM, d, 10);
        try {
            assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, run.slave.unlinkable()), "a file the searches wait 3 s on");
            run.cutsBound = d.originalCount();
            run.beside.start(() -> { });
            Thread brief = run.beside.watchMaster(() -> { });
            Thread.sleep(200);
            brief.interrupt();
            brief.join(1000);
            Thread.sleep(300);
            assertNull(run.beside.cells(), "a solve of 0.2 s starts nothing");
            assertFalse(run.beside.note().contains("searches beside started"), run.beside.note());
            Thread stalled = run.beside.watchMaster(() -> { });
            double from = StopRequest.now();
            while (run.beside.cells() == null && StopRequest.now() - from < 2) {
                Thread.sleep(10);
            }
            stalled.interrupt();
            assertNotNull(run.beside.cells(), "the cells search within 2 s of a stalled solve's start");
            assertTrue(run.elapsed() < WeightsBeside.AFTER, "before " + WeightsBeside.AFTER + " s: " + run.elapsed());
            assertTrue(run.beside.note().matches(".*; searches beside started at \\d+\\.\\d s by a master's solve of 0\\.5 s.*"),
                    run.beside.note());
        } finally {
            close(run);
        }
    }

    /**
     * The first round's repair that has given up {@link BesideReader#GIVEN_UP_SHARE} of the linkable
     * records starts the searches beside on a file where they would wait {@link WeightsBeside#AFTER}
     * s, once the run is {@link BesideReader#GIVEN_UP_AFTER} s in; one record fewer does not, nor the
     * same count earlier, in a later round or once they have started anyway, nor OWA's run; a master's
     * solve that stalls after it does not claim the start.
     */
    @Test
    void manyRecordsGivenUpStartTheSearchesBeside() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(300, 5, 15, 1);
        ConflictRun run = run(Aggregator.WM, d, 10);
        ConflictRun owa = run(Aggregator.OWA, d, 10);
        try {
            assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, run.slave.unlinkable()), "a file the searches wait 3 s on");
            int share = (int) Math.ceil(BesideReader.GIVEN_UP_SHARE * 300);
            assertEquals(150, share);
            for (ConflictRun r : List.of(run, owa)) {
                r.bound = 300;
                r.beside.start(() -> { });
            }
            run.round = 2;
            run.beside.givenUp(share, 1);
            run.round = 1;
            run.beside.givenUp(share - 1, 1);
            run.beside.givenUp(share, 0.49);
            run.beside.givenUp(share, WeightsBeside.AFTER);
            owa.round = 1;
            owa.beside.givenUp(300, 1);
            Thread.sleep(500);
            assertNull(run.beside.cells(), "one record short, a later round, before 0.5 s or after 3 s: nothing starts");
            assertFalse(run.beside.note().contains("searches beside started"), run.beside.note());
            assertNull(owa.beside.cells(), "not OWA's");
            assertFalse(owa.beside.note().contains("searches beside started"), owa.beside.note());
            run.beside.givenUp(share, 1.25);
            double from = StopRequest.now();
            while (run.beside.cells() == null && StopRequest.now() - from < 2) {
                Thread.sleep(10);
            }
            assertNotNull(run.beside.cells(), "the cells search within 2 s of the share given up");
            assertTrue(run.elapsed() < WeightsBeside.AFTER, "before " + WeightsBeside.AFTER + " s: " + run.elapsed());
            assertTrue(run.beside.note().matches(".*; searches beside started at 1\\.3 s by the first round's records given up"
                    + " \\(50% of the linkable\\).*"), run.beside.note());
            Thread stalled = run.beside.watchMaster(() -> { });
            Thread.sleep(800);
            stalled.interrupt();
            stalled.join(1000);
            assertFalse(run.beside.note().contains("by a master's solve"), "the line names what started them: " + run.beside.note());
        } finally {
            close(run);
            close(owa);
        }
    }

    /** The cells pause the cuts once they lead by 1% of the linkable records, by one record at least. */
    @Test
    void theLeadThatPausesIsOnePercentOfTheLinkableRecords() {
        assertEquals(10, BesideReader.pauseLead(993)); // the whole Census's OWA: 993 linkable
        assertEquals(4, BesideReader.pauseLead(358));
        assertEquals(2, BesideReader.pauseLead(101));
        assertEquals(1, BesideReader.pauseLead(100));
        assertEquals(1, BesideReader.pauseLead(37));
        assertEquals(1, BesideReader.pauseLead(0));
    }

    /** A master's solve is halted after 1 s of the cells' lead, not the round's 10 s; a test's shorter round pause holds. */
    @Test
    void theWatchPausesOneSecondAtMost() {
        LinkageData d = LearnFixtures.noise(200, 3, 40, 2);
        ConflictRun round = run(Aggregator.WM, d, ConflictLearner.ROUND_PAUSE);
        ConflictRun test = run(Aggregator.WM, d, 0.5);
        try {
            assertEquals(1.0, round.watchPause);
            assertEquals(0.5, test.watchPause);
        } finally {
            close(round);
            close(test);
        }
    }

    @Test
    void noWatchWhereNoCellsSearch() {
        LinkageData d = LearnFixtures.noise(200, 3, 40, 2);
        ConflictRun ci = run(Aggregator.CHOQUET, d, 0.5);
        try {
            assertNull(ci.beside.watchMaster(() -> { }));
        } finally {
            close(ci);
        }
    }
}

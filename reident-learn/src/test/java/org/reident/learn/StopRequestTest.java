package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * A stop requested during a run (the command line's Ctrl-C) ends it as its time limit would: soon,
 * with the best parameters so far and a valid bound, never OPTIMAL without the proof. The runs get a
 * 60 s limit and must end well before it (a bound for the function, not a speed figure); each is
 * stopped when it is under way by its progress or its solver's registration, not after a sleep.
 */
class StopRequestTest {
    @AfterEach
    void clear() {
        StopRequest.clear();
    }

    /** Progress lines that request the stop at the first one starting with {@code at}. */
    private static Consumer<String> stopAt(String at, CountDownLatch asked) {
        return line -> {
            if (line.startsWith(at) && asked.getCount() > 0) {
                asked.countDown();
                StopRequest.request();
            }
        };
    }

    /** The cuts formulation on a problem it does not solve in 20 s (TimeLimitTest), stopped after its first round. */
    @Test
    void cutsStopAfterTheRequest() {
        LinkageData d = LearnFixtures.mdavPairs(1000, 6, 5, 2);
        int[] all = LearnFixtures.all(1000);
        CountDownLatch asked = new CountDownLatch(1);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(60).withProgress(stopAt("round 1:", asked));
        LearnResult r = new ConflictLearner(o).learn(d, all);
        assertEquals(0, asked.getCount(), "the stop was requested");
        assertTrue(r.seconds() < 30, "stopped at " + r.seconds() + " s, not at the limit");
        assertEquals("FEASIBLE", r.status(), "AM is the incumbent from the start; the bound is not proven after 1 round");
        assertTrue(r.bound() > r.milpLinked(), "bound " + r.bound() + ", milp " + r.milpLinked());
        LearnFixtures.checkResult("SB 1000x6, stopped", r, d, all, o.eps());
    }

    /**
     * The big-M formulation, stopped while SCIP solves its first MILP: the request interrupts the
     * solve under way, which then ends without its proof (FEASIBLE or not solved, never OPTIMAL); a
     * 300-record Choquet problem whose first SCIP solve takes seconds (TimeLimitTest).
     */
    @Test
    void scipIsInterruptedInItsSolve() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(300, 4, 40, 77);
        int[] all = LearnFixtures.all(300);
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(60).withProgress(lines::add);
        Thread stopper = new Thread(() -> {
            while (StopRequest.registered() == 0) {
                Thread.onSpinWait();
            }
            StopRequest.request();
        });
        stopper.setDaemon(true);
        stopper.start();
        LearnResult r = new SupervisedLearner(o).learn(d, all);
        stopper.join(1000);
        assertTrue(StopRequest.requested(), "the stop was requested");
        System.out.println("big-M stopped: " + r.status() + ", bound " + r.bound() + ", " + r.seconds() + " s; " + lines);
        assertTrue(r.seconds() < 30, "stopped at " + r.seconds() + " s, not at the limit");
        assertEquals(1, r.rounds());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("round 1: OPTIMAL")), "the first solve was cut short: " + lines);
        assertTrue(!r.status().equals("OPTIMAL"), r.status());
        LearnFixtures.checkResult("CHOQUET 300x4, stopped", r, d, all, o.eps());
    }

    /** HRLA (no deadline of its own) stops between epochs: after the epoch during which the stop came. */
    @Test
    void hrlaStopsAfterTheEpochUnderWay() {
        LinkageData d = LearnFixtures.noise(300, 4, 40, 77);
        int[] all = LearnFixtures.all(300);
        CountDownLatch asked = new CountDownLatch(1);
        HrlaResult r = new Hrla(Hrla.DEFAULT_LEARNING_RATE, 30, 1, org.reident.distance.Standardization.OWN,
                stopAt("epoch 1:", asked)).learn(d, all);
        assertEquals(0, asked.getCount(), "the stop was requested");
        assertEquals(1, r.result().rounds(), "one epoch of 30");
        assertEquals("FEASIBLE", r.result().status());
    }

    /** A solve that registers after the request is interrupted within the repeat period; a closed registration no more. */
    @Test
    void registrationsAfterTheRequestAreInterruptedToo() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        try (StopRequest.Registration r = StopRequest.during(calls::incrementAndGet)) {
            assertEquals(0, calls.get());
        }
        StopRequest.request();
        Thread.sleep(5 * StopRequest.AGAIN_MS);
        assertEquals(0, calls.get(), "a closed registration is not run");
        CountDownLatch interrupted = new CountDownLatch(1);
        try (StopRequest.Registration r = StopRequest.during(interrupted::countDown)) {
            interrupted.await(); // never returns if the request is not repeated
        }
        assertEquals(Double.POSITIVE_INFINITY, StopRequest.now());
        StopRequest.clear();
        assertTrue(StopRequest.now() < Double.POSITIVE_INFINITY);
    }
}

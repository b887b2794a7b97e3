package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link Halt} and {@link CoverMaster#halt}: a proof found beside the master ends the master's solve
 * under way, the search tree's and the native solver's, and every later one; the weight cells call
 * for it only when they end with a proof ({@link WeightsBeside}).
 */
class HaltTest {
    /** A native solve's interrupt is repeated until the solve returns (SCIP forgets one sent before it starts). */
    @Test
    void aHaltRepeatsTheInterruptUntilTheSolveReturns() throws Exception {
        Halt h = new Halt();
        AtomicInteger interrupts = new AtomicInteger();
        StopRequest.Registration solve = h.during(interrupts::incrementAndGet);
        Thread halting = new Thread(h::halt);
        halting.start();
        while (interrupts.get() < 3) {
            Thread.sleep(10);
        }
        assertTrue(halting.isAlive(), "the halt waits for the solve under way");
        assertTrue(h.halted());
        solve.close();
        halting.join(5000);
        assertFalse(halting.isAlive(), "the halt returns once the solve has");
        int after = interrupts.get();
        h.halt(); // no solve under way: at once
        assertEquals(after, interrupts.get());
    }

    /** 3,000 records in 30,000 random cuts, a cover of 1,500 asked for: a search of minutes, halted. */
    @Test
    void aHaltEndsTheTreesSearchAndEveryLaterSolve() throws Exception {
        int records = 3000;
        Random random = new Random(3);
        Unused unused = new Unused();
        CoverSearch master = new CoverSearch(unused, records, Long.MAX_VALUE, 2);
        for (int c = 0; c < 30_000; c++) {
            master.cut(random.ints(0, records).distinct().limit(2 + random.nextInt(3)).sorted().toArray());
        }
        AtomicReference<CoverMaster.Solved> answer = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread solving = new Thread(() -> {
            answer.set(master.solve(600, new boolean[records], 0, 1500));
            done.countDown();
        });
        solving.start();
        Thread.sleep(1500);
        assertEquals(1, done.getCount(), "the search runs until halted");
        master.halt();
        assertTrue(done.await(30, TimeUnit.SECONDS), "the halted search returned");
        assertNull(answer.get(), "a halted solve has no answer");
        assertNull(master.solve(600, new boolean[records], 0, 1500), "nor has a later one");
        assertEquals(0, unused.solves.get(), "the exact solver is not asked once halted");
    }

    /**
     * The tree's dual bound starts from an LP over every cut, which GLOP took about 40 s to solve on
     * 6,000 records in 40,000 cuts (CoverDeadlineTest): a halt interrupts it too.
     */
    @Test
    void aHaltInterruptsTheDualsLp() throws Exception {
        int records = 6000;
        Random random = new Random(3);
        int[][] cuts = new int[40_000][];
        for (int c = 0; c < cuts.length; c++) {
            cuts[c] = random.ints(0, records).distinct().limit(2 + random.nextInt(3)).sorted().toArray();
        }
        MilpModel.loadNative();
        Halt halt = new Halt();
        CoverBranch tree = new CoverBranch(records, cuts, cuts.length, new boolean[records], 0).split(Long.MAX_VALUE, 0).haltOn(halt);
        AtomicReference<CoverBranch.Outcome> answer = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread searching = new Thread(() -> {
            answer.set(tree.find(records / 2, Long.MAX_VALUE, Double.MAX_VALUE, new boolean[records], null));
            done.countDown();
        });
        searching.start();
        Thread.sleep(1500);
        assertEquals(1, done.getCount(), "the LP still runs");
        long t0 = System.nanoTime();
        halt.halt();
        assertTrue(done.await(20, TimeUnit.SECONDS), "the halted search returned");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(CoverBranch.Outcome.GAVE_UP, answer.get());
        assertTrue(seconds < 10, "the LP was interrupted, not solved to its end: " + seconds + " s");
    }

    /** A halted SCIP master answers nothing, at once. */
    @Test
    void aHaltedExactMasterAnswersNothing() {
        MipCoverMaster m = new MipCoverMaster(3, LearnOptions.defaults(Aggregator.WM));
        try {
            m.cut(new int[] {0, 1});
            boolean[] keep = new boolean[3];
            assertEquals(1, m.solve(10, keep, 0, 3).bestBound(), "before the halt: the cover {0} or {1}");
            m.halt();
            assertNull(m.solve(10, keep, 0, 3));
        } finally {
            m.delete();
        }
    }

    /** The cells call for the halt once they have proven the optimum, and not when the clock ends them first. */
    @Test
    void theCellsCallForTheHaltOnlyWithAProof() throws Exception {
        LinkageData d = LearnFixtures.noise(250, 4, 60, 2);
        int[] all = LearnFixtures.all(250);
        assertEquals(1, besideProofs(d, all, 60), "proven: the cells search this file to the end in well under a minute");
        LinkageData hard = LearnFixtures.noise(3000, 6, 60, 3);
        assertEquals(0, besideProofs(hard, LearnFixtures.all(3000), WeightsBeside.LOW_RATE_AFTER + 4),
                "the cells do not prove this file in 4 s (at 60 s their bound is still 40 above its optimum)");
    }

    /** Runs the searches beside a learner (WM, no climb) to the deadline; how often they called for a halt. */
    private static int besideProofs(LinkageData d, int[] train, double seconds) throws Exception {
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        ConflictSlave slave = new ConflictSlave(o, d, train);
        AtomicInteger proofs = new AtomicInteger();
        CountDownLatch proven = new CountDownLatch(1);
        double start = System.nanoTime() / 1e9;
        try (WeightsBeside beside = new WeightsBeside(o, slave.features(), d, train, slave.unlinkable(), start, start + seconds,
                o.timeLimit(),
                () -> null, () -> -1, () -> {
                    proofs.incrementAndGet();
                    proven.countDown();
                }, null)) {
            proven.await((long) (seconds * 1000) + 1000, TimeUnit.MILLISECONDS);
            SimplexCells c = beside.cells();
            if (proofs.get() > 0) {
                assertTrue(c.bound() <= c.found().linked(), "a proof: bound " + c.bound() + ", found " + c.found().linked());
            }
        } finally {
            slave.delete();
        }
        return proofs.get();
    }

    /** An exact master that must not be reached (it counts the solves it is asked for). */
    private static final class Unused extends StubMaster {
        @Override
        Solved answer(double seconds) {
            return null;
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * When the searches beside the cuts start: sooner for the simplex families on files where many
 * records cannot be linked, and within a fifth of a short limit (not in a group's run); a search
 * that throws ends alone and is named in the run's note; where few records link, the family climb
 * starts again from each new incumbent.
 */
class WeightsBesideTest {
    private static boolean[] fixed(int records, int unlinkable) {
        boolean[] f = new boolean[records];
        for (int r = 0; r < unlinkable; r++) {
            f[r * records / unlinkable] = true;
        }
        return f;
    }

    @Test
    void wellProtectedFilesStartTheCellsSooner() {
        assertEquals(1.0, WeightsBeside.LOW_RATE_AFTER);
        assertEquals(3.0, WeightsBeside.AFTER);
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM, fixed(1000, 436)), "1000 x 5, 40% noise");
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.OWA, fixed(1000, 436)));
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM_M, fixed(2000, 1672)));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 33)), "M5-38: 8% unlinkable");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.CHOQUET, fixed(1000, 436)), "no cells for CI");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.BILINEAR, fixed(1000, 900)));
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 100)), "a quarter exactly");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 99)));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, null), "none known");
    }

    /**
     * The searches wait at most a fifth of the time limit (stop 73): 1 s of 5, 2 s of 10, and from 15 s
     * on the waits above; an infinite limit (a group's run) keeps them whatever its own.
     */
    @Test
    void shortLimitsStartTheSearchesWithinAFifthOfThem() {
        assertEquals(0.2, WeightsBeside.SHORT_SHARE);
        assertEquals(1.0, WeightsBeside.after(Aggregator.BILINEAR, fixed(4092, 0), 5), 1e-12, "EIA, SB, 5 s");
        assertEquals(2.0, WeightsBeside.after(Aggregator.CHOQUET, null, 10), 1e-12);
        assertEquals(0.4, WeightsBeside.after(Aggregator.WM, fixed(1000, 436), 2), 1e-12, "below the low rate's 1 s");
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM, fixed(1000, 436), 10));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.MD_STAR, null, 15));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 33), 600));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.CHOQUET, null, Double.POSITIVE_INFINITY));
    }

    /**
     * A 2 s run climbs: its searches start at 0.4 s, where they waited 3 s before stop 73 and never
     * started (1,000 records of 5 variables with 10% noise, AM's weights linking most of them: the
     * cuts' first round is still running then).
     */
    @Test
    void aTwoSecondRunClimbs() {
        LinkageData d = LearnFixtures.noise(1000, 5, 10, 3);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(2);
        LearnResult r = new ConflictLearner(o).learn(d, LearnFixtures.all(1000));
        assertTrue(r.solver().contains("; weight climb: "), r.solver());
    }

    /**
     * A group's run ({@link GroupBound#learner}, {@link ConflictLearner#forGroup}) keeps the 3 s wait
     * whatever its limit, since only a group's bound counts and a search would take a core from its
     * proof: its wait has no limit to take a share of. Fails with forGroup's wait capped as other
     * runs' are, or with GroupBound's learner not a group's (mutation-checked, stop 74). (A 2 s run
     * that names no climb was tried first: a master's solve of 0.5 s starts the searches early
     * whatever the wait, which a loaded machine met.)
     */
    @Test
    void aGroupsRunWaitsWhateverItsLimit() {
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(2);
        assertEquals(2.0, new ConflictLearner(o).waitLimit());
        assertEquals(0.4, WeightsBeside.after(Aggregator.WM, null, new ConflictLearner(o).waitLimit()), 1e-12);
        ConflictLearner group = GroupBound.learner(LearnOptions.defaults(Aggregator.CHOQUET), 2);
        assertEquals(Double.POSITIVE_INFINITY, group.waitLimit());
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.CHOQUET, null, group.waitLimit()));
    }

    /**
     * A search that throws (here the climb, whose start cannot be read) ends alone: the error is
     * named in the note the run's solver line carries, not printed as a stack trace by the thread.
     */
    @Test
    void aSearchThatThrowsIsNamedInTheNote() {
        LinkageData d = LearnFixtures.cellsFile(1);
        int[] all = LearnFixtures.all(250);
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET); // no cells: the climb alone
        ConflictSlave slave = new ConflictSlave(o, d, all);
        String note;
        try {
            double now = StopRequest.now();
            WeightsBeside beside = new WeightsBeside(o, slave.features(), d, all, slave.unlinkable(), now - 60, now + 60,
                    o.timeLimit(),
                    () -> {
                        throw new IllegalStateException("no start");
                    }, () -> -1, () -> { }, null);
            double until = StopRequest.now() + 10;
            while (beside.note().isEmpty() && StopRequest.now() < until) {
                Thread.onSpinWait(); // the climb starts at once (60 s past the run's start) and throws
            }
            beside.close();
            note = beside.note();
        } finally {
            slave.delete();
        }
        assertTrue(note.contains("ended early on an internal error (java.lang.IllegalStateException: no start)"), note);
    }

    /**
     * The count the status line shows ({@link WeightsBeside#climbedCount}) is the climbs' best, the one
     * {@link WeightsBeside#climbed} hands the run: -1 before any, then the same figure (CI: the weight
     * climb's from equal weights, then the family climb's).
     */
    @Test
    void theStatusCountIsTheClimbsBest() {
        LinkageData d = LearnFixtures.cellsFile(1);
        int[] all = LearnFixtures.all(250);
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET);
        ConflictSlave slave = new ConflictSlave(o, d, all);
        try {
            double now = StopRequest.now();
            double[] equal = new double[slave.features().dimension()];
            Arrays.fill(equal, 1.0 / equal.length);
            WeightsBeside beside = new WeightsBeside(o, slave.features(), d, all, slave.unlinkable(), now + 60, now + 120,
                    o.timeLimit(), () -> equal, () -> -1, () -> { }, null);
            assertEquals(-1, beside.climbedCount(), "waiting: no climb yet");
            beside.startNow();
            double until = StopRequest.now() + 20;
            while (beside.climbedCount() < 0 && StopRequest.now() < until) {
                Thread.onSpinWait();
            }
            beside.close();
            WeightsBeside.Climbed c = beside.climbed();
            assertTrue(c != null && c.linked() > 0, String.valueOf(c));
            assertEquals(c.linked(), beside.climbedCount());
        } finally {
            slave.delete();
        }
    }

    /** The climbs start again only where the starts keep less than half of the linkable records. */
    @Test
    void theFamilyClimbStartsAgainOnlyWhereFewRecordsLink() {
        assertTrue(BesideReader.climbAgain(49, 100));
        assertTrue(!BesideReader.climbAgain(50, 100), "half exactly");
        assertTrue(!BesideReader.climbAgain(941, 1004), "the whole Census, SB: MD's matrix at the start");
        assertTrue(BesideReader.climbAgain(14, 70), "70 records of 60% noise: AM links 14");
    }

    /**
     * After its first climbs the family climb waits for the run's incumbent and climbs from it again
     * each time it changes (not while it stays): here once for the first incumbent and once more when
     * the test changes it; the best of the climbs is at least what the incumbent links.
     */
    @Test
    void theFamilyClimbStartsAgainFromEachNewIncumbent() throws InterruptedException {
        LinkageData d = LearnFixtures.noise(70, 4, 60, 5);
        int[] all = LearnFixtures.all(70);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR);
        ConflictSlave slave = new ConflictSlave(o, d, all);
        try {
            Features f = slave.features();
            double[] first = LearnedModels.neutral(Aggregator.BILINEAR, f);
            double[] second = LearnedModels.embed(o, new double[] {0.7, 0.1, 0.1, 0.1}, f);
            AtomicReference<double[]> incumbent = new AtomicReference<>(first);
            double now = StopRequest.now();
            try (WeightsBeside beside = new WeightsBeside(o, f, d, all, slave.unlinkable(), now - 60, now + 120, o.timeLimit(),
                    () -> new double[] {0.25, 0.25, 0.25, 0.25}, () -> -1, () -> { }, incumbent::get)) {
                double until = StopRequest.now() + 100; // about 13 s here; room for a slow machine's longer climbs
                while (beside.climbedAgain() < 1 && StopRequest.now() < until) {
                    Thread.sleep(20);
                }
                assertEquals(1, beside.climbedAgain(), "the first incumbent");
                Thread.sleep(7000); // the climb from it stalls within a few seconds and waits
                assertEquals(1, beside.climbedAgain(), "the incumbent has not changed");
                incumbent.set(second);
                while (beside.climbedAgain() < 2 && StopRequest.now() < until) {
                    Thread.sleep(20);
                }
                assertEquals(2, beside.climbedAgain(), "the incumbent changed");
                beside.close();
                assertTrue(beside.note().contains("the family climb started again 2 times from the run's incumbent"),
                        beside.note());
                // the note counts all three family climbs, not the last alone: the two before it made a first count each
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("family climb: \\d+ moves, (\\d+) exact counts")
                        .matcher(beside.note());
                assertTrue(m.find(), beside.note());
                long last = beside.familyClimb().exactCounts();
                assertTrue(Integer.parseInt(m.group(1)) >= last + 2, beside.note() + "; the last climb's: " + last);
                Incumbent counted = new Incumbent(o, f, d, all, slave.unlinkable(), first);
                counted.seed(second, false);
                int linked = counted.kept();
                assertTrue(beside.climbed().linked() >= linked, beside.climbed().linked() + " < " + linked);
            }
        } finally {
            slave.delete();
        }
    }
}

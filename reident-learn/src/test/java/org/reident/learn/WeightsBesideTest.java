package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * When the searches beside the cuts start: sooner for the simplex families on files where many
 * records cannot be linked; a search that throws ends alone and is named in the run's note.
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
                    () -> {
                        throw new IllegalStateException("no start");
                    }, () -> -1, () -> { });
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
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The pause within a master's solve ({@link BesideReader#watchMaster}): on the 600-record file with
 * 40% noise, where the weight cells soon bound WM far below every linkable record, a watch halts the
 * master once the solve has run the round's pause while the cells lead; it does not while the cuts'
 * own bound is the lower, and there is no watch for a family the cells do not search. The lead that
 * pauses the cuts is 1% of the linkable records.
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

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The slave's LP purged of the rows no recent answer held tight ({@link SlaveLp}'s purge) answers
 * every check as the LP that keeps every row it ever took: the rows left out stay in the working
 * set and enter again when violated, so whether a set can be linked is still a fact of all the
 * rows. Seeded sets of every size on noisy files; the purging slave looks after every answer and
 * purges from one row, and the parameters it returns for a linkable set link every kept record by
 * the engine's margins ({@link SlavePairs}). Fails when purged rows cannot enter again
 * (mutation-checked).
 */
class SlavePurgeTest {
    @Test
    void purgedAndKeptLpsGiveTheSameAnswers() {
        for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR}) {
            LinkageData d = LearnFixtures.noise(200, 4, 20, 13);
            int[] all = LearnFixtures.all(200);
            LearnOptions o = LearnOptions.defaults(a).withThreads(1);
            ConflictSlave kept = new ConflictSlave(o, d, all).purge(Integer.MAX_VALUE, Integer.MAX_VALUE);
            ConflictSlave purged = new ConflictSlave(o, d, all).purge(1, 1);
            int infeasible = SlavePairs.sameAnswers(o, d, 200, kept, purged, 9, 60);
            assertTrue(purged.purges() > 10, a + ": the purging slave purged (" + purged.purges() + ")");
            assertEquals(0, kept.purges());
            assertTrue(purged.lpRows() < kept.lpRows(), a + ": the purged LP is smaller (" + purged.lpRows() + " rows against "
                    + kept.lpRows() + ")");
            assertTrue(infeasible > 5 && infeasible < 60, a + ": both kinds of answer occur (" + infeasible + " infeasible)");
            kept.delete();
            purged.delete();
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The slave's LP built again without the rows of records outside S ({@link ConflictSlave}'s
 * compaction) answers every check as the LP that keeps them: whether S can be linked is a fact of
 * the rows, not of the LP's history. Seeded sets of shrinking and growing size on noisy files (many
 * sets cannot be linked); the compacting slave compacts whenever most of its rows are relaxed, and
 * the parameters it returns for a linkable set link every record of it by the engine's margins
 * ({@link SlavePairs}).
 */
class SlaveCompactionTest {
    @Test
    void compactedAndFullLpsGiveTheSameAnswers() {
        for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR}) {
            LinkageData d = LearnFixtures.noise(200, 4, 20, 11);
            int[] all = LearnFixtures.all(200);
            LearnOptions o = LearnOptions.defaults(a).withThreads(1);
            ConflictSlave full = new ConflictSlave(o, d, all).compactAfter(Integer.MAX_VALUE);
            ConflictSlave compact = new ConflictSlave(o, d, all).compactAfter(1);
            int infeasible = SlavePairs.sameAnswers(o, d, 200, full, compact, 5, 40);
            assertTrue(compact.compactions() > 0, a + ": the compacting slave compacted");
            assertEquals(0, full.compactions());
            assertTrue(infeasible > 5 && infeasible < 40, a + ": both kinds of answer occur (" + infeasible + " infeasible)");
            full.delete();
            compact.delete();
        }
    }
}

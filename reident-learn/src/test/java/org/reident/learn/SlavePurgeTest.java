package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * The slave's LP purged of the rows no recent answer held tight ({@link SlaveLp}'s purge) answers
 * every check as the LP that keeps every row it ever took: the rows left out stay in the working
 * set and enter again when violated, so whether a set can be linked is still a fact of all the
 * rows. Seeded sets of every size on noisy files; the purging slave looks after every answer and
 * purges from one row, and the parameters it returns for a linkable set link every kept record by
 * the engine's margins.
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
            Random random = new Random(9);
            double deadline = System.nanoTime() / 1e9 + 120;
            int infeasible = 0;
            for (int check = 0; check < 60; check++) {
                double share = check % 10 == 0 ? 1 : Math.exp(Math.log(0.01) * random.nextDouble()); // 1% to all
                boolean[] keep = new boolean[200];
                for (int r = 0; r < keep.length; r++) {
                    keep[r] = random.nextDouble() < share;
                }
                int[] x = kept.check(keep, deadline);
                int[] y = purged.check(keep, deadline);
                assertEquals(x.length == 0, y.length == 0, a + ", check " + check + ": linkable with both LPs or neither");
                if (y.length == 0) {
                    LinkageResult l = LearnedModels.link(o, LearnedModels.toModel(o, purged.theta(), purged.features(), d), d);
                    for (int r = 0; r < keep.length; r++) {
                        if (keep[r] && !purged.unlinkable(r)) {
                            assertTrue(l.margin(r) >= o.eps() / 2 - 1e-9, a + ", check " + check + ", record " + r + ": margin "
                                    + l.margin(r));
                        }
                    }
                }
                infeasible += x.length > 0 ? 1 : 0;
                kept.takeCuts(c -> { });
                purged.takeCuts(c -> { });
            }
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

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The slave's LP built again without the rows of records outside S ({@link ConflictSlave}'s
 * compaction) answers every check as the LP that keeps them: whether S can be linked is a fact of
 * the rows, not of the LP's history. Seeded sets of shrinking and growing size on noisy files (many
 * sets cannot be linked); the compacting slave compacts whenever most of its rows are relaxed, and
 * the parameters it returns for a linkable set link every record of it by the engine's margins.
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
            Random random = new Random(5);
            double deadline = System.nanoTime() / 1e9 + 120;
            int infeasible = 0;
            for (int check = 0; check < 40; check++) {
                double share = check % 10 == 0 ? 1 : Math.exp(Math.log(0.01) * random.nextDouble()); // 1% to all
                boolean[] keep = new boolean[200];
                for (int r = 0; r < keep.length; r++) {
                    keep[r] = random.nextDouble() < share;
                }
                int[] x = full.check(keep, deadline);
                int[] y = compact.check(keep, deadline);
                assertEquals(x.length == 0, y.length == 0, a + ", check " + check + ": linkable with both LPs or neither");
                if (y.length == 0) { // the parameters returned link every kept record by the engine's margins
                    org.reident.linkage.LinkageResult l = LearnedModels.link(o,
                            LearnedModels.toModel(o, compact.theta(), compact.features(), d), d);
                    for (int r = 0; r < keep.length; r++) {
                        if (keep[r] && !compact.unlinkable(r)) {
                            assertTrue(l.margin(r) >= o.eps() / 2 - 1e-9, a + ", check " + check + ", record " + r + ": margin "
                                    + l.margin(r));
                        }
                    }
                }
                infeasible += x.length > 0 ? 1 : 0;
                full.takeCuts(c -> { });
                compact.takeCuts(c -> { });
            }
            assertTrue(compact.compactions() > 0, a + ": the compacting slave compacted");
            assertEquals(0, full.compactions());
            assertTrue(infeasible > 5 && infeasible < 40, a + ": both kinds of answer occur (" + infeasible + " infeasible)");
            full.delete();
            compact.delete();
        }
    }
}

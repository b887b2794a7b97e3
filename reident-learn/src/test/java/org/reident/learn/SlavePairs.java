package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * Two slaves over the same rows asked the same seeded checks: sets of 1% to all of the records
 * (every tenth check all of them). Whether a set can be linked is a fact of the rows, not of an
 * LP's history, so both must answer alike; and the parameters the second returns for a linkable set
 * must link every kept record by the engine's margins. Shared by the tests of the slave's LP
 * rebuilds ({@link SlaveCompactionTest}, {@link SlavePurgeTest}).
 */
final class SlavePairs {
    private SlavePairs() {
    }

    /** Asks both slaves, built over {@code records} training records, {@code checks} seeded checks; returns how many sets were not linkable. */
    static int sameAnswers(LearnOptions o, LinkageData d, int records, ConflictSlave reference, ConflictSlave changed, long seed, int checks) {
        Random random = new Random(seed);
        double deadline = System.nanoTime() / 1e9 + 120;
        int infeasible = 0;
        for (int check = 0; check < checks; check++) {
            double share = check % 10 == 0 ? 1 : Math.exp(Math.log(0.01) * random.nextDouble()); // 1% to all
            boolean[] keep = new boolean[records];
            for (int r = 0; r < keep.length; r++) {
                keep[r] = random.nextDouble() < share;
            }
            int[] x = reference.check(keep, deadline);
            int[] y = changed.check(keep, deadline);
            String where = o.aggregator() + ", check " + check;
            assertEquals(x.length == 0, y.length == 0, where + ": linkable with both LPs or neither");
            if (y.length == 0) {
                LinkageResult l = LearnedModels.link(o, LearnedModels.toModel(o, changed.theta(), changed.features(), d), d);
                for (int r = 0; r < keep.length; r++) {
                    if (keep[r] && !changed.unlinkable(r)) {
                        assertTrue(l.margin(r) >= o.eps() / 2 - 1e-9, where + ", record " + r + ": margin " + l.margin(r));
                    }
                }
            }
            infeasible += x.length > 0 ? 1 : 0;
            reference.takeCuts(c -> { });
            changed.takeCuts(c -> { });
        }
        return infeasible;
    }
}

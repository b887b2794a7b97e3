package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * Conflicts from the master's nodes ({@link NodeSamples}, {@link NodeChecks#after}) are cuts
 * like any other: with every node of every master solve sampled and checked, the learner proves the
 * same optimum as without, and its parameters link it.
 */
class NodeConflictsTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();

    @Test
    void everyNodeCheckedGivesTheSameOptimum() {
        int used = 0;
        for (long seed = 61; seed <= 62; seed++) {
            LinkageData d = LearnFixtures.noise(40, 3, 50, seed);
            int[] all = LearnFixtures.all(40);
            for (Aggregator a : new Aggregator[] {Aggregator.BILINEAR, Aggregator.CHOQUET}) {
                LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60);
                LearnResult plain = new ConflictLearner(o).nodeChecks(Integer.MAX_VALUE, NodeSamples.EVERY).learn(d, all);
                LearnResult nodes = new ConflictLearner(o).nodeChecks(0, 0).learn(d, all);
                String what = a + ", seed " + seed + ": " + nodes.solver();
                assertEquals("OPTIMAL", plain.status(), what);
                assertEquals("OPTIMAL", nodes.status(), what);
                assertEquals(plain.bound(), nodes.bound(), what);
                LearnFixtures.checkResult(what, nodes, d, all, EPS);
                used += nodes.solver().contains("of the master's nodes") ? 1 : 0;
            }
        }
        assertTrue(used > 0, "no run took a conflict from the master's nodes");
    }
}

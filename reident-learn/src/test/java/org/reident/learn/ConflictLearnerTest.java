package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Standardization;

/**
 * The slave and the deletion filter of the cuts formulation on a hand-made file of three clusters,
 * standardised with the original's mean and sd (so identical pairs stay at distance 0):
 * <ul>
 * <li>record 0 (A) at (0, 0), protected at (0, 3); record 1 at (2, 0), published unchanged. A beats
 * rival 1 iff 4 w1 / s1^2 - 9 w2 / s2^2 > 0: weight mostly on v1;</li>
 * <li>record 2 (B) at (100, 100), protected at (103, 100); record 3 at (100, 102), unchanged. B beats
 * rival 3 iff -9 w1 / s1^2 + 4 w2 / s2^2 > 0: weight mostly on v2;</li>
 * <li>record 4 at (-100, 100), unchanged, far from everything.</li>
 * </ul>
 * With s1 close to s2, A and B conflict (no weighting links both) and every other record is linked
 * by any weighting: the only irreducible conflict is {A, B}, and the optimum links 4 of 5.
 */
class ConflictLearnerTest {
    private static final double[] X = {0, 0, 2, 0, 100, 100, 100, 102, -100, 100};
    private static final double[] Y = {0, 3, 2, 0, 103, 100, 100, 102, -100, 100};

    private static LearnOptions options() {
        LearnOptions d = LearnOptions.defaults(Aggregator.WM).withTimeLimit(30);
        return new LearnOptions(d.aggregator(), d.solver(), d.timeLimit(), d.eps(), d.delta(), d.rivals(),
                Standardization.ORIGINAL, null, d.solverParameters(), d.threads(), null);
    }

    @Test
    void theConflictIsShrunkToTheTwoRecordsThatCompete() {
        LinkageData data = LearnFixtures.data(X, Y, 5, 2);
        int[] all = LearnFixtures.all(5);
        ConflictSlave slave = new ConflictSlave(options(), data, all);
        try {
            int[] conflict = slave.check(new boolean[] {true, true, true, true, true}, System.nanoTime() / 1e9 + 30);
            assertTrue(conflict.length >= 2, "all five cannot be linked: " + Arrays.toString(conflict));
            slave.shrinkLater(conflict, Double.POSITIVE_INFINITY); // shrunk on the filter's thread while the checks below go on
            // without A (or without B) the rest is linkable
            assertEquals(0, slave.check(new boolean[] {false, true, true, true, true}, System.nanoTime() / 1e9 + 30).length);
            double[] w = slave.theta();
            assertTrue(w[1] > w[0], "B needs the weight on v2: " + Arrays.toString(w));
            assertEquals(0, slave.check(new boolean[] {true, true, false, true, true}, System.nanoTime() / 1e9 + 30).length);
            assertTrue(slave.theta()[0] > slave.theta()[1], "A needs the weight on v1");
            List<int[]> cuts = new ArrayList<>();
            slave.takeCuts(cuts::add);
            assertEquals(1, cuts.size());
            int[] shrunk = cuts.get(0);
            Arrays.sort(shrunk);
            assertArrayEquals(new int[] {0, 2}, shrunk);
            assertEquals(0, slave.fallbacks());
        } finally {
            slave.delete();
        }
    }

    @Test
    void theOptimumGivesUpOneOfTheTwo() {
        LinkageData data = LearnFixtures.data(X, Y, 5, 2);
        LearnResult r = new ConflictLearner(options()).learn(data, LearnFixtures.all(5));
        assertEquals("OPTIMAL", r.status());
        assertEquals(4, r.bound());
        assertEquals(4, r.trainingLinked());
        // the first check finds the conflict (and links four); the master's bound of four then meets the
        // incumbent before a second check (0 when the weight cells prove it first)
        assertTrue(r.rounds() <= 1, r.rounds() + " rounds");
        LearnFixtures.checkResult("three clusters", r, data, LearnFixtures.all(5), options().eps());
    }

    /** A limit that ends before the first set is checked: no round is reported, and no proof. */
    @Test
    void aLimitEndingBeforeTheFirstCheckReportsNoRound() {
        LinkageData data = LearnFixtures.data(X, Y, 5, 2);
        LearnOptions o = options().withTimeLimit(1e-9);
        LearnResult r = new ConflictLearner(o).learn(data, LearnFixtures.all(5));
        assertEquals(0, r.rounds());
        assertEquals("FEASIBLE", r.status());
        assertEquals(5, r.bound(), "no conflict found: only the unlinkable records are ruled out");
    }
}

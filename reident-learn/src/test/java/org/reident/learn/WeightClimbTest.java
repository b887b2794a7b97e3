package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * {@link WeightClimb}: every incumbent it reports is the exact count of its weights (checked
 * against {@link PlainMilp#linkedWithMargin}, which evaluates the definitions pair by pair), never
 * below its start and never above the optimum the cuts prove; its quick estimate never falls
 * below the exact count, and equals it once that w has been counted exactly.
 */
class WeightClimbTest {
    private static WeightClimb climb(Aggregator a, LinkageData d, int[] train) {
        LearnOptions o = LearnOptions.defaults(a);
        double[][] z = Distances.standardized(d, Standardization.OWN);
        Features f = new Features(a, z[0], z[1], d.dimension());
        return new WeightClimb(f, d.maskedCount(), train, d.truth(), a == Aggregator.OWA, o.eps(),
                a == Aggregator.WM_M ? o.delta() : 0);
    }

    private static int reference(Aggregator a, LinkageData d, int[] train, double[] w) {
        return PlainMilp.linkedWithMargin(a, d, train, w, LearnOptions.defaults(a).eps(), 0);
    }

    private static double[] uniform(int n) {
        double[] w = new double[n];
        Arrays.fill(w, 1.0 / n);
        return w;
    }

    @Test
    void itsIncumbentIsExactAndLiesBetweenItsStartAndTheOptimum() {
        int checked = 0;
        int gained = 0;
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = seed % 2 == 0 ? LearnFixtures.noise(250, 4, 60, seed) : LearnFixtures.mdavPairs(250, 4, 5, seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.WM_M, Aggregator.OWA)) {
                String what = a + " seed " + seed;
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status(), what);
                double[] start = uniform(4);
                int atStart = reference(a, d, all, start);
                WeightClimb c = climb(a, d, all);
                c.run(start, StopRequest.now() + 0.3, seed);
                WeightClimb.Found f = c.found();
                assertEquals(reference(a, d, all, f.weights()), f.linked(), what + ": the count of its weights");
                assertTrue(f.linked() >= atStart, what + ": " + f.linked() + " below its start " + atStart);
                assertTrue(f.linked() <= exact.milpLinked(), what + ": " + f.linked() + " above the optimum " + exact.milpLinked());
                double sum = 0;
                for (double w : f.weights()) {
                    assertTrue(w >= (a == Aggregator.WM_M ? LearnOptions.defaults(a).delta() - 1e-12 : 0), what + ": weight " + w);
                    sum += w;
                }
                assertEquals(1, sum, 1e-12, what + ": weights on the simplex");
                gained += f.linked() > atStart ? 1 : 0;
                checked++;
            }
        }
        assertEquals(12, checked);
        assertTrue(gained >= 6, "the climb improved on AM in " + gained + " of 12 cases");
    }

    @Test
    void itsEstimateBoundsTheExactCountAndMeetsItOnceCounted() {
        for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
            LinkageData d = LearnFixtures.noise(200, 5, 40, 7);
            int[] all = LearnFixtures.all(200);
            WeightClimb c = climb(a, d, all);
            c.run(uniform(5), StopRequest.now() + 0.2, 3); // the records keep some rivals
            SplittableRandom rnd = new SplittableRandom(11);
            for (int trial = 0; trial < 100; trial++) {
                double[] w = new double[5];
                double s = 0;
                for (int k = 0; k < 5; k++) {
                    w[k] = -Math.log(1 - rnd.nextDouble());
                    s += w[k];
                }
                for (int k = 0; k < 5; k++) {
                    w[k] /= s;
                }
                int truth = reference(a, d, all, w);
                String what = a + " trial " + trial;
                assertTrue(c.estimate(w) >= truth, what + ": estimate " + c.estimate(w) + " below " + truth);
                assertEquals(truth, c.exact(w, Double.POSITIVE_INFINITY), what + ": exact count");
                assertEquals(truth, c.estimate(w), what + ": estimate once counted");
            }
        }
    }

    @Test
    void pastItsDeadlineItReportsNothing() {
        LinkageData d = LearnFixtures.noise(200, 4, 40, 5);
        WeightClimb c = climb(Aggregator.WM, d, LearnFixtures.all(200));
        c.run(uniform(4), StopRequest.now() - 1, 1);
        assertEquals(-1, c.found().linked());
        assertEquals(0, c.proposals());
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * {@link Incumbent}: a vector's count is the definitions' count of records linked with margin eps
 * from eps (1 - 1e-3) ({@link PlainMilp#linkedWithMargin}, pair by pair), the incumbent is the best
 * so far, unlinkable records never count, and a linkable set more than {@link Incumbent#NEAR} records
 * short of the incumbent is not taken, whatever its parameters would link.
 */
class IncumbentTest {
    private static final Aggregator WM = Aggregator.WM;

    private static Incumbent incumbent(LinkageData d, int[] train, boolean[] unlinkable) {
        double[][] z = Distances.standardized(d, Standardization.OWN);
        Features f = new Features(WM, z[0], z[1], d.dimension());
        return new Incumbent(LearnOptions.defaults(WM), f, d, train, unlinkable, LearnedModels.neutral(WM, f));
    }

    private static int reference(LinkageData d, int[] train, double[] w) {
        double eps = LearnOptions.defaults(WM).eps();
        return PlainMilp.linkedWithMargin(WM, d, train, w, eps, eps * 1e-3);
    }

    private static double[] simplex(SplittableRandom rnd, int n) {
        double[] w = new double[n];
        double s = 0;
        for (int k = 0; k < n; k++) {
            w[k] = -Math.log(1 - rnd.nextDouble()); // uniform on the simplex once normalised
            s += w[k];
        }
        for (int k = 0; k < n; k++) {
            w[k] /= s;
        }
        return w;
    }

    @Test
    void theIncumbentIsTheBestSeedByTheDefinitionsCount() {
        for (long seed = 1; seed <= 3; seed++) {
            LinkageData d = LearnFixtures.noise(300, 3, 15, seed);
            int[] all = LearnFixtures.all(300);
            Incumbent inc = incumbent(d, all, new boolean[300]);
            assertEquals(-1, inc.kept());
            assertEquals(null, inc.linkage());
            SplittableRandom rnd = new SplittableRandom(seed);
            int best = -1;
            int distinct = 0;
            for (int t = 0; t < 25; t++) {
                double[] w = simplex(rnd, 3);
                int ref = reference(d, all, w);
                boolean taken = inc.seed(w, true);
                // taken when it links more with margin eps; never when it links fewer (ties go by the strict count)
                assertEquals(true, ref > best ? taken : ref == best || !taken, "seed " + seed + ", vector " + t + ": " + ref
                        + " against " + best + ", taken " + taken);
                distinct += ref > best ? 1 : 0;
                best = Math.max(best, ref);
                assertEquals(best, inc.kept(), "seed " + seed + ", vector " + t);
                assertEquals(LearnedModels.strictCount(inc.linkage(), all), inc.count());
                assertEquals(best, reference(d, all, inc.theta()), "the incumbent's parameters make its count");
            }
            assertTrue(distinct >= 2, "the incumbent changed: " + distinct);
        }
    }

    @Test
    void unlinkableRecordsNeverCount() {
        LinkageData d = LearnFixtures.noise(300, 3, 15, 1);
        int[] all = LearnFixtures.all(300);
        double[] w = {0.2, 0.3, 0.5};
        boolean[] half = new boolean[300];
        for (int r = 0; r < 300; r += 2) {
            half[r] = true;
        }
        int[] odd = new int[150];
        for (int i = 0; i < 150; i++) {
            odd[i] = 2 * i + 1;
        }
        Incumbent inc = incumbent(d, all, half);
        assertTrue(inc.seed(w, true));
        assertEquals(reference(d, odd, w), inc.kept());
        assertTrue(inc.kept() > 0 && inc.kept() < reference(d, all, w), inc.kept() + " of " + reference(d, all, w));
    }

    @Test
    void aSetFarShortOfTheIncumbentIsNotTaken() {
        LinkageData d = LearnFixtures.noise(300, 3, 15, 2);
        int[] all = LearnFixtures.all(300);
        SplittableRandom rnd = new SplittableRandom(7);
        double[] best = null;
        double[] worst = null;
        for (int t = 0; t < 40; t++) {
            double[] w = simplex(rnd, 3);
            if (best == null || reference(d, all, w) > reference(d, all, best)) {
                best = w;
            }
            if (worst == null || reference(d, all, w) < reference(d, all, worst)) {
                worst = w;
            }
        }
        int high = reference(d, all, best);
        int low = reference(d, all, worst);
        assertTrue(high > low + Incumbent.NEAR + 1, low + " against " + high);
        Incumbent inc = incumbent(d, all, new boolean[300]);
        assertTrue(inc.seed(worst, true));
        // the best vector offered with a set NEAR + 1 short of the incumbent: not linked, not taken
        assertFalse(inc.offer(best.clone(), low - Incumbent.NEAR - 1));
        assertEquals(low, inc.kept());
        // NEAR short: linked, and the engine counts what its parameters link beyond the set
        double[] offered = best.clone();
        assertTrue(inc.offer(offered, low - Incumbent.NEAR));
        assertEquals(high, inc.kept());
        assertSame(offered, inc.theta(), "the slave's vector is kept as given");
        // a set the slave found linkable counts in full even where the engine counts fewer
        assertTrue(inc.offer(worst.clone(), high + 1));
        assertEquals(high + 1, inc.kept());

        // a standard start is the incumbent but not the rule's reference: a set far below it is still linked
        Incumbent started = incumbent(d, all, new boolean[300]);
        assertTrue(started.seed(best, false));
        assertEquals(high, started.kept());
        assertEquals(-1, started.nearKept());
        assertFalse(started.offer(worst.clone(), 0), "linked, and worse than the start");
        assertEquals(low, started.nearKept(), "the engine's count of the set's parameters");
        assertEquals(high, started.kept());
        assertFalse(started.offer(best.clone(), low - Incumbent.NEAR - 1), "now far below the reference");
        assertEquals(low, started.nearKept());
    }
}

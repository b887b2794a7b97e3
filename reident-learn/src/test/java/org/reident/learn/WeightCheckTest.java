package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;

/**
 * {@link WeightCheck}, `reident verify`'s own search over the weights: on seeded files of WM, WM_m and
 * OWA it proves exactly the optimum the learner proves (tested against the weight line's sweep in
 * {@code WeightLineSweepTest}) and never one record less; on the weight line no grid point links more
 * than it proves; through {@link CertificateCheck} it verifies a learner's bound that no conflict
 * supports, and refuses one below it.
 */
class WeightCheckTest {
    private record Case(Aggregator a, int records, int n, double percent, long seed) {
    }

    private static final List<Case> CASES = List.of(
            new Case(Aggregator.WM, 50, 2, 40, 31),
            new Case(Aggregator.WM, 60, 3, 50, 32),
            new Case(Aggregator.WM_M, 60, 3, 40, 33),
            new Case(Aggregator.OWA, 60, 3, 40, 34),
            new Case(Aggregator.WM, 50, 4, 60, 35),
            new Case(Aggregator.OWA, 50, 4, 50, 36));

    private static WeightCheck search(LearnOptions o, LinkageData d, int[] train, List<int[]> conflicts) {
        double[][] z = Distances.standardized(d, o.standardization());
        Features f = new Features(o.aggregator(), z[0], z[1], d.dimension());
        double delta = o.aggregator() == Aggregator.WM_M ? o.delta() : 0;
        WeightThreats threats = new WeightThreats(f, d, train, new boolean[train.length], o.eps(), delta);
        return new WeightCheck(threats, train.length, o.eps(), conflicts);
    }

    /**
     * To the learner's proven optimum every cell closes and the bound is that optimum (a cell holds
     * the optimal weights, so it can be no less); asked for one record less, the search never closes
     * the cells around the optimum, and what it reports when its time is up is at least the optimum.
     */
    @Test
    void provesTheLearnersOptimumAndNeverOneLess() {
        for (Case c : CASES) {
            LinkageData d = LearnFixtures.noise(c.records, c.n, c.percent, c.seed);
            int[] all = LearnFixtures.all(c.records);
            String what = c.toString();
            LearnResult r = LearnFixtures.learn(c.a, d, all);
            assertEquals("OPTIMAL", r.status(), what);
            int opt = r.bound();
            LearnOptions o = LearnOptions.defaults(c.a);
            WeightCheck.Result proven = search(o, d, all, List.of()).prove(opt, StopRequest.now() + 60, 2, null);
            assertTrue(proven.complete(), what + ": every cell closed at the optimum " + opt);
            assertEquals(opt, proven.bound(), what);
            WeightCheck.Result less = search(o, d, all, List.of()).prove(opt - 1, StopRequest.now() + 1.5, 2, null);
            assertFalse(less.complete() && less.bound() < opt, what + ": one record below the optimum is never proven");
            assertTrue(less.bound() >= opt, what + ": " + less);
            if (c.n == 2) {
                int grid = gridMaximum(o, d, all, 4000);
                assertTrue(grid <= proven.bound(), what + ": a grid point links " + grid);
                assertTrue(grid >= opt - 1, what + ": the grid comes near the optimum (" + grid + ")");
            }
        }
    }

    /**
     * The learner's bound in a block with no conflicts at all: only the search over the weights can
     * prove it, and does (OPTIMAL, verified); the same block claiming one record less is refused.
     */
    @Test
    void certificateCheckProvesACellBoundWithNoConflicts() throws InterruptedException {
        Case c = CASES.get(1);
        LinkageData d = LearnFixtures.noise(c.records, c.n, c.percent, c.seed);
        int[] all = LearnFixtures.all(c.records);
        LearnResult r = LearnFixtures.learn(c.a, d, all);
        assertEquals("OPTIMAL", r.status());
        LearnOptions o = LearnOptions.defaults(c.a);
        double[] theta = r.model().values();
        ConflictFile.Block block = new ConflictFile.Block(o.eps(), r.bound(), theta, r.bound(), List.of());
        CertificateCheck.Outcome v = CertificateCheck.check(o, d, all, block, 30, CertificateCheck.Cover.SCIP);
        assertNotNull(v.weights(), "the conflicts alone fall short: the weights are searched");
        assertTrue(v.weights().complete());
        assertEquals(r.bound(), v.bound());
        assertTrue(v.boundVerified());
        assertTrue(v.optimal(), "the learned weights link " + v.bestLinked());
        ConflictFile.Block less = new ConflictFile.Block(o.eps(), r.bound(), theta, r.bound() - 1, List.of());
        CertificateCheck.Outcome w = CertificateCheck.check(o, d, all, less, 1.5, CertificateCheck.Cover.SCIP);
        assertFalse(w.boundVerified(), "a bound below the optimum: " + w.bound());
        assertTrue(w.bound() >= r.bound());
        Aggregator sb = Aggregator.BILINEAR;
        ConflictFile.Block none = new ConflictFile.Block(o.eps(), -1, null, 1, List.of());
        assertNull(CertificateCheck.check(LearnOptions.defaults(sb), d, all, none, 1, CertificateCheck.Cover.SCIP).weights(),
                "no search over the weights for a family whose parameters are not weights");
    }

    /**
     * Two rivals rule a record out of a cell exactly when some mix t a + (1 - t) b is below eps at
     * every vertex. By hand on the weight line's two vertices: rivals crossing at the centre strictly
     * below eps rule it out, rivals that both reach eps exactly at the centre (where the record is
     * linked with margin eps) do not. Then 20,000 seeded random pairs on 2 to 6 vertices against the
     * exact minimum over t of the largest mix (at t = 0, t = 1 or where two vertices' lines meet).
     */
    @Test
    void aPairRulesOutExactlyWhenSomeMixIsBelowEpsEverywhere() {
        double eps = 1e-4;
        assertTrue(RivalPairs.separates(new double[] {eps - 1, eps + 0.5}, 0, new double[] {eps + 0.5, eps - 1}, 0, 2, eps));
        assertFalse(RivalPairs.separates(new double[] {eps - 1, eps + 1}, 0, new double[] {eps + 1, eps - 1}, 0, 2, eps),
                "both rivals at eps exactly at the centre: the record is linked there");
        assertFalse(RivalPairs.separates(new double[] {eps - 1, eps - 1}, 0, new double[] {eps + 1, eps + 1}, 0, 2, eps - 2),
                "t = 1 reaches eps - 1, not below eps - 2");
        java.util.SplittableRandom r = new java.util.SplittableRandom(89);
        int found = 0;
        for (int trial = 0; trial < 20_000; trial++) {
            int n = 2 + r.nextInt(5);
            double[] a = new double[n];
            double[] b = new double[n];
            for (int v = 0; v < n; v++) {
                a[v] = r.nextDouble(-1, 1.2);
                b[v] = r.nextDouble(-1, 1.2);
            }
            double least = leastLargestMix(a, b);
            boolean says = RivalPairs.separates(a, 0, b, 0, n, 0);
            if (least < -1e-9) {
                assertTrue(says, "trial " + trial + ": a mix reaches " + least);
            }
            if (says) {
                assertTrue(least < 1e-12, "trial " + trial + ": no mix is below 0, least " + least);
                found++;
            }
        }
        assertTrue(found > 1000 && found < 19_000, found + " of 20,000 pairs separate");
    }

    /** min over t in [0, 1] of max_v t a_v + (1 - t) b_v, a convex piecewise linear function of t. */
    private static double leastLargestMix(double[] a, double[] b) {
        java.util.List<Double> ts = new java.util.ArrayList<>(List.of(0.0, 1.0));
        for (int u = 0; u < a.length; u++) {
            for (int v = u + 1; v < a.length; v++) {
                double su = a[u] - b[u];
                double sv = a[v] - b[v];
                if (su != sv) {
                    double t = (b[v] - b[u]) / (su - sv); // b_u + t su = b_v + t sv
                    if (t > 0 && t < 1) {
                        ts.add(t);
                    }
                }
            }
        }
        double least = Double.POSITIVE_INFINITY;
        for (double t : ts) {
            double most = Double.NEGATIVE_INFINITY;
            for (int v = 0; v < a.length; v++) {
                most = Math.max(most, t * a[v] + (1 - t) * b[v]);
            }
            least = Math.min(least, most);
        }
        return least;
    }

    /**
     * The most records that lambda = (k / steps, 1 - k / steps) links with margin eps, k = 0 .. steps,
     * counted pair by pair from the standardised values with the family's distances (WM and WM_m: the
     * weighted squared differences; OWA: the weighted sorted ones), no rival left out.
     */
    private static int gridMaximum(LearnOptions o, LinkageData d, int[] train, int steps) {
        double[][] z = Distances.standardized(d, o.standardization());
        int n = d.dimension();
        double delta = o.aggregator() == Aggregator.WM_M ? o.delta() : 0;
        int best = 0;
        for (int k = 0; k <= steps; k++) {
            double l = (double) k / steps;
            double[] w = {delta + (1 - n * delta) * l, delta + (1 - n * delta) * (1 - l)};
            int linked = 0;
            for (int i : train) {
                int t = d.truth()[i];
                double own = distance(o.aggregator(), z, i, t, w);
                boolean ok = true;
                for (int j = 0; j < d.maskedCount() && ok; j++) {
                    ok = j == t || distance(o.aggregator(), z, i, j, w) - own >= o.eps();
                }
                linked += ok ? 1 : 0;
            }
            best = Math.max(best, linked);
        }
        return best;
    }

    private static double distance(Aggregator a, double[][] z, int i, int j, double[] w) {
        double c0 = sq(z[0][2 * i] - z[1][2 * j]);
        double c1 = sq(z[0][2 * i + 1] - z[1][2 * j + 1]);
        if (a == Aggregator.OWA) {
            return w[0] * Math.max(c0, c1) + w[1] * Math.min(c0, c1);
        }
        return w[0] * c0 + w[1] * c1;
    }

    private static double sq(double v) {
        return v * v;
    }

    /**
     * A record whose first {@link WeightCheck#WORKING} rivals (by least sum) rule it out only where
     * lambda_1 is above about 0.23 and whose next rival rules it out where lambda_1 is below 0.8 is
     * linked nowhere: the search looks at that rival once the first ones are dropped near e_2 (a new
     * rival or more at each split, {@link WeightCheck#SCAN}) and proves that no weight links it. The
     * same record without that rival is linked near e_2, and the search never proves it lost.
     */
    @Test
    void aRivalPastTheFirstOnesIsLookedAtInTime() {
        int w = WeightCheck.WORKING;
        double[] first = new double[2 * w];
        for (int r = 0; r < w; r++) {
            int i = w - 1 - r; // least sum first: -7 - 0.9 i
            first[2 * r] = -(10 + i);
            first[2 * r + 1] = 3 + 0.1 * i; // none dominates another; each below 0 from lambda_1 = 0.23-0.25 up
        }
        double[] withLater = java.util.Arrays.copyOf(first, 2 * w + 2);
        withLater[2 * w] = 0.5;
        withLater[2 * w + 1] = -2; // below 0 where lambda_2 > 0.2
        WeightCheck.Result r = new WeightCheck(new WeightThreats(2, new double[][] {withLater}), 1, 1e-4, List.of())
                .prove(0, StopRequest.now() + 30, 1, null);
        assertTrue(r.complete(), r.toString());
        assertEquals(0, r.bound(), "no weight links the record");
        WeightCheck.Result without = new WeightCheck(new WeightThreats(2, new double[][] {first}), 1, 1e-4, List.of())
                .prove(0, StopRequest.now() + 1, 1, null);
        assertEquals(1, without.bound(), "weights near e_2 link it: " + without);
        assertFalse(without.complete(), without.toString());
    }
}

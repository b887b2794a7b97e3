package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.PairwiseDistance;
import org.reident.linkage.LinkageResult;

/**
 * The hierarchy of optima of DESIGN.md section 2 on seeded files: every family that contains a
 * parametrisation of another can only link more (CI >= WM >= WM_m, CI >= CI_m >= WM_m, CI >= OWA,
 * SB_NC >= SB >= WM, MD* >= WM), every family contains AM (so links at least the records AM links with
 * margin eps), and each result satisfies {@link LearnFixtures#checkResult}. The comparisons use the
 * MILP objective, the quantity the MILP optimises; all runs must be proven optimal.
 */
class HierarchyInvariantsTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();
    private static final long[] SEEDS = {1, 2, 3, 4};
    private static final double[] NOISE = {20, 30, 40, 35};

    @Test
    void noiseFiles() {
        for (int s = 0; s < SEEDS.length; s++) {
            LinkageData d = LearnFixtures.noise(30, 3, NOISE[s], SEEDS[s]);
            check("noise " + NOISE[s] + "% seed " + SEEDS[s], d,
                    List.of(Aggregator.WM, Aggregator.WM_M, Aggregator.OWA, Aggregator.CHOQUET, Aggregator.CHOQUET_M));
        }
    }

    @Test
    void microaggregatedPairs() {
        for (long seed : SEEDS) {
            LinkageData d = LearnFixtures.mdavPairs(30, 4, 3, seed);
            check("mdav k=3 on (v1,v2),(v3,v4) seed " + seed, d, List.of(Aggregator.values()));
        }
    }

    @Test
    void bilinearOnTwoNoisyVariables() {
        for (long seed : new long[] {5, 6}) {
            LinkageData d = LearnFixtures.noise(25, 2, 30, seed);
            check("noise 30% n=2 seed " + seed, d, List.of(Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR,
                    Aggregator.BILINEAR_NC, Aggregator.MD_STAR));
        }
    }

    private static void check(String what, LinkageData d, List<Aggregator> aggregators) {
        int[] all = LearnFixtures.all(d.originalCount());
        LinkageResult am = LearnFixtures.am(d);
        int amEps = LearnFixtures.amEpsCount(am, all, EPS);
        assertTrue(amEps <= am.reidentified(), what);
        Map<Aggregator, Integer> opt = new EnumMap<>(Aggregator.class);
        for (Aggregator a : aggregators) {
            LearnResult r = LearnFixtures.learn(a, d, all);
            String w = what + ", " + a;
            assertEquals("OPTIMAL", r.status(), w + ": a small instance must be solved to optimality");
            LearnFixtures.checkResult(w, r, d, all, EPS);
            assertTrue(r.milpLinked() >= amEps, w + ": optimum " + r.milpLinked() + " below AM's " + amEps
                    + " records linked with margin eps (AM is in every family)");
            if (a.signConstrained()) {
                assertTrue(minimumDistance(r, d, all) >= -1e-9, w + ": the learned distance is negative on a data pair");
            }
            opt.put(a, r.milpLinked());
        }
        geq(what, opt, Aggregator.CHOQUET, Aggregator.WM);
        geq(what, opt, Aggregator.WM, Aggregator.WM_M);
        geq(what, opt, Aggregator.CHOQUET, Aggregator.CHOQUET_M);
        geq(what, opt, Aggregator.CHOQUET_M, Aggregator.WM_M);
        geq(what, opt, Aggregator.CHOQUET, Aggregator.OWA);
        geq(what, opt, Aggregator.BILINEAR_NC, Aggregator.BILINEAR);
        geq(what, opt, Aggregator.BILINEAR, Aggregator.WM);
        geq(what, opt, Aggregator.MD_STAR, Aggregator.WM);
        System.out.println(what + ": AM strict " + am.reidentified() + ", AM with margin eps " + amEps + ", optima " + opt);
    }

    /** The smallest learned distance between a training record and any reference record. */
    private static double minimumDistance(LearnResult r, LinkageData d, int[] train) {
        PairwiseDistance p = Distances.prepare(r.model().method(), r.model(), d,
                new DistanceOptions(r.model().standardization(), 2, false));
        double[] row = new double[p.referenceCount()];
        double min = Double.POSITIVE_INFINITY;
        for (int i : train) {
            p.block(i, 0, row.length, row);
            for (double v : row) {
                min = Math.min(min, v);
            }
        }
        return min;
    }

    private static void geq(String what, Map<Aggregator, Integer> opt, Aggregator big, Aggregator small) {
        if (opt.containsKey(big) && opt.containsKey(small)) {
            assertTrue(opt.get(big) >= opt.get(small), what + ": optimum(" + big + ") = " + opt.get(big) + " < optimum(" + small
                    + ") = " + opt.get(small));
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * {@link LoneRecords}: a hand case where two rivals rule a record out together though neither does
 * alone, and on the weight line (WM on two variables, w = (a, 1 - a)) the exact answer: each rival
 * confines a to an interval, and the record can be linked against them exactly when the intervals
 * meet (seeded records, cases within 1e-6 of the edge left out).
 */
class LoneRecordsTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void twoRivalsRuleOutWhatNeitherDoesAlone() {
        // query (0, 0); true match (1, 1): c = (1, 1). Rival 1 at (0, sqrt 1.5): e = (-1, 0.5);
        // rival 2 at (sqrt 1.5, 0): e = (0.5, -1). Each alone: w = (0, 1) or (1, 0) gives 0.5.
        // Together: -w1 + 0.5 w2 >= eps and 0.5 w1 - w2 >= eps add up to -(w1 + w2) / 2 >= 2 eps.
        double s = Math.sqrt(1.5);
        Features f = new Features(Aggregator.WM, new double[] {0, 0}, new double[] {1, 1, 0, s, s, 0}, 2);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        assertTrue(check(o, f, new int[] {1, 2}));
        assertFalse(check(o, f, new int[] {1}));
        assertFalse(check(o, f, new int[] {2}));
        // one LP kept from record to record (as each thread of the first rows keeps it): a row of
        // the last record must not stay behind, nor a freed row stay free
        try (LoneRecords lp = new LoneRecords(o, f, () -> { })) {
            assertTrue(check(lp, f, new int[] {1, 2}));
            assertFalse(check(lp, f, new int[] {1}));
            assertFalse(check(lp, f, new int[] {2}));
            assertTrue(check(lp, f, new int[] {2, 1}));
        }
        // CI is richer: with mu({1}) = a, mu({2}) = b, CI(0, 1.5) = 1.5 b and CI(1.5, 0) = 1.5 a, so
        // a = b = 0.7 (not additive) puts both rivals beyond the true match's CI(1, 1) = 1
        Features ci = new Features(Aggregator.CHOQUET, new double[] {0, 0}, new double[] {1, 1, 0, s, s, 0}, 2);
        assertFalse(check(LearnOptions.defaults(Aggregator.CHOQUET), ci, new int[] {1, 2}));
        // WM_m (weights >= delta) is within WM: still ruled out
        assertTrue(check(LearnOptions.defaults(Aggregator.WM_M), new Features(Aggregator.WM_M, new double[] {0, 0},
                new double[] {1, 1, 0, s, s, 0}, 2), new int[] {1, 2}));
    }

    @Test
    void onTheWeightLineTheAnswerIsExact() {
        Random rnd = new Random(5);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        double eps = o.eps();
        int ruledOut = 0;
        int linkable = 0;
        LoneRecords lp = new LoneRecords(o, new Features(Aggregator.WM, new double[2], new double[2], 2), () -> { });
        for (int trial = 0; trial < 400; trial++) {
            int rivals = 1 + rnd.nextInt(8);
            double[] ref = new double[2 * (rivals + 1)];
            for (int k = 0; k < ref.length; k++) {
                ref[k] = rnd.nextGaussian();
            }
            double[] query = {rnd.nextGaussian(), rnd.nextGaussian()};
            Features f = new Features(Aggregator.WM, query, ref, 2);
            // a in [lo, hi] with a e1 + (1 - a) e2 >= eps for every rival, e = c(j) - c(t)
            double lo = 0;
            double hi = 1;
            for (int j = 1; j <= rivals; j++) {
                double e1 = sq(query[0] - ref[2 * j]) - sq(query[0] - ref[0]);
                double e2 = sq(query[1] - ref[2 * j + 1]) - sq(query[1] - ref[1]);
                double slope = e1 - e2; // a * slope >= eps - e2
                if (slope > 0) {
                    lo = Math.max(lo, (eps - e2) / slope);
                } else if (slope < 0) {
                    hi = Math.min(hi, (eps - e2) / slope);
                } else if (e2 < eps) {
                    hi = -1;
                }
            }
            if (Math.abs(hi - lo) < 1e-6) {
                continue; // too close to call
            }
            int[] all = new int[rivals];
            for (int j = 0; j < rivals; j++) {
                all[j] = j + 1;
            }
            boolean out = hi < lo;
            assertEquals(out, check(o, f, all), "trial " + trial);
            assertEquals(out, check(lp, f, all), "trial " + trial + ", the LP kept from trial to trial");
            ruledOut += out ? 1 : 0;
            linkable += out ? 0 : 1;
        }
        lp.close();
        assertTrue(ruledOut > 50 && linkable > 50, ruledOut + " ruled out, " + linkable + " linkable");
    }

    @Test
    void runsOnlyOnLargeFilesOfTheMonotoneFamiliesWithFewParameters() {
        Features wm = new Features(Aggregator.WM, new double[6], new double[6], 6);
        assertTrue(LoneRecords.applies(LearnOptions.defaults(Aggregator.WM), wm, LoneRecords.FROM));
        assertFalse(LoneRecords.applies(LearnOptions.defaults(Aggregator.WM), wm, LoneRecords.FROM - 1));
        Features ci6 = new Features(Aggregator.CHOQUET, new double[6], new double[6], 6);
        assertTrue(LoneRecords.applies(LearnOptions.defaults(Aggregator.CHOQUET), ci6, LoneRecords.FROM));
        Features ci7 = new Features(Aggregator.CHOQUET, new double[7], new double[7], 7);
        assertFalse(LoneRecords.applies(LearnOptions.defaults(Aggregator.CHOQUET), ci7, LoneRecords.FROM));
        Features sb = new Features(Aggregator.BILINEAR, new double[2], new double[2], 2);
        assertFalse(LoneRecords.applies(LearnOptions.defaults(Aggregator.BILINEAR), sb, LoneRecords.FROM));
    }

    @Test
    void aPassedDeadlineFixesNothing() {
        double s = Math.sqrt(1.5);
        Features f = new Features(Aggregator.WM, new double[] {0, 0}, new double[] {1, 1, 0, s, s, 0}, 2);
        int[] order = new int[2];
        try (LoneRecords lp = new LoneRecords(LearnOptions.defaults(Aggregator.WM), f, () -> { })) {
            assertFalse(lp.unlinkable(f, 0, 0, new int[] {1, 2}, new Features.Accumulator(f.parameters()), new double[2],
                    new double[2], order, StopRequest.now() - 1));
            assertTrue(check(lp, f, new int[] {1, 2})); // and the LP still answers afterwards
        }
    }

    /**
     * In the first rows of a large noisy file (WM, 3 variables): it fixes more records than the
     * single-rival test, never one that AM links with margin eps (AM is a weighted mean), and no
     * weight vector of 300 seeded ones links a record it fixed; for the records AM links it skips
     * the LP, and the LP would indeed call each of them linkable.
     */
    @Test
    void onALargeFileItFixesOnlyUnlinkableRecords() {
        int records = LoneRecords.FROM;
        int n = 3;
        LinkageData d = LearnFixtures.noise(records, n, 60, 3);
        double[][] z = Distances.standardized(d, Standardization.OWN);
        Features f = new Features(Aggregator.WM, z[0], z[1], n);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        int[] train = LearnFixtures.all(records);
        FirstRows with = FirstRows.of(o, f, d, train, INF);
        FirstRows single = FirstRows.of(o, f, d, train, StopRequest.now() - 1); // passed: no LPs
        double[][] weights = new double[300][];
        Random rnd = new Random(11);
        for (int w = 0; w < weights.length; w++) {
            double a = -Math.log(rnd.nextDouble());
            double b = -Math.log(rnd.nextDouble());
            double c = -Math.log(rnd.nextDouble());
            weights[w] = new double[] {a / (a + b + c), b / (a + b + c), c / (a + b + c)};
        }
        weights[0] = new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3};
        double[] ci = new double[n];
        double[] ct = new double[n];
        double[] amMargin = new double[records];
        Features.Accumulator acc = new Features.Accumulator(f.parameters());
        int more = 0;
        int amLinked = 0;
        LoneRecords lp = new LoneRecords(o, f, () -> { });
        for (int r = 0; r < records; r++) {
            assertTrue(with.unlinkable(r) || !single.unlinkable(r), "record " + r);
            f.squaredDifferences(r, d.truth()[r], ct);
            double amMin = INF;
            for (int j = 0; j < records; j++) {
                f.squaredDifferences(r, j, ci);
                amMargin[j] = j == d.truth()[r] ? INF : (ci[0] + ci[1] + ci[2] - ct[0] - ct[1] - ct[2]) / n;
                amMin = Math.min(amMin, amMargin[j]);
            }
            if (amMin >= o.eps()) {
                amLinked++;
                assertFalse(with.unlinkable(r), "record " + r + " is linked by AM");
                int[] rivals = FirstRows.paretoRivals(f, r, amMargin, LoneRecords.RIVALS);
                assertFalse(lp.unlinkable(f, r, d.truth()[r], rivals, acc, ci, ct, new int[n], INF));
            }
            if (with.unlinkable(r) && !single.unlinkable(r)) {
                more++;
                for (double[] w : weights) {
                    assertTrue(margin(f, d, r, w, ci, ct) < o.eps(), "record " + r + " is linked by " + Arrays.toString(w));
                }
            }
        }
        lp.close();
        assertTrue(more > 20 && amLinked > 20, more + " more fixed, " + amLinked + " linked by AM");
    }

    /** min over rivals j of w . (c(r, j) - c(r, t)). */
    private static double margin(Features f, LinkageData d, int r, double[] w, double[] ci, double[] ct) {
        int t = d.truth()[r];
        f.squaredDifferences(r, t, ct);
        double min = INF;
        for (int j = 0; j < d.maskedCount(); j++) {
            if (j != t) {
                f.squaredDifferences(r, j, ci);
                double m = 0;
                for (int k = 0; k < w.length; k++) {
                    m += w[k] * (ci[k] - ct[k]);
                }
                min = Math.min(min, m);
            }
        }
        return min;
    }

    /** Query record 0, its true match reference 0, on a new LP. */
    private static boolean check(LearnOptions o, Features f, int[] rivals) {
        try (LoneRecords lp = new LoneRecords(o, f, () -> { })) {
            return check(lp, f, rivals);
        }
    }

    /** Query record 0, its true match reference 0, on this LP. */
    private static boolean check(LoneRecords lp, Features f, int[] rivals) {
        int n = f.dimension();
        return lp.unlinkable(f, 0, 0, rivals, new Features.Accumulator(f.parameters()), new double[n], new double[n], new int[n],
                INF);
    }

    private static double sq(double x) {
        return x * x;
    }
}

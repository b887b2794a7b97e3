package org.reident.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class IntervalDisclosureTest {
    private static PairedColumns one(double[] x, double[] y) {
        return InformationLossTest.columns(new double[][] {x}, new double[][] {y});
    }

    @Test
    void halfWidthIsTheLargestRankDifferenceBelowPPercent() {
        assertEquals(0, IntervalDisclosure.halfWidth(10, 10)); // 1 record: differences below 1
        assertEquals(1, IntervalDisclosure.halfWidth(20, 10));
        assertEquals(10, IntervalDisclosure.halfWidth(1, 1080)); // 10.8
        assertEquals(10, IntervalDisclosure.halfWidth(1, 1100)); // 11: a difference of 11 is not below 11
        assertEquals(0, IntervalDisclosure.halfWidth(1, 50));
    }

    /** y = 1..10, x = y + 0.5: with one rank either side every x but the last lies inside. */
    @Test
    void handComputed() {
        double[] y = {3, 1, 4, 10, 5, 9, 2, 6, 8, 7};
        double[] x = new double[10];
        for (int i = 0; i < 10; i++) {
            x[i] = y[i] + 0.5;
        }
        assertEquals(0, IntervalDisclosure.percent(one(x, y), 10), 1e-12); // the interval is the value itself
        assertEquals(90, IntervalDisclosure.percent(one(x, y), 20), 1e-12); // [y - 1, y + 1] within 1..10
        // [y - 2, y + 2]: the largest value's interval still ends at 10, below its 10.5
        assertEquals(90, IntervalDisclosure.percent(one(x, y), 30), 1e-12);
    }

    /** Tied protected values: the interval spans the whole tie and h ranks beyond it. */
    @Test
    void tiesWidenTheInterval() {
        double[] y = {5, 5, 5, 1, 9};
        double[] x = {4.9, 5.1, 1, 1, 9}; // sorted y: 1 5 5 5 9
        // p = 20%: h = 0, a 5's interval is [5, 5]: no x of the 5s inside (4.9, 5.1, 1); 1 and 9 inside
        assertEquals(40, IntervalDisclosure.percent(one(x, y), 20), 1e-12);
        // p = 40%: h = 1, a 5's interval is [1, 9]: all inside
        assertEquals(100, IntervalDisclosure.percent(one(x, y), 40), 1e-12);
    }

    @Test
    void unmaskedIsOneHundredAndWideningNeverLowers() {
        Random r = new Random(5);
        int n = 500;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.floor(r.nextGaussian() * 4);
            y[i] = x[i] + r.nextGaussian() * 2;
        }
        assertEquals(100, IntervalDisclosure.percent(one(x, x), 1), 0);
        double last = -1;
        for (int p = 1; p <= 100; p++) {
            double v = IntervalDisclosure.percent(one(x, y), p);
            assertTrue(v >= last, "p = " + p + ": " + v + " < " + last);
            last = v;
        }
    }

    /** Against a direct count from the definition: rank differences below p% of N. */
    @Test
    void matchesTheDefinitionOnSeededFiles() {
        Random r = new Random(17);
        for (int trial = 0; trial < 40; trial++) {
            int n = 2 + r.nextInt(60);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextInt(12);
                y[i] = r.nextBoolean() ? x[i] : r.nextInt(12); // many ties, some unmasked
            }
            double[] ps = {1 + r.nextInt(60), 1 + r.nextInt(60), 1 + r.nextInt(60)}; // several widths in one pass
            double[] got = IntervalDisclosure.percents(one(x, y), ps);
            for (int q = 0; q < ps.length; q++) {
                assertEquals(reference(x, y, ps[q]), got[q], 1e-12, "trial " + trial + ", p " + ps[q]);
            }
        }
    }

    /**
     * The definition pair by pair: sort y; the ranks of y_i's value are every position holding it;
     * the interval holds the values at positions within h of one of them (h from "less than p
     * percent of N"), and x_i is disclosed when some value of the interval is at most x_i and some is
     * at least x_i.
     */
    private static double reference(double[] x, double[] y, double p) {
        int n = x.length;
        double[] s = y.clone();
        java.util.Arrays.sort(s);
        int inside = 0;
        for (int i = 0; i < n; i++) {
            boolean below = false;
            boolean above = false;
            for (int a = 0; a < n; a++) {
                for (int t = 0; t < n; t++) {
                    if (s[t] == y[i] && Math.abs(a - t) < p * n / 100.0) {
                        below |= s[a] <= x[i];
                        above |= s[a] >= x[i];
                    }
                }
            }
            inside += below && above ? 1 : 0;
        }
        return 100.0 * inside / n;
    }
}

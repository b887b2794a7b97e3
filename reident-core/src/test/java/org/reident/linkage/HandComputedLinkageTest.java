package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.reident.linkage.ReferenceFixtures.data;
import static org.reident.linkage.ReferenceFixtures.model;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.PairwiseDistance;
import org.reident.distance.Standardization;

/**
 * Every distance of DESIGN.md section 2 on 3 records and 2 variables, computed by hand, checked
 * against the fast kernels ({@link Distances}) and the reference ({@link ReferenceDistances}); and
 * the counts (strict, expected) of {@link LinkageEngine} and {@link ReferenceLinkage}, ties included.
 */
class HandComputedLinkageTest {
    /**
     * Both columns of X are permutations of {-1, 0, 1}: mean 0, sd 1. Standardised with the original's
     * statistics (ORIGINAL), z = raw value in both files, so diff = x - y.
     */
    private static final double[][] X = {{-1, 0}, {0, 1}, {1, -1}};
    private static final double[][] Y = {{-1, 0.5}, {0.5, 1}, {1, -2}};
    private static final LinkageData A = data(X, Y);
    private static final DistanceOptions ORIG = new DistanceOptions(Standardization.ORIGINAL, 2, false);
    /*
     * diff = x_i - y_j and squared diffs (c1, c2):
     *   x0: y0 (0,-0.5)->(0,0.25)   y1 (-1.5,-1)->(2.25,1)   y2 (-2,2)->(4,4)
     *   x1: y0 (1,0.5)->(1,0.25)    y1 (-0.5,0)->(0.25,0)    y2 (-1,3)->(1,9)
     *   x2: y0 (2,-1.5)->(4,2.25)   y1 (0.5,-2)->(0.25,4)    y2 (0,1)->(0,1)
     */

    @Test
    void am() {
        // (c1 + c2) / 2
        double[][] d = {{0.125, 1.625, 4}, {0.625, 0.125, 5}, {3.125, 2.125, 0.5}};
        check(Method.AM, null, A, ORIG, d, 3, 3);
    }

    @Test
    void wm() {
        // p = (0.25, 0.75): x0y1 = 0.25*2.25 + 0.75*1 = 1.3125; x1y2 = 0.25 + 6.75 = 7; x2y0 = 1 + 1.6875
        double[][] d = {{0.1875, 1.3125, 4}, {0.4375, 0.0625, 7}, {2.6875, 3.0625, 0.75}};
        check(Method.WM, model(Method.WM, 2, 0.25, 0.75), A, ORIG, d, 3, 3);
    }

    @Test
    void owa() {
        // w = (0.75, 0.25) on the decreasing order: x0y1 = 0.75*2.25 + 0.25*1 = 1.9375;
        // x1y0 = 0.75*1 + 0.25*0.25 = 0.8125; x2y0 = 0.75*4 + 0.25*2.25 = 3.5625; x2y1 = 3 + 0.0625
        double[][] d = {{0.1875, 1.9375, 4}, {0.8125, 0.1875, 7}, {3.5625, 3.0625, 0.75}};
        check(Method.OWA, model(Method.OWA, 2, 0.75, 0.25), A, ORIG, d, 3, 3);
    }

    @Test
    void choquet() {
        // mu({}) = 0, mu({v1}) = 0.2, mu({v2}) = 0.5, mu({v1,v2}) = 1:
        // CI = min(c) * 1 + (max(c) - min(c)) * mu({argmax})
        // x0y0 (0,0.25): 0.25*0.5 = 0.125;  x0y1 (2.25,1): 1 + 1.25*0.2 = 1.25;  x0y2 (4,4): 4
        // x1y0 (1,0.25): 0.25 + 0.75*0.2 = 0.4;  x1y1 (0.25,0): 0.25*0.2 = 0.05;  x1y2 (1,9): 1 + 8*0.5 = 5
        // x2y0 (4,2.25): 2.25 + 1.75*0.2 = 2.6;  x2y1 (0.25,4): 0.25 + 3.75*0.5 = 2.125;  x2y2 (0,1): 0.5
        double[][] d = {{0.125, 1.25, 4}, {0.4, 0.05, 5}, {2.6, 2.125, 0.5}};
        check(Method.CHOQUET, model(Method.CHOQUET, 2, 0, 0.2, 0.5, 1), A, ORIG, d, 3, 3);
    }

    @Test
    void bilinear() {
        // Sigma = [[0.5, 0.25], [0.25, 0.5]]: 0.5 d1^2 + 0.5 d2^2 + 0.5 d1 d2
        // x0y1 (-1.5,-1): 1.125 + 0.5 + 0.75 = 2.375;  x0y2 (-2,2): 2 + 2 - 2 = 2
        // x1y0 (1,0.5): 0.5 + 0.125 + 0.25 = 0.875;  x1y2 (-1,3): 0.5 + 4.5 - 1.5 = 3.5
        // x2y0 (2,-1.5): 2 + 1.125 - 1.5 = 1.625;  x2y1 (0.5,-2): 0.125 + 2 - 0.5 = 1.625
        double[][] d = {{0.125, 2.375, 2}, {0.875, 0.125, 3.5}, {1.625, 1.625, 0.5}};
        check(Method.BILINEAR, model(Method.BILINEAR, 2, 0.5, 0.25, 0.25, 0.5), A, ORIG, d, 3, 3);
    }

    @Test
    void mdStar() {
        // MD* with Sigma = [[0.5, 0.25], [0.25, 0.5]]: 0.5 d1^2 + 0.5 d2^2 + 0.5 |d1| |d2|; equal to SB
        // when d1 d2 >= 0, larger by |d1 d2| otherwise:
        // x0y2 (-2,2): 2 + 2 + 2 = 6;  x1y2 (-1,3): 0.5 + 4.5 + 1.5 = 6.5
        // x2y0 (2,-1.5): 2 + 1.125 + 1.5 = 4.625;  x2y1 (0.5,-2): 0.125 + 2 + 0.5 = 2.625
        double[][] d = {{0.125, 2.375, 6}, {0.875, 0.125, 6.5}, {4.625, 2.625, 0.5}};
        check(Method.MD_STAR, model(Method.MD_STAR, 2, 0.5, 0.25, 0.25, 0.5), A, ORIG, d, 3, 3);
    }

    @Test
    void neutralModelsAreAm() {
        double[][] d = {{0.125, 1.625, 4}, {0.625, 0.125, 5}, {3.125, 2.125, 0.5}};
        for (Method m : new Method[] {Method.WM, Method.OWA, Method.CHOQUET, Method.BILINEAR, Method.MD_STAR}) {
            check(m, null, A, ORIG, d, 3, 3);
            check(m, DistanceModel.neutral(m, A.variables()), A, ORIG, d, 3, 3);
        }
    }

    @Test
    void kernelDegree2() {
        // K(u,v) = (1 + u.v)^2. K(x0,x0) = K(x1,x1) = 2^2 = 4, K(x2,x2) = 3^2 = 9;
        // K(y0,y0) = K(y1,y1) = 2.25^2 = 5.0625, K(y2,y2) = 6^2 = 36.
        // x.y: x0: 1, -0.5, -1 -> K 4, 0.25, 0;  x1: 0.5, 1, -2 -> K 2.25, 4, 1;
        //      x2: -1.5, -0.5, 3 -> K 0.25, 0.25, 16
        // d = Kxx - 2Kxy + Kyy: x0y0 = 4 - 8 + 5.0625 = 1.0625, x0y1 = 4 - 0.5 + 5.0625, x0y2 = 4 + 36
        //   x1y0 = 4 - 4.5 + 5.0625, x1y1 = 4 - 8 + 5.0625, x1y2 = 4 - 2 + 36
        //   x2y0 = x2y1 = 9 - 0.5 + 5.0625, x2y2 = 9 - 32 + 36 = 13
        double[][] d = {{1.0625, 8.5625, 40}, {4.5625, 1.0625, 38}, {13.5625, 13.5625, 13}};
        check(Method.KERNEL, null, A, ORIG, d, 3, 3);
    }

    /**
     * Raw values. Aligned differences x_i - y_i: (1,2), (-1,0), (0,-2): sd = (1, 2), covariance
     * S = [[1, 1], [1, 4]], S^-1 = [[4, -1], [-1, 1]] / 3.
     * Cov(X) = [[16, -4], [-4, 4]], Cov(Y) = [[21, 6], [6, 4]], S0 = [[37, 2], [2, 8]] (det 292),
     * S0^-1 = [[8, -2], [-2, 37]] / 292.
     * diff = x_i - y_j: x0: (1,2) (-5,-2) (-8,0); x1: (5,4) (-1,0) (-4,2); x2: (9,0) (3,-4) (0,-2).
     */
    private static final LinkageData RAW = data(new double[][] {{0, 0}, {4, 2}, {8, -2}},
            new double[][] {{-1, -2}, {5, 2}, {8, 0}});

    @Test
    void dbrl2() {
        // d1^2 / 1 + d2^2 / 4: x0y1 = 25 + 1; x1y0 = 25 + 4; x1y2 = 16 + 1; x2y1 = 9 + 4
        double[][] d = {{2, 26, 64}, {29, 1, 17}, {81, 13, 1}};
        check(Method.DBRL2, null, RAW, DistanceOptions.DEFAULT, d, 3, 3);
    }

    @Test
    void mahalanobisCov() {
        // (4 d1^2 - 2 d1 d2 + d2^2) / 3: x0y0 = (4 - 4 + 4)/3; x0y1 = (100 - 20 + 4)/3 = 28;
        // x1y0 = (100 - 40 + 16)/3; x1y2 = (64 + 16 + 4)/3 = 28; x2y1 = (36 + 24 + 16)/3; x2y0 = 324/3
        double[][] d = {{4 / 3.0, 28, 256 / 3.0}, {76 / 3.0, 4 / 3.0, 28}, {108, 76 / 3.0, 4 / 3.0}};
        check(Method.MD, null, RAW, DistanceOptions.DEFAULT, d, 3, 3);
    }

    @Test
    void mahalanobisCov0() {
        // (8 d1^2 - 4 d1 d2 + 37 d2^2) / 292: x0y0 = 8 - 8 + 148; x0y1 = 200 - 40 + 148 = 308;
        // x1y0 = 200 - 80 + 592 = 712; x1y2 = 128 + 32 + 148 = 308; x2y1 = 72 + 48 + 592 = 712
        double[][] d = {{148, 308, 512}, {712, 8, 308}, {648, 712, 148}};
        for (double[] row : d) {
            for (int j = 0; j < row.length; j++) {
                row[j] /= 292;
            }
        }
        check(Method.MD0, null, RAW, DistanceOptions.DEFAULT, d, 3, 3);
    }

    @Test
    void ownStandardisation() {
        // Y columns (5,3,1): mean 3, sd 2 -> z (1,0,-1); (10,20,30): mean 20, sd 10 -> z (-1,0,1).
        // z(Y) = (1,-1), (0,0), (-1,1); z(X) = X. AM = |zx - zy|^2 / 2:
        // x0: (-2,1) (-1,0) (0,-1) -> 2.5 0.5 0.5;  x1: (-1,2) (0,1) (1,0) -> 2.5 0.5 0.5;
        // x2: (0,0) (1,-1) (2,-2) -> 0 1 4.
        // x0: rank 3; x1: tied with y2 at 0.5 -> 1/2; x2: rank 3. strict 0, expected 0.5
        LinkageData own = data(X, new double[][] {{5, 10}, {3, 20}, {1, 30}});
        double[][] d = {{2.5, 0.5, 0.5}, {2.5, 0.5, 0.5}, {0, 1, 4}};
        LinkageResult r = check(Method.AM, null, own, DistanceOptions.DEFAULT, d, 0, 0.5);
        assertArrayEqualsPerRecord(r, new int[] {3, 1, 3}, new int[] {1, 2, 1}, new double[] {-2, 0, -4});
    }

    @Test
    void pooledStandardisation() {
        // Pooled columns (-1,0,1,-2,0,2) and (0,1,-1,0,2,-2): mean 0, sum of squares 10, var 10/5 = 2.
        // z = v / sqrt(2), so AM = |x - y|^2 / 4:
        // x0: (1,0) (-1,-2) (-3,2) -> 0.25 1.25 3.25;  x1: (2,1) (0,-1) (-2,3) -> 1.25 0.25 3.25;
        // x2: (3,-1) (1,-3) (-1,1) -> 2.5 2.5 0.5
        LinkageData pooled = data(X, new double[][] {{-2, 0}, {0, 2}, {2, -2}});
        double[][] d = {{0.25, 1.25, 3.25}, {1.25, 0.25, 3.25}, {2.5, 2.5, 0.5}};
        check(Method.AM, null, pooled, new DistanceOptions(Standardization.POOLED, 2, false), d, 3, 3);
    }

    @Test
    void twoIdenticalProtectedRecords() {
        // y0 = y1 = (0,0): AM x0: 0.5 0.5 2.5 (x0 - y2 = (-2,1)); x1: 0.5 0.5 2.5; x2: 1 1 0.
        // x0, x1: true match tied with the other copy -> 1/2 each, not strict; x2 strict.
        LinkageData ties = data(X, new double[][] {{0, 0}, {0, 0}, {1, -1}});
        double[][] d = {{0.5, 0.5, 2.5}, {0.5, 0.5, 2.5}, {1, 1, 0}};
        LinkageResult r = check(Method.AM, null, ties, ORIG, d, 1, 2);
        assertArrayEqualsPerRecord(r, new int[] {1, 1, 1}, new int[] {2, 2, 1}, new double[] {0, 0, 1});
        assertEquals(2, r.tiedAtTop());
    }

    @Test
    void threeWayTie() {
        // y0 = y1 = y2 = (0,0), y3 = (1,-1) unmatched. x0: 0.5 0.5 0.5 2.5 -> 1/3; x1: same -> 1/3;
        // x2: 1 1 1 0 -> true match y2 at 1 behind y3 at 0: rank 2, nothing. strict 0, expected 2/3.
        double[][] y = {{0, 0}, {0, 0}, {0, 0}, {1, -1}};
        LinkageData ties = data(X, y);
        double[][] d = {{0.5, 0.5, 0.5, 2.5}, {0.5, 0.5, 0.5, 2.5}, {1, 1, 1, 0}};
        LinkageResult r = check(Method.AM, null, ties, ORIG, d, 0, 2 / 3.0);
        assertArrayEqualsPerRecord(r, new int[] {1, 1, 2}, new int[] {3, 3, 3}, new double[] {0, 0, -1});
        assertEquals(3, r.tiesAtMin(0));
        assertEquals(1, r.tiesAtMin(2));
        assertEquals(3, r.linked(2));

        // Reverse: queries y0..y3, truth (0, 1, 2, -1). y0: to x 0.5 0.5 1 -> true x0 tied with x1: 1/2;
        // y1: same, 1/2; y2: true x2 at 1 behind x0, x1 at 0.5: rank 3; y3: no true match.
        DistanceOptions rev = new DistanceOptions(Standardization.ORIGINAL, 2, true);
        double[][] dr = {{0.5, 0.5, 1}, {0.5, 0.5, 1}, {0.5, 0.5, 1}, {2.5, 2.5, 0}};
        LinkageResult rr = check(Method.AM, null, ties, rev, dr, 0, 1);
        assertEquals(3, rr.records());
        assertArrayEqualsPerRecord(rr, new int[] {1, 1, 3, 0}, new int[] {2, 2, 1, 0}, new double[] {0, 0, -0.5, Double.NaN});
        assertEquals(2, rr.linked(3));
    }

    // -------------------------------------------------------------------------------------------

    /** Checks both implementations' distances against {@code d}, their results against each other and the counts. */
    private static LinkageResult check(Method m, DistanceModel model, LinkageData data, DistanceOptions o, double[][] d,
            int strict, double expected) {
        PairwiseDistance fast = Distances.prepare(m, model, data, o);
        ReferenceDistances ref = ReferenceDistances.of(m, model, data, o);
        assertEquals(d.length, fast.queryCount());
        assertEquals(d.length, ref.queryCount());
        for (int q = 0; q < d.length; q++) {
            assertEquals(d[q].length, fast.referenceCount());
            for (int j = 0; j < d[q].length; j++) {
                double tol = 1e-12 * Math.max(1, Math.abs(d[q][j]));
                assertEquals(d[q][j], fast.distance(q, j), tol, m + " fast d(" + q + "," + j + ")");
                assertEquals(d[q][j], ref.distance(q, j), tol, m + " reference d(" + q + "," + j + ")");
            }
        }
        int[] truth = o.reverse() ? data.reverseTruth() : data.truth();
        LinkageResult engine = new LinkageEngine(1).link(fast, truth);
        LinkageResult naive = ReferenceLinkage.link(m, model, data, o);
        for (LinkageResult r : new LinkageResult[] {engine, naive}) {
            assertEquals(strict, r.reidentified(), m + " strict");
            assertEquals(expected, r.expected(), 1e-12, m + " expected");
        }
        for (int q = 0; q < d.length; q++) {
            for (LinkageResult r : new LinkageResult[] {engine, naive}) {
                assertRivalIsNearestOther(d[q], truth[q], r.rival(q), m + " rival of " + q);
            }
            assertEquals(naive.rank(q), engine.rank(q));
            assertEquals(naive.tiesWithTrue(q), engine.tiesWithTrue(q));
            assertEquals(naive.linked(q), engine.linked(q));
            assertEquals(naive.tiesAtMin(q), engine.tiesAtMin(q));
        }
        return engine;
    }

    /**
     * The rival is the nearest record other than the true match t by the hand-computed row (-1
     * without t): where hand values tie, one of those tied, as the computed distances may round
     * them apart.
     */
    private static void assertRivalIsNearestOther(double[] row, int t, int rival, String what) {
        if (t < 0) {
            assertEquals(-1, rival, what);
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        for (int j = 0; j < row.length; j++) {
            min = j == t ? min : Math.min(min, row[j]);
        }
        assertTrue(rival >= 0 && rival != t && row[rival] <= min + 1e-12 * Math.max(1, min), what + ": " + rival);
    }

    private static void assertArrayEqualsPerRecord(LinkageResult r, int[] rank, int[] ties, double[] margin) {
        for (int q = 0; q < rank.length; q++) {
            assertEquals(rank[q], r.rank(q), "rank of " + q);
            assertEquals(ties[q], r.tiesWithTrue(q), "ties of " + q);
            if (Double.isNaN(margin[q])) {
                assertTrue(Double.isNaN(r.margin(q)), "margin of " + q);
            } else {
                assertEquals(margin[q], r.margin(q), 1e-12, "margin of " + q);
            }
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The scans along the reference columns ({@link Features#spreads}, {@link Features#weightedSpreads}) give
 * bit for bit the values the pair-by-pair loops gave (so the first rows and the cells' rivals, and
 * every path that follows them, are unchanged), and the first rows shared out among threads
 * ({@link FirstRows#of}) are the same on one thread or several.
 */
class ColumnScansTest {
    @Test
    void theColumnScansEqualThePairByPairValuesBitForBit() {
        SplittableRandom rnd = new SplittableRandom(20261129);
        for (int n = 1; n <= 7; n++) {
            int queries = 11;
            int references = 37; // not a multiple of any vector width
            double[] x = new double[queries * n];
            double[] y = new double[references * n];
            for (int v = 0; v < x.length; v++) {
                x[v] = rnd.nextDouble(-3, 3) * (v % 3 == 0 ? 1e-3 : 1);
            }
            for (int v = 0; v < y.length; v++) {
                y[v] = rnd.nextDouble(-3, 3) * (v % 5 == 0 ? 1e3 : 1);
            }
            Features f = new Features(Aggregator.WM, x, y, n);
            double[] c1 = new double[n];
            double[] base = new double[n];
            double[] sum = new double[references];
            double[] lower = new double[references];
            double[] upper = new double[references];
            double[] ct = new double[n];
            double[] phiT = new double[n];
            double[] e = new double[n];
            double[] w = new double[n];
            double[] weighted = new double[references];
            double[] weightedLower = new double[references];
            for (int q = 0; q < queries; q++) {
                int t = rnd.nextInt(references);
                f.squaredDifferences(q, t, base);
                f.spreads(q, base, sum, lower, upper);
                f.simplexPhi(q, t, ct, phiT);
                for (int k = 0; k < n; k++) {
                    w[k] = rnd.nextDouble();
                }
                f.weightedSpreads(q, ct, w, weighted, weightedLower);
                for (int j = 0; j < references; j++) {
                    f.squaredDifferences(q, j, c1);
                    double s = 0;
                    double max = Double.NEGATIVE_INFINITY;
                    for (int k = 0; k < n; k++) {
                        s += c1[k] - base[k];
                        max = Math.max(max, c1[k] - base[k]);
                    }
                    String what = "n " + n + ", query " + q + ", reference " + j;
                    assertEquals(s, sum[j], what + ": sum (the first rows' mean is sum / n)");
                    assertEquals(max, upper[j], what + ": upper");
                    double low = f.simplexRow(q, j, ct, phiT, Double.POSITIVE_INFINITY, c1, e); // every e written
                    assertEquals(low, lower[j], what + ": lower");
                    double es = 0;
                    double ws = 0;
                    for (int k = 0; k < n; k++) {
                        es += e[k];
                        ws += w[k] * e[k];
                    }
                    assertEquals(es, sum[j], what + ": sum");
                    assertEquals(ws, weighted[j], what + ": weighted sum");
                    assertEquals(low, weightedLower[j], what + ": weighted scan's lower");
                }
            }
        }
    }

    /** 2,400 records (so the LP per record of {@link LoneRecords} runs too) on 1, 2 and 3 threads. */
    @Test
    void theFirstRowsAreTheSameOnAnyNumberOfThreads() {
        LinkageData d = LearnFixtures.noise(2400, 4, 40, 3);
        int[] all = LearnFixtures.all(2400);
        for (Aggregator a : List.of(Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR)) {
            LearnOptions o = LearnOptions.defaults(a);
            ConflictSlave slave = new ConflictSlave(o.withThreads(1), d, all);
            Features f = slave.features();
            slave.delete();
            FirstRows one = FirstRows.of(o.withThreads(1), f, d, all, Double.POSITIVE_INFINITY);
            int unlinkable = one.unlinkableCount();
            // WM and CI: some records are fixed (by a rival or by their LP); no bilinear form is refused here
            assertTrue(unlinkable < all.length && (a.isBilinear() || unlinkable > 0), a + ": " + unlinkable + " unlinkable");
            for (int threads : new int[] {2, 3}) {
                FirstRows many = FirstRows.of(o.withThreads(threads), f, d, all, Double.POSITIVE_INFINITY);
                for (int r = 0; r < all.length; r++) {
                    String what = a + ", " + threads + " threads, record " + r;
                    assertEquals(one.unlinkable(r), many.unlinkable(r), what);
                    assertArrayEquals(one.rivals(r), many.rivals(r), what);
                }
            }
        }
    }
}

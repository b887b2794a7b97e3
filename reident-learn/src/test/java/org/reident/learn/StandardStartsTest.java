package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.ColumnStats;
import org.reident.distance.SymmetricEigen;

/**
 * {@link StandardStarts}: DBRL2's weights and MD's matrix by hand and by their defining identities,
 * both members of their families, and taken by the cuts as first incumbents counted by the engine.
 */
class StandardStartsTest {
    /** Differences with variances 1, 4 and 1/4 (by hand: each column is +-s, its sample variance s^2 * 4/3 on 4 rows). */
    @Test
    void dbrl2WeighsEachVariableByTheInverseVarianceOfItsDifferences() {
        double[] diff = {
            1, 2, 0.5,
            -1, -2, -0.5,
            1, 2, 0.5,
            -1, -2, -0.5};
        double[] w = StandardStarts.dbrl2(diff, 3);
        // 1/var proportional to 1, 1/4, 4: sum 5.25
        assertEquals(1 / 5.25, w[0], 1e-12);
        assertEquals(0.25 / 5.25, w[1], 1e-12);
        assertEquals(4 / 5.25, w[2], 1e-12);
        assertNull(StandardStarts.dbrl2(new double[] {1, 2, 1, 3}, 2), "a variable whose differences do not vary");
        assertNull(StandardStarts.dbrl2(new double[] {1, 2}, 2), "one difference");
    }

    /** Sigma Cov(d) = I / trace(Cov(d)^-1), Sigma symmetric with trace 1 and positive eigenvalues, on seeded correlated data. */
    @Test
    void mdIsTheInverseCovarianceOfTheDifferencesWithTraceOne() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int n = 2; n <= 6; n++) {
            int rows = 200;
            double[] diff = new double[rows * n];
            for (int r = 0; r < rows; r++) {
                double common = rnd.nextGaussian();
                for (int k = 0; k < n; k++) {
                    diff[r * n + k] = (k + 1) * rnd.nextGaussian() + 0.7 * common;
                }
            }
            double[] sigma = StandardStarts.md(diff, n);
            double[] cov = ColumnStats.covariance(diff, rows, n);
            double trace = 0;
            for (int k = 0; k < n; k++) {
                trace += sigma[k * n + k];
            }
            assertEquals(1, trace, 1e-12, "n = " + n);
            double scale = 0;
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    assertEquals(sigma[a * n + b], sigma[b * n + a], 1e-15);
                    double s = 0;
                    for (int k = 0; k < n; k++) {
                        s += sigma[a * n + k] * cov[k * n + b];
                    }
                    if (a == b) {
                        scale = a == 0 ? s : scale;
                        assertEquals(scale, s, 1e-9 * scale, "n = " + n + ": a multiple of I");
                    } else {
                        assertEquals(0, s, 1e-9 * scale, "n = " + n);
                    }
                    assertTrue(Math.abs(sigma[a * n + b]) <= 1, "entries in [-1, 1]");
                }
            }
            for (double l : SymmetricEigen.of(sigma, n).values()) {
                assertTrue(l > 0, "positive definite");
            }
        }
        assertNull(StandardStarts.md(new double[] {1, 2, 2, 4, 3, 6, 4, 8}, 2), "singular: the second column is twice the first");
    }

    /**
     * On the Census-like MDAV pairs file, where DBRL2's weights beat AM's, a CI and an SB run take
     * them as incumbents (SB also MD's matrix when it links more), each counted by the engine, and
     * the results are at least those counts.
     */
    @Test
    void theCutsStartFromDbrl2AndMd() {
        LinkageData d = LearnFixtures.mdavPairs(300, 4, 5, 2);
        int[] all = LearnFixtures.all(300);
        double[] diff = StandardStarts.differences(LearnOptions.defaults(Aggregator.WM), d, all);
        double[] w = StandardStarts.dbrl2(diff, 4);
        double eps = LearnOptions.defaults(Aggregator.WM).eps();
        int dbrl2 = PlainMilp.linkedWithMargin(Aggregator.WM, d, all, w, eps, eps * 1e-3);
        int am = PlainMilp.linkedWithMargin(Aggregator.WM, d, all, new double[] {0.25, 0.25, 0.25, 0.25}, eps, eps * 1e-3);
        assertTrue(dbrl2 > am, "DBRL2 " + dbrl2 + " against AM " + am);
        for (Aggregator a : new Aggregator[] {Aggregator.CHOQUET, Aggregator.BILINEAR}) {
            List<String> lines = new CopyOnWriteArrayList<>();
            LearnOptions o = LearnOptions.defaults(a).withTimeLimit(30).withProgress(lines::add);
            LearnResult r = new ConflictLearner(o).learn(d, all);
            String taken = lines.stream().filter(l -> l.startsWith("start: DBRL2's weights links ")).findFirst().orElse(null);
            assertTrue(taken != null && taken.startsWith("start: DBRL2's weights links " + dbrl2 + " records"), a + ": " + lines);
            assertTrue(r.milpLinked() >= dbrl2, a + ": " + r.milpLinked());
            LearnFixtures.checkResult(a + " from DBRL2", r, d, all, o.eps());
        }
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;

/**
 * {@link SetCheck}'s scan for the sign rows of SB: the expanded form x' Sigma x - 2 (Sigma x) . y + y' Sigma y,
 * added column by column, equals the distance summed term by term from {@link Features} for every pair, and
 * its returned least is the least of them. Indefinite matrices are the scan's whole point, so the seeded
 * Sigma have entries anywhere in [-1, 1].
 */
class SetCheckTest {
    @Test
    void theExpandedScanEqualsTheFeaturesDistances() {
        LinkageData d = LearnFixtures.noise(60, 4, 40, 5);
        int[] all = LearnFixtures.all(60);
        Random rnd = new Random(17);
        for (Aggregator a : new Aggregator[] {Aggregator.BILINEAR, Aggregator.BILINEAR_NC}) {
            LearnOptions o = LearnOptions.defaults(a);
            double[][] z = Distances.standardized(d, o.standardization());
            Features f = new Features(a, z[0], z[1], d.dimension());
            SetCheck check = new SetCheck(o, d, all, f, z);
            double[] expanded = new double[d.maskedCount()];
            double[] summed = new double[d.maskedCount()];
            int negative = 0;
            for (int trial = 0; trial < 20; trial++) {
                double[] theta = new double[f.parameters()];
                for (int q = 0; q < theta.length; q++) {
                    theta[q] = 2 * rnd.nextDouble() - 1;
                }
                double[] m = check.bilinear(theta);
                for (int i = 0; i < d.originalCount(); i++) {
                    double least = check.expanded(i, m, expanded);
                    check.distances(i, theta, summed);
                    double min = Double.POSITIVE_INFINITY;
                    for (int j = 0; j < summed.length; j++) {
                        double scale = 1 + Math.abs(summed[j]);
                        assertEquals(summed[j], expanded[j], 1e-9 * scale, a.label() + " pair " + i + ", " + j);
                        min = Math.min(min, expanded[j]);
                        negative += summed[j] < 0 ? 1 : 0;
                    }
                    assertEquals(min, least, 0.0, a.label() + ": the least returned");
                }
            }
            assertTrue(negative > 1000, a.label() + ": indefinite matrices give negative distances to find: " + negative);
        }
    }
}

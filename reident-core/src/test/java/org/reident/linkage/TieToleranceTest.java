package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.PairwiseDistance;
import org.reident.distance.Standardization;

/**
 * {@link LinkageEngine#tolerance}: 1e-9 times the median distance of the sampled pairs, so a few far
 * pairs (heavy tails) do not make it large enough to merge close pairs' distinct distances, as the
 * mean did; the kernel's own scale per query ({@link PairwiseDistance#tieScale}) where the median
 * itself is far from a query's distances.
 */
class TieToleranceTest {
    @Test
    void theMedianOfTheSampleIgnoresAFewFarPairs() {
        // 1,000 x 1,000 records; distance 2 for every pair but those of the first 20 queries, at 1e12
        double tol = LinkageEngine.tolerance(1000, 1000, (q, j) -> q < 20 ? 1e12 : 2.0);
        assertEquals(2e-9, tol, 0.0); // the mean of the 512 sampled pairs would give about 1e-9 * 2e10
        // the scale is the median, not the mean
        assertEquals(1e-9 * 3, LinkageEngine.tolerance(3, 3, (q, j) -> q == 0 ? 1 : q == 1 ? 3 : 1000), 0.0);
    }

    @Test
    void aZeroMedianFallsBackToOne() {
        assertEquals(1e-9, LinkageEngine.tolerance(10, 10, (q, j) -> 0.0), 0.0);
    }

    /**
     * The kernel at degree 20 scales each query's ties by its true match's distance: on 300 seeded
     * records of 6 log-normal variables with noise, the one median scale would merge distinct
     * distances (28 queries have another record within it of their true match's distance while more
     * than 1e-9 of that distance away), the per-query scale leaves no tie, and the oracle (the plain
     * difference of the three powers, with its own scale) agrees query by query.
     */
    @Test
    void aHighKernelDegreeScalesTiesPerQuery() {
        SplittableRandom random = new SplittableRandom(2026);
        int nx = 300;
        double[][] x = new double[nx][6];
        double[][] y = new double[nx][6];
        for (int i = 0; i < nx; i++) {
            for (int k = 0; k < 6; k++) {
                x[i][k] = Math.exp(0.5 * random.nextGaussian());
                y[i][k] = x[i][k] + 0.1 * random.nextGaussian();
            }
        }
        LinkageData data = ReferenceFixtures.data(x, y);
        DistanceOptions o = new DistanceOptions(Standardization.OWN, 20, false);
        PairwiseDistance d = Distances.prepare(Method.KERNEL, null, data, o);
        double global = LinkageEngine.tolerance(d);
        int merged = 0;
        for (int q = 0; q < nx; q++) {
            double dt = d.distance(q, q);
            for (int j = 0; j < nx; j++) {
                double gap = Math.abs(d.distance(q, j) - dt);
                if (j != q && gap <= global && gap > 1e-9 * dt) {
                    merged++;
                    break;
                }
            }
        }
        assertTrue(merged > 0, "the median scale merges distinct distances here");
        LinkageResult got = new LinkageEngine(2).link(d, data.truth());
        LinkageResult expected = ReferenceLinkage.link(Method.KERNEL, null, data, o);
        assertEquals(0, got.tiedAtTop(), merged + " queries merged with the median scale");
        assertEquals(expected.reidentified(), got.reidentified());
        for (int q = 0; q < nx; q++) {
            assertEquals(expected.rank(q), got.rank(q), "rank of " + q);
            assertEquals(expected.tiesWithTrue(q), got.tiesWithTrue(q), "ties of " + q);
        }
    }
}

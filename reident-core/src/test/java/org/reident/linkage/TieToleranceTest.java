package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link LinkageEngine#tolerance}: 1e-9 times the median distance of the sampled pairs, so a few far
 * pairs (heavy tails, a high kernel degree) do not make it large enough to merge close pairs' distinct
 * distances, as the mean did.
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
}

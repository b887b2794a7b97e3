package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.NearestRivals;

/**
 * {@link EngineLinker} and {@link LinkClimb}'s counts by the engine on files where the engine searches
 * a k-d tree: on seeded files of 2,500 protected records (additive noise, and microaggregation, whose
 * repeated rows tie), the engine's exact count of each parameter value along a random walk equals the
 * count pair by pair of a climb without it, stopped short or not, and keeps the same rivals (the
 * quick counts agree; on the first count, each record's nearest found by a search of the tree), for the weighted means, the Choquet integrals and the positive semidefinite
 * bilinear forms; a climb started from another's rivals estimates as that one does.
 */
class EngineLinkerTest {
    private static final int RECORDS = 2_500;

    private static Features features(Aggregator a, LinkageData d) {
        double[][] z = Distances.standardized(d, Standardization.OWN);
        return new Features(a, z[0], z[1], d.dimension());
    }

    private static LinkClimb.Moves moves(Aggregator a, int n) {
        return a.isChoquet() ? new MeasureMoves(n) : a.isBilinear() ? new MatrixMoves(n, true) : new SimplexMoves(n, 0);
    }

    private static LinkClimb climb(Aggregator a, LinkageData d, int[] train, Features f) {
        return new LinkClimb(f, d.maskedCount(), train, d.truth(), LearnOptions.defaults(a).eps(), moves(a, d.dimension()));
    }

    /** The engine's linker, counting the searches for nearest rivals asked of it, with the last search's records and k. */
    private static final class Counting implements LinkClimb.Linker {
        private final LinkClimb.Linker to;
        int searches;
        /** The records asked about in the last search. */
        int asked;
        /** k of the last search. */
        int k;

        Counting(LinkClimb.Linker to) {
            this.to = to;
        }

        @Override
        public NearestRivals nearest(double[] theta, int[] records, int k) {
            searches++;
            asked = records.length;
            this.k = k;
            return to.nearest(theta, records, k);
        }
    }

    /** Training records: every fifth, so that the counts pair by pair stay quick. */
    private static int[] train() {
        int[] t = new int[RECORDS / 5];
        for (int q = 0; q < t.length; q++) {
            t[q] = 5 * q;
        }
        return t;
    }

    @Test
    void theEnginesCountEqualsTheCountPairByPairAlongAWalk() {
        int[] train = train();
        int walked = 0;
        for (long seed = 1; seed <= 2; seed++) {
            LinkageData d = seed == 1 ? LearnFixtures.noise(RECORDS, 3, 30, seed) : LearnFixtures.mdavPairs(RECORDS, 4, 3, seed);
            int n = d.dimension();
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR)) {
                String what = a + ", seed " + seed;
                Features f = features(a, d);
                LinkClimb.Linker linker = EngineLinker.of(LearnOptions.defaults(a), f, d);
                assertNotNull(linker, what);
                LinkClimb pairs = climb(a, d, train, f);
                LinkClimb engine = climb(a, d, train, f);
                Counting calls = new Counting(linker);
                engine.countBy(calls);
                double[] w = new double[n];
                Arrays.fill(w, 1.0 / n);
                double[] theta = a == Aggregator.WM ? w : LearnedModels.embed(LearnOptions.defaults(a), w, f);
                // the first count keeps each record's nearest rivals: every pair's, or the tree's search
                int first = pairs.exact(theta, Double.MAX_VALUE);
                assertEquals(first, engine.exact(theta, Double.MAX_VALUE), what + ": first count");
                assertEquals(1, calls.searches, what + ": the first count searched the tree for the nearest rivals");
                LinkClimb.Moves m = moves(a, n);
                SplittableRandom rnd = new SplittableRandom(seed);
                double[] next = new double[theta.length];
                for (int k = 0; k < 20; k++) { // the same rivals kept, in the same order: the same quick counts
                    m.propose(theta, next, rnd);
                    assertEquals(pairs.estimate(next), engine.estimate(next), what + ": the first count's rivals");
                }
                for (int step = 0; step < 12; step++) {
                    for (int k = 0; k < 5; k++) { // a few moves between counts, so the counts differ
                        m.propose(theta, next, rnd);
                        theta = next.clone();
                    }
                    assertNotNull(linker.nearest(theta, train, 1), what + ": the engine searches a tree for every member of the family");
                    // on odd steps the count may stop short once too many records fail for it to reach the first
                    int needed = step % 2 == 1 ? first + 1 : 0;
                    int byPairs = pairs.exact(theta, Double.MAX_VALUE, needed);
                    int byEngine = engine.exact(theta, Double.MAX_VALUE, needed);
                    assertEquals(byPairs, byEngine, what + ", step " + step);
                    // and the same rivals kept: the quick counts agree on the next proposal too
                    m.propose(theta, next, rnd);
                    assertEquals(pairs.estimate(next), engine.estimate(next), what + ", step " + step + ": the rivals kept");
                    if (needed == 0) { // counted to the end: the quick count is the exact one
                        assertEquals(byEngine, engine.estimate(theta), what + ", step " + step + ": the estimate");
                    } else if (byEngine < needed) { // stopped short: at least the count, and the quick count at most that
                        assertTrue(engine.estimate(theta) <= byEngine, what + ", step " + step);
                    }
                    if (a == Aggregator.WM && needed == 0) {
                        assertEquals(PlainMilp.linkedWithMargin(a, d, train, theta, LearnOptions.defaults(a).eps(), 0), byEngine, what);
                    }
                    walked++;
                }
                assertEquals(13, engine.exactCounts(), what);
                // the training records are a fifth of the query records: each later count asks for their nearest rival alone
                assertEquals(13, calls.searches, what + ": the first count's search and 12 of the training records' nearest");
                assertEquals(train.length, calls.asked, what + ": the training records alone");
                assertEquals(1, calls.k, what + ": their nearest rival alone");
                // a climb from the engine climb's rivals estimates as it does, and counts the same
                LinkClimb from = climb(a, d, train, f);
                from.countBy(linker);
                from.rivalsFrom(engine);
                assertEquals(engine.estimate(theta), from.estimate(theta), what + ": the rivals taken over");
                assertEquals(pairs.exact(theta, Double.MAX_VALUE), from.exact(theta, Double.MAX_VALUE), what + ": counted at once by the engine");
                assertEquals(1, from.exactCounts(), what);
            }
        }
        assertEquals(72, walked);
    }

    /**
     * When every query record trains, the counts after the first search every record's nearest rival
     * and equal the counts pair by pair, stopped short or not.
     */
    @Test
    void withEveryRecordTrainingTheLaterCountsSearchEveryRecordsNearest() {
        LinkageData d = LearnFixtures.noise(RECORDS, 3, 30, 3);
        int[] train = new int[RECORDS];
        for (int q = 0; q < RECORDS; q++) {
            train[q] = q;
        }
        Aggregator a = Aggregator.WM;
        Features f = features(a, d);
        LinkClimb.Linker linker = EngineLinker.of(LearnOptions.defaults(a), f, d);
        LinkClimb pairs = climb(a, d, train, f);
        LinkClimb engine = climb(a, d, train, f);
        Counting calls = new Counting(linker);
        engine.countBy(calls);
        double[] theta = {1.0 / 3, 1.0 / 3, 1.0 / 3};
        int first = pairs.exact(theta, Double.MAX_VALUE);
        assertEquals(first, engine.exact(theta, Double.MAX_VALUE));
        SplittableRandom rnd = new SplittableRandom(3);
        LinkClimb.Moves m = moves(a, 3);
        double[] next = new double[3];
        for (int step = 0; step < 4; step++) {
            m.propose(theta, next, rnd);
            theta = next.clone();
            int needed = step % 2 == 1 ? first + 1 : 0;
            assertEquals(pairs.exact(theta, Double.MAX_VALUE, needed), engine.exact(theta, Double.MAX_VALUE, needed), "step " + step);
        }
        assertEquals(5, calls.searches, "the first count's search and one a later count");
        assertEquals(RECORDS, calls.asked, "every record");
        assertEquals(1, calls.k, "its nearest rival alone");
    }

    @Test
    void smallFilesManyVariablesAndMatricesThatAreNotSemidefiniteAreLeftToThePairs() {
        LinkageData small = LearnFixtures.noise(LinkageEngine.TREE_MIN_RECORDS - 1, 3, 30, 1);
        assertNull(EngineLinker.of(LearnOptions.defaults(Aggregator.WM), features(Aggregator.WM, small), small));
        int n = LinkageEngine.TREE_MAX_VARIABLES + 1;
        SplittableRandom r = new SplittableRandom(3);
        double[] x = new double[RECORDS * n];
        double[] y = new double[RECORDS * n];
        for (int k = 0; k < x.length; k++) {
            x[k] = r.nextGaussian();
            y[k] = x[k] + 0.3 * r.nextGaussian();
        }
        LinkageData wide = LearnFixtures.data(x, y, RECORDS, n);
        assertNull(EngineLinker.of(LearnOptions.defaults(Aggregator.WM), features(Aggregator.WM, wide), wide));
        LinkageData d = LearnFixtures.noise(RECORDS, 2, 30, 1);
        Features f = features(Aggregator.BILINEAR_NC, d);
        LinkClimb.Linker linker = EngineLinker.of(LearnOptions.defaults(Aggregator.BILINEAR_NC), f, d);
        assertNotNull(linker);
        // Sigma = [[0.5, 1], [1, 0.5]]: trace 1, eigenvalues 1.5 and -0.5: the engine would compare every pair
        int[] all = {0, 1, 2};
        assertNull(linker.nearest(new double[] {0.5, 1, 0.5}, all, 1));
        assertNotNull(linker.nearest(new double[] {0.5, 0.25, 0.5}, all, 1));
    }
}

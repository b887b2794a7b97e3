package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.reident.data.LinkageData;
import org.reident.distance.ChoquetDistance;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.OwaDistance;
import org.reident.distance.PairwiseDistance;
import org.reident.distance.Standardization;
import org.reident.distance.WeightedSquaredEuclidean;

/**
 * The hierarchy of DESIGN.md section 2 pair by pair, on random data, for the fast kernels and the
 * reference: CI with an additive measure mu(A) = sum_{k in A} p_k is WM_p; OWA, WM and CI with their
 * neutral parameters and SB with I/n are AM.
 */
class DistanceIdentitiesTest {
    static LongStream seeds() {
        return LongStream.rangeClosed(101, 108);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void choquetWithAdditiveMeasureIsWeightedMean(long seed) {
        Random r = new Random(seed);
        LinkageData data = ReferenceLinkageTest.randomData(r);
        int n = data.dimension();
        double[] p = ReferenceLinkageTest.simplex(n, r);
        double[] mu = additive(p);
        DistanceModel wm = ReferenceFixtures.model(Method.WM, n, p);
        DistanceModel ci = ReferenceFixtures.model(Method.CHOQUET, n, mu);
        for (Standardization s : Standardization.values()) {
            for (boolean reverse : new boolean[] {false, true}) {
                DistanceOptions o = new DistanceOptions(s, 2, reverse);
                String what = "seed " + seed + " " + s + (reverse ? " reverse" : "");
                PairwiseDistance base = Distances.prepare(Method.WM, wm, data, o);
                samePairs(base, Distances.prepare(Method.CHOQUET, ci, data, o), what + " fast CI");
                samePairs(base, kernel(data, s, reverse, (q, ref) -> new ChoquetDistance(q, ref, n, mu)), what + " sorting CI");
                samePairs(base, ReferenceDistances.of(Method.WM, wm, data, o), what + " reference WM");
                samePairs(base, ReferenceDistances.of(Method.CHOQUET, ci, data, o), what + " reference CI");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void neutralParametrisationsAreAm(long seed) {
        Random r = new Random(seed);
        LinkageData data = ReferenceLinkageTest.randomData(r);
        int n = data.dimension();
        double[] equal = new double[n];
        java.util.Arrays.fill(equal, 1.0 / n);
        double[] identity = new double[n * n];
        for (int k = 0; k < n; k++) {
            identity[k * n + k] = 1.0 / n;
        }
        double[] cardinality = new double[1 << n];
        for (int mask = 0; mask < cardinality.length; mask++) {
            cardinality[mask] = Integer.bitCount(mask) / (double) n;
        }
        DistanceModel[] neutral = {
            ReferenceFixtures.model(Method.WM, n, equal),
            ReferenceFixtures.model(Method.OWA, n, equal),
            ReferenceFixtures.model(Method.BILINEAR, n, identity),
            ReferenceFixtures.model(Method.CHOQUET, n, cardinality),
        };
        for (Standardization s : Standardization.values()) {
            for (boolean reverse : new boolean[] {false, true}) {
                DistanceOptions o = new DistanceOptions(s, 2, reverse);
                String what = "seed " + seed + " " + s + (reverse ? " reverse" : "");
                PairwiseDistance am = Distances.prepare(Method.AM, null, data, o);
                int[] truth = reverse ? data.reverseTruth() : data.truth();
                LinkageResult amResult = new LinkageEngine(1).link(am, truth);
                samePairs(am, ReferenceDistances.of(Method.AM, null, data, o), what + " reference AM");
                samePairs(am, kernel(data, s, reverse, (q, ref) -> new ChoquetDistance(q, ref, n, cardinality)), what + " sorting CI");
                samePairs(am, kernel(data, s, reverse, (q, ref) -> new OwaDistance(q, ref, n, equal)), what + " sorting OWA");
                for (DistanceModel m : neutral) {
                    PairwiseDistance fast = Distances.prepare(m.method(), m, data, o);
                    samePairs(am, fast, what + " fast " + m.method());
                    samePairs(am, ReferenceDistances.of(m.method(), m, data, o), what + " reference " + m.method());
                    LinkageResult got = new LinkageEngine(1).link(fast, truth);
                    assertEquals(amResult.reidentified(), got.reidentified(), what + " strict " + m.method());
                    assertEquals(amResult.expected(), got.expected(), 1e-9, what + " expected " + m.method());
                }
            }
        }
    }

    /**
     * An additive measure and equal OWA weights are linked by the weighted mean's kernel (no sort per
     * pair); a measure or weights off by 1e-9 keep the sorting kernels.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void additiveMeasuresAndEqualOwaWeightsTakeTheWeightedMeansKernel(long seed) {
        Random r = new Random(seed);
        LinkageData data = ReferenceLinkageTest.randomData(r);
        int n = data.dimension();
        double[] p = ReferenceLinkageTest.simplex(n, r);
        double[] mu = additive(p);
        DistanceOptions o = new DistanceOptions(Standardization.OWN, 2, false);
        assertInstanceOf(WeightedSquaredEuclidean.class,
                Distances.prepare(Method.CHOQUET, ReferenceFixtures.model(Method.CHOQUET, n, mu), data, o));
        double[] off = mu.clone();
        off[off.length - 2] -= 1e-9; // every variable but the last: still monotone, no longer additive
        assertInstanceOf(ChoquetDistance.class,
                Distances.prepare(Method.CHOQUET, ReferenceFixtures.model(Method.CHOQUET, n, off), data, o));
        double[] equal = new double[n];
        java.util.Arrays.fill(equal, 1.0 / n);
        assertInstanceOf(WeightedSquaredEuclidean.class,
                Distances.prepare(Method.OWA, ReferenceFixtures.model(Method.OWA, n, equal), data, o));
        assertInstanceOf(OwaDistance.class, Distances.prepare(Method.OWA, ReferenceFixtures.model(Method.OWA, n, p), data, o));
    }

    /** The additive measure mu(A) = sum_{k in A} p_k. */
    private static double[] additive(double[] p) {
        double[] mu = new double[1 << p.length];
        for (int mask = 0; mask < mu.length; mask++) {
            for (int k = 0; k < p.length; k++) {
                mu[mask] += (mask & (1 << k)) != 0 ? p[k] : 0;
            }
        }
        return mu;
    }

    /** A kernel made directly on the standardised files (the query side first, as the engine orients them). */
    private static PairwiseDistance kernel(LinkageData data, Standardization s, boolean reverse,
            java.util.function.BiFunction<double[], double[], PairwiseDistance> make) {
        double[][] z = Distances.standardized(data, s);
        return reverse ? make.apply(z[1], z[0]) : make.apply(z[0], z[1]);
    }

    private interface Pairs {
        double distance(int q, int j);
    }

    private static void samePairs(PairwiseDistance expected, PairwiseDistance got, String what) {
        samePairs(expected, got::distance, what);
    }

    private static void samePairs(PairwiseDistance expected, ReferenceDistances got, String what) {
        assertEquals(expected.queryCount(), got.queryCount(), what);
        assertEquals(expected.referenceCount(), got.referenceCount(), what);
        samePairs(expected, got::distance, what);
    }

    /** Every pair: equal within 1e-12 relative (of the pair, or of the mean distance for tiny values). */
    private static void samePairs(PairwiseDistance expected, Pairs got, String what) {
        int nq = expected.queryCount();
        int nr = expected.referenceCount();
        double[] row = new double[nr];
        double scale = 0;
        for (int q = 0; q < nq; q++) {
            expected.block(q, 0, nr, row);
            for (double v : row) {
                scale += Math.abs(v) / ((double) nq * nr);
            }
        }
        for (int q = 0; q < nq; q++) {
            expected.block(q, 0, nr, row);
            for (int j = 0; j < nr; j++) {
                double tol = 1e-12 * (Math.abs(row[j]) + scale);
                assertEquals(row[j], got.distance(q, j), tol, what + " d(" + q + "," + j + ")");
            }
        }
    }
}

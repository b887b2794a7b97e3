package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.ChoquetDistance;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.FellegiSunter;
import org.reident.distance.GapDistance;
import org.reident.distance.Method;
import org.reident.distance.OwaDistance;
import org.reident.distance.PairwiseDistance;
import org.reident.distance.Standardization;
import org.reident.distance.WeightedSquaredEuclidean;

/**
 * The k-d tree search ({@link KdTree}, {@link TreeScan}) gives the exhaustive scan's outcome record by
 * record, for weighted squared Euclidean distances, OWA, Choquet and PRL (with penalties in any order
 * of the levels): nearest record, records tied at the minimum, rank of the true match, records tied
 * with it and the margin to the last bit. The files are made to be hard on it: many exact ties (a few integer
 * levels, duplicated rows as microaggregation makes), near ties within the tolerance, records
 * without a true match, zero weights and values far from 1 in magnitude.
 */
class KdTreeLinkageTest {
    private static final DistanceOptions OWN = new DistanceOptions(Standardization.OWN, 2, false);

    /** The bounds of every node hold for every record in it, as the kernel rounds (no margin). */
    @Test
    void aNodesBoundsNeverCrossTheKernelsRoundedDistance() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + random.nextInt(6);
            int nr = 40 + random.nextInt(400);
            double[] ref = values(random, nr, n, trial % 5);
            double[] w = weights(random, n);
            double[] query = values(random, 30, n, trial % 5);
            GapDistance d = distance(trial % 4, query, ref, n, w, random);
            KdTree tree = KdTree.of(d);
            double[] a = new double[n];
            double[] g = new double[n];
            double[] scratch = new double[n];
            double[] row = new double[nr];
            for (int q = 0; q < 30; q++) {
                d.queryRow(q, a);
                d.block(q, 0, nr, row);
                for (int v = 0; v < tree.nodeCount(); v++) {
                    double lb = tree.lower(a, v, g, scratch);
                    double ub = tree.upper(a, v, g, scratch);
                    for (int p = tree.start(v); p < tree.end(v); p++) {
                        double x = tree.distance(a, p, g, scratch);
                        assertEquals(row[tree.record(p)], x, 0.0, "the tree's distance is the kernel's");
                        assertTrue(lb <= x && x <= ub, "node " + v + ": " + lb + " <= " + x + " <= " + ub);
                    }
                }
            }
        }
    }

    @Test
    void theTreeGivesTheScansOutcomeOnSeededFiles() {
        SplittableRandom random = new SplittableRandom(2026_12_01);
        int uncounted = 0;
        for (int trial = 0; trial < 80; trial++) {
            int n = 1 + random.nextInt(8);
            int nq = 20 + random.nextInt(500);
            int nr = 20 + random.nextInt(700);
            int kind = trial % 5;
            double[] ref = values(random, nr, n, kind);
            double[] query = new double[nq * n];
            for (int i = 0; i < nq; i++) {
                int j = random.nextInt(nr);
                for (int k = 0; k < n; k++) {
                    double noise = kind == 1 ? 0 : kind == 3 ? 1e-13 * random.nextGaussian() : 0.3 * random.nextGaussian();
                    query[i * n + k] = ref[j * n + k] + (random.nextInt(3) == 0 ? 0 : noise);
                }
            }
            int[] truth = new int[nq];
            for (int i = 0; i < nq; i++) {
                truth[i] = random.nextInt(5) == 0 ? -1 : random.nextInt(nr);
            }
            double[] w = weights(random, n);
            GapDistance d = distance(trial % 4, query, ref, n, w, random);
            LinkageResult scan = new LinkageEngine(1, LinkageEngine.Search.SCAN).link(d, truth);
            double[] row = new double[nr];
            for (int q = 0; q < nq; q++) { // the scan's rival by its definition: the lowest j != t at the least distance
                d.block(q, 0, nr, row);
                int rival = -1;
                for (int j = 0; j < nr && truth[q] >= 0; j++) {
                    if (j != truth[q] && (rival < 0 || row[j] < row[rival])) {
                        rival = j;
                    }
                }
                assertEquals(rival, scan.rival(q), "trial " + trial + ", query " + q + ": rival");
            }
            assertSame(scan, new LinkageEngine(2, LinkageEngine.Search.TREE).link(d, truth), "trial " + trial);
            LinkageEngine.Search[] both = {LinkageEngine.Search.SCAN, LinkageEngine.Search.TREE};
            for (LinkageEngine.Search s : both) {
                LinkageResult top = new LinkageEngine(2, s, LinkageEngine.Ranks.TOP).link(d, truth);
                uncounted += assertTopOnly(scan, top, "trial " + trial + ", " + s);
            }
        }
        assertTrue(uncounted > 1000, "true matches not nearest: " + uncounted);
    }

    /**
     * Counting top ranks only: the same counts, linked records, ties at the minimum and margins; the
     * rank and ties of a true match that is nearest; {@link LinkageResult#UNCOUNTED} and 0 elsewhere.
     */
    private static int assertTopOnly(LinkageResult exact, LinkageResult top, String what) {
        assertTrue(exact.ranksCounted());
        assertFalse(top.ranksCounted(), what);
        int uncounted = 0;
        for (int q = 0; q < exact.queryCount(); q++) {
            String at = what + ", query " + q;
            assertEquals(exact.linked(q), top.linked(q), at);
            assertEquals(exact.tiesAtMin(q), top.tiesAtMin(q), at);
            assertEquals(Double.doubleToLongBits(exact.margin(q)), Double.doubleToLongBits(top.margin(q)), at);
            assertEquals(exact.rival(q), top.rival(q), at + ": rival");
            if (exact.rank(q) <= 1) {
                assertEquals(exact.rank(q), top.rank(q), at);
                assertEquals(exact.tiesWithTrue(q), top.tiesWithTrue(q), at);
            } else {
                assertEquals(LinkageResult.UNCOUNTED, top.rank(q), at);
                assertEquals(0, top.tiesWithTrue(q), at);
                uncounted++;
            }
        }
        assertEquals(exact.records(), top.records(), what);
        assertEquals(exact.reidentified(), top.reidentified(), what);
        assertEquals(exact.expected(), top.expected(), 0.0, what);
        assertEquals(exact.tiedAtTop(), top.tiedAtTop(), what);
        return uncounted;
    }

    /**
     * {@link LinkageEngine#treeSized}, which the learner's climbs ask before they build a distance, is the
     * engine's own gate: a weighted mean on 2,048 reference records of 12 variables takes the tree, on
     * 2,047 records or 13 variables the scan.
     */
    @Test
    void theSizeGateIsTheOneTheEngineApplies() {
        SplittableRandom random = new SplittableRandom(3);
        int[][] shapes = {{2048, 12}, {2047, 12}, {2048, 13}, {2047, 1}};
        for (int[] shape : shapes) {
            int nr = shape[0];
            int n = shape[1];
            double[] ref = new double[nr * n];
            for (int v = 0; v < ref.length; v++) {
                ref[v] = random.nextGaussian();
            }
            double[] w = new double[n];
            java.util.Arrays.fill(w, 1.0 / n);
            GapDistance d = new WeightedSquaredEuclidean(new double[n], ref, n, w);
            boolean sized = nr >= 2048 && n <= 12;
            assertEquals(sized, LinkageEngine.treeSized(nr, n), nr + " x " + n);
            assertEquals(sized, new LinkageEngine(1).searchesTree(d), nr + " x " + n);
        }
    }

    /**
     * Every method the engine prepares as a weighted squared Euclidean distance, OWA, Choquet and PRL take the
     * tree on a file of 3,000 records (the default choice; PRL only where the top ranks alone are
     * counted) and links as the scan does; with 6
     * variables, two of them rounded to halves so that many distances tie.
     */
    @Test
    void everyGapMethodTakesTheTreeOnALargeFileAndAgrees() {
        SplittableRandom random = new SplittableRandom(11);
        int nx = 3000;
        int n = 6;
        double[][] x = new double[nx][n];
        double[][] y = new double[nx][n];
        for (int i = 0; i < nx; i++) {
            double size = Math.exp(random.nextGaussian());
            for (int k = 0; k < n; k++) {
                x[i][k] = size * (1 + 0.5 * random.nextGaussian());
                y[i][k] = k < 2 ? Math.round(x[i][k] * 2) / 2.0 : x[i][k] + 0.2 * random.nextGaussian();
            }
        }
        LinkageData data = ReferenceFixtures.data(x, y);
        LinkageEngine auto = new LinkageEngine(2);
        LinkageEngine scan = new LinkageEngine(2, LinkageEngine.Search.SCAN);
        for (Method m : new Method[] {Method.AM, Method.DBRL2, Method.MD, Method.MD0, Method.WM, Method.OWA, Method.CHOQUET,
            Method.PRL}) {
            PairwiseDistance d = Distances.prepare(m, m == Method.CHOQUET ? ReferenceFixtures.model(m, n, measure(n, random))
                    : m == Method.WM || m == Method.OWA ? ReferenceFixtures.model(m, n, 0.4, 0, 0.1, 0.2, 0.25, 0.05) : null, data, OWN);
            assertTrue(d instanceof GapDistance && auto.with(LinkageEngine.Ranks.TOP).usesTree((GapDistance) d), m.name());
            // counting every rank, PRL (whole rows far cheaper than its pairs) keeps the scan; the rest take the tree
            assertEquals(m != Method.PRL, auto.usesTree((GapDistance) d), m.name());
            LinkageResult expected = scan.link(d, data.truth());
            assertSame(expected, new LinkageEngine(2, LinkageEngine.Search.TREE).link(d, data.truth()), m.name());
            assertTrue(assertTopOnly(expected, auto.with(LinkageEngine.Ranks.TOP).link(d, data.truth()), m.name()) > 0, m.name());
            assertTrue(expected.reidentified() > 100 && expected.reidentified() < nx, m + ": " + expected.reidentified());
        }
    }

    /**
     * An indefinite form (a negative weight, as SB_NC may learn) has no box bound: the scan serves it;
     * so does an OWA with a negative weight, and a Choquet integral of a measure that is not monotone.
     */
    @Test
    void aNegativeWeightFallsBackToTheScan() {
        SplittableRandom random = new SplittableRandom(3);
        double[] ref = values(random, 3000, 3, 0);
        double[] query = values(random, 50, 3, 0);
        WeightedSquaredEuclidean d = new WeightedSquaredEuclidean(query, ref, 3, new double[] {0.7, 0.5, -0.2});
        assertFalse(new LinkageEngine(1).usesTree(d));
        assertFalse(new LinkageEngine(1, LinkageEngine.Search.TREE).usesTree(d));
        assertFalse(new LinkageEngine(1, LinkageEngine.Search.TREE).usesTree(new OwaDistance(query, ref, 3, new double[] {1.2, 0, -0.2})));
        double[] mu = measure(3, random);
        mu[3] = mu[7] + 0.1; // mu({1, 2}) above mu(all): not monotone
        assertFalse(new LinkageEngine(1, LinkageEngine.Search.TREE).usesTree(new ChoquetDistance(query, ref, 3, mu)));
        int[] truth = new int[50];
        for (int i = 0; i < 50; i++) {
            truth[i] = i;
        }
        assertSame(new LinkageEngine(1, LinkageEngine.Search.SCAN).link(d, truth), new LinkageEngine(2).link(d, truth), "");
    }

    /**
     * The rival across the scan's blocks of {@link LinkageEngine#BLOCK} records: on a few integer
     * levels the nearest other distance ties in many blocks, and the scan (which looks for an index
     * only in a block that lowers it), the tree and the threads all give the lowest index at it.
     */
    @Test
    void theRivalIsTheLowestIndexAtTheNearestOtherDistanceAcrossBlocks() {
        SplittableRandom random = new SplittableRandom(2026_12_04);
        int n = 2;
        int nr = 3 * LinkageEngine.BLOCK + 17;
        int nq = 200;
        for (int kind : new int[] {1, 3}) {
            double[] ref = values(random, nr, n, kind);
            double[] query = values(random, nq, n, kind);
            int[] truth = new int[nq];
            for (int i = 0; i < nq; i++) {
                truth[i] = random.nextInt(nr);
            }
            GapDistance d = distance(0, query, ref, n, weights(random, n), random);
            LinkageResult scan = new LinkageEngine(1, LinkageEngine.Search.SCAN).link(d, truth);
            double[] row = new double[nr];
            int late = 0;
            for (int q = 0; q < nq; q++) {
                d.block(q, 0, nr, row);
                int rival = -1;
                for (int j = 0; j < nr; j++) {
                    if (j != truth[q] && (rival < 0 || row[j] < row[rival])) {
                        rival = j;
                    }
                }
                assertEquals(rival, scan.rival(q), "kind " + kind + ", query " + q);
                late += rival >= LinkageEngine.BLOCK ? 1 : 0;
            }
            assertTrue(kind == 1 || late > 0, "some rivals beyond the first block");
            assertSame(scan, new LinkageEngine(2, LinkageEngine.Search.TREE).link(d, truth), "kind " + kind);
            assertSame(scan, new LinkageEngine(2, LinkageEngine.Search.SCAN).link(d, truth), "kind " + kind + ", 2 threads");
        }
    }

    private static void assertSame(LinkageResult expected, LinkageResult actual, String what) {
        assertEquals(expected.queryCount(), actual.queryCount(), what);
        for (int q = 0; q < expected.queryCount(); q++) {
            String at = what + ", query " + q;
            assertEquals(expected.linked(q), actual.linked(q), at + ": linked");
            assertEquals(expected.tiesAtMin(q), actual.tiesAtMin(q), at + ": tied at the minimum");
            assertEquals(expected.rank(q), actual.rank(q), at + ": rank");
            assertEquals(expected.tiesWithTrue(q), actual.tiesWithTrue(q), at + ": tied with the true match");
            assertEquals(Double.doubleToLongBits(expected.margin(q)), Double.doubleToLongBits(actual.margin(q)), at + ": margin");
            assertEquals(expected.rival(q), actual.rival(q), at + ": rival (the lowest index at the nearest other distance)");
        }
        assertEquals(expected.reidentified(), actual.reidentified(), what);
        assertEquals(expected.expected(), actual.expected(), 0.0, what);
    }

    /**
     * Record-major values of five kinds: 0 Gaussian, 1 a few integer levels (exact ties everywhere),
     * 2 magnitudes from 1e-150 to 1e150 by variable, 3 rows repeated in groups of three (microaggregation)
     * and Gaussian otherwise, 4 Gaussian with sd 0.02 (gaps across PRL's fine levels).
     */
    static double[] values(SplittableRandom random, int rows, int n, int kind) {
        double[] v = new double[rows * n];
        for (int j = 0; j < rows; j++) {
            for (int k = 0; k < n; k++) {
                double g = random.nextGaussian();
                switch (kind % 5) {
                    case 1:
                        v[j * n + k] = random.nextInt(4);
                        break;
                    case 2:
                        v[j * n + k] = g * Math.pow(10, 150 * (k % 3 - 1));
                        break;
                    case 3:
                        v[j * n + k] = j % 3 != 0 ? v[(j - j % 3) * n + k] : g;
                        break;
                    case 4:
                        v[j * n + k] = 0.02 * g;
                        break;
                    default:
                        v[j * n + k] = g;
                }
            }
        }
        return v;
    }

    /**
     * Kind 0 a weighted squared Euclidean distance, 1 OWA, 2 Choquet on a random monotone measure, 3 PRL
     * with random probabilities (penalties in no order of the levels, some levels alike).
     */
    static GapDistance distance(int kind, double[] query, double[] ref, int n, double[] w, SplittableRandom random) {
        switch (kind) {
            case 3:
                return (GapDistance) prl(n, random).distance(query, ref);
            case 1:
                return new OwaDistance(query, ref, n, w);
            case 2:
                return new ChoquetDistance(query, ref, n, measure(n, random));
            default:
                return new WeightedSquaredEuclidean(query, ref, n, w);
        }
    }

    /**
     * A PRL model whose penalties per level are in random order, some levels sharing one weight, and
     * some steps very small (so that distances tie or nearly tie).
     */
    private static FellegiSunter prl(int n, SplittableRandom random) {
        int levels = FellegiSunter.LEVELS;
        double[][] m = new double[n][levels];
        double[][] u = new double[n][levels];
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < levels; l++) {
                u[k][l] = 1.0 / levels;
                int kind = random.nextInt(4);
                m[k][l] = kind == 0 ? u[k][l] : kind == 1 ? u[k][l] * (1 + 1e-12 * random.nextInt(3)) : 0.001 + random.nextDouble();
            }
        }
        return FellegiSunter.of(m, u, 0.01);
    }

    /** A random monotone measure, mu(all) = 1, some steps of 0 (so distances tie). */
    private static double[] measure(int n, SplittableRandom random) {
        double[] mu = new double[1 << n];
        for (int mask = 1; mask < mu.length; mask++) {
            double base = 0;
            for (int k = 0; k < n; k++) {
                if ((mask & (1 << k)) != 0) {
                    base = Math.max(base, mu[mask ^ (1 << k)]);
                }
            }
            mu[mask] = base + (random.nextInt(4) == 0 ? 0 : random.nextDouble());
        }
        double top = mu[mu.length - 1] > 0 ? mu[mu.length - 1] : 1;
        for (int mask = 0; mask < mu.length; mask++) {
            mu[mask] /= top;
        }
        return mu;
    }

    /** Non-negative weights, some zero. */
    static double[] weights(SplittableRandom random, int n) {
        double[] w = new double[n];
        for (int k = 0; k < n; k++) {
            w[k] = random.nextInt(4) == 0 ? 0 : random.nextDouble();
        }
        if (n > 0 && w[0] == 0) {
            w[0] = 0.5;
        }
        return w;
    }
}

package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.PairwiseDistance;
import org.reident.distance.Standardization;

/**
 * Seeded random comparisons of {@link LinkageEngine} on the fast kernels with the naive
 * {@link ReferenceLinkage}: every method, standardisation and direction, random valid parameters,
 * data with exact ties (duplicated records, values on a coarse grid), unmatched records.
 */
class ReferenceLinkageTest {
    static LongStream seeds() {
        return LongStream.rangeClosed(1, 12);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void engineAgreesWithReference(long seed) {
        Random r = new Random(seed);
        LinkageData data = randomData(r);
        int n = data.dimension();
        LinkageEngine one = new LinkageEngine(1);
        LinkageEngine two = new LinkageEngine(2);
        for (Method m : Method.values()) {
            DistanceModel model = m.isParametrised() ? randomModel(m, n, r) : null;
            int degree = 1 + r.nextInt(4);
            // DBRL2, MD and MD0 are on raw values: the standardisation does not apply
            List<Standardization> stds = m.isParametrised() || m == Method.AM || m == Method.KERNEL
                    ? List.of(Standardization.values()) : List.of(Standardization.OWN);
            for (Standardization s : stds) {
                for (boolean reverse : new boolean[] {false, true}) {
                    DistanceOptions o = new DistanceOptions(s, degree, reverse);
                    String what = "seed " + seed + " " + m + " " + s + (reverse ? " reverse" : "") + " degree " + degree;
                    PairwiseDistance fast = Distances.prepare(m, model, data, o);
                    ReferenceDistances ref = ReferenceDistances.of(m, model, data, o);
                    int[] truth = reverse ? data.reverseTruth() : data.truth();
                    assertEquals(Arrays.toString(truth), Arrays.toString(ref.truth()), what);
                    double scale = ReferenceLinkage.tolerance(ref) / LinkageEngine.RELATIVE_TIE_TOLERANCE;
                    // PRL: EM's fixed point reached along two paths (from 3 variables SQUAREM by pattern to a move
                    // of 1e-12, plain EM pair by pair to 1e-13): on slow files 2e-8 of a margin apart
                    boolean prl = m == Method.PRL;
                    samePairDistances(fast, ref, scale, prl ? 1e-7 : 1e-10, what);
                    LinkageResult expected = ReferenceLinkage.link(m, model, data, o);
                    sameResult(expected, one.link(fast, truth), scale, prl ? 1e-7 : 1e-9, what + " 1 thread");
                    sameResult(expected, two.link(fast, truth), scale, prl ? 1e-7 : 1e-9, what + " 2 threads");
                }
            }
        }
    }

    private static void samePairDistances(PairwiseDistance fast, ReferenceDistances ref, double scale, double relative,
            String what) {
        assertEquals(ref.queryCount(), fast.queryCount(), what);
        assertEquals(ref.referenceCount(), fast.referenceCount(), what);
        int nr = ref.referenceCount();
        for (int q = 0; q < ref.queryCount(); q++) {
            for (int s = 0; s < 4; s++) {
                int j = (q * 31 + s * 17) % nr;
                double a = ref.distance(q, j);
                assertEquals(a, fast.distance(q, j), relative * (Math.abs(a) + scale), what + " d(" + q + "," + j + ")");
            }
        }
    }

    private static void sameResult(LinkageResult ref, LinkageResult got, double scale, double relative, String what) {
        assertEquals(ref.queryCount(), got.queryCount(), what);
        assertEquals(ref.records(), got.records(), what + " records");
        assertEquals(ref.reidentified(), got.reidentified(), what + " strict");
        assertEquals(ref.expected(), got.expected(), 1e-9, what + " expected");
        assertEquals(ref.tiedAtTop(), got.tiedAtTop(), what + " tied at top");
        for (int q = 0; q < ref.queryCount(); q++) {
            assertEquals(ref.rank(q), got.rank(q), what + " rank of " + q);
            assertEquals(ref.tiesWithTrue(q), got.tiesWithTrue(q), what + " ties of " + q);
            assertEquals(ref.linked(q), got.linked(q), what + " linked of " + q);
            assertEquals(ref.tiesAtMin(q), got.tiesAtMin(q), what + " ties at min of " + q);
            double m = ref.margin(q);
            if (Double.isNaN(m)) {
                assertTrue(Double.isNaN(got.margin(q)), what + " margin of " + q);
            } else {
                assertEquals(m, got.margin(q), relative * (Math.abs(m) + scale), what + " margin of " + q);
            }
        }
    }

    // ---- random data and parameters -----------------------------------------------------------

    /**
     * 60-300 records, 2-6 correlated variables of different scales, Y = X + noise. Variants chosen
     * by the seed: values on a coarse integer grid (many exactly equal distances), duplicated
     * protected or original records (exact ties), unmatched records on either side, shuffled Y.
     */
    static LinkageData randomData(Random r) {
        int n = 2 + r.nextInt(5);
        int nx = 60 + r.nextInt(241);
        boolean grid = r.nextInt(3) == 0;
        double[] mean = new double[n];
        double[] sd = new double[n];
        for (int k = 0; k < n; k++) {
            mean[k] = grid ? 0 : r.nextGaussian() * 100;
            sd[k] = grid ? 2 : Math.exp(r.nextGaussian() * 2);
        }
        double noise = new double[] {0.05, 0.3, 1.0}[r.nextInt(3)];
        double[][] x = new double[nx][n];
        for (double[] row : x) {
            double common = r.nextGaussian();
            for (int k = 0; k < n; k++) {
                double v = mean[k] + sd[k] * (0.6 * common + 0.8 * r.nextGaussian());
                row[k] = grid ? Math.rint(v) : v;
            }
        }
        List<double[]> ys = new ArrayList<>();
        List<Integer> origin = new ArrayList<>();
        boolean partial = r.nextBoolean();
        for (int i = 0; i < nx; i++) {
            if (partial && r.nextInt(10) == 0) {
                continue; // original record without a protected version
            }
            double[] y = new double[n];
            for (int k = 0; k < n; k++) {
                y[k] = grid ? x[i][k] + r.nextInt(3) - 1 : x[i][k] + noise * sd[k] * r.nextGaussian();
            }
            ys.add(y);
            origin.add(i);
        }
        if (partial) {
            for (int e = 0; e < 5; e++) { // protected records without an original
                ys.add(x[r.nextInt(nx)].clone());
                origin.add(-1);
            }
        }
        if (r.nextBoolean()) { // duplicated protected records: exact ties when linking X to Y
            for (int c = 0; c < ys.size() / 10; c++) {
                int a = r.nextInt(ys.size());
                int b = r.nextInt(ys.size());
                ys.set(b, ys.get(a).clone());
                if (r.nextInt(3) == 0) {
                    ys.set(r.nextInt(ys.size()), ys.get(a).clone()); // sometimes three copies
                }
            }
        }
        if (r.nextBoolean()) { // duplicated original records: exact ties when linking Y to X
            for (int c = 0; c < nx / 10; c++) {
                x[r.nextInt(nx)] = x[r.nextInt(nx)].clone();
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int j = 0; j < ys.size(); j++) {
            order.add(j);
        }
        if (r.nextBoolean()) {
            Collections.shuffle(order, r);
        }
        double[][] y = new double[ys.size()][];
        int[] truth = new int[nx];
        Arrays.fill(truth, -1);
        for (int j = 0; j < order.size(); j++) {
            y[j] = ys.get(order.get(j));
            int i = origin.get(order.get(j));
            if (i >= 0) {
                truth[i] = j;
            }
        }
        return ReferenceFixtures.data(x, y, truth);
    }

    static DistanceModel randomModel(Method m, int n, Random r) {
        switch (m) {
            case WM:
            case OWA:
                return ReferenceFixtures.model(m, n, simplex(n, r));
            case CHOQUET:
                return ReferenceFixtures.model(m, n, measure(n, r));
            default:
                return ReferenceFixtures.model(m, n, symmetric(n, r));
        }
    }

    /** Random weights on the simplex, sometimes with zeros. */
    static double[] simplex(int n, Random r) {
        double[] w = new double[n];
        double sum = 0;
        boolean zeros = r.nextBoolean();
        for (int k = 0; k < n; k++) {
            w[k] = zeros && k > 0 && r.nextInt(3) == 0 ? 0 : -Math.log(1 - r.nextDouble());
            sum += w[k];
        }
        for (int k = 0; k < n; k++) {
            w[k] /= sum;
        }
        return w;
    }

    /** A random fuzzy measure: monotone, mu(empty) = 0, mu(all) = 1; sometimes additive or 0/1. */
    static double[] measure(int n, Random r) {
        int size = 1 << n;
        double[] mu = new double[size];
        int kind = r.nextInt(3);
        if (kind == 0) { // additive: mu(A) = sum of the weights of A
            double[] p = simplex(n, r);
            for (int mask = 1; mask < size; mask++) {
                for (int k = 0; k < n; k++) {
                    if ((mask & (1 << k)) != 0) {
                        mu[mask] += p[k];
                    }
                }
            }
            mu[size - 1] = 1;
            return mu;
        }
        for (int mask = 1; mask < size; mask++) {
            double v = kind == 1 ? r.nextDouble() : (r.nextInt(4) == 0 ? 1 : 0);
            for (int k = 0; k < n; k++) {
                if ((mask & (1 << k)) != 0) {
                    v = Math.max(v, mu[mask & ~(1 << k)]);
                }
            }
            mu[mask] = v;
        }
        double top = mu[size - 1];
        for (int mask = 0; mask < size; mask++) {
            mu[mask] = top > 0 ? mu[mask] / top : Integer.bitCount(mask) / (double) n;
        }
        mu[size - 1] = 1;
        return mu;
    }

    /** A random symmetric matrix: indefinite, positive semidefinite or diagonal. */
    static double[] symmetric(int n, Random r) {
        double[] s = new double[n * n];
        int kind = r.nextInt(3);
        if (kind == 0) { // B B'
            double[] b = new double[n * n];
            for (int i = 0; i < b.length; i++) {
                b[i] = r.nextGaussian();
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k < n; k++) {
                        s[i * n + j] += b[i * n + k] * b[j * n + k];
                    }
                }
            }
            return s;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double v = kind == 2 && i != j ? 0 : 2 * r.nextDouble() - 1;
                s[i * n + j] = v;
                s[j * n + i] = v;
            }
        }
        return s;
    }
}

package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.FellegiSunter;
import org.reident.distance.Method;

/** Probabilistic record linkage ({@link FellegiSunter}); the engine against the oracle is in {@link ReferenceLinkageTest}. */
class FellegiSunterTest {
    private static final int L = FellegiSunter.LEVELS;

    @Test
    void levelsOfAgreementByHand() {
        assertEquals(0, FellegiSunter.level(0));
        assertEquals(1, FellegiSunter.level(0.005));
        assertEquals(2, FellegiSunter.level(0.0100));
        assertEquals(3, FellegiSunter.level(0.0100001));
        assertEquals(6, FellegiSunter.level(0.1));
        assertEquals(9, FellegiSunter.level(1.0));
        assertEquals(10, FellegiSunter.level(1.5));
        assertEquals(10, FellegiSunter.level(Double.NaN));
        assertEquals(11, L);
    }

    /**
     * The level read off the bits equals the first l with x <= limit_l, found by a scan: at every
     * limit, one ulp either side, and 200,000 seeded values spread over 1e-14 .. 10 sd on a log scale.
     */
    @Test
    void levelFromBitsEqualsTheScanOverLimits() {
        double[] limits = FellegiSunter.limits();
        for (double t : limits) {
            for (double x : new double[] {t, Math.nextUp(t), Math.nextDown(t)}) {
                assertEquals(scan(limits, x), FellegiSunter.level(x), "x = " + x);
            }
        }
        SplittableRandom random = new SplittableRandom(77);
        for (int i = 0; i < 200_000; i++) {
            double x = Math.pow(10, -14 + 15 * random.nextDouble());
            assertEquals(scan(limits, x), FellegiSunter.level(x), "x = " + x);
        }
        assertEquals(L - 1, FellegiSunter.level(Double.POSITIVE_INFINITY));
        assertEquals(0, FellegiSunter.level(Double.MIN_VALUE));
    }

    /**
     * EM through the pattern halves equals the oracle's EM pair by pair, for n = 1, 2 and 7
     * variables (an odd split), on seeded random counts of seeded random patterns, given ascending
     * and shuffled (1e-7 relative, the oracle's tolerance in ReferenceLinkageTest).
     */
    @Test
    void emThroughHalvesEqualsEmPatternByPattern() {
        for (int n : new int[] {1, 2, 7}) {
            SplittableRandom random = new SplittableRandom(31 + n);
            TreeMap<Long, Long> drawn = new TreeMap<>();
            for (int i = 0; i < 3000; i++) {
                long code = 0;
                boolean match = random.nextDouble() < 0.05;
                for (int k = 0; k < n; k++) {
                    int l = match ? Math.min(L - 1, (int) (-Math.log(random.nextDouble()) * 1.5)) : random.nextInt(L);
                    code |= (long) l << (4 * k);
                }
                drawn.merge(code, 1L + random.nextInt(50), Long::sum);
            }
            long[] codes = drawn.keySet().stream().mapToLong(Long::longValue).toArray();
            long[] counts = drawn.values().stream().mapToLong(Long::longValue).toArray();
            double p = 0.02;
            double[][][] expected = directEm(codes, counts, n, p);
            for (boolean shuffled : new boolean[] {false, true}) {
                if (shuffled) {
                    for (int i = codes.length - 1; i > 0; i--) {
                        int j = random.nextInt(i + 1);
                        long c = codes[i];
                        codes[i] = codes[j];
                        codes[j] = c;
                        c = counts[i];
                        counts[i] = counts[j];
                        counts[j] = c;
                    }
                }
                FellegiSunter fs = FellegiSunter.em(codes, counts, n, p);
                for (int k = 0; k < n; k++) {
                    for (int l = 0; l < L; l++) {
                        String at = "n " + n + (shuffled ? " shuffled" : "") + " variable " + k + " level " + l;
                        assertEquals(expected[0][k][l], fs.m(k, l), 1e-7 * expected[0][k][l] + 1e-15, "m " + at);
                        assertEquals(expected[1][k][l], fs.u(k, l), 1e-7 * expected[1][k][l] + 1e-15, "u " + at);
                    }
                }
            }
        }
    }

    /** The oracle's EM ({@link ReferenceFellegiSunter#em}) on the patterns expanded into their pairs. */
    private static double[][][] directEm(long[] codes, long[] counts, int n, double p0) {
        int pairs = 0;
        for (long c : counts) {
            pairs += (int) c;
        }
        int[][] gamma = new int[pairs][n];
        int w = 0;
        for (int i = 0; i < codes.length; i++) {
            for (long c = 0; c < counts[i]; c++, w++) {
                for (int k = 0; k < n; k++) {
                    gamma[w][k] = (int) (codes[i] >>> (4 * k) & 15);
                }
            }
        }
        return ReferenceFellegiSunter.em(gamma, n, p0);
    }

    private static int scan(double[] limits, double x) {
        int l = 0;
        while (l < limits.length && !(x <= limits[l])) {
            l++;
        }
        return l;
    }

    /**
     * EM recovers the model that generated the comparison vectors: 400,000 pairs drawn from p = 0.01
     * (given to EM, as the linkage knows it), three variables with known m and u, counted by pattern.
     */
    @Test
    void emRecoversTheGeneratingModel() {
        double p = 0.01;
        double[][] m = {{0.5, 0.2, 0.1, 0.1, 0.05, 0.03, 0.02, 0, 0, 0, 0}, {0.3, 0.3, 0.2, 0.1, 0.05, 0.03, 0, 0, 0, 0.02, 0},
            {0.6, 0.1, 0.1, 0.05, 0.05, 0.05, 0, 0, 0, 0, 0.05}};
        double[][] u = {{0.01, 0.01, 0.03, 0.05, 0.1, 0.3, 0.1, 0.1, 0.1, 0.1, 0.1}, {0.02, 0.02, 0.02, 0.04, 0.1, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1},
            {0.005, 0.005, 0.01, 0.03, 0.15, 0.3, 0.1, 0.1, 0.1, 0.1, 0.1}};
        int n = 3;
        SplittableRandom random = new SplittableRandom(2711);
        long[] counts = new long[1 << (4 * n)];
        int pairs = 400_000;
        for (int i = 0; i < pairs; i++) {
            double[][] from = random.nextDouble() < p ? m : u;
            long code = 0;
            for (int k = 0; k < n; k++) {
                code |= (long) draw(from[k], random) << (4 * k);
            }
            counts[(int) code]++;
        }
        int distinct = 0;
        for (long c : counts) {
            distinct += c > 0 ? 1 : 0;
        }
        long[] codes = new long[distinct];
        long[] kept = new long[distinct];
        int w = 0;
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] > 0) {
                codes[w] = c;
                kept[w++] = counts[c];
            }
        }
        FellegiSunter fs = FellegiSunter.em(codes, kept, n, p);
        assertEquals(p, fs.matchShare(), 0, "P(M) is held");
        for (int k = 0; k < n; k++) {
            double sm = 0;
            double su = 0;
            for (int l = 0; l < L; l++) {
                assertEquals(m[k][l], fs.m(k, l), 0.03, "m_" + k + "(" + l + ")");
                assertEquals(u[k][l], fs.u(k, l), 0.005, "u_" + k + "(" + l + ")");
                sm += fs.m(k, l);
                su += fs.u(k, l);
            }
            assertEquals(1, sm, 1e-9, "m_" + k + " sums to 1");
            assertEquals(1, su, 1e-9, "u_" + k + " sums to 1");
        }
    }

    /** An unprotected file (every true match equal in every variable) is re-identified entirely. */
    @Test
    void anUnprotectedFileIsReidentifiedEntirely() {
        SplittableRandom random = new SplittableRandom(5);
        double[][] x = new double[150][4];
        for (double[] row : x) {
            for (int k = 0; k < row.length; k++) {
                row[k] = random.nextGaussian();
            }
        }
        LinkageData d = ReferenceFixtures.data(x, x);
        LinkageResult r = new LinkageEngine(2).link(Distances.prepare(Method.PRL, null, d, DistanceOptions.DEFAULT), d.truth());
        assertEquals(150, r.reidentified());
    }

    /** Light noise: PRL links most records, far more than chance, and its weights favour agreement. */
    @Test
    void lightNoiseIsLinkedAndAgreementWeighsMore() {
        SplittableRandom random = new SplittableRandom(9);
        double[][] x = new double[300][3];
        double[][] y = new double[300][3];
        for (int i = 0; i < x.length; i++) {
            for (int k = 0; k < 3; k++) {
                x[i][k] = random.nextGaussian();
                y[i][k] = x[i][k] + 0.02 * random.nextGaussian();
            }
        }
        LinkageData d = ReferenceFixtures.data(x, y);
        LinkageResult r = new LinkageEngine(2).link(Distances.prepare(Method.PRL, null, d, DistanceOptions.DEFAULT), d.truth());
        assertTrue(r.reidentified() >= 240, "re-identified " + r.reidentified() + " of 300");
    }

    private static int draw(double[] probabilities, SplittableRandom random) {
        double t = random.nextDouble();
        for (int l = 0; l < probabilities.length - 1; l++) {
            t -= probabilities[l];
            if (t < 0) {
                return l;
            }
        }
        return probabilities.length - 1;
    }
}

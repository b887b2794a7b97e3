package org.reident.explain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.reident.distance.ChoquetDistance;

class FuzzyMeasuresTest {
    private static final double EPS = 1e-12;

    // n = 2: mu({1}) = 0.2, mu({2}) = 0.5 (bits 0 and 1).
    private static final double[] MU2 = {0, 0.2, 0.5, 1};

    // n = 3, variables 1, 2, 3 = bits 0, 1, 2:
    // {1} 0.1, {2} 0.2, {1,2} 0.5, {3} 0.3, {1,3} 0.4, {2,3} 0.6, V 1.
    private static final double[] MU3 = {0, 0.1, 0.2, 0.5, 0.3, 0.4, 0.6, 1};

    @Test
    void twoVariablesByHand() {
        // phi_1 = 1/2 (0.2 - 0) + 1/2 (1 - 0.5) = 0.35, phi_2 = 1/2 (0.5 - 0) + 1/2 (1 - 0.2) = 0.65
        assertArrayEquals(new double[] {0.35, 0.65}, FuzzyMeasures.shapley(MU2, 2), EPS);
        // I_12 = 1 - 0.2 - 0.5 + 0 = 0.3
        assertArrayEquals(new double[] {0, 0.3, 0.3, 0}, FuzzyMeasures.interaction(MU2, 2), EPS);
        assertArrayEquals(new double[] {0, 0.2, 0.5, 0.3}, FuzzyMeasures.moebius(MU2, 2), EPS);
        assertTrue(FuzzyMeasures.isMonotone(MU2, 2, 0));
        assertFalse(FuzzyMeasures.isSubmodular(MU2, 2, 0)); // 0.2 + 0.5 < 1 + 0
        assertFalse(FuzzyMeasures.isAdditive(MU2, 2, 1e-9));
    }

    @Test
    void redundantPairHasNegativeInteractionAndIsSubmodular() {
        double[] mu = {0, 0.7, 0.6, 1};
        assertArrayEquals(new double[] {0.55, 0.45}, FuzzyMeasures.shapley(mu, 2), EPS);
        assertEquals(-0.3, FuzzyMeasures.interaction(mu, 2)[1], EPS);
        assertTrue(FuzzyMeasures.isSubmodular(mu, 2, 0));
    }

    @Test
    void threeVariablesByHand() {
        // weights 1/3, 1/6, 1/6, 1/3 for |A| = 0, 1, 1, 2:
        // phi_1 = (0.1 + 0.4) / 3 + (0.3 + 0.1) / 6 = 7/30
        // phi_2 = (0.2 + 0.6) / 3 + (0.4 + 0.3) / 6 = 23/60, phi_3 = (0.3 + 0.5) / 3 + (0.3 + 0.4) / 6
        assertArrayEquals(new double[] {7.0 / 30, 23.0 / 60, 23.0 / 60},
                FuzzyMeasures.shapley(MU3, 3), EPS);
        // weights 1/2, 1/2 for |A| = 0, 1:
        // I_12 = (0.5 - 0.1 - 0.2 + 0) / 2 + (1 - 0.4 - 0.6 + 0.3) / 2 = 0.25
        // I_13 = (0.4 - 0.1 - 0.3 + 0) / 2 + (1 - 0.5 - 0.6 + 0.2) / 2 = 0.05
        // I_23 = (0.6 - 0.2 - 0.3 + 0) / 2 + (1 - 0.5 - 0.4 + 0.1) / 2 = 0.15
        assertArrayEquals(new double[] {
            0, 0.25, 0.05,
            0.25, 0, 0.15,
            0.05, 0.15, 0}, FuzzyMeasures.interaction(MU3, 3), EPS);
        // m({1,2}) = 0.2, m({1,3}) = 0, m({2,3}) = 0.1, m(V) = 1 - 1.5 + 0.6 = 0.1
        assertArrayEquals(new double[] {0, 0.1, 0.2, 0.2, 0.3, 0, 0.1, 0.1},
                FuzzyMeasures.moebius(MU3, 3), EPS);
        assertTrue(FuzzyMeasures.isMonotone(MU3, 3, 0));
        assertFalse(FuzzyMeasures.isSubmodular(MU3, 3, 0));
    }

    @Test
    void additiveMeasureHasShapleyEqualToWeightsAndNoInteraction() {
        Random rnd = new Random(11);
        for (int n = 1; n <= 9; n++) {
            double[] p = RandomMeasures.simplex(n, rnd);
            double[] mu = RandomMeasures.additive(p);
            assertArrayEquals(p, FuzzyMeasures.shapley(mu, n), EPS);
            assertArrayEquals(new double[n * n], FuzzyMeasures.interaction(mu, n), EPS);
            double[] m = FuzzyMeasures.moebius(mu, n);
            for (int a = 0; a < m.length; a++) {
                double expected = Integer.bitCount(a) == 1 ? p[Integer.numberOfTrailingZeros(a)] : 0;
                assertEquals(expected, m[a], EPS, "m(" + a + ")");
            }
            assertTrue(FuzzyMeasures.isAdditive(mu, n, EPS));
            assertTrue(FuzzyMeasures.isMonotone(mu, n, 0));
            assertTrue(FuzzyMeasures.isSubmodular(mu, n, EPS));
        }
    }

    @Test
    void equilibriumMeasureGivesEqualShares() {
        for (int n = 1; n <= 10; n++) {
            double[] mu = new double[1 << n];
            for (int a = 0; a < mu.length; a++) {
                mu[a] = Integer.bitCount(a) / (double) n;
            }
            double[] phi = FuzzyMeasures.shapley(mu, n);
            for (int k = 0; k < n; k++) {
                assertEquals(1.0 / n, phi[k], EPS);
            }
            assertArrayEquals(new double[n * n], FuzzyMeasures.interaction(mu, n), EPS);
        }
    }

    @Test
    void cardinalityMeasuresHaveTheSignOfTheirCurvature() {
        int n = 5;
        double[] concave = new double[1 << n];
        double[] convex = new double[1 << n];
        for (int a = 0; a < concave.length; a++) {
            double t = Integer.bitCount(a) / (double) n;
            concave[a] = Math.sqrt(t);
            convex[a] = t * t;
        }
        assertTrue(FuzzyMeasures.isSubmodular(concave, n, 0));
        assertFalse(FuzzyMeasures.isSubmodular(convex, n, 0));
        double[] ic = FuzzyMeasures.interaction(concave, n);
        double[] iv = FuzzyMeasures.interaction(convex, n);
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                if (k != l) {
                    assertTrue(ic[k * n + l] < 0, "redundant");
                    // (|A|+2)^2 - 2 (|A|+1)^2 + |A|^2 = 2 for every A: I_kl = 2 / n^2
                    assertEquals(2.0 / (n * n), iv[k * n + l], EPS);
                }
            }
        }
    }

    @Test
    void swappingTwoVariablesSwapsTheirValues() {
        Random rnd = new Random(5);
        int n = 6;
        for (int trial = 0; trial < 20; trial++) {
            double[] mu = RandomMeasures.monotone(n, rnd);
            int i = rnd.nextInt(n);
            int j = (i + 1 + rnd.nextInt(n - 1)) % n;
            double[] swapped = RandomMeasures.swapVariables(mu, i, j);
            double[] phi = FuzzyMeasures.shapley(mu, n);
            double[] phiS = FuzzyMeasures.shapley(swapped, n);
            double[] inter = FuzzyMeasures.interaction(mu, n);
            double[] interS = FuzzyMeasures.interaction(swapped, n);
            for (int k = 0; k < n; k++) {
                int pk = k == i ? j : k == j ? i : k;
                assertEquals(phi[pk], phiS[k], EPS);
                for (int l = 0; l < n; l++) {
                    int pl = l == i ? j : l == j ? i : l;
                    assertEquals(inter[pk * n + pl], interS[k * n + l], EPS);
                }
            }
        }
    }

    @Test
    void symmetricVariablesGetEqualShapleyValues() {
        // variables 0 and 1 are interchangeable in this measure: mu(A u {0}) = mu(A u {1})
        double[] mu = {0, 0.3, 0.3, 0.4, 0.1, 0.8, 0.8, 1};
        double[] phi = FuzzyMeasures.shapley(mu, 3);
        assertEquals(phi[0], phi[1], EPS);
        assertEquals(1.0, phi[0] + phi[1] + phi[2], EPS);
    }

    @Property(tries = 200, seed = "20260301")
    void efficiencyAndMoebiusFormulasOnRandomMeasures(
            @ForAll @IntRange(min = 1, max = 8) int n, @ForAll long seed) {
        double[] mu = RandomMeasures.monotone(n, new Random(seed));
        assertTrue(FuzzyMeasures.isMonotone(mu, n, 0));
        double[] phi = FuzzyMeasures.shapley(mu, n);
        double sum = 0;
        for (double v : phi) {
            sum += v;
        }
        assertEquals(1.0, sum, EPS);
        for (double v : phi) {
            assertTrue(v >= -EPS, "a monotone measure has non-negative Shapley values");
        }
        // independent check through the Moebius representation:
        // phi_k = sum_{B containing k} m(B) / |B|, I_kl = sum_{B containing k, l} m(B) / (|B| - 1)
        double[] m = FuzzyMeasures.moebius(mu, n);
        double[] inter = FuzzyMeasures.interaction(mu, n);
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int b = 0; b < m.length; b++) {
                if ((b & (1 << k)) != 0) {
                    s += m[b] / Integer.bitCount(b);
                }
            }
            assertEquals(s, phi[k], EPS);
            assertEquals(0.0, inter[k * n + k]);
            for (int l = 0; l < n; l++) {
                if (l == k) {
                    continue;
                }
                int kl = (1 << k) | (1 << l);
                double t = 0;
                for (int b = 0; b < m.length; b++) {
                    if ((b & kl) == kl) {
                        t += m[b] / (Integer.bitCount(b) - 1);
                    }
                }
                assertEquals(t, inter[k * n + l], EPS);
                assertEquals(inter[k * n + l], inter[l * n + k]);
            }
        }
    }

    @Property(tries = 200, seed = "20260302")
    void moebiusRoundTripAndDefinition(@ForAll @IntRange(min = 1, max = 8) int n, @ForAll long seed) {
        double[] mu = RandomMeasures.arbitrary(n, new Random(seed));
        double[] m = FuzzyMeasures.moebius(mu, n);
        assertArrayEquals(mu, FuzzyMeasures.fromMoebius(m, n), EPS);
        assertArrayEquals(m, FuzzyMeasures.moebius(FuzzyMeasures.fromMoebius(m, n), n), EPS);
        // the definition m(A) = sum_{B subset of A} (-1)^{|A\B|} mu(B), by enumerating B
        for (int a = 0; a < mu.length; a++) {
            double s = 0;
            for (int b = 0; b < mu.length; b++) {
                if ((b & ~a) == 0) {
                    s += (Integer.bitCount(a ^ b) % 2 == 0 ? 1 : -1) * mu[b];
                }
            }
            assertEquals(s, m[a], 1e-11);
        }
    }

    @Property(tries = 200, seed = "20260303")
    void choquetIntegralFromMoebiusEqualsSortingDefinition(
            @ForAll @IntRange(min = 1, max = 8) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] mu = RandomMeasures.monotone(n, rnd);
        double[] m = FuzzyMeasures.moebius(mu, n);
        for (int trial = 0; trial < 10; trial++) {
            double[] x = new double[n];
            for (int k = 0; k < n; k++) {
                // squared differences; sometimes ties
                x[k] = rnd.nextInt(4) == 0 ? 1.0 : 3 * rnd.nextDouble() * rnd.nextDouble();
            }
            double viaMoebius = 0;
            for (int a = 1; a < m.length; a++) {
                double min = Double.POSITIVE_INFINITY;
                for (int k = 0; k < n; k++) {
                    if ((a & (1 << k)) != 0) {
                        min = Math.min(min, x[k]);
                    }
                }
                viaMoebius += m[a] * min;
            }
            double bySorting = RandomMeasures.choquetBySorting(mu, x);
            assertEquals(bySorting, viaMoebius, 1e-11);
            // and the project's Choquet distance: query row sqrt(x), reference row 0 gives c_k = x_k
            double[] query = new double[n];
            for (int k = 0; k < n; k++) {
                query[k] = Math.sqrt(x[k]);
            }
            double engine = new ChoquetDistance(query, new double[n], n, mu).distance(0, 0);
            assertEquals(bySorting, engine, 1e-9);
        }
    }

    @Test
    void predicatesDetectViolations() {
        double[] notMonotone = {0, 0.6, 0.5, 0.4};
        assertFalse(FuzzyMeasures.isMonotone(notMonotone, 2, 0));
        assertFalse(FuzzyMeasures.isMonotone(notMonotone, 2, 0.1));
        assertTrue(FuzzyMeasures.isMonotone(notMonotone, 2, 0.25));
        double[] nan = {0, Double.NaN, 0.5, 1};
        assertFalse(FuzzyMeasures.isMonotone(nan, 2, 0));
        assertFalse(FuzzyMeasures.isSubmodular(nan, 2, 0));
        assertFalse(FuzzyMeasures.isAdditive(nan, 2, 0));
        double[] almostAdditive = {0, 0.3, 0.7, 1 + 1e-9};
        assertTrue(FuzzyMeasures.isAdditive(almostAdditive, 2, 1e-8));
        assertFalse(FuzzyMeasures.isAdditive(almostAdditive, 2, 1e-10));
    }

    @Test
    void rejectsBadShapes() {
        assertThrows(IllegalArgumentException.class, () -> FuzzyMeasures.shapley(new double[3], 2));
        assertThrows(IllegalArgumentException.class, () -> FuzzyMeasures.interaction(new double[1], 0));
        assertThrows(IllegalArgumentException.class,
                () -> FuzzyMeasures.moebius(new double[2], FuzzyMeasures.MAX_VARIABLES + 1));
        assertThrows(IllegalArgumentException.class, () -> FuzzyMeasures.fromMoebius(null, 1));
        assertThrows(IllegalArgumentException.class, () -> FuzzyMeasures.isMonotone(MU2, 2, -1));
        assertArrayEquals(new double[] {0}, FuzzyMeasures.interaction(new double[] {0, 1}, 1));
        assertArrayEquals(new double[] {1}, FuzzyMeasures.shapley(new double[] {0, 1}, 1));
    }
}

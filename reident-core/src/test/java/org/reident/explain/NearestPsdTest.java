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

class NearestPsdTest {
    private static final double EPS = 1e-12;

    @Test
    void handExampleTwoByTwo() {
        double[] a = {1, 2, 2, 1}; // eigenvalues 3 (1,1)/sqrt2 and -1 (1,-1)/sqrt2
        assertArrayEquals(new double[] {3, -1}, NearestPsd.eigenvalues(a, 2), EPS);
        assertFalse(NearestPsd.isPsd(a, 2, 1e-12));
        double[] p = NearestPsd.project(a, 2);
        assertArrayEquals(new double[] {1.5, 1.5, 1.5, 1.5}, p, EPS);
        assertTrue(NearestPsd.isPsd(p, 2, 1e-12));
        // distance = |negative eigenvalue| = 1
        assertEquals(1.0, frobenius(a, p), EPS);
        assertArrayEquals(new double[] {0.5, 0.5, 0.5, 0.5}, NearestPsd.projectUnitTrace(a, 2), EPS);
        // a non-symmetric matrix is replaced by its symmetric part (A + A') / 2 = [[1,2],[2,1]]
        assertArrayEquals(p, NearestPsd.project(new double[] {1, 3, 1, 1}, 2), EPS);
    }

    @Test
    void knownEigenvaluesSortedDecreasing() {
        double[] a = {2, -1, 0, -1, 2, -1, 0, -1, 2};
        double r = Math.sqrt(2);
        assertArrayEquals(new double[] {2 + r, 2, 2 - r}, NearestPsd.eigenvalues(a, 3), EPS);
        assertArrayEquals(new double[] {5, 0, -3},
                NearestPsd.eigenvalues(new double[] {0, 0, 0, 0, -3, 0, 0, 0, 5}, 3), EPS);
    }

    @Test
    void psdInputIsUnchanged() {
        Random rnd = new Random(3);
        for (int n = 1; n <= 8; n++) {
            for (int rank = 1; rank <= n; rank++) {
                double[] a = randomPsd(n, rank, rnd);
                assertTrue(NearestPsd.isPsd(a, n, 1e-12));
                assertArrayEquals(a, NearestPsd.project(a, n), EPS, "n=" + n + " rank=" + rank);
            }
        }
    }

    @Test
    void negativeSemidefiniteProjectsToZero() {
        double[] a = {-2, 1, 1, -3};
        double[] p = NearestPsd.project(a, 2);
        assertArrayEquals(new double[4], p, 0.0);
        assertTrue(NearestPsd.isPsd(p, 2, 0));
        assertThrows(ArithmeticException.class, () -> NearestPsd.projectUnitTrace(a, 2));
    }

    @Test
    void diagonalMatrixClipsNegativeEntries() {
        double[] a = {0.5, 0, 0, 0, -0.2, 0, 0, 0, 0.7};
        assertArrayEquals(new double[] {0.5, 0, 0, 0, 0, 0, 0, 0, 0.7}, NearestPsd.project(a, 3), EPS);
        assertArrayEquals(new double[] {5.0 / 12, 0, 0, 0, 0, 0, 0, 0, 7.0 / 12},
                NearestPsd.projectUnitTrace(a, 3), EPS);
    }

    @Property(tries = 300, seed = "20260304")
    void projectionIsTheNearestPsdMatrix(@ForAll @IntRange(min = 1, max = 9) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = 2 * rnd.nextDouble() - 1; // not symmetric: the symmetric part is what counts
        }
        double[] s = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
            }
        }
        double[] p = NearestPsd.project(a, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(p[i * n + j], p[j * n + i], 0.0, "exactly symmetric");
            }
        }
        assertTrue(NearestPsd.isPsd(p, n, 1e-12));
        // ||S - P||_F^2 = sum of the squared negative eigenvalues of S
        double negative = 0;
        for (double l : NearestPsd.eigenvalues(a, n)) {
            if (l < 0) {
                negative += l * l;
            }
        }
        double dist = frobenius(s, p);
        assertEquals(Math.sqrt(negative), dist, 1e-10);
        // no PSD matrix is nearer: random ones, and P nudged along random PSD directions
        for (int t = 0; t < 10; t++) {
            double[] q = randomPsd(n, 1 + rnd.nextInt(n), rnd);
            assertTrue(dist <= frobenius(s, q) + 1e-12);
            double[] nudged = p.clone();
            double h = 1e-3 * rnd.nextDouble();
            for (int i = 0; i < q.length; i++) {
                nudged[i] += h * q[i];
            }
            assertTrue(dist <= frobenius(s, nudged) + 1e-12);
        }
        // idempotent
        assertArrayEquals(p, NearestPsd.project(p, n), 1e-12);
        // unit-trace variant: trace 1, a positive multiple of P, entries within [-1, 1]
        double trace = 0;
        for (int k = 0; k < n; k++) {
            trace += p[k * n + k];
        }
        if (trace > 1e-9) {
            double[] u = NearestPsd.projectUnitTrace(a, n);
            double traceU = 0;
            for (int k = 0; k < n; k++) {
                traceU += u[k * n + k];
            }
            assertEquals(1.0, traceU, 1e-12);
            for (int i = 0; i < u.length; i++) {
                assertEquals(p[i] / trace, u[i], 1e-12);
                assertTrue(Math.abs(u[i]) <= 1 + 1e-12);
            }
            assertTrue(NearestPsd.isPsd(u, n, 1e-12));
        }
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> NearestPsd.project(new double[3], 2));
        assertThrows(IllegalArgumentException.class, () -> NearestPsd.project(new double[0], 0));
        assertThrows(IllegalArgumentException.class,
                () -> NearestPsd.project(new double[] {1, Double.NaN, 0, 1}, 2));
        assertThrows(IllegalArgumentException.class,
                () -> NearestPsd.isPsd(new double[] {1, 0, 0, 1}, 2, -1));
        double[] a = {1, 2, 2, 1};
        NearestPsd.project(a, 2);
        NearestPsd.projectUnitTrace(a, 2);
        assertArrayEquals(new double[] {1, 2, 2, 1}, a, 0.0, "input not modified");
    }

    /** B B' with B n x rank Gaussian. */
    private static double[] randomPsd(int n, int rank, Random rnd) {
        double[] b = new double[n * rank];
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextGaussian();
        }
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int r = 0; r < rank; r++) {
                    s += b[i * rank + r] * b[j * rank + r];
                }
                a[i * n + j] = s;
            }
        }
        return a;
    }

    private static double frobenius(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            double d = x[i] - y[i];
            s += d * d;
        }
        return Math.sqrt(s);
    }
}

package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.InputException;

/**
 * {@link PolynomialKernelDistance} against K(a, a) - 2 K(a, b) + K(b, b) in exact decimal arithmetic,
 * on close pairs where the plain difference of the three powers in doubles loses the distance.
 */
class PolynomialKernelDistanceTest {
    private static final MathContext EXACT = new MathContext(200);

    /** (1 + x.y)^p with the doubles' values taken exactly. */
    private static BigDecimal kernel(double[] x, int xo, double[] y, int yo, int n, int p) {
        BigDecimal dot = BigDecimal.ONE;
        for (int k = 0; k < n; k++) {
            dot = dot.add(new BigDecimal(x[xo + k]).multiply(new BigDecimal(y[yo + k])));
        }
        return dot.pow(p, EXACT);
    }

    private static double exact(double[] a, int ao, double[] b, int bo, int n, int p) {
        return kernel(a, ao, a, ao, n, p).subtract(kernel(a, ao, b, bo, n, p).multiply(BigDecimal.valueOf(2)))
                .add(kernel(b, bo, b, bo, n, p)).doubleValue();
    }

    /** Close and far pairs of standardised-looking records, degrees 1 to 12: relative error below 1e-9. */
    @Test
    void matchesExactArithmeticOnClosePairs() {
        SplittableRandom rnd = new SplittableRandom(20261129);
        int n = 4;
        int records = 40;
        for (int p = 1; p <= 12; p++) {
            double[] a = new double[records * n];
            double[] b = new double[records * n];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextGaussian() * 1.5;
                // half the references within 1e-4 of a query value, the rest anywhere
                b[i] = (i / n) % 2 == 0 ? a[i] + rnd.nextGaussian() * 1e-4 : rnd.nextGaussian() * 1.5;
            }
            PolynomialKernelDistance d = new PolynomialKernelDistance(a, b, n, p);
            double[] row = new double[records];
            for (int q = 0; q < records; q++) {
                d.block(q, 0, records, row);
                for (int j = 0; j < records; j++) {
                    double want = exact(a, q * n, b, j * n, n, p);
                    assertTrue(Math.abs(row[j] - want) <= 1e-9 * Math.abs(want), "p " + p + " q " + q + " j " + j + ": " + row[j]
                            + " against exactly " + want);
                }
            }
        }
    }

    /** p = 1 is the squared Euclidean distance; p = 2 by hand: a = (1, 0), b = (0, 1): 4 - 2 + 4 = 6. */
    @Test
    void handCases() {
        double[] a = {1, 0};
        double[] b = {0, 1};
        assertEquals(2.0, new PolynomialKernelDistance(a, b, 2, 1).distance(0, 0), 0.0);
        assertEquals(6.0, new PolynomialKernelDistance(a, b, 2, 2).distance(0, 0), 1e-15);
        // p = 3: (1 + 1)^3 - 2 (1 + 0)^3 + (1 + 1)^3 = 14
        assertEquals(14.0, new PolynomialKernelDistance(a, b, 2, 3).distance(0, 0), 1e-14);
    }

    @Test
    void degreesOutsideOneToTwentyAreRefused() {
        InputException e = assertThrows(InputException.class, () -> new DistanceOptions(Standardization.OWN, 21, false));
        assertEquals("--degree: the kernel degree must be 1 to 20, got 21", e.getMessage());
        assertThrows(InputException.class, () -> new DistanceOptions(Standardization.OWN, 0, false));
        assertEquals(20, new DistanceOptions(Standardization.OWN, 20, false).kernelDegree());
    }
}

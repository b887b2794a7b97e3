package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SafeDualBound}: weak duality evaluated exactly. On an LP solved by hand (min x1 + x2,
 * x1 + 2 x2 >= 2, 3 x1 + x2 >= 3, 0 <= x <= 10: optimum 7/5 at (4/5, 3/5), duals (2/5, 1/5)) the
 * bound from the true duals is the optimum to rounding, and no dual vector whatever, of 2,000 seeded
 * random ones, gives a bound above 7/5 exactly: validity never rests on the duals being right.
 */
class SafeDualBoundTest {
    private static final double[] C = {1, 1};
    private static final double[] LO = {0, 0};
    private static final double[] HI = {10, 10};
    private static final double[][] A = {{1, 2}, {3, 1}};
    private static final double[] RL = {2, 3};
    private static final double[] RU = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
    private static final BigDecimal OPTIMUM = new BigDecimal("1.4");

    @Test
    void theTrueDualsGiveTheOptimum() {
        BigDecimal b = SafeDualBound.of(C, LO, HI, A, RL, RU, new double[] {0.4, 0.2}, 0);
        assertNotNull(b);
        assertEquals(1.4, b.doubleValue(), 1e-12);
        assertTrue(b.compareTo(OPTIMUM) <= 0, b.toPlainString());
    }

    @Test
    void noDualVectorBoundsAboveTheOptimum() {
        SplittableRandom r = new SplittableRandom(7);
        int finite = 0;
        for (int k = 0; k < 2000; k++) {
            double[] y = {r.nextDouble(-1, 1), r.nextDouble(-1, 1)};
            for (int i = 0; i < y.length; i++) {
                y[i] = y[i] < 0 ? 0 : y[i]; // a dual on the infinite upper side must be 0 (the LP form of the caller)
            }
            BigDecimal b = SafeDualBound.of(C, LO, HI, A, RL, RU, y, 0);
            assertNotNull(b, "every bound is finite here: x is boxed");
            assertTrue(b.compareTo(OPTIMUM) <= 0, "y = " + y[0] + ", " + y[1] + ": " + b.toPlainString());
            finite += b.doubleValue() > 1.3 ? 1 : 0;
        }
        assertTrue(finite > 0, "some random duals come near the optimum");
    }

    /**
     * min t subject to t + x >= 1, 0 <= x <= 1/2, t >= 0 (no upper bound): optimum 1/2. A dual of
     * 1 + 1e-7 overshoots t's column, which has no upper bound; it is scaled down to 1 and the bound is
     * 1/2 again. A dual meeting an infinite bound that scaling cannot mend gives null.
     */
    @Test
    void anOvershootingDualIsScaledAndAnUnboundedOneIsRefused() {
        double[] c = {1, 0};
        double[] lo = {0, 0};
        double[] hi = {Double.POSITIVE_INFINITY, 0.5};
        double[][] a = {{1, 1}};
        double[] rl = {1};
        double[] ru = {Double.POSITIVE_INFINITY};
        BigDecimal b = SafeDualBound.of(c, lo, hi, a, rl, ru, new double[] {1 + 1e-7}, 0);
        assertNotNull(b);
        assertEquals(0.5, b.doubleValue(), 1e-9);
        assertTrue(b.compareTo(new BigDecimal("0.5")) <= 0);
        double[] free = {Double.NEGATIVE_INFINITY, 0};
        assertNull(SafeDualBound.of(new double[] {1, 1}, free, hi, a, rl, ru, new double[] {0.5}, 0),
                "t's reduced cost 1/2 meets its lower bound of minus infinity");
    }

    /** Through GLOP: the bound read from a solved MPSolver is its optimum, so the duals' sign convention is the one assumed. */
    @Test
    void glopsDualsGiveTheOptimum() {
        MilpModel.loadNative();
        MPSolver lp = MPSolver.createSolver("GLOP");
        try {
            MPVariable x1 = lp.makeNumVar(0, 10, "x1");
            MPVariable x2 = lp.makeNumVar(0, 10, "x2");
            MPConstraint r1 = lp.makeConstraint(2, MPSolver.infinity());
            r1.setCoefficient(x1, 1);
            r1.setCoefficient(x2, 2);
            MPConstraint r2 = lp.makeConstraint(Double.NEGATIVE_INFINITY, -3); // -3 x1 - x2 <= -3: the other side
            r2.setCoefficient(x1, -3);
            r2.setCoefficient(x2, -1);
            lp.objective().setCoefficient(x1, 1);
            lp.objective().setCoefficient(x2, 1);
            lp.objective().setMinimization();
            assertEquals(MPSolver.ResultStatus.OPTIMAL, lp.solve());
            BigDecimal b = SafeDualBound.of(lp);
            assertNotNull(b);
            assertEquals(1.4, b.doubleValue(), 1e-9);
            assertTrue(b.compareTo(OPTIMUM) <= 0, b.toPlainString());
        } finally {
            lp.delete();
        }
    }
}

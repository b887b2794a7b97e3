package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The SB big-M's lower bound equals the exact LP minimum of theta . Delta over the box with trace 1. */
class BilinearBoundTest {
    @Test
    void closedFormEqualsTheLinearProgramme() {
        MilpModel.loadNative();
        Random rnd = new Random(5);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + rnd.nextInt(5);
            Features f = new Features(Aggregator.BILINEAR, new double[n], new double[n], n);
            Features.Accumulator acc = new Features.Accumulator(f.parameters());
            for (int q = 0; q < f.parameters(); q++) {
                acc.add(q, rnd.nextInt(4) == 0 ? 0 : 3 * rnd.nextGaussian());
            }
            MPSolver lp = MPSolver.createSolver("GLOP");
            MPVariable[] theta = new MPVariable[f.parameters()];
            MPConstraint trace = lp.makeConstraint(1, 1);
            for (int q = 0; q < theta.length; q++) {
                theta[q] = lp.makeNumVar(-1, 1, "t" + q);
                lp.objective().setCoefficient(theta[q], acc.values[q]);
            }
            for (int k = 0; k < n; k++) {
                trace.setCoefficient(theta[f.triangle(k, k)], 1);
            }
            lp.objective().setMinimization();
            assertEquals(MPSolver.ResultStatus.OPTIMAL, lp.solve());
            assertEquals(lp.objective().value(), f.bilinearLowerBound(acc), 1e-7, "trial " + trial + ", n = " + n);
            lp.delete();
        }
    }
}

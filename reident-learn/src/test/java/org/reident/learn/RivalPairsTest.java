package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RivalPairs}: hand cases on the weight line, an exact comparison on the line (where two
 * rivals always suffice: intervals that meet pairwise have a common point) and, on 3 to 6 weights,
 * against GLOP's answer to "some w of the cell beats both rivals".
 */
class RivalPairsTest {
    private static final double EPS = 1e-4;
    private static final double ROUND = 1e-12;
    private static final double[][] LINE = {{1, 0}, {0, 1}};

    @Test
    void twoRivalsThatContradictRuleTheRecordOut() {
        RivalPairs p = new RivalPairs(2, EPS, ROUND);
        // w2 - w1 >= eps and w1 - w2 >= eps: no w; t = 1/2 gives 0 at both vertices
        double[] r = {-1, 1, 1, -1};
        long pair = p.find(LINE, r, CellKept.ALL);
        assertEquals((long) 0 << 32 | 2, pair);
        assertTrue(p.holds(LINE, r, pair));
        // the same two rivals on the cell w1 in [0.2, 0.4]: the second is below eps everywhere
        // there, but the pair still holds
        assertTrue(p.holds(new double[][] {{0.2, 0.8}, {0.4, 0.6}}, r, pair));
    }

    @Test
    void twoRivalsThatMeetDoNot() {
        RivalPairs p = new RivalPairs(2, EPS, ROUND);
        // w2 - w1 >= eps and w1 - 0.5 w2 >= eps: w = (0.4, 0.6) meets both
        double[] r = {-1, 1, 1, -0.5};
        assertEquals(-1, p.find(LINE, r, CellKept.ALL));
        assertTrue(!p.holds(LINE, r, (long) 0 << 32 | 2));
    }

    /**
     * On the line w = (t, 1 - t), t in [s, u]: ruled out by one rival or a pair exactly when the
     * rivals' t-intervals miss each other.
     */
    @Test
    void onTheLineAPairIsExact() {
        Random rnd = new Random(11);
        RivalPairs p = new RivalPairs(2, EPS, ROUND);
        int out = 0;
        int in = 0;
        for (int trial = 0; trial < 10000; trial++) {
            int m = 1 + rnd.nextInt(RivalPairs.RIVALS);
            double[] r = new double[2 * m];
            for (int k = 0; k < r.length; k++) {
                r[k] = 2 * rnd.nextDouble() - 1;
            }
            double s = rnd.nextDouble();
            double u = s + (1 - s) * rnd.nextDouble();
            double[][] v = {{s, 1 - s}, {u, 1 - u}};
            double lo = s;
            double hi = u;
            boolean single = false;
            for (int o = 0; o < r.length; o += 2) {
                // t r0 + (1 - t) r1 >= eps  <=>  t (r0 - r1) >= eps - r1
                double d = r[o] - r[o + 1];
                double need = EPS - r[o + 1];
                if (d > 0) {
                    lo = Math.max(lo, need / d);
                } else if (d < 0) {
                    hi = Math.min(hi, need / d);
                } else if (need > 0) {
                    lo = 2;
                }
                single |= Math.max(s * r[o] + (1 - s) * r[o + 1], u * r[o] + (1 - u) * r[o + 1]) < EPS;
            }
            boolean possible = lo <= hi;
            boolean ruledOut = single || p.find(v, r, CellKept.ALL) >= 0;
            assertEquals(!possible, ruledOut, "trial " + trial);
            if (possible) {
                in++;
            } else if (!single) {
                out++;
            }
        }
        assertTrue(out > 50 && in > 500, "both kinds: " + out + " ruled out by a pair only, " + in + " possible");
    }

    /**
     * Two rivals on random cells of 3 to 6 weights: a pair is found exactly when no w of the cell
     * beats both (GLOP).
     */
    @Test
    void onMoreWeightsItAgreesWithTheLp() {
        MilpModel.loadNative();
        Random rnd = new Random(5);
        int out = 0;
        int in = 0;
        for (int trial = 0; trial < 2000; trial++) {
            int n = 3 + trial % 4;
            double[][] v = new double[n][];
            for (int b = 0; b < n; b++) {
                v[b] = simplexPoint(rnd, n);
            }
            double[] r = new double[2 * n];
            for (int k = 0; k < r.length; k++) {
                r[k] = 2 * rnd.nextDouble() - 1;
            }
            double margin = bestMargin(v, r, n);
            if (Math.abs(margin - EPS) < 1e-7) {
                continue; // too close to call for an LP solver's tolerances
            }
            long pair = new RivalPairs(n, EPS, ROUND).find(v, r, CellKept.ALL);
            boolean single = belowEverywhere(v, r, 0, n) || belowEverywhere(v, r, n, n);
            assertEquals(margin < EPS, single || pair >= 0, "trial " + trial + ", n " + n + ", margin " + margin);
            if (margin < EPS && !single) {
                out++;
            } else if (margin >= EPS) {
                in++;
            }
        }
        assertTrue(out > 30 && in > 30, "both kinds: " + out + " ruled out by the pair only, " + in + " possible");
    }

    private static double[] simplexPoint(Random rnd, int n) {
        double[] x = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            x[k] = -Math.log(1 - rnd.nextDouble());
            sum += x[k];
        }
        for (int k = 0; k < n; k++) {
            x[k] /= sum;
        }
        return x;
    }

    private static boolean belowEverywhere(double[][] v, double[] r, int o, int n) {
        for (double[] vertex : v) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += vertex[k] * r[o + k];
            }
            if (s >= EPS - ROUND) {
                return false;
            }
        }
        return true;
    }

    /** max over w = sum_b lambda_b v_b (lambda on the simplex) of min(w . a, w . b), by GLOP. */
    private static double bestMargin(double[][] v, double[] r, int n) {
        MPSolver lp = MPSolver.createSolver("GLOP");
        try {
            MPVariable[] lambda = new MPVariable[n];
            MPConstraint sum = lp.makeConstraint(1, 1);
            for (int b = 0; b < n; b++) {
                lambda[b] = lp.makeNumVar(0, 1, "l" + b);
                sum.setCoefficient(lambda[b], 1);
            }
            MPVariable s = lp.makeNumVar(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, "s");
            for (int o = 0; o < r.length; o += n) {
                MPConstraint row = lp.makeConstraint(0, Double.POSITIVE_INFINITY);
                for (int b = 0; b < n; b++) {
                    double z = 0;
                    for (int k = 0; k < n; k++) {
                        z += v[b][k] * r[o + k];
                    }
                    row.setCoefficient(lambda[b], z);
                }
                row.setCoefficient(s, -1);
            }
            lp.objective().setCoefficient(s, 1);
            lp.objective().setMaximization();
            assertEquals(MPSolver.ResultStatus.OPTIMAL, lp.solve());
            return lp.objective().value();
        } finally {
            lp.delete();
        }
    }
}

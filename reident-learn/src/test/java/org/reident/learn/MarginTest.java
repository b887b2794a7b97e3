package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPSolver;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/** {@link Margin}: the margin rule, the tolerances that follow eps, and eps chosen from a file. */
class MarginTest {
    @Test
    void powersOfTen() {
        assertEquals(1e-4, Margin.powerOfTenAtMost(1e-4), 0);
        assertEquals(1e-5, Margin.powerOfTenAtMost(9.999e-5), 0);
        assertEquals(1e-6, Margin.powerOfTenAtMost(1.2e-6), 0);
        assertEquals(1e-3, Margin.powerOfTenAtMost(2.4e-3), 0);
        assertEquals(1.0, Margin.powerOfTenAtMost(7.0), 0);
        for (int e = -12; e <= 2; e++) { // exact powers of ten map to themselves, their neighbours below to the next lower
            double p = Double.parseDouble("1e" + e);
            assertEquals(p, Margin.powerOfTenAtMost(p), 0, "1e" + e);
            assertEquals(p / 10, Margin.powerOfTenAtMost(Math.nextDown(p)), p * 1e-12, "below 1e" + e);
        }
    }

    @Test
    void toleranceFollowsEpsAndIsUnchangedAtTheDefault() {
        assertEquals(1e-7, Margin.infeasible(1e-4), 0, "exactly the constant used before");
        assertEquals(1e-4 - 1e-9, 1e-4 - Margin.violated(1e-4), 0, "the same threshold as before");
        assertEquals(1e-8, Margin.lpTolerance(1e-4), 1e-23);
        assertEquals(1e-8, Margin.lpTolerance(1e-2), 0, "never above GLOP's default");
        assertEquals(1e-10, Margin.lpTolerance(1e-6), 1e-25);
        assertEquals(1e-9, Margin.infeasible(1e-6), 1e-24);
        assertEquals(1e-13, Margin.lpTolerance(Margin.FLOOR), 1e-28);
        assertEquals(1e-12, Margin.infeasible(Margin.FLOOR), 1e-27);
        assertEquals("use_preprocessing: false use_dual_simplex: true", Margin.glop(1e-4), "GLOP's default tolerance at 1e-4");
        assertEquals("", Margin.glopTolerance(1e-4));
        assertTrue(Margin.glop(1e-6).endsWith(" primal_feasibility_tolerance: " + 1e-10), Margin.glop(1e-6));
        MilpModel.loadNative();
        MPSolver s = MPSolver.createSolver("GLOP");
        try {
            for (double eps : new double[] {1e-4, 1e-6, Margin.FLOOR}) {
                assertTrue(s.setSolverSpecificParametersAsString(Margin.glop(eps)), "GLOP takes " + Margin.glop(eps));
                assertTrue(s.setSolverSpecificParametersAsString(Margin.glopTolerance(eps)), "GLOP takes " + Margin.glopTolerance(eps));
            }
            assertFalse(s.setSolverSpecificParametersAsString("primal_feasibility_tolerances: 1"), "a misspelt parameter is refused");
        } finally {
            s.delete();
        }
    }

    @Test
    void marginRule() {
        assertTrue(Margin.counts(1e-4, 1e-4));
        assertTrue(Margin.counts(0.9991e-4, 1e-4));
        assertFalse(Margin.counts(0.9989e-4, 1e-4));
        assertTrue(Margin.counts(0.9991e-8, 1e-8), "relative to eps");
        assertFalse(Margin.counts(0, 1e-9));
    }

    /**
     * Margin.auto against a direct computation: every training record's margin under AM (the mean of
     * the squared standardised differences) from all pairs, the 5th percentile of the positive ones
     * of the records whose true match is nearest, and its power of ten; on noise files (1e-4, as on
     * the tables' files) and on the same files with one record far out (a small eps).
     */
    @Test
    void autoAgainstAllPairs() {
        int smaller = 0;
        for (long seed = 1; seed <= 6; seed++) {
            int records = 80;
            LinkageData d = seed > 3 ? LearnFixtures.farOutNoise(records, 3, 10 + 10 * (seed % 3), seed)
                    : LearnFixtures.noise(records, 3, 10 + 10 * (seed % 3), seed);
            int[] train = seed % 2 == 0 ? LearnFixtures.all(records) : Arrays.copyOf(LearnFixtures.all(records), 50);
            Margin.Auto a = Margin.auto(d, train, Standardization.OWN);
            double[] m = margins(d, train);
            double[] pos = Arrays.stream(m).filter(v -> v > 0).sorted().toArray();
            String what = "seed " + seed;
            assertEquals(pos.length, a.linked(), what);
            double q = pos[(int) (0.05 * (pos.length - 1))];
            assertEquals(q, a.percentile(), 1e-12 * q, what);
            double expected = Math.max(Margin.FLOOR, Math.min(1e-4, Math.pow(10, Math.floor(Math.log10(q) + 1e-12))));
            assertEquals(expected, a.eps(), expected * 1e-9, what + ": p10 " + q);
            smaller += a.eps() < 1e-4 ? 1 : 0;
        }
        assertEquals(3, smaller, "the three files with a record far out get a smaller eps, the others 1e-4");
    }

    /** Per training record: the nearest rival's AM distance less the true match's (-1 when not strictly nearest). */
    private static double[] margins(LinkageData d, int[] train) {
        double[][] z = Distances.standardized(d, Standardization.OWN);
        int n = d.dimension();
        double[] out = new double[train.length];
        for (int r = 0; r < train.length; r++) {
            int i = train[r];
            int t = d.truth()[i];
            double own = am(z, n, i, t);
            double rival = Double.POSITIVE_INFINITY;
            for (int j = 0; j < d.maskedCount(); j++) {
                if (j != t) {
                    rival = Math.min(rival, am(z, n, i, j));
                }
            }
            out[r] = rival > own ? rival - own : -1;
        }
        return out;
    }

    private static double am(double[][] z, int n, int i, int j) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            double v = z[0][i * n + k] - z[1][j * n + k];
            s += v * v;
        }
        return s / n;
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * WM on two variables, checked against an exact sweep of the weight line. The weights are (w, 1-w);
 * for record i and rival j, margin(w) = w e1 + (1-w) e2 with e_k = c_k(i, j) - c_k(i, t_i). Record
 * i is linked with margin eps at w iff margin(w) >= eps for every rival, so the count is piecewise
 * constant and changes only where some margin(w) = eps: its maximum over [0, 1] is attained at one
 * of those breakpoints or at an end of the line.
 */
class WeightLineSweepTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();
    private static final double TOL = 1e-9;

    @Test
    void milpOptimumEqualsTheSweepMaximum() {
        for (long seed = 11; seed <= 20; seed++) {
            double percent = 15 + 5 * (seed % 4);
            int records = seed <= 15 ? 40 : 70;
            LinkageData d = LearnFixtures.noise(records, 2, percent, seed);
            int[] all = LearnFixtures.all(records);
            Sweep sweep = sweep(d, all);
            LearnResult r = LearnFixtures.learn(Aggregator.WM, d, all);
            String what = records + " records, seed " + seed + ", noise " + percent + "%";
            assertEquals("OPTIMAL", r.status(), what);
            LearnFixtures.checkResult(what, r, d, all, EPS);
            assertEquals(sweep.best, r.milpLinked(), what + ": sweep maximum " + sweep.best + " at w = " + sweep.argmax
                    + ", MILP " + r.milpLinked() + " with weights " + java.util.Arrays.toString(r.model().values()));
            // the learned weights themselves achieve (up to the lazy eps/2 tolerance) what the MILP claims
            double w = r.model().values()[0];
            int atLearned = count(sweep, w, EPS / 2);
            assertTrue(atLearned >= r.milpLinked(), what + ": learned w = " + w + " links " + atLearned + " with margin eps/2");
            assertEquals(1.0, r.model().values()[0] + r.model().values()[1], 1e-9, what + ": weights on the simplex");
            System.out.println(what + ": sweep max " + sweep.best + " at w = " + sweep.argmax + " (" + sweep.points.size()
                    + " breakpoints), MILP " + r.milpLinked() + ", learned w = " + w + ", AM "
                    + LearnFixtures.am(d).reidentified() + ", count at w = 1/2: " + count(sweep, 0.5, EPS));
        }
    }

    /** e1, e2 per (record, rival), the breakpoints in [0, 1], and the maximum count. */
    private static final class Sweep {
        final List<double[][]> e = new ArrayList<>(); // per record: rows {e1, e2}
        final List<Double> points = new ArrayList<>();
        int best = -1;
        double argmax;
    }

    private static Sweep sweep(LinkageData d, int[] records) {
        double[][] z = Distances.standardized(d, Standardization.OWN);
        double[] zx = z[0];
        double[] zy = z[1];
        int nr = d.maskedCount();
        Sweep s = new Sweep();
        s.points.add(0.0);
        s.points.add(1.0);
        for (int i : records) {
            int t = d.truth()[i];
            double[][] rows = new double[nr - 1][];
            int q = 0;
            for (int j = 0; j < nr; j++) {
                if (j == t) {
                    continue;
                }
                double e1 = sq(zx[2 * i] - zy[2 * j]) - sq(zx[2 * i] - zy[2 * t]);
                double e2 = sq(zx[2 * i + 1] - zy[2 * j + 1]) - sq(zx[2 * i + 1] - zy[2 * t + 1]);
                rows[q++] = new double[] {e1, e2};
                if (e1 != e2) {
                    double w = (EPS - e2) / (e1 - e2); // w e1 + (1-w) e2 = eps
                    if (w >= 0 && w <= 1) {
                        s.points.add(w);
                    }
                }
            }
            s.e.add(rows);
        }
        for (double w : s.points) {
            int c = count(s, w, EPS);
            if (c > s.best) {
                s.best = c;
                s.argmax = w;
            }
        }
        return s;
    }

    private static int count(Sweep s, double w, double eps) {
        int c = 0;
        for (double[][] rows : s.e) {
            boolean ok = true;
            for (double[] e : rows) {
                if (w * e[0] + (1 - w) * e[1] < eps - TOL) {
                    ok = false;
                    break;
                }
            }
            c += ok ? 1 : 0;
        }
        return c;
    }

    private static double sq(double v) {
        return v * v;
    }
}

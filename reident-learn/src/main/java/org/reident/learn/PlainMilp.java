package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.Arrays;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;
import org.reident.distance.Standardization;

/**
 * The textbook MILP of DESIGN.md section 2, written out in full and independently of
 * {@link SupervisedLearner}: one row theta . (phi(i, j) - phi(i, t_i)) + M K_i >= eps for every
 * training record i and every rival j != t_i, one global big-M, no lazy generation, no fixing, no
 * dropped rows. Feature maps are recomputed here from the definitions (WM, WM_m: c_k; OWA: c sorted
 * decreasingly; CI, CI_m: increments of the increasing chain, indexed by subset mask; SB, SB_NC:
 * diff_k diff_l on the upper triangle of Sigma, off the diagonal twice; MD*: the same on |diff_k|).
 * The family's constraints are written out too: simplex (WM, OWA), weights >= delta (WM_m),
 * mu(empty) = 0, mu(V) = 1 and monotone (CI), plus pairwise submodular (CI_m), trace 1 and entries in
 * [-1, 1] (SB, SB_NC, MD*), and for SB and MD* the distance >= 0 on every pair (training record,
 * reference record), all of them at once. It is the baseline the benchmarks compare
 * {@link SupervisedLearner} and {@link ConflictLearner} with (and an oracle of their tests), solved
 * by SCIP (or the backend named).
 */
public final class PlainMilp {
    private PlainMilp() {
    }

    static void load() {
        MilpModel.loadNative();
    }

    /** Outcome of the plain model: proven status and optimum sum of (1 - K_i). */
    public record Outcome(MPSolver.ResultStatus status, int linked, double[] theta) {
    }

    static int parameters(Aggregator a, int n) {
        return a.isChoquet() ? 1 << n : a.isBilinear() ? n * (n + 1) / 2 : n;
    }

    /** phi(q, j) of the aggregator on standardised values zx (query) and zy (reference). */
    static double[] phi(Aggregator a, double[] zx, double[] zy, int n, int q, int j) {
        double[] c = new double[n];
        for (int k = 0; k < n; k++) {
            double d = zx[q * n + k] - zy[j * n + k];
            c[k] = d * d;
        }
        switch (a) {
            case WM:
            case WM_M:
                return c;
            case OWA: {
                double[] s = c.clone();
                Arrays.sort(s);
                double[] f = new double[n];
                for (int r = 0; r < n; r++) {
                    f[r] = s[n - 1 - r]; // weight 0 on the largest value
                }
                return f;
            }
            case CHOQUET:
            case CHOQUET_M: {
                Integer[] order = new Integer[n];
                for (int k = 0; k < n; k++) {
                    order[k] = k;
                }
                Arrays.sort(order, (u, v) -> Double.compare(c[u], c[v]));
                double[] f = new double[1 << n];
                int mask = (1 << n) - 1;
                double prev = 0;
                for (int i = 0; i < n; i++) {
                    f[mask] += c[order[i]] - prev;
                    prev = c[order[i]];
                    mask &= ~(1 << order[i]);
                }
                return f;
            }
            case BILINEAR:
            case BILINEAR_NC:
            case MD_STAR: {
                // theta = Sigma's upper triangle row by row: (0,0), (0,1), .., (0,n-1), (1,1), ..
                double[] f = new double[n * (n + 1) / 2];
                double[] g = new double[n];
                for (int k = 0; k < n; k++) {
                    double d = zx[q * n + k] - zy[j * n + k];
                    g[k] = a == Aggregator.MD_STAR ? Math.abs(d) : d;
                }
                int idx = 0;
                for (int k = 0; k < n; k++) {
                    for (int l = k; l < n; l++) {
                        f[idx++] = (k == l ? 1 : 2) * g[k] * g[l];
                    }
                }
                return f;
            }
            default:
                throw new IllegalArgumentException("plain model not written for " + a);
        }
    }

    /** {@link #solve(Aggregator, LinkageData, int[], double, double, String)} with SCIP. */
    public static Outcome solve(Aggregator a, LinkageData data, int[] train, double eps, double seconds) {
        return solve(a, data, train, eps, seconds, "scip");
    }

    /**
     * Solves the full model for the training records {@code train} (all reference records are
     * rivals) within {@code seconds} by the backend named (scip, highs or cbc, with the learner's
     * settings for it); {@code linked} is -1 without a solution.
     */
    public static Outcome solve(Aggregator a, LinkageData data, int[] train, double eps, double seconds, String backend) {
        load();
        int n = data.dimension();
        double[][] z = Distances.standardized(data, Standardization.OWN);
        int nr = data.maskedCount();
        int[] truth = data.truth();
        int p = parameters(a, n);
        // all rows first, to size the global big-M: theta . delta >= -sum_f |delta_f| since every
        // theta_f of WM, OWA and a fuzzy measure lies in [0, 1], and of SB, SB_NC and MD* in [-1, 1]
        double[][][] deltas = new double[train.length][][];
        double[][] owns = new double[train.length][];
        double bigM = eps;
        for (int r = 0; r < train.length; r++) {
            int i = train[r];
            double[] own = phi(a, z[0], z[1], n, i, truth[i]);
            owns[r] = own;
            deltas[r] = new double[nr][];
            for (int j = 0; j < nr; j++) {
                if (j == truth[i]) {
                    continue;
                }
                double[] f = phi(a, z[0], z[1], n, i, j);
                double abs = 0;
                for (int q = 0; q < p; q++) {
                    f[q] -= own[q];
                    abs += Math.abs(f[q]);
                }
                deltas[r][j] = f;
                bigM = Math.max(bigM, eps + abs);
            }
        }
        MPSolver s = MilpModel.createSolver(LearnOptions.defaults(a).withSolver(backend)); // same settings as the learner
        MPVariable[] theta = new MPVariable[p];
        double lo = a == Aggregator.WM_M ? LearnOptions.defaults(a).delta() : a.isBilinear() ? -1 : 0;
        for (int q = 0; q < p; q++) {
            theta[q] = s.makeNumVar(lo, 1, "theta" + q);
        }
        if (a.isChoquet()) {
            theta[0].setBounds(0, 0);
            theta[p - 1].setBounds(1, 1);
            measure(s, theta, n, a == Aggregator.CHOQUET_M);
        } else if (a.isBilinear()) {
            MPConstraint c = s.makeConstraint(1, 1);
            for (int k = 0, diagonal = 0; k < n; diagonal += n - k, k++) {
                c.setCoefficient(theta[diagonal], 1); // (k, k): after the k rows above, of n, n-1, .. entries
            }
        } else {
            MPConstraint c = s.makeConstraint(1, 1);
            for (MPVariable v : theta) {
                c.setCoefficient(v, 1);
            }
        }
        MPVariable[] k = new MPVariable[train.length];
        MPObjective obj = s.objective();
        for (int r = 0; r < train.length; r++) {
            k[r] = s.makeIntVar(0, 1, "K" + r);
            obj.setCoefficient(k[r], 1);
        }
        obj.setMinimization();
        // below eps = 1e-4, scaled as the learner's big-M rows are for SCIP and CBC (their tolerance is
        // absolute), and for HiGHS too: the learner leaves HiGHS's rows unscaled because its check of the
        // count (BigMPolish) brings their too-high bounds down, which this plain baseline has not; here
        // unscaled HiGHS called every record linked OPTIMAL on 25-record files at eps 1e-8, scaled it agrees
        // with SCIP (PlainModelEquivalenceTest#atASmallEps)
        double scale = Margin.rowScale(eps);
        for (int r = 0; r < train.length; r++) {
            for (int j = 0; j < nr; j++) {
                double[] f = deltas[r][j];
                if (f == null) {
                    continue;
                }
                MPConstraint c = s.makeConstraint(eps * scale, MPSolver.infinity());
                for (int q = 0; q < p; q++) {
                    if (f[q] != 0) {
                        c.setCoefficient(theta[q], f[q] * scale);
                    }
                }
                c.setCoefficient(k[r], bigM * scale);
            }
        }
        if (a.signConstrained()) { // theta . phi(i, j) >= 0 on every pair, phi(i, j) = delta + own, scaled as above
            for (int r = 0; r < train.length; r++) {
                for (int j = 0; j < nr; j++) {
                    double[] f = deltas[r][j];
                    MPConstraint c = s.makeConstraint(0, MPSolver.infinity());
                    for (int q = 0; q < p; q++) {
                        double v = (f == null ? 0 : f[q]) + owns[r][q];
                        if (v != 0) {
                            c.setCoefficient(theta[q], v * scale);
                        }
                    }
                }
            }
        }
        s.setTimeLimit((long) (seconds * 1000));
        MPSolver.ResultStatus st = MilpModel.solve(s, MilpModel.isHighs(backend));
        double[] t = new double[p];
        int linked = -1;
        if (st == MPSolver.ResultStatus.OPTIMAL || st == MPSolver.ResultStatus.FEASIBLE) {
            for (int q = 0; q < p; q++) {
                t[q] = theta[q].solutionValue();
            }
            linked = train.length - (int) Math.round(obj.value());
        }
        s.delete();
        return new Outcome(st, linked, t);
    }

    /**
     * mu(A) &lt;= mu(A u {k}) for every A and k not in A; with {@code submodular} also
     * mu(A u {k}) + mu(A u {l}) >= mu(A u {k, l}) + mu(A) for k &lt; l not in A (CI_m).
     */
    private static void measure(MPSolver s, MPVariable[] mu, int n, boolean submodular) {
        for (int mask = 0; mask < 1 << n; mask++) {
            for (int b = 0; b < n; b++) {
                if ((mask & (1 << b)) != 0) {
                    continue;
                }
                MPConstraint c = s.makeConstraint(0, MPSolver.infinity());
                c.setCoefficient(mu[mask | (1 << b)], 1);
                c.setCoefficient(mu[mask], -1);
                for (int e = b + 1; submodular && e < n; e++) {
                    if ((mask & (1 << e)) == 0) {
                        MPConstraint r = s.makeConstraint(0, MPSolver.infinity());
                        r.setCoefficient(mu[mask | (1 << b)], 1);
                        r.setCoefficient(mu[mask | (1 << e)], 1);
                        r.setCoefficient(mu[mask | (1 << b) | (1 << e)], -1);
                        r.setCoefficient(mu[mask], -1);
                    }
                }
            }
        }
    }

    /**
     * Exact check of a parameter vector on the definitions: the training records whose every rival is
     * at least {@code eps - tol} farther than the true match under C_theta.
     */
    static int linkedWithMargin(Aggregator a, LinkageData data, int[] train, double[] theta, double eps, double tol) {
        int n = data.dimension();
        double[][] z = Distances.standardized(data, Standardization.OWN);
        int count = 0;
        for (int i : train) {
            int t = data.truth()[i];
            double own = dot(theta, phi(a, z[0], z[1], n, i, t));
            boolean ok = true;
            for (int j = 0; j < data.maskedCount() && ok; j++) {
                if (j != t && dot(theta, phi(a, z[0], z[1], n, i, j)) - own < eps - tol) {
                    ok = false;
                }
            }
            count += ok ? 1 : 0;
        }
        return count;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int q = 0; q < a.length; q++) {
            s += a[q] * b[q];
        }
        return s;
    }
}

package org.reident.learn;

import org.reident.data.LinkageData;
import org.reident.distance.ColumnStats;
import org.reident.distance.Distances;
import org.reident.distance.SymmetricEigen;

/**
 * Two standard distances of the record-linkage literature as members of the learned families, for the
 * cuts' first incumbents beside AM (the "warm start from the best non-learned distance"):
 * DBRL2's weights and MD's matrix, computed in the learner's own standardised space from the
 * training records' aligned differences d_i = z(x_i) - z(y_t(i)) (the truth, which the learner has).
 * <ul>
 * <li><b>DBRL2</b> (distance-based record linkage on distance-standardised values, as in
 * mahalanobis-dbrl-synthetic.txt section 2; reident's {@code dbrl2}): w_k proportional to 1 / Var(d_k), scaled to sum 1. With
 * {@code --standardize original} or {@code pooled} both files share one scale and this is DBRL2's
 * distance up to a constant factor; with {@code own} (the default) each file has its own, and it is
 * the same idea on the learner's coordinates. A weighted mean: a member of WM, WM_m (when every
 * w_k >= delta), CI and CI_m (the additive measure) and SB, SB_NC, MD* (diag(w)), through
 * {@link LearnedModels#embed}.</li>
 * <li><b>MD</b> (Mahalanobis with the covariance of the aligned differences, DBRLM-COV of the same
 * paper; reident's {@code md}):
 * Sigma = Cov(d)^-1 / trace(Cov(d)^-1). Positive definite with trace 1, so its entries lie in
 * [-1, 1] (|Sigma_kl| <= sqrt(Sigma_kk Sigma_ll) <= 1) and the distance is non-negative on every
 * pair, with or without absolute values: a member of SB, SB_NC and MD*.</li>
 * </ul>
 * On an MDAV-protected file AM can be far from both (the whole Census, M5-38: `link --method all`
 * re-identifies 341 records by AM, 947 by DBRL2 and 949 by MD). A start is only an incumbent: the
 * engine counts the records it links with margin eps ({@link Incumbent#seed}), the slave never sees it.
 */
final class StandardStarts {
    private StandardStarts() {
    }

    /** The training records' aligned differences in the learner's space, row-major (n per record). */
    static double[] differences(LearnOptions o, LinkageData data, int[] train) {
        int n = data.dimension();
        double[][] z = Distances.standardized(data, o.standardization());
        int[] truth = data.truth();
        int rows = 0;
        for (int i : train) {
            rows += truth[i] >= 0 ? 1 : 0;
        }
        double[] d = new double[rows * n];
        int r = 0;
        for (int i : train) {
            int t = truth[i];
            if (t < 0) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                d[r * n + k] = z[0][i * n + k] - z[1][t * n + k];
            }
            r++;
        }
        return d;
    }

    /**
     * DBRL2's weights, w_k proportional to 1 / Var(d_k) and summing to 1; null with fewer than two
     * differences or when some variable's differences do not vary (no finite weight).
     */
    static double[] dbrl2(double[] diff, int n) {
        int rows = diff.length / n;
        if (rows < 2) {
            return null;
        }
        double[] sd = ColumnStats.sds(diff, rows, n, ColumnStats.means(diff, rows, n));
        double[] w = new double[n];
        double s = 0;
        for (int k = 0; k < n; k++) {
            if (!(sd[k] > 0)) {
                return null;
            }
            w[k] = 1 / (sd[k] * sd[k]);
            s += w[k];
        }
        if (!(s < Double.POSITIVE_INFINITY)) {
            return null;
        }
        for (int k = 0; k < n; k++) {
            w[k] /= s;
        }
        return w;
    }

    /**
     * MD's matrix Cov(d)^-1 scaled to trace 1, row-major n x n (symmetric); null with at most n
     * differences or when Cov(d) is singular (an eigenvalue at most 1e-12 of the largest, the
     * engine's own test for {@code md}).
     */
    static double[] md(double[] diff, int n) {
        int rows = diff.length / n;
        if (rows <= n) {
            return null;
        }
        SymmetricEigen e = SymmetricEigen.of(ColumnStats.covariance(diff, rows, n), n);
        double[] lambda = e.values();
        double max = 0;
        for (double l : lambda) {
            max = Math.max(max, Math.abs(l));
        }
        double[] identity = new double[n * n];
        for (int k = 0; k < n; k++) {
            if (!(lambda[k] > 1e-12 * max)) {
                return null;
            }
            identity[k * n + k] = 1;
        }
        double[] v = e.rotate(identity); // row r holds V' e_r: v[r n + k] = V_rk
        double trace = 0;
        for (double l : lambda) {
            trace += 1 / l;
        }
        double[] sigma = new double[n * n];
        for (int a = 0; a < n; a++) {
            for (int b = a; b < n; b++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += v[a * n + k] * v[b * n + k] / lambda[k];
                }
                sigma[a * n + b] = s / trace;
                sigma[b * n + a] = s / trace;
            }
        }
        return sigma;
    }

    /** A symmetric matrix (row-major) as SB's, SB_NC's or MD*'s parameters: its upper triangle. */
    static double[] bilinear(double[] sigma, Features f) {
        int n = f.dimension();
        double[] t = new double[f.parameters()];
        for (int k = 0; k < n; k++) {
            for (int l = k; l < n; l++) {
                t[f.triangle(k, l)] = sigma[k * n + l];
            }
        }
        return t;
    }
}

package org.reident.distance;

import org.reident.data.InputException;
import org.reident.data.LinkageData;

/**
 * Prepares the distance of a {@link Method} for a linkage problem: computes the statistics it needs
 * (standardisation, sd of differences, covariance matrices), transforms both files once, and returns
 * the kernel. Query records are the original file (or the protected file when reversed).
 */
public final class Distances {
    private Distances() {
    }

    /**
     * @param model parameters of WM, OWA, CI or SB (null: the neutral parametrisation, equal to AM);
     *              ignored by the other methods
     */
    public static PairwiseDistance prepare(Method method, DistanceModel model, LinkageData data, DistanceOptions options) {
        return prepare(method, model, data, options, null);
    }

    /**
     * As above; {@code fitted} (may be null) hears the fit of a method that fits a model to every
     * pair before linking (PRL's pattern count and EM).
     */
    public static PairwiseDistance prepare(Method method, DistanceModel model, LinkageData data, DistanceOptions options,
            FitProgress fitted) {
        int n = data.dimension();
        double[] x = data.original();
        double[] y = data.masked();
        switch (method) {
            case DBRL2:
                return oriented(x, y, n, options, (q, r) -> {
                    double[] s = differenceSd(data);
                    double[] w = new double[n];
                    for (int k = 0; k < n; k++) {
                        w[k] = 1 / (s[k] * s[k]);
                    }
                    return new WeightedSquaredEuclidean(q, r, n, w);
                });
            case MD:
                return mahalanobis(data, differenceCovariance(data), options, "MD-COV: the covariance of the differences X - Y");
            case MD0: {
                double[] s = ColumnStats.covariance(x, data.originalCount(), n);
                double[] sy = ColumnStats.covariance(y, data.maskedCount(), n);
                for (int i = 0; i < s.length; i++) {
                    s[i] += sy[i];
                }
                return mahalanobis(data, s, options, "MD-COV0: Var(X) + Var(Y)");
            }
            default:
                break;
        }
        double[][] z = standardized(data, options.standardization());
        double[] zx = z[0];
        double[] zy = z[1];
        DistanceModel p = model != null ? model : method.isParametrised() ? DistanceModel.neutral(method, data.variables()) : null;
        switch (method) {
            case AM: {
                double[] w = new double[n];
                java.util.Arrays.fill(w, 1.0 / n);
                return oriented(zx, zy, n, options, (q, r) -> new WeightedSquaredEuclidean(q, r, n, w));
            }
            case KERNEL:
                return oriented(zx, zy, n, options, (q, r) -> new PolynomialKernelDistance(q, r, n, options.kernelDegree()));
            case PRL:
                return oriented(zx, zy, n, options, (q, r) -> FellegiSunter.fit(q, r, n, options.prlQueries(), fitted).distance(q, r));
            case WM:
                return oriented(zx, zy, n, options, (q, r) -> new WeightedSquaredEuclidean(q, r, n, p.values()));
            case OWA: {
                double[] w = equalWeights(p.values());
                return oriented(zx, zy, n, options, (q, r) -> w != null ? new WeightedSquaredEuclidean(q, r, n, w)
                        : new OwaDistance(q, r, n, p.values()));
            }
            case CHOQUET: {
                double[] w = additiveWeights(p.values(), n);
                return oriented(zx, zy, n, options, (q, r) -> w != null ? new WeightedSquaredEuclidean(q, r, n, w)
                        : new ChoquetDistance(q, r, n, p.values()));
            }
            case BILINEAR: {
                SymmetricEigen e = SymmetricEigen.of(p.values(), n);
                double[] lambda = e.values();
                return oriented(e.rotate(zx), e.rotate(zy), n, options, (q, r) -> new WeightedSquaredEuclidean(q, r, n, lambda));
            }
            case MD_STAR:
                return oriented(zx, zy, n, options, (q, r) -> new AbsoluteBilinearDistance(q, r, n, p.values()));
            default:
                throw new IllegalStateException("unhandled method " + method);
        }
    }

    /**
     * A fuzzy measure's singleton values when it is additive (mu(A) = sum_{k in A} mu({k}) for every A,
     * within {@link #ADDITIVE_TOLERANCE}), else null. The Choquet integral with respect to an additive
     * measure is the weighted mean with weights mu({k}) (hrla-heuristic-choquet.txt section 2: the
     * additive measure |A|/n gives AM), which the engine computes without sorting each pair's
     * differences: the learners' AM start and any additive measure read from a model file link in the
     * time of a weighted mean (10,000 records, 6 variables: docs/design.md).
     */
    static double[] additiveWeights(double[] mu, int n) {
        double[] w = new double[n];
        for (int k = 0; k < n; k++) {
            w[k] = mu[1 << k];
        }
        for (int mask = 0; mask < mu.length; mask++) {
            double sum = 0;
            for (int k = 0; k < n; k++) {
                sum += (mask >>> k & 1) != 0 ? w[k] : 0;
            }
            if (!(Math.abs(mu[mask] - sum) <= ADDITIVE_TOLERANCE)) {
                return null;
            }
        }
        return w;
    }

    /**
     * OWA's weights when they are all equal (within {@link #ADDITIVE_TOLERANCE}), else null: then the
     * order of the sorted differences does not matter and OWA is the weighted mean with those
     * weights (AM for the neutral 1/n).
     */
    static double[] equalWeights(double[] w) {
        for (double v : w) {
            if (!(Math.abs(v - w[0]) <= ADDITIVE_TOLERANCE)) {
                return null;
            }
        }
        return w.clone();
    }

    /**
     * How far a measure may be from additive (or OWA's weights from equal) and still be taken as such:
     * values lie in [0, 1], so the integral moves by at most this times the largest squared
     * difference, far inside the engine's tie tolerance; the neutral measure |A|/n and the sum of its
     * singletons differ by a few units in the last place (about 1e-16).
     */
    static final double ADDITIVE_TOLERANCE = 1e-14;

    private interface Kernel {
        PairwiseDistance make(double[] query, double[] reference);
    }

    private static PairwiseDistance oriented(double[] x, double[] y, int n, DistanceOptions o, Kernel k) {
        return o.reverse() ? k.make(y, x) : k.make(x, y);
    }

    /**
     * Both files standardised as chosen: OWN, each with its own mean and sd; ORIGINAL, both with the
     * original's; POOLED, both with those of the two files taken together.
     */
    public static double[][] standardized(LinkageData d, Standardization s) {
        int n = d.dimension();
        double[] x = d.original();
        double[] y = d.masked();
        int nx = d.originalCount();
        int ny = d.maskedCount();
        double[] mx = ColumnStats.means(x, nx, n);
        double[] sx = ColumnStats.sds(x, nx, n, mx);
        switch (s) {
            case OWN: {
                double[] my = ColumnStats.means(y, ny, n);
                double[] sy = ColumnStats.sds(y, ny, n, my);
                return new double[][] {ColumnStats.standardize(x, nx, n, mx, sx), ColumnStats.standardize(y, ny, n, my, sy)};
            }
            case ORIGINAL:
                return new double[][] {ColumnStats.standardize(x, nx, n, mx, sx), ColumnStats.standardize(y, ny, n, mx, sx)};
            default: {
                double[] all = new double[x.length + y.length];
                System.arraycopy(x, 0, all, 0, x.length);
                System.arraycopy(y, 0, all, x.length, y.length);
                double[] m = ColumnStats.means(all, nx + ny, n);
                double[] sd = ColumnStats.sds(all, nx + ny, n, m);
                return new double[][] {ColumnStats.standardize(x, nx, n, m, sd), ColumnStats.standardize(y, ny, n, m, sd)};
            }
        }
    }

    /** Row-major differences a_i - b_truth(i) over the aligned pairs. */
    static double[] alignedDifferences(LinkageData d) {
        int n = d.dimension();
        int m = d.matchedCount();
        if (m < 2) {
            throw new InputException("fewer than 2 aligned record pairs: this method needs the true matches to estimate its statistics");
        }
        double[] diff = new double[m * n];
        int[] t = d.truth();
        int r = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] >= 0) {
                for (int k = 0; k < n; k++) {
                    diff[r * n + k] = d.original()[i * n + k] - d.masked()[t[i] * n + k];
                }
                r++;
            }
        }
        return diff;
    }

    /** sd(V_k^X - V_k^Y) over aligned pairs (DBRL2's scale); error if a variable is not masked at all. */
    static double[] differenceSd(LinkageData d) {
        int n = d.dimension();
        double[] diff = alignedDifferences(d);
        int m = diff.length / n;
        double[] s = ColumnStats.sds(diff, m, n, ColumnStats.means(diff, m, n));
        for (int k = 0; k < n; k++) {
            if (!(s[k] > 0)) {
                throw new InputException("DBRL2: variable '" + d.variables().get(k)
                        + "' differs by the same amount in every aligned pair (sd of X - Y is 0), so it cannot be distance-standardised; leave it out with --vars");
            }
        }
        return s;
    }

    static double[] differenceCovariance(LinkageData d) {
        double[] diff = alignedDifferences(d);
        int n = d.dimension();
        return ColumnStats.covariance(diff, diff.length / n, n);
    }

    /** d = (a-b)' S^-1 (a-b) on raw values as sum_k (v_k'a - v_k'b)^2 / lambda_k. */
    private static PairwiseDistance mahalanobis(LinkageData d, double[] s, DistanceOptions o, String what) {
        int n = d.dimension();
        SymmetricEigen e = SymmetricEigen.of(s, n);
        double[] lambda = e.values();
        double max = 0;
        for (double l : lambda) {
            max = Math.max(max, Math.abs(l));
        }
        double[] w = new double[n];
        for (int k = 0; k < n; k++) {
            if (!(lambda[k] > 1e-12 * max)) {
                throw new InputException(what + " is singular (a variable is unmasked, or a combination of variables is constant); leave such variables out with --vars");
            }
            w[k] = 1 / lambda[k];
        }
        return oriented(e.rotate(d.original()), e.rotate(d.masked()), n, o, (q, r) -> new WeightedSquaredEuclidean(q, r, n, w));
    }
}

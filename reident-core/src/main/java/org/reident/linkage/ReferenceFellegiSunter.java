package org.reident.linkage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.reident.distance.FellegiSunter;

/**
 * Probabilistic record linkage written plainly, for {@link ReferenceDistances}: the EM of
 * {@link FellegiSunter} over every pair's comparison vector (equal vectors grouped by a map; no
 * pattern codes, no shared code; only the model's constants are common: the agreement limits, the
 * prior, the stopping rule, tightened to the fixed point from 3 variables ({@link #FIXED_POINT}),
 * and the start).
 * P(M) is held at min(N_q, N_r) / (N_q N_r), as there. Returns, per variable and level, the
 * distance penalty max_l w_k(l) - w_k(level), w = ln(m / u).
 */
final class ReferenceFellegiSunter {
    /** The agreement limits, copied once (FellegiSunter.limits() clones on every call). */
    private static final double[] LIMITS = FellegiSunter.limits();

    /**
     * The stop of this EM from {@link FellegiSunter#ACCELERATED_VARIABLES} variables on, where the
     * engine's EM is accelerated: its path differs, so both are compared at the fixed point, which
     * plain EM reaches here (a relative move of 1e-13, a tenth of the engine's stop). With fewer
     * variables the fixed point depends on the path, and this EM keeps the engine's stop and limit.
     */
    static final double FIXED_POINT = 1e-13;

    private ReferenceFellegiSunter() {
    }

    static double[][] penalties(double[][] query, double[][] reference, int n) {
        int levels = FellegiSunter.LEVELS;
        int pairs = query.length * reference.length;
        int[][] gamma = new int[pairs][n];
        int w = 0;
        for (double[] a : query) {
            for (double[] b : reference) {
                for (int k = 0; k < n; k++) {
                    gamma[w][k] = level(Math.abs(a[k] - b[k]));
                }
                w++;
            }
        }
        double p = Math.min(query.length, reference.length) / ((double) query.length * reference.length); // held
        double[][][] fit = em(gamma, n, p);
        double[][] match = fit[0];
        double[][] non = fit[1];
        double[][] penalty = new double[n][levels];
        for (int k = 0; k < n; k++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int l = 0; l < levels; l++) {
                best = Math.max(best, Math.log(match[k][l] / non[k][l]));
            }
            for (int l = 0; l < levels; l++) {
                penalty[k][l] = best - Math.log(match[k][l] / non[k][l]);
            }
        }
        return penalty;
    }

    /**
     * EM on the comparison vectors gamma (one per pair), P(M) held at p: returns {m, u}, the class
     * agreeing more first. Pairs with equal vectors have equal posteriors, so each distinct vector is
     * taken once with its number of pairs as weight (grouped by a plain map, not the engine's codes).
     */
    static double[][][] em(int[][] gamma, int n, double p) {
        int levels = FellegiSunter.LEVELS;
        int pairs = gamma.length;
        Map<List<Integer>, Integer> seen = new LinkedHashMap<>();
        for (int[] g : gamma) {
            List<Integer> key = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                key.add(g[k]);
            }
            seen.merge(key, 1, Integer::sum);
        }
        int[][] distinct = new int[seen.size()][n];
        double[] weight = new double[seen.size()];
        int d = 0;
        for (Map.Entry<List<Integer>, Integer> e : seen.entrySet()) {
            for (int k = 0; k < n; k++) {
                distinct[d][k] = e.getKey().get(k);
            }
            weight[d++] = e.getValue();
        }
        double[][] m = new double[n][levels];
        double[][] u = new double[n][levels];
        for (int[] g : gamma) {
            for (int k = 0; k < n; k++) {
                u[k][g[k]]++;
            }
        }
        for (int k = 0; k < n; k++) {
            double sum = 0;
            for (int l = 0; l < levels; l++) {
                m[k][l] = Math.pow(2, -l);
                sum += m[k][l];
                u[k][l] = (u[k][l] + FellegiSunter.PRIOR) / (pairs + levels * FellegiSunter.PRIOR);
            }
            for (int l = 0; l < levels; l++) {
                m[k][l] /= sum;
            }
        }
        boolean identified = n >= FellegiSunter.ACCELERATED_VARIABLES;
        double stop = identified ? FIXED_POINT : FellegiSunter.CONVERGED;
        int limit = identified ? 1_000_000 : FellegiSunter.MAX_ITERATIONS;
        for (int it = 0; it < limit; it++) {
            double[][] em = new double[n][levels];
            double[][] eu = new double[n][levels];
            double matched = 0;
            for (int v = 0; v < distinct.length; v++) {
                int[] g = distinct[v];
                double pm = p;
                double pu = 1 - p;
                for (int k = 0; k < n; k++) {
                    pm *= m[k][g[k]];
                    pu *= u[k][g[k]];
                }
                double post = pm / (pm + pu);
                matched += weight[v] * post;
                for (int k = 0; k < n; k++) {
                    em[k][g[k]] += weight[v] * post;
                    eu[k][g[k]] += weight[v] * (1 - post);
                }
            }
            double moved = 0;
            for (int k = 0; k < n; k++) {
                for (int l = 0; l < levels; l++) {
                    double mk = (em[k][l] + FellegiSunter.PRIOR) / (matched + levels * FellegiSunter.PRIOR);
                    double uk = (eu[k][l] + FellegiSunter.PRIOR) / (pairs - matched + levels * FellegiSunter.PRIOR);
                    moved = Math.max(moved, Math.max(FellegiSunter.relativeMove(mk, m[k][l]), FellegiSunter.relativeMove(uk, u[k][l])));
                    m[k][l] = mk;
                    u[k][l] = uk;
                }
            }
            if (moved <= stop) {
                break;
            }
        }
        double meanM = 0;
        double meanU = 0;
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < levels; l++) {
                meanM += l * m[k][l];
                meanU += l * u[k][l];
            }
        }
        return meanM > meanU ? new double[][][] {u, m} : new double[][][] {m, u};
    }

    /** The distance of a pair under the penalties. */
    static double distance(double[] a, double[] b, double[][] penalty) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += penalty[k][level(Math.abs(a[k] - b[k]))];
        }
        return s;
    }

    /** The first level whose limit holds d, by a scan of the limits (the last level beyond them, and for NaN). */
    private static int level(double d) {
        int l = 0;
        while (l < LIMITS.length && !(d <= LIMITS[l])) {
            l++;
        }
        return l;
    }
}

package org.reident.learn;

import java.util.Arrays;
import org.reident.data.LinkageData;

/**
 * Every rival that can beat a training record's true match for some weights of the simplex
 * families (WM, WM_m, OWA), gathered afresh for {@link WeightCheck} by a scan of every reference
 * record: `reident verify`'s own list, not the weight cells' lazily grown one.
 * <p>
 * Record i is linked by w with margin eps when w . e_ij >= eps for every rival j, where
 * e_ij = phi(i, j) - phi(i, t_i) ({@link Features#simplexRow}; for OWA the sorted distances). The
 * weights are written w = delta 1 + (1 - n delta) lambda with lambda on the standard simplex (delta
 * the least weight of WM_m, 0 for WM and OWA), so that w . e = delta S + (1 - n delta) lambda . e
 * with S = sum_k e_k, which is lambda . g for g_k = delta S + (1 - n delta) e_k: every search is on
 * the standard simplex of lambda, whose vertices are exact. Kept per record: the g of the rivals
 * below eps at some vertex (min_k g_k < eps; the others are beaten everywhere), and of those only
 * the Pareto-minimal ones (a g componentwise at least another's rules out nowhere the other does
 * not, alone or with a third: lambda . g >= lambda . h for lambda >= 0), least sum first.
 * <p>
 * Each rival also carries its rounding slack {@link #slack}: a rival rules its record out of a cell
 * only when its computed value is below eps by more than that.
 */
final class WeightThreats {
    /**
     * Relative rounding slack: a computed lambda . g (at most 11 terms, lambda in [0, 1] summing to
     * 1, g from e by two operations) is within about 11 * 2^-53 (sum |e| + sum |g|) of the exact
     * value for the e that {@link Features} computes; 1e-13 is some hundred times that.
     */
    static final double RELATIVE = 1e-13;
    private final int n;
    /** Per training record, its rivals' g (n values each, least sum first); null: out from the start. */
    private final double[][] rivals;
    /** Per training record, per rival, its rounding slack. */
    private final double[][] slacks;

    /**
     * Gathers the rivals of every training record not already {@code gone} (proven unlinkable);
     * a record one rival rules out on the whole simplex is left with none (null).
     */
    WeightThreats(Features f, LinkageData data, int[] train, boolean[] gone, double eps, double delta) {
        n = f.dimension();
        rivals = new double[train.length][];
        slacks = new double[train.length][];
        double[] ct = new double[n];
        double[] phiT = new double[n];
        double[] c = new double[n];
        double[] e = new double[n];
        int references = data.maskedCount();
        for (int q = 0; q < train.length; q++) {
            if (gone[q]) {
                continue;
            }
            int i = train[q];
            int t = data.truth()[i];
            f.simplexPhi(i, t, ct, phiT);
            double[] found = new double[8 * n];
            double[] slack = new double[8];
            double[] sums = new double[8];
            int count = 0;
            boolean out = false;
            for (int j = 0; j < references && !out; j++) {
                if (j == t || f.simplexRow(i, j, ct, phiT, eps, c, e) >= eps) {
                    continue; // every weight beats it: lambda . g >= min_k g_k and g_k >= min_k e_k >= eps
                }
                double s = 0;
                double abs = 0;
                for (int k = 0; k < n; k++) {
                    s += e[k];
                    abs += Math.abs(e[k]);
                }
                double min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                double sum = 0;
                if (count == slack.length) {
                    found = Arrays.copyOf(found, 2 * found.length);
                    slack = Arrays.copyOf(slack, 2 * slack.length);
                    sums = Arrays.copyOf(sums, 2 * sums.length);
                }
                for (int k = 0; k < n; k++) {
                    double g = delta * s + (1 - n * delta) * e[k];
                    found[count * n + k] = g;
                    min = Math.min(min, g);
                    max = Math.max(max, g);
                    sum += g;
                    abs += Math.abs(g);
                }
                double tol = RELATIVE * (1 + abs);
                if (min >= eps) {
                    continue;
                }
                if (max < eps - tol) {
                    out = true; // below eps at every vertex: no weight links the record
                    break;
                }
                slack[count] = tol;
                sums[count++] = sum;
            }
            if (!out) {
                paretoMinimal(q, found, slack, sums, count);
            }
        }
    }

    /**
     * Rivals given by hand (tests): per record its rivals' g, n values each, least sum first (null:
     * out from the start), each with the slack {@link #RELATIVE} (1 + sum |g|).
     */
    WeightThreats(int n, double[][] given) {
        this.n = n;
        rivals = given.clone();
        slacks = new double[given.length][];
        for (int q = 0; q < given.length; q++) {
            if (given[q] != null) {
                slacks[q] = new double[given[q].length / n];
                for (int r = 0; r < slacks[q].length; r++) {
                    double abs = 0;
                    for (int k = 0; k < n; k++) {
                        abs += Math.abs(given[q][r * n + k]);
                    }
                    slacks[q][r] = RELATIVE * (1 + abs);
                }
            }
        }
    }

    /** Keeps record q's Pareto-minimal rivals of the {@code count} found, least sum first. */
    private void paretoMinimal(int q, double[] found, double[] slack, double[] sums, int count) {
        Integer[] order = new Integer[count];
        for (int r = 0; r < count; r++) {
            order[r] = r;
        }
        Arrays.sort(order, (a, b) -> Double.compare(sums[a], sums[b]));
        double[] kept = new double[count * n];
        double[] keptSlack = new double[count];
        int k = 0;
        for (int r = 0; r < count; r++) {
            int o = order[r] * n;
            boolean implied = false;
            for (int p = 0; p < k && !implied; p++) {
                boolean below = true;
                for (int d = 0; d < n && below; d++) {
                    below = kept[p * n + d] <= found[o + d];
                }
                implied = below;
            }
            if (!implied) {
                System.arraycopy(found, o, kept, k * n, n);
                keptSlack[k++] = slack[order[r]];
            }
        }
        rivals[q] = Arrays.copyOf(kept, k * n);
        slacks[q] = Arrays.copyOf(keptSlack, k);
    }

    /** Training record q's rivals' g, n values each, least sum first; null: no weight links it. */
    double[] of(int q) {
        return rivals[q];
    }

    /** The rounding slack of training record q's rival r. */
    double slack(int q, int r) {
        return slacks[q][r];
    }

    int dimension() {
        return n;
    }
}

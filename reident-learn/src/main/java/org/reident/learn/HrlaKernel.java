package org.reident.learn;

import org.reident.linkage.LinkageEngine;

/**
 * The per-block work of {@link Hrla}, on primitive arrays: the Choquet chains of one query record
 * against every reference record, the gradient updates of one block, and the restoration of a
 * normalised monotone measure. The measure is indexed by subset bit mask (bit k = variable k).
 *
 * <p>For a pair with squared standardised differences c sorted increasingly (ties by index), the
 * chain is A_s(1) = V, A_s(2), ..., A_s(n) with increments c_s(i) - c_s(i-1) (as in
 * {@link Features}), so CI_mu(c) = sum_i inc_i mu(A_s(i)) and the gradient of CI with respect to mu
 * is the vector of increments on the chain's subsets: it does not depend on mu.
 */
final class HrlaKernel {
    private final double[] query;
    private final double[] reference;
    private final int n;
    private final int nr;
    private final int full;
    private final int[] masks;
    private final double[] incs;
    private final double[] value;
    private final int[] rivals;
    private final double[] c;
    private final int[] order;
    private final double[] up;
    private final double[] down;

    HrlaKernel(double[] query, double[] reference, int n, int referenceCount) {
        this.query = query;
        this.reference = reference;
        this.n = n;
        this.nr = referenceCount;
        this.full = (1 << n) - 1;
        this.masks = new int[nr * n];
        this.incs = new double[nr * n];
        this.value = new double[nr];
        this.rivals = new int[nr];
        this.c = new double[n];
        this.order = new int[n];
        this.up = new double[1 << n];
        this.down = new double[1 << n];
    }

    /** Fills the chains (masks, increments) of query record i against every reference record. */
    void chains(int i) {
        int qi = i * n;
        for (int j = 0; j < nr; j++) {
            int rj = j * n;
            for (int k = 0; k < n; k++) {
                double t = query[qi + k] - reference[rj + k];
                c[k] = t * t;
            }
            for (int k = 0; k < n; k++) { // insertion sort of the indices by c, ties by index
                int p = k - 1;
                while (p >= 0 && c[order[p]] > c[k]) {
                    order[p + 1] = order[p];
                    p--;
                }
                order[p + 1] = k;
            }
            int mask = full;
            double prev = 0;
            for (int r = 0; r < n; r++) {
                int k = order[r];
                masks[rj + r] = mask;
                incs[rj + r] = c[k] - prev;
                prev = c[k];
                mask &= ~(1 << k);
            }
        }
    }

    /** CI_mu of the pair (current query, reference j), from its chain. */
    double integral(int j, double[] mu) {
        int rj = j * n;
        double s = 0;
        for (int r = 0; r < n; r++) {
            s += incs[rj + r] * mu[masks[rj + r]];
        }
        return s;
    }

    /** max_k c_k of the pair (current query, reference j): the sum of its chain's increments. */
    private double largest(int j) {
        int rj = j * n;
        double s = 0;
        for (int r = 0; r < n; r++) {
            s += incs[rj + r];
        }
        return s;
    }

    /**
     * Whether some reference j != t has c(i, j) <= c(i, t) in every variable: then
     * CI_mu(c(i, j)) <= CI_mu(c(i, t)) for every monotone mu, and no measure links record i strictly.
     */
    boolean hopeless(int i, int t) {
        int qi = i * n;
        int tn = t * n;
        for (int j = 0; j < nr; j++) {
            if (j == t) {
                continue;
            }
            int rj = j * n;
            boolean all = true;
            for (int k = 0; k < n && all; k++) {
                double a = query[qi + k] - reference[rj + k];
                double b = query[qi + k] - reference[tn + k];
                all = a * a <= b * b;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /**
     * One block (query i, true match t; chains filled): the rivals s = {j != t : CI(d_j) <= CI(d_t)}
     * under the current mu, then for each rival still in s, in index order, the step
     * mu -= rate * (e / S) * (phi_t - phi_j) / S with e = CI(d_t) - CI(d_j) + margin * S, S the largest
     * squared difference among the block's true pair and rivals (Grabisch's normalisation of the
     * inputs to [0, 1]), phi the chain increments; mu(V) is fixed and not updated. Returns the
     * number of rival updates made; the measure is left unrestored.
     */
    int block(int t, double[] mu, double rate, double margin) {
        double ct = integral(t, mu);
        double sum = 0;
        for (int j = 0; j < nr; j++) {
            value[j] = integral(j, mu);
            sum += value[j];
        }
        double tol = LinkageEngine.RELATIVE_TIE_TOLERANCE * sum / nr; // ties as the engine counts them
        int count = 0;
        double scale = largest(t);
        for (int j = 0; j < nr; j++) {
            if (j != t && value[j] <= ct + tol) {
                rivals[count++] = j;
                scale = Math.max(scale, largest(j));
            }
        }
        if (count == 0 || !(scale > 0)) {
            return 0;
        }
        int updates = 0;
        int tn = t * n;
        for (int q = 0; q < count; q++) {
            int j = rivals[q];
            double dt = integral(t, mu);
            double dj = integral(j, mu);
            if (dj > dt + tol) {
                continue; // already pushed away by an earlier rival's step
            }
            double step = rate * ((dt - dj) / scale + margin) / scale;
            int jn = j * n;
            for (int r = 1; r < n; r++) { // r = 0 is V, whose measure is fixed at 1
                mu[masks[tn + r]] -= step * incs[tn + r];
                mu[masks[jn + r]] += step * incs[jn + r];
            }
            updates++;
        }
        return updates;
    }

    /**
     * Restores a normalised monotone measure: values clamped to [0, 1], mu(empty) = 0, mu(V) = 1,
     * then the midpoint of the smallest monotone majorant (up[A] = max of mu over the subsets of A)
     * and the largest monotone minorant (down[A] = min of mu over the supersets of A). Both are
     * monotone with up(empty) = down(empty) = 0 and up(V) = down(V) = 1, so their midpoint is a
     * normalised monotone measure; a measure that already is one is left unchanged (up = down = mu).
     */
    void restore(double[] mu) {
        for (int m = 0; m <= full; m++) {
            mu[m] = Math.min(1, Math.max(0, mu[m]));
        }
        mu[0] = 0;
        mu[full] = 1;
        for (int m = 0; m <= full; m++) { // subsets have smaller masks
            double v = mu[m];
            for (int rest = m; rest != 0; rest &= rest - 1) {
                v = Math.max(v, up[m & ~Integer.lowestOneBit(rest)]);
            }
            up[m] = v;
        }
        for (int m = full; m >= 0; m--) { // supersets have larger masks
            double v = mu[m];
            for (int rest = full & ~m; rest != 0; rest &= rest - 1) {
                v = Math.min(v, down[m | Integer.lowestOneBit(rest)]);
            }
            down[m] = v;
        }
        for (int m = 0; m <= full; m++) {
            mu[m] = 0.5 * (up[m] + down[m]);
        }
        mu[0] = 0;
        mu[full] = 1;
    }
}

package org.reident.explain;

import java.util.Random;

/** Seeded random set functions and fuzzy measures for the tests. */
final class RandomMeasures {
    private RandomMeasures() {
    }

    /**
     * A random fuzzy measure: u(A) uniform in [0, 1), made monotone bottom-up by
     * mu(A) = max(u(A), max_k mu(A \ {k})), then divided by mu(V); mu(empty) = 0, mu(V) = 1.
     * Neither sub- nor supermodular in general.
     */
    static double[] monotone(int n, Random rnd) {
        int size = 1 << n;
        double[] mu = new double[size];
        for (int a = 1; a < size; a++) {
            double v = rnd.nextDouble();
            for (int k = 0; k < n; k++) {
                if ((a & (1 << k)) != 0) {
                    v = Math.max(v, mu[a ^ (1 << k)]);
                }
            }
            mu[a] = v;
        }
        double top = mu[size - 1];
        for (int a = 0; a < size; a++) {
            mu[a] /= top;
        }
        mu[size - 1] = 1.0;
        return mu;
    }

    /** An arbitrary set function (values in [-1, 1), no property). */
    static double[] arbitrary(int n, Random rnd) {
        double[] mu = new double[1 << n];
        for (int a = 0; a < mu.length; a++) {
            mu[a] = 2 * rnd.nextDouble() - 1;
        }
        return mu;
    }

    /** Random weights on the simplex. */
    static double[] simplex(int n, Random rnd) {
        double[] p = new double[n];
        double s = 0;
        for (int k = 0; k < n; k++) {
            p[k] = -Math.log(1 - rnd.nextDouble());
            s += p[k];
        }
        for (int k = 0; k < n; k++) {
            p[k] /= s;
        }
        return p;
    }

    /** The additive measure mu(A) = sum_{k in A} p_k. */
    static double[] additive(double[] p) {
        int n = p.length;
        double[] mu = new double[1 << n];
        for (int a = 1; a < mu.length; a++) {
            int low = Integer.numberOfTrailingZeros(a);
            mu[a] = mu[a & (a - 1)] + p[low];
        }
        return mu;
    }

    /** mu'(A) = mu(pi(A)) with pi swapping variables i and j. */
    static double[] swapVariables(double[] mu, int i, int j) {
        double[] out = new double[mu.length];
        for (int a = 0; a < mu.length; a++) {
            int bi = (a >> i) & 1;
            int bj = (a >> j) & 1;
            int b = a & ~((1 << i) | (1 << j)) | (bi << j) | (bj << i);
            out[a] = mu[b];
        }
        return out;
    }

    /** Choquet integral by its definition: sort x increasingly, sum (x_s(i) - x_s(i-1)) mu(A_s(i)). */
    static double choquetBySorting(double[] mu, double[] x) {
        int n = x.length;
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (p, q) -> Double.compare(x[p], x[q]));
        double s = 0;
        double prev = 0;
        int mask = (1 << n) - 1;
        for (int i = 0; i < n; i++) {
            int k = order[i];
            s += (x[k] - prev) * mu[mask];
            prev = x[k];
            mask &= ~(1 << k);
        }
        return s;
    }
}

package org.reident.distance;

import java.util.ArrayList;
import java.util.List;

/**
 * Batcher's odd-even merge sorting network for n inputs (Knuth, TAOCP vol. 3, 5.3.4): a fixed list
 * of compare-exchange steps (i, j), i < j, after which position i holds the smaller value. Built for
 * the next power of two and restricted to comparators within [0, n), which is the network for n
 * inputs padded with +infinity at the end (those comparators never move a finite value).
 *
 * <p>Applied to a block of pairs stored variable-major, each comparator is a min/max over two
 * contiguous rows, which the JIT vectorises: the OWA and Choquet kernels sort the n values of
 * every pair without a data-dependent branch.
 */
final class SortingNetwork {
    private final int[] lower;
    private final int[] upper;

    SortingNetwork(int n) {
        int p2 = 1;
        while (p2 < n) {
            p2 <<= 1;
        }
        List<int[]> steps = new ArrayList<>();
        for (int p = 1; p < p2; p <<= 1) {
            for (int k = p; k >= 1; k >>= 1) {
                for (int j = k % p; j + k < p2; j += 2 * k) {
                    for (int i = 0; i < k && i + j + k < p2; i++) {
                        int a = i + j;
                        int b = i + j + k;
                        if (a / (2 * p) == b / (2 * p) && b < n) {
                            steps.add(new int[] {a, b});
                        }
                    }
                }
            }
        }
        lower = new int[steps.size()];
        upper = new int[steps.size()];
        for (int s = 0; s < lower.length; s++) {
            lower[s] = steps.get(s)[0];
            upper[s] = steps.get(s)[1];
        }
    }

    int size() {
        return lower.length;
    }

    /** Sorts, for every j in [0, len), the column (v[0][j], ..., v[n-1][j]) increasingly. */
    void sortColumns(double[][] v, int len) {
        for (int s = 0; s < lower.length; s++) {
            final double[] a = v[lower[s]];
            final double[] b = v[upper[s]];
            for (int j = 0; j < len; j++) {
                double x = a[j];
                double y = b[j];
                a[j] = Math.min(x, y);
                b[j] = Math.max(x, y);
            }
        }
    }
}

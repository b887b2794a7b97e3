package org.reident.distance;

/**
 * Per-variable squared differences c_k = (a_k - b_k)^2 of one query record against a block of
 * reference records, and their order: the shared first step of the OWA and Choquet kernels.
 * The differences are computed variable by variable over the block (a contiguous, vectorised loop);
 * the order of the n values of one pair is found without data-dependent branches, by counting for
 * each value how many others precede it (smaller, or equal with a lower index), so the inner loop
 * does not stall on mispredicted comparisons as an insertion sort would.
 */
final class SquaredDifferences {
    private final double[] query;
    private final ColumnMajor reference;
    private final int n;

    SquaredDifferences(double[] query, double[] reference, int n) {
        this.query = query;
        this.reference = new ColumnMajor(reference, n);
        this.n = n;
    }

    int queryCount() {
        return query.length / n;
    }

    int referenceCount() {
        return reference.rows();
    }

    /** Fills {@code c[k * len + j]} with (a_k - b_j,k)^2 for the block [from, from + len). */
    void fill(int q, int from, int len, double[] c) {
        final double[] r = reference.values();
        final int nr = reference.rows();
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            final int base = k * nr + from;
            final int o = k * len;
            for (int j = 0; j < len; j++) {
                double t = ak - r[base + j];
                c[o + j] = t * t;
            }
        }
    }

    /**
     * Gathers pair j's values into {@code v} and writes the variables in increasing order of value
     * into {@code order} (ties broken by variable index).
     */
    static void sortPair(double[] c, int len, int j, int n, double[] v, int[] order) {
        for (int k = 0; k < n; k++) {
            v[k] = c[k * len + j];
        }
        for (int k = 0; k < n; k++) {
            double vk = v[k];
            int rank = 0;
            for (int l = 0; l < k; l++) {
                rank += v[l] <= vk ? 1 : 0;
            }
            for (int l = k + 1; l < n; l++) {
                rank += v[l] < vk ? 1 : 0;
            }
            order[rank] = k;
        }
    }
}

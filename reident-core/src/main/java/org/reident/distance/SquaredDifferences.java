package org.reident.distance;

/**
 * Per-variable squared differences c_k = (a_k - b_k)^2 of one query record against a block of
 * reference records, the shared first step of the OWA and Choquet kernels.
 * The differences are computed variable by variable over the block (a contiguous, vectorised loop),
 * into a variable-major buffer that a {@link SortingNetwork} then sorts pair by pair.
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

    void queryRow(int q, double[] out) {
        System.arraycopy(query, q * n, out, 0, n);
    }

    double[] referenceColumns() {
        return reference.values().clone();
    }

    /** Fills {@code c[k][j]} with (a_k - b_j,k)^2 for the block [from, from + len). */
    void fill(int q, int from, int len, double[][] c) {
        final double[] r = reference.values();
        final int nr = reference.rows();
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            final double[] ck = c[k];
            System.arraycopy(r, k * nr + from, ck, 0, len); // see Workspace: keeps the loop vectorised
            for (int j = 0; j < len; j++) {
                double t = ak - ck[j];
                ck[j] = t * t;
            }
        }
    }
}

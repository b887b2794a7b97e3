package org.reident.distance;

/**
 * d(a, b) = sum_k w_k (a_k - b_k)^2 on transformed coordinates. Covers every distance of DESIGN.md
 * section 2 that is a quadratic form of the difference:
 * <ul>
 * <li>AM (DBRL1, Euclidean, Domingo-Ferrer and Torra): standardised values, w_k = 1/n;</li>
 * <li>WM_p: standardised values, w_k = p_k;</li>
 * <li>DBRL2: raw values divided by sd(V_k^X - V_k^Y), w_k = 1;</li>
 * <li>MD-COV / MD-COV0 and SB_Sigma: coordinates rotated onto the eigenvectors of the matrix M
 * (S^-1 or Sigma), w = its eigenvalues, since (a-b)' M (a-b) = sum_k lambda_k (v_k'a - v_k'b)^2.
 * Weights may be negative for an indefinite Sigma (SB_NC).</li>
 * </ul>
 */
public final class WeightedSquaredEuclidean implements PairwiseDistance {
    private final double[] query;
    private final double[] reference;
    private final int n;
    private final double[] w;

    /** @param query row-major, n values per record; @param reference row-major; @param w n weights */
    public WeightedSquaredEuclidean(double[] query, double[] reference, int n, double[] w) {
        this.query = query;
        this.reference = reference;
        this.n = n;
        this.w = w.clone();
    }

    @Override
    public int queryCount() {
        return query.length / n;
    }

    @Override
    public int referenceCount() {
        return reference.length / n;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int n = this.n;
        final double[] r = reference;
        final double[] w = this.w;
        final double[] a = new double[n];
        System.arraycopy(query, q * n, a, 0, n);
        for (int j = from; j < to; j++) {
            int o = j * n;
            double s = 0;
            for (int k = 0; k < n; k++) {
                double t = a[k] - r[o + k];
                s += w[k] * t * t;
            }
            out[j - from] = s;
        }
    }
}

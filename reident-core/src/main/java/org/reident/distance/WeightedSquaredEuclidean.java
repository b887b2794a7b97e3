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
 * The reference file is held variable-major so that the loop over a block of reference records is
 * contiguous and vectorised by the JIT.
 */
public final class WeightedSquaredEuclidean implements GapDistance {
    private final double[] query;
    private final ColumnMajor reference;
    private final int n;
    private final double[] w;

    /** @param query row-major, n values per record; @param reference row-major; @param w n weights */
    public WeightedSquaredEuclidean(double[] query, double[] reference, int n, double[] w) {
        this.query = query;
        this.reference = new ColumnMajor(reference, n);
        this.n = n;
        this.w = w.clone();
    }

    @Override
    public int queryCount() {
        return query.length / n;
    }

    @Override
    public int referenceCount() {
        return reference.rows();
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public void queryRow(int q, double[] out) {
        System.arraycopy(query, q * n, out, 0, n);
    }

    @Override
    public double[] referenceColumns() {
        return reference.values().clone();
    }

    @Override
    public double[] spreadWeights() {
        return w.clone();
    }

    @Override
    public boolean bounded() {
        return GapDistance.nonNegative(w);
    }

    /**
     * {@code s = 0; s += w_k * g * g} for k = 0..n-1, as {@link #block} sums w_k t t with t = a_k - b_k:
     * rounding is symmetric, so |t| gives the same products, and the value is {@link #block}'s to the
     * last bit.
     */
    @Override
    public double ofGaps(double[] g, double[] scratch) {
        double s = 0.0;
        for (int k = 0; k < n; k++) {
            s += w[k] * g[k] * g[k];
        }
        return s;
    }

    @Override
    public void block(int q, int from, int to, double[] out) {
        final int len = to - from;
        final double[] r = reference.values();
        final int nr = reference.rows();
        final double[] b = Workspace.get().row(len);
        java.util.Arrays.fill(out, 0, len, 0.0);
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            final double wk = w[k];
            System.arraycopy(r, k * nr + from, b, 0, len); // see Workspace: keeps the loop vectorised
            for (int j = 0; j < len; j++) {
                double t = ak - b[j];
                out[j] += wk * t * t;
            }
        }
    }
}

package org.reident.distance;

/**
 * MD*, the Mahalanobis distance used as an aggregation operator (supervised-dbrl-overview.txt,
 * Definition 3; DESIGN.md section 2): with the per-variable distances d_k = |a_k - b_k| on
 * standardised values, MD*(a, b) = d' Sigma d = sum_k Sigma_kk d_k^2 + 2 sum_{k&lt;l} Sigma_kl d_k d_l,
 * Sigma symmetric (learned; it plays the role of the paper's Sigma^-1). Unlike the bilinear form
 * on signed differences it cannot be computed after a rotation, so the kernel evaluates the
 * n(n+1)/2 terms per pair, variable-major over a block of reference records (vectorised loops).
 * Sigma = I/n gives AM.
 */
public final class AbsoluteBilinearDistance implements PairwiseDistance {
    private final double[] query;
    private final ColumnMajor reference;
    private final int n;
    private final double[] sigma;

    public AbsoluteBilinearDistance(double[] query, double[] reference, int n, double[] sigma) {
        this.query = query;
        this.reference = new ColumnMajor(reference, n);
        this.n = n;
        this.sigma = sigma.clone();
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
    public void block(int q, int from, int to, double[] out) {
        final int len = to - from;
        final double[][] d = Workspace.get().rows(n, len);
        final double[] r = reference.values();
        final int nr = reference.rows();
        for (int k = 0; k < n; k++) {
            final double ak = query[q * n + k];
            final double[] dk = d[k];
            System.arraycopy(r, k * nr + from, dk, 0, len); // see Workspace: keeps the loop vectorised
            for (int j = 0; j < len; j++) {
                dk[j] = Math.abs(ak - dk[j]);
            }
        }
        java.util.Arrays.fill(out, 0, len, 0.0);
        for (int k = 0; k < n; k++) {
            final double[] dk = d[k];
            final double skk = sigma[k * n + k];
            for (int j = 0; j < len; j++) {
                out[j] += skk * dk[j] * dk[j];
            }
            for (int l = k + 1; l < n; l++) {
                final double skl = 2 * sigma[k * n + l];
                if (skl == 0) {
                    continue;
                }
                final double[] dl = d[l];
                for (int j = 0; j < len; j++) {
                    out[j] += skl * dk[j] * dl[j];
                }
            }
        }
    }
}

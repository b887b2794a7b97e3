package org.reident.protect;

import java.util.Arrays;

/**
 * IPSO as a {@link Masking} over a file's selected columns: the confidential columns are the
 * regressors and stay unchanged, every other selected column is a quasi-identifier replaced by its
 * synthetic version ({@link Ipso#synthesize}).
 */
public final class IpsoMasking implements Masking {
    private final Ipso.Variant variant;
    private final int[] confidential;
    private final long seed;

    /** @param confidential indices, among the selected columns, of the confidential attributes */
    public IpsoMasking(Ipso.Variant variant, int[] confidential, long seed) {
        this.variant = variant;
        this.confidential = confidential.clone();
        for (int a = 0; a < confidential.length; a++) {
            for (int b = 0; b < a; b++) {
                if (confidential[a] == confidential[b]) {
                    throw new IllegalArgumentException("confidential column " + confidential[a] + " given twice");
                }
            }
        }
        this.seed = seed;
    }

    @Override
    public String label() {
        return "ipso-" + variant.name().toLowerCase(java.util.Locale.ROOT) + "(confidential=" + Arrays.toString(confidential)
                + ",seed=" + seed + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        boolean[] isConf = new boolean[n];
        for (int c : confidential) {
            if (c < 0 || c >= n) {
                throw new IllegalArgumentException("confidential column " + c + " outside 0.." + (n - 1));
            }
            isConf[c] = true;
        }
        int p = confidential.length;
        int m = n - p;
        if (m < 1) {
            throw new org.reident.data.InputException("IPSO: every selected variable is confidential; nothing is left to synthesise");
        }
        int[] qi = new int[m];
        int k = 0;
        for (int c = 0; c < n; c++) {
            if (!isConf[c]) {
                qi[k++] = c;
            }
        }
        double[] y = gather(x, rows, n, qi);
        double[] conf = gather(x, rows, n, confidential);
        double[] synthetic = Ipso.synthesize(variant, y, rows, m, conf, p, seed);
        double[] out = x.clone();
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < m; j++) {
                out[i * n + qi[j]] = synthetic[i * m + j];
            }
        }
        return out;
    }

    private static double[] gather(double[] x, int rows, int n, int[] cols) {
        double[] g = new double[rows * cols.length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols.length; j++) {
                g[i * cols.length + j] = x[i * n + cols[j]];
            }
        }
        return g;
    }
}

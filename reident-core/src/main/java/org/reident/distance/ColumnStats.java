package org.reident.distance;

/** Column means, sample standard deviations and covariances of row-major data (n-1 denominators). */
public final class ColumnStats {
    private ColumnStats() {
    }

    /** Means of the n columns of {@code rows} records stored row-major. */
    public static double[] means(double[] data, int rows, int n) {
        double[] m = new double[n];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                m[k] += data[o + k];
            }
        }
        for (int k = 0; k < n; k++) {
            m[k] /= rows;
        }
        return m;
    }

    /** Sample standard deviations (n-1 denominator) about the given means. */
    public static double[] sds(double[] data, int rows, int n, double[] mean) {
        double[] s = new double[n];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                double d = data[o + k] - mean[k];
                s[k] += d * d;
            }
        }
        for (int k = 0; k < n; k++) {
            s[k] = Math.sqrt(s[k] / (rows - 1));
        }
        return s;
    }

    /** Sample covariance matrix (n-1 denominator), row-major n x n. */
    public static double[] covariance(double[] data, int rows, int n) {
        double[] m = means(data, rows, n);
        double[] c = new double[n * n];
        double[] d = new double[n];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                d[k] = data[o + k] - m[k];
            }
            for (int a = 0; a < n; a++) {
                for (int b = a; b < n; b++) {
                    c[a * n + b] += d[a] * d[b];
                }
            }
        }
        for (int a = 0; a < n; a++) {
            for (int b = a; b < n; b++) {
                c[a * n + b] /= rows - 1;
                c[b * n + a] = c[a * n + b];
            }
        }
        return c;
    }

    /** (v - mean) / sd per column, a new row-major array. */
    public static double[] standardize(double[] data, int rows, int n, double[] mean, double[] sd) {
        double[] z = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            int o = i * n;
            for (int k = 0; k < n; k++) {
                z[o + k] = (data[o + k] - mean[k]) / sd[k];
            }
        }
        return z;
    }
}

package org.reident.protect;

/**
 * Micz: multivariate microaggregation on a one-dimensional projection, the sum of z-scores
 * (Defays and Nanopoulos 1993; Mateo-Sanz and Domingo-Ferrer, "A method for data-oriented
 * multivariate microaggregation", Statistical Data Protection 1998; the "Micz" protection of
 * Nin, Herranz and Torra's experiments, hrla-heuristic-choquet.txt Table 2).
 *
 * <p>Each column is standardised, z = (v - mean) / sd (sample sd, n-1 denominator; a constant
 * column gives 0), each record is projected to the sum of its z-scores over the n columns (summed
 * in column order), the records are sorted by that sum (ties by increasing record index) and cut
 * into consecutive groups along that order; every column of a record is replaced by the mean of
 * that column over its group. <b>Group sizes:</b> with N = q k + m (0 &lt;= m &lt; k), the first
 * q-1 groups have k records and the last group (largest sums) has k + m records, i.e. k..2k-1.
 * Requires 1 &lt;= k and 2k &lt;= N, otherwise an {@link org.reident.data.InputException}.
 */
public final class Micz implements Masking {
    private final int k;

    public Micz(int k) {
        this.k = Microaggregation.checkK(k);
    }

    public int k() {
        return k;
    }

    @Override
    public String label() {
        return "micz(k=" + k + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, k);
        if (k == 1) {
            return x.clone();
        }
        return Microaggregation.replaceByGroupMeans(x, rows, n, groupsOf(x, rows, n));
    }

    /** Group id of each record: 0 for the smallest z-score sums up to rows / k - 1. */
    public int[] groups(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, k);
        return groupsOf(x, rows, n);
    }

    /** The projection: the sum of each record's z-scores (constant columns count 0). */
    public static double[] zScoreSums(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, 1);
        return sums(x, rows, n);
    }

    private static double[] sums(double[] x, int rows, int n) {
        double[] z = Microaggregation.distanceSpace(x, rows, n, true);
        double[] sum = new double[rows];
        for (int i = 0; i < rows; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += z[i * n + j];
            }
            sum[i] = s;
        }
        return sum;
    }

    private int[] groupsOf(double[] x, int rows, int n) {
        return Microaggregation.consecutiveGroups(Microaggregation.stableOrder(sums(x, rows, n), rows, 0, 1), k);
    }
}

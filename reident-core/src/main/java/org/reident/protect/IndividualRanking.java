package org.reident.protect;

/**
 * Individual ranking: univariate microaggregation of each column independently (Defays and
 * Nanopoulos 1993; Pagliuca and Seri, "Some results of individual ranking method on the system of
 * enterprise accounts annual survey", Esprit SDC Project deliverable MI-3/D2, 1999; see also
 * Domingo-Ferrer and Mateo-Sanz, IEEE TKDE 14(1), 2002).
 *
 * <p>For each column separately: the records are sorted by the column's value (ties by increasing
 * record index), cut into consecutive groups along that order and each value is replaced by the
 * mean of its group's values. <b>Group sizes:</b> with N = q k + m (0 &lt;= m &lt; k), the first q-1
 * groups have k records and the last group (the largest values) has k + m records, i.e. k..2k-1.
 * Requires 1 &lt;= k and 2k &lt;= N, otherwise an {@link org.reident.data.InputException}.
 */
public final class IndividualRanking implements Masking {
    private final int k;

    public IndividualRanking(int k) {
        this.k = Microaggregation.checkK(k);
    }

    public int k() {
        return k;
    }

    @Override
    public String label() {
        return "individual-ranking(k=" + k + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        Microaggregation.check(x, rows, n, k);
        if (k == 1) {
            return x.clone();
        }
        double[] y = new double[x.length];
        int groups = rows / k;
        int[] first = new int[groups];
        double[] sum = new double[groups];
        int[] size = new int[groups];
        for (int col = 0; col < n; col++) {
            int[] gid = groupsOf(x, rows, n, col);
            Microaggregation.groupMeans(x, rows, n, col, gid, groups, y, first, sum, size);
        }
        return y;
    }

    /**
     * The groups of one column: group id of each record, 0 for the smallest values up to
     * rows / k - 1 for the largest.
     */
    public int[] groups(double[] x, int rows, int n, int column) {
        Microaggregation.check(x, rows, n, k);
        if (column < 0 || column >= n) {
            throw new IllegalArgumentException("column " + column + " out of range 0.." + (n - 1));
        }
        return groupsOf(x, rows, n, column);
    }

    private int[] groupsOf(double[] x, int rows, int n, int col) {
        return Microaggregation.consecutiveGroups(Microaggregation.stableOrder(x, rows, col, n), k);
    }
}

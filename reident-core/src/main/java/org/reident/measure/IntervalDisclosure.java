package org.reident.measure;

import java.util.Arrays;

/**
 * Interval disclosure, the rank-interval measure of attribute disclosure (Domingo-Ferrer,
 * Mateo-Sanz and Torra 2001; dwb-deliverable-d11.2.txt, Definition 1): each variable is ranked on
 * its own, a rank interval is centred on the rank of each record's protected value, holding the
 * values whose ranks differ from it by less than p percent of the records, and the measure is the
 * share of original values that fall inside the interval around their own protected value, in
 * percent. 100 means an intruder is sure the original value lies in the interval.
 *
 * <p>Where the definition is silent: the ranks are those of the protected file (the values an
 * intruder sees); the interval of a record whose protected value is tied with others runs from h
 * ranks below the first of the tied values to h ranks above the last, h = ceil(p N / 100) - 1 (the
 * largest rank difference below p percent of N), clipped to the file, so the measure does not
 * depend on the order of the rows; the interval is closed. The share is over every variable and
 * matched record; {@link Measures} takes the mean over the widths, by default p = 1, ..., 10 percent
 * (the range of widths of Domingo-Ferrer and Torra's comparison as we read it; the commands'
 * {@code --interval-percents} changes it).
 */
public final class IntervalDisclosure {
    private static final int[] DEFAULT_PERCENTS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

    private IntervalDisclosure() {
    }

    /** The widths averaged by default: 1, 2, ..., 10 percent (a new array each call). */
    public static int[] defaultPercents() {
        return DEFAULT_PERCENTS.clone();
    }

    /** The rank half-width h = ceil(p N / 100) - 1 for p percent of N records. */
    static int halfWidth(double percent, int records) {
        return Math.max(0, (int) Math.ceil(percent * records / 100.0) - 1);
    }

    /** Percentage of (record, variable) pairs whose original value lies in its protected value's interval. */
    public static double percent(PairedColumns c, double percent) {
        return percents(c, new double[] {percent})[0];
    }

    /** {@link #percent} at each of several widths: the mean over the variables of {@link #table}. */
    public static double[] percents(PairedColumns c, double[] percents) {
        return meanOverVariables(table(c, percents));
    }

    /** Each width's column of a {@link #table}, averaged over the variables (the rows). */
    public static double[] meanOverVariables(double[][] table) {
        double[] out = new double[table[0].length];
        for (double[] row : table) {
            for (int q = 0; q < out.length; q++) {
                out[q] += row[q] / table.length;
            }
        }
        return out;
    }

    /**
     * Interval disclosure of each variable j at each width q, in percent of the matched records; each
     * column sorted and each record's tie located once for all the widths.
     */
    public static double[][] table(PairedColumns c, double[] percents) {
        int p = c.original().length;
        int n = c.pairs();
        int[] h = new int[percents.length];
        for (int q = 0; q < percents.length; q++) {
            h[q] = halfWidth(percents[q], n);
        }
        double[][] out = new double[p][percents.length];
        double[] sorted = new double[n];
        long[] inside = new long[percents.length];
        for (int j = 0; j < p; j++) {
            double[] x = c.original()[j];
            double[] y = c.masked()[j];
            System.arraycopy(y, 0, sorted, 0, n);
            Arrays.sort(sorted);
            Arrays.fill(inside, 0);
            for (int i = 0; i < n; i++) {
                int first = lowerBound(sorted, y[i]);
                int last = lowerBound(sorted, Math.nextUp(y[i])) - 1;
                double xi = x[i];
                for (int q = 0; q < h.length; q++) {
                    if (sorted[Math.max(0, first - h[q])] <= xi && xi <= sorted[Math.min(n - 1, last + h[q])]) {
                        inside[q]++;
                    }
                }
            }
            for (int q = 0; q < h.length; q++) {
                out[j][q] = 100.0 * inside[q] / n;
            }
        }
        return out;
    }

    static double[] asDoubles(int[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return d;
    }

    /** The first index whose value is not below v (sorted ascending; NaN-free). */
    private static int lowerBound(double[] sorted, double v) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}

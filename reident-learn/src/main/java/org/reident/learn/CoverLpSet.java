package org.reident.learn;

import java.util.Arrays;

/**
 * The set a round checks after a dive gave up ({@link CoverSearch#lpSet}): records taken by
 * increasing value in the covering LP's optimum x (ties by index), each one taken unless it would
 * complete a cut, fixed records never. The set holds no whole cut (its complement is a cover) and
 * is maximal so. Its conflicts lie among records the LP gives little: a conflict C in it has
 * sum_{r in C} x_r at most |C| times the largest x taken, so those of records with x near 0
 * are cuts the LP's optimum violates, and the covering LP's bound, which is a diving round's,
 * rises with them (docs/learning.md, "A stalled master dives").
 */
final class CoverLpSet {
    private CoverLpSet() {
    }

    /**
     * @param m        records
     * @param cuts     the cuts (records of each), the first {@code cutCount} used
     * @param fixed    records given up in every cover (never taken)
     * @param x        the LP's value by record
     * @return the set, by record
     */
    static boolean[] largest(int m, int[][] cuts, int cutCount, boolean[] fixed, double[] x) {
        int[] degree = new int[m + 1];
        for (int c = 0; c < cutCount; c++) {
            for (int r : cuts[c]) {
                degree[r + 1]++;
            }
        }
        for (int r = 0; r < m; r++) {
            degree[r + 1] += degree[r];
        }
        int[] of = new int[degree[m]]; // the cuts of record r: of[degree[r] .. degree[r + 1])
        int[] fill = degree.clone();
        for (int c = 0; c < cutCount; c++) {
            for (int r : cuts[c]) {
                of[fill[r]++] = c;
            }
        }
        int[] missing = new int[cutCount]; // records of the cut not yet taken
        for (int c = 0; c < cutCount; c++) {
            missing[c] = cuts[c].length;
        }
        // one sort of longs: a value's bits (x >= 0 orders as its bits do) above the record's index,
        // which breaks ties and takes the lowest bits (the value's last ones: 2^-41 of it on 1,080
        // records, 2^-32 on a million, far below GLOP's tolerances)
        long low = (1L << Math.max(1, 32 - Integer.numberOfLeadingZeros(m))) - 1;
        long[] keys = new long[m];
        int n = 0;
        for (int r = 0; r < m; r++) {
            if (!fixed[r]) {
                keys[n++] = (Double.doubleToLongBits(Math.max(0, x[r]) + 0.0) & ~low) | r;
            }
        }
        Arrays.sort(keys, 0, n);
        boolean[] keep = new boolean[m];
        for (int i = 0; i < n; i++) {
            int r = (int) (keys[i] & low);
            boolean completes = false;
            for (int k = degree[r]; k < degree[r + 1] && !completes; k++) {
                completes = missing[of[k]] == 1;
            }
            if (!completes) {
                keep[r] = true;
                for (int k = degree[r]; k < degree[r + 1]; k++) {
                    missing[of[k]]--;
                }
            }
        }
        return keep;
    }
}

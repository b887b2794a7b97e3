package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions shared by the microaggregation tests. */
final class MicroaggregationChecks {
    private MicroaggregationChecks() {
    }

    static int[] sizes(int[] gid) {
        int groups = 0;
        for (int g : gid) {
            assertTrue(g >= 0, "negative group id");
            groups = Math.max(groups, g + 1);
        }
        int[] size = new int[groups];
        for (int g : gid) {
            size[g]++;
        }
        return size;
    }

    /** MDAV: ids 0..G-1 all used, every group exactly k except the last formed, k..2k-1. */
    static void assertMdavSizes(int[] gid, int k) {
        int[] size = sizes(gid);
        for (int g = 0; g < size.length - 1; g++) {
            assertEquals(k, size[g], "size of group " + g);
        }
        int last = size[size.length - 1];
        assertTrue(last >= k && last <= 2 * k - 1, "last group size " + last + " for k " + k);
    }

    /** Consecutive rule: rows = q k + m, groups 0..q-2 of size k, group q-1 of size k + m. */
    static void assertConsecutiveSizes(int[] gid, int k) {
        int[] size = sizes(gid);
        int rows = gid.length;
        assertEquals(rows / k, size.length, "number of groups");
        for (int g = 0; g < size.length - 1; g++) {
            assertEquals(k, size[g], "size of group " + g);
        }
        assertEquals(k + rows % k, size[size.length - 1], "last group");
    }

    /**
     * Column col of y: equal within each group (exactly) and equal to the group mean of x
     * (sum / size, 1e-12 relative to the column's largest magnitude).
     */
    static void assertGroupMeans(double[] x, double[] y, int rows, int n, int col, int[] gid) {
        int[] size = sizes(gid);
        double[] sum = new double[size.length];
        int[] first = new int[size.length];
        java.util.Arrays.fill(first, -1);
        double scale = 0;
        for (int i = 0; i < rows; i++) {
            sum[gid[i]] += x[i * n + col];
            scale = Math.max(scale, Math.abs(x[i * n + col]));
            if (first[gid[i]] < 0) {
                first[gid[i]] = i;
            }
        }
        for (int i = 0; i < rows; i++) {
            int g = gid[i];
            assertEquals(y[first[g] * n + col], y[i * n + col], 0.0, "row " + i + " differs within group " + g);
            assertEquals(sum[g] / size[g], y[i * n + col], 1e-12 * scale + 1e-300, "group mean, row " + i);
        }
    }

    /** Column means of x and y agree to 1e-9 relative to the column's largest magnitude. */
    static void assertMeansPreserved(double[] x, double[] y, int rows, int n) {
        for (int j = 0; j < n; j++) {
            double sx = 0;
            double sy = 0;
            double scale = 0;
            for (int i = 0; i < rows; i++) {
                sx += x[i * n + j];
                sy += y[i * n + j];
                scale = Math.max(scale, Math.abs(x[i * n + j]));
            }
            assertEquals(sx / rows, sy / rows, 1e-9 * scale + 1e-300, "mean of column " + j);
        }
    }
}

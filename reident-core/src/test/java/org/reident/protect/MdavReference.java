package org.reident.protect;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately plain O(N^2)-per-round MDAV written from the definition, for comparison with
 * {@link Mdav}: boolean "used" flags over the original records instead of a compacted buffer,
 * nearest neighbours by repeated minimum search instead of a heap. Same definition, same tie rule
 * (lowest record index) and the same documented arithmetic (centroid = sum in index order / R,
 * squared distances summed over the columns in order, z = (v - mean) / sd with n-1, constant
 * columns 0), so it must give identical groups.
 */
final class MdavReference {
    private MdavReference() {
    }

    /** z = (v - mean) / sd (n-1) per column, 0 for a constant column; z[record][column]. */
    static double[][] zScores(double[] x, int rows, int n) {
        double[][] z = new double[rows][n];
        for (int j = 0; j < n; j++) {
            boolean constant = true;
            double mean = 0;
            for (int i = 0; i < rows; i++) {
                mean += x[i * n + j];
                constant &= x[i * n + j] == x[j];
            }
            mean /= rows;
            double ss = 0;
            for (int i = 0; i < rows; i++) {
                ss += (x[i * n + j] - mean) * (x[i * n + j] - mean);
            }
            double sd = Math.sqrt(ss / (rows - 1));
            for (int i = 0; i < rows; i++) {
                z[i][j] = constant ? 0 : (x[i * n + j] - mean) / sd;
            }
        }
        return z;
    }

    private static double[][] rows(double[] x, int rows, int n) {
        double[][] r = new double[rows][n];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(x, i * n, r[i], 0, n);
        }
        return r;
    }

    static int[] groups(double[] x, int rows, int n, int k, boolean standardize) {
        double[][] z = standardize ? zScores(x, rows, n) : rows(x, rows, n);
        int[] gid = new int[rows];
        boolean[] used = new boolean[rows];
        int g = 0;
        while (unused(used).size() >= 3 * k) {
            int r = farthest(z, used, centroid(z, used, n));
            group(z, used, r, k, gid, g++);
            int s = farthest(z, used, z[r]);
            group(z, used, s, k, gid, g++);
        }
        if (unused(used).size() >= 2 * k) {
            int r = farthest(z, used, centroid(z, used, n));
            group(z, used, r, k, gid, g++);
        }
        for (int i : unused(used)) {
            gid[i] = g;
        }
        return gid;
    }

    private static List<Integer> unused(boolean[] used) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < used.length; i++) {
            if (!used[i]) {
                l.add(i);
            }
        }
        return l;
    }

    private static double[] centroid(double[][] z, boolean[] used, int n) {
        double[] c = new double[n];
        List<Integer> u = unused(used);
        for (int i : u) {
            for (int j = 0; j < n; j++) {
                c[j] += z[i][j];
            }
        }
        for (int j = 0; j < n; j++) {
            c[j] /= u.size();
        }
        return c;
    }

    private static double dist(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return s;
    }

    /** Unused record farthest from p, lowest index on ties. */
    private static int farthest(double[][] z, boolean[] used, double[] p) {
        int best = -1;
        for (int i : unused(used)) {
            if (best < 0 || dist(z[i], p) > dist(z[best], p)) {
                best = i;
            }
        }
        return best;
    }

    /** Marks c and its k-1 nearest unused records (order: distance, then index) as group g. */
    private static void group(double[][] z, boolean[] used, int c, int k, int[] gid, int g) {
        used[c] = true;
        gid[c] = g;
        for (int t = 1; t < k; t++) {
            int best = -1;
            for (int i : unused(used)) {
                if (best < 0 || dist(z[i], z[c]) < dist(z[best], z[c])) {
                    best = i;
                }
            }
            used[best] = true;
            gid[best] = g;
        }
    }
}

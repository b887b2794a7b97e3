package org.reident.linkage;

import java.util.ArrayList;
import java.util.List;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.Method;

/** Small builders shared by the tests of {@link ReferenceLinkage} and {@link LinkageEngine}. */
final class ReferenceFixtures {
    private ReferenceFixtures() {
    }

    /** Aligned files: truth is the identity over the first min(|x|, |y|) records. */
    static LinkageData data(double[][] x, double[][] y) {
        int[] truth = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            truth[i] = i < y.length ? i : -1;
        }
        return data(x, y, truth);
    }

    static LinkageData data(double[][] x, double[][] y, int[] truth) {
        int n = x[0].length;
        List<String> vars = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            vars.add("v" + (k + 1));
        }
        return new LinkageData(List.copyOf(vars), flatten(x, n), x.length, flatten(y, n), y.length, truth,
                ids(x.length), ids(y.length), "x.csv", "y.csv", 0, List.of());
    }

    static DistanceModel model(Method m, int n, double... values) {
        List<String> vars = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            vars.add("v" + (k + 1));
        }
        return new DistanceModel(m, m.label(), List.copyOf(vars), null, values);
    }

    private static double[] flatten(double[][] rows, int n) {
        double[] v = new double[rows.length * n];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != n) {
                throw new IllegalArgumentException("ragged test data");
            }
            System.arraycopy(rows[i], 0, v, i * n, n);
        }
        return v;
    }

    private static String[] ids(int count) {
        String[] s = new String[count];
        for (int i = 0; i < count; i++) {
            s[i] = Integer.toString(i + 1);
        }
        return s;
    }
}

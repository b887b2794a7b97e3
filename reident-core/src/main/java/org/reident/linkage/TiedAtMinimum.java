package org.reident.linkage;

import java.util.Arrays;

/**
 * The reference records within the tie tolerance of one query's minimal distance, kept while the
 * minimum is still falling (usually one or a few records): shared by the exhaustive scan
 * ({@link QueryScan}) and the tree's search ({@link TreeScan}), so both keep the same set.
 */
final class TiedAtMinimum {
    private double[] value = new double[16];
    private int[] index = new int[16];
    private int size;

    void clear() {
        size = 0;
    }

    void add(double v, int j) {
        if (size == value.length) {
            value = Arrays.copyOf(value, 2 * size);
            index = Arrays.copyOf(index, 2 * size);
        }
        value[size] = v;
        index[size++] = j;
    }

    /** Keeps the records whose distance is at most {@code limit}. */
    void keepUpTo(double limit) {
        int k = 0;
        for (int i = 0; i < size; i++) {
            if (value[i] <= limit) {
                value[k] = value[i];
                index[k++] = index[i];
            }
        }
        size = k;
    }

    int size() {
        return size;
    }

    /** The lowest record index kept ({@code Integer.MAX_VALUE} when none). */
    int lowestIndex() {
        int argmin = Integer.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            argmin = Math.min(argmin, index[i]);
        }
        return argmin;
    }
}

package org.reident.data;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/** Row numbers drawn without replacement, for the presets' samples of the CASC files and PRL's sample of query records. */
public final class RowSample {
    private RowSample() {
    }

    /**
     * {@code size} of the row numbers 0 .. total - 1 drawn without replacement (a partial Fisher-Yates
     * shuffle whose swaps come from {@code below}, which returns an int in [0, bound) for a bound), sorted
     * ascending; every row when size <= 0 or size >= total.
     */
    public static int[] of(int total, int size, IntUnaryOperator below) {
        int[] idx = new int[total];
        for (int i = 0; i < total; i++) {
            idx[i] = i;
        }
        if (size <= 0 || size >= total) {
            return idx;
        }
        for (int i = 0; i < size; i++) {
            int j = i + below.applyAsInt(total - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        int[] s = Arrays.copyOf(idx, size);
        Arrays.sort(s);
        return s;
    }
}

package org.reident.distance;

import java.util.SplittableRandom;
import org.reident.data.RowSample;

/**
 * The query records whose pairs PRL's EM is fitted to on a large file: a seeded simple random sample
 * of {@code size} of the N query records (a partial Fisher-Yates shuffle of the record numbers, then
 * sorted), so that a run is reproducible and the count of pairs grows as size x N instead of N x N.
 * Each sampled record keeps all its pairs with the reference file, its true match among them, so
 * the share of matches among the sampled pairs is the file's (the held P(M) = 1 / N_r when every
 * query record has a match), and the pattern frequencies are unbiased estimates of the whole file's.
 */
final class QuerySample {
    /** The seed of every sample (recorded in the model and the JSON output). */
    static final long SEED = 20261201L;

    private QuerySample() {
    }

    /** The numbers of {@code size} of {@code rows} records, ascending; every record when size >= rows. */
    static int[] of(int rows, int size) {
        return RowSample.of(rows, size, new SplittableRandom(SEED)::nextInt);
    }

    /** The rows {@code picked} of a row-major array of n values a row. */
    static double[] rows(double[] values, int n, int[] picked) {
        double[] out = new double[picked.length * n];
        for (int i = 0; i < picked.length; i++) {
            System.arraycopy(values, picked[i] * n, out, i * n, n);
        }
        return out;
    }
}

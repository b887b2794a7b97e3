package org.reident.distance;

/**
 * A file held variable-major ({@code values[k * rows + j]} is variable k of record j): the layout of
 * the distance kernels' inner loop over a block of reference records, which the JIT vectorises.
 */
final class ColumnMajor {
    private final double[] values;
    private final int rows;

    /** @param rowMajor {@code rows x n} values, record-major */
    ColumnMajor(double[] rowMajor, int n) {
        this.rows = rowMajor.length / n;
        this.values = new double[rowMajor.length];
        for (int j = 0; j < rows; j++) {
            for (int k = 0; k < n; k++) {
                values[k * rows + j] = rowMajor[j * n + k];
            }
        }
    }

    double[] values() {
        return values;
    }

    int rows() {
        return rows;
    }
}

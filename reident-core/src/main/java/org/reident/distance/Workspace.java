package org.reident.distance;

/**
 * Per-thread scratch arrays of the distance kernels, reused from block to block so that the hot
 * loops allocate nothing.
 *
 * <p>Why the kernels copy a reference segment into {@link #row} before the arithmetic: the JIT
 * vectorises a loop that stores into {@code out[j]} only when every array it loads from is indexed
 * the same way ({@code x[j]}); a load at another offset ({@code r[base + j]}) might alias the store,
 * and the loop then stays scalar. Measured on the EIA shape this copy halves the kernel time.
 */
final class Workspace {
    private static final ThreadLocal<Workspace> LOCAL = ThreadLocal.withInitial(Workspace::new);

    private double[] row = new double[0];
    private double[][] rows = new double[0][];
    private int[] ints = new int[0];
    private long[] longs = new long[0];

    static Workspace get() {
        return LOCAL.get();
    }

    /** A scratch row of at least {@code len} values. */
    double[] row(int len) {
        if (row.length < len) {
            row = new double[len];
        }
        return row;
    }

    /** A scratch array of at least {@code len} ints. */
    int[] ints(int len) {
        if (ints.length < len) {
            ints = new int[len];
        }
        return ints;
    }

    /** A scratch array of at least {@code len} longs. */
    long[] longs(int len) {
        if (longs.length < len) {
            longs = new long[len];
        }
        return longs;
    }

    /** {@code n} scratch rows of at least {@code len} values each. */
    double[][] rows(int n, int len) {
        if (rows.length < n || (n > 0 && rows[0].length < len)) {
            rows = new double[Math.max(n, rows.length)][Math.max(len, rows.length == 0 ? 0 : rows[0].length)];
        }
        return rows;
    }
}

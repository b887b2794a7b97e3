package org.reident.learn;

import java.util.Arrays;

/**
 * The records of a cell of weights that could still link in it ({@link CellRecords},
 * {@link SimplexCells}), in two kinds. <i>Sure</i>: every rival it held at {@link #version}
 * reaches eps at every vertex of the cell, so no rival or pair of rivals rules it out of the cell or
 * of any cell inside it; the sure records are a chain of arrays shared by a cell and the cells split
 * from it (each split adds the records that became sure in it), so a cell stores only what is new.
 * <i>Open</i>: some rival crosses the cell (below eps at some vertex), and a bit mask per record
 * names those rivals (bit k: the record's rival k, from 0; bit 31: rival 31 and every later one), the
 * only ones a split needs to check. With few variables ({@link #LOW_VERTICES}) each crossing rival
 * 0 .. 30 also carries its <i>low vertices</i>: the bit mask of the cell's vertices where it is below
 * eps (0: not known), so that a split needs its value at the new vertex only ({@link CellRecords}).
 * Immutable.
 */
final class CellKept {
    /** Every rival. */
    static final int ALL = -1;

    /** The most vertices (variables) whose low-vertex masks are kept, a byte each. */
    static final int LOW_VERTICES = 8;

    /** How many low-vertex masks a record with crossing mask m carries: one per rival 0 .. 30 in it. */
    static int lowsOf(int m) {
        return Integer.bitCount(m & Integer.MAX_VALUE);
    }

    /** The bit of a record's k-th rival in a mask of crossing rivals. */
    static int bit(int k) {
        return 1 << Math.min(k, 31);
    }

    /**
     * The first rival after rival j (-1: from the first) of the {@code count} that mask m holds, or
     * -1 when none is left. Bit 31 holds rivals 31 .. count - 1. Walks the set bits, so a split
     * skips the rivals that do not cross its cell without a test each (and without a division).
     */
    static int next(int m, int j, int count) {
        int k = j + 1;
        if (k >= 31) {
            return m < 0 && k < count ? k : -1;
        }
        int rest = m & (-1 << k);
        if (rest == 0) {
            return -1;
        }
        int t = Integer.numberOfTrailingZeros(rest);
        return t < count ? t : -1;
    }

    /** Sure records: this node's ids come after its parent's ({@code size} counts both). */
    private record Sure(int[] ids, Sure parent, int size) {
    }

    private static final Sure NONE = new Sure(new int[0], null, 0);

    private final Sure sure;
    private final int[] open;
    private final int[] crossing;
    private final int version;
    /** Per open record in turn, per rival 0 .. 30 of its mask in order, its low vertices; null: none kept. */
    private final byte[] lows;

    private CellKept(Sure sure, int[] open, int[] crossing, byte[] lows, int version) {
        this.sure = sure;
        this.open = open;
        this.crossing = crossing;
        this.lows = lows;
        this.version = version;
    }

    /**
     * What this object holds of its own, estimated for {@link SimplexCells#HEAP_SHARE}: itself, its
     * open records, their crossing masks and low vertices, and the newest link of its chain of sure
     * records (the older links are shared with the cells it was split from, and counted there).
     */
    long bytes() {
        return 32 + aligned(16 + 4L * open.length) + aligned(16 + 4L * crossing.length)
                + (lows == null ? 0 : aligned(16 + lows.length)) + 24 + aligned(16 + 4L * sure.ids().length);
    }

    /** {@code b} rounded up to a multiple of 8 (the JVM's object alignment). */
    static long aligned(long b) {
        return (b + 7) & ~7L;
    }

    /** Sure and open records together. */
    int size() {
        return sure.size() + open.length;
    }

    /** How many records are sure. */
    int sure() {
        return sure.size();
    }

    /** The open records (not to be written to). */
    int[] open() {
        return open;
    }

    /** The rivals of {@code open()[p]} that cross the cell. */
    int crossing(int p) {
        return crossing[p];
    }

    /**
     * The low-vertex masks of the open records' crossing rivals, record after record, each record's
     * {@link #lowsOf} masks in the order of its rivals (not to be written to); null when none are kept.
     */
    byte[] lows() {
        return lows;
    }

    /** The low vertices of rival k of {@code open()[p]} (0: not known, or none kept). Linear in p: for tests. */
    int low(int p, int k) {
        if (lows == null || k >= 31 || (crossing[p] & bit(k)) == 0) {
            return 0;
        }
        int at = 0;
        for (int i = 0; i < p; i++) {
            at += lowsOf(crossing[i]);
        }
        return lows[at + Integer.bitCount(crossing[p] & ((1 << k) - 1))] & 0xff;
    }

    /** The rivals' {@link CellRivals#version} the records were checked at (or read before the check). */
    int version() {
        return version;
    }

    /** Every record, the sure ones first (a new array). */
    int[] ids() {
        int[] out = new int[size()];
        for (Sure s = sure; s != null; s = s.parent()) {
            System.arraycopy(s.ids(), 0, out, s.size() - s.ids().length, s.ids().length);
        }
        System.arraycopy(open, 0, out, sure.size(), open.length);
        return out;
    }

    /**
     * These records as of the rivals held now: a record that had a rival appended since
     * {@link #version} is open, with every rival to check ({@link CellRivals#changedSince}). This
     * object itself when none was appended to.
     */
    CellKept current(CellRivals rivals) {
        int now = rivals.version(); // read first: an append after it is seen by the next call
        if (now == version) {
            return this;
        }
        int[] all = ids();
        Builder b = new Builder(null, all.length, now, lows != null);
        int at = 0; // the open record's first low-vertex mask
        for (int p = 0; p < all.length; p++) {
            int q = all[p];
            boolean changed = rivals.changedSince(q, version);
            if (p < sure.size() && !changed) {
                b.sure(q);
            } else if (changed) {
                b.open(q, ALL); // its low vertices not known
            } else {
                b.open(q, crossing[p - sure.size()], lows, at);
            }
            at += p < sure.size() ? 0 : lowsOf(crossing[p - sure.size()]);
        }
        return b.kept();
    }

    /** A cell's records as they are found: the sure ones after those of {@code from}, and the open ones. */
    static final class Builder {
        private final Sure parent;
        private final int[] sure;
        private final int[] open;
        private final int[] crossing;
        private int sures;
        private int opens;
        private final int version;
        /** The low-vertex masks so far (null: none kept), {@code lowCount} of them. */
        private byte[] lows;
        private int lowCount;

        /**
         * @param from whose sure records stay sure (null: none)
         * @param capacity the most records added
         * @param version the rivals' version read before any of them was checked
         * @param withLows whether the open records' low vertices are kept
         */
        Builder(CellKept from, int capacity, int version, boolean withLows) {
            parent = from == null ? NONE : from.sure;
            sure = new int[capacity];
            open = new int[capacity];
            crossing = new int[capacity];
            this.version = version;
            lows = withLows ? new byte[Math.max(16, capacity * 2)] : null;
        }

        void sure(int q) {
            sure[sures++] = q;
        }

        /** An open record whose crossing rivals' low vertices are not known (zeros). */
        void open(int q, int m) {
            if (opened(q, m)) {
                lowCount += lowsOf(m);
            }
        }

        /** An open record whose low vertices are {@code from[at ..]} (another cell's, the same vertices). */
        void open(int q, int m, byte[] from, int at) {
            if (opened(q, m)) {
                if (from != null) {
                    System.arraycopy(from, at, lows, lowCount, lowsOf(m));
                }
                lowCount += lowsOf(m);
            }
        }

        /** Record q with these crossing rivals and their low vertices ({@code low[k]} for rival k): sure when none. */
        void add(int q, int m, int[] low) {
            if (m == 0) {
                sure(q);
            } else if (opened(q, m)) {
                for (int rest = m & Integer.MAX_VALUE; rest != 0; rest &= rest - 1) {
                    lows[lowCount++] = (byte) low[Integer.numberOfTrailingZeros(rest)];
                }
            }
        }

        /** Adds open record q with mask m; true when low vertices are kept (room made for its masks). */
        private boolean opened(int q, int m) {
            crossing[opens] = m;
            open[opens++] = q;
            if (lows == null) {
                return false;
            }
            if (lowCount + lowsOf(m) > lows.length) {
                lows = Arrays.copyOf(lows, Math.max(lows.length * 2, lowCount + lowsOf(m)));
            }
            return true;
        }

        CellKept kept() {
            Sure s = sures == 0 ? parent : new Sure(Arrays.copyOf(sure, sures), parent, parent.size() + sures);
            return new CellKept(s, Arrays.copyOf(open, opens), Arrays.copyOf(crossing, opens),
                    lows == null ? null : Arrays.copyOf(lows, lowCount), version);
        }
    }
}

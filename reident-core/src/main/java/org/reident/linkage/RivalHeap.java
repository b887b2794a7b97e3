package org.reident.linkage;

/**
 * The k nearest records seen so far, as a max-heap on (distance, index): a record enters when the
 * heap is not full or when it is nearer than the farthest kept, or as near with a lower index, so
 * that the records kept after every record has been offered are the first k of the order by
 * distance, then index, whatever order they were offered in. Primitive arrays, no allocation per
 * record.
 */
final class RivalHeap {
    private final int k;
    private final double[] d;
    private final int[] j;
    private int size;

    RivalHeap(int k) {
        this.k = k;
        this.d = new double[k];
        this.j = new int[k];
    }

    void clear() {
        size = 0;
    }

    /**
     * Whether a record at distance at least {@code bound} may still enter: not when the heap is full
     * and its farthest is nearer than the bound (a record at the farthest's distance may, by a lower index).
     */
    boolean open(double bound) {
        return size < k || bound <= d[0];
    }

    /** Offers record {@code index} at distance {@code dist}. */
    void offer(double dist, int index) {
        if (size < k) {
            int c = size++;
            while (c > 0) { // sift up
                int p = (c - 1) >> 1;
                if (!after(dist, index, d[p], j[p])) {
                    break;
                }
                d[c] = d[p];
                j[c] = j[p];
                c = p;
            }
            d[c] = dist;
            j[c] = index;
        } else if (after(d[0], j[0], dist, index)) {
            siftDown(dist, index, size);
        }
    }

    /**
     * Writes the records kept, nearest first, to {@code outJ} and {@code outD} from {@code off}, and
     * empties the heap; the number written.
     */
    int drain(int[] outJ, double[] outD, int off) {
        int n = size;
        for (int m = n - 1; m >= 0; m--) {
            outJ[off + m] = j[0];
            outD[off + m] = d[0];
            siftDown(d[m], j[m], m); // the last entry moves to the root of the heap of m entries
        }
        size = 0;
        return n;
    }

    /** Places (dist, index) at the root of the heap's first {@code n} entries and sifts it down. */
    private void siftDown(double dist, int index, int n) {
        int c = 0;
        while (true) {
            int l = 2 * c + 1;
            if (l >= n) {
                break;
            }
            int r = l + 1;
            int m = r < n && after(d[r], j[r], d[l], j[l]) ? r : l;
            if (!after(d[m], j[m], dist, index)) {
                break;
            }
            d[c] = d[m];
            j[c] = j[m];
            c = m;
        }
        if (n > 0) {
            d[c] = dist;
            j[c] = index;
        }
    }

    /** Whether (d1, j1) comes after (d2, j2) in the order by distance, then index. */
    private static boolean after(double d1, int j1, double d2, int j2) {
        return d1 > d2 || d1 == d2 && j1 > j2;
    }
}

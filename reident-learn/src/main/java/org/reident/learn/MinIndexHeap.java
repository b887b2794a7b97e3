package org.reident.learn;

/**
 * Indices of an array of keys popped in increasing order of key (ties by lower index), skipping
 * +infinity. The learner takes only the first few rivals of each record, so as many as the caller
 * expects are selected in one pass with a bounded max-heap (O(N) comparisons with its top,
 * O(log expected) for the few that enter) and only a caller that pops more builds the whole binary
 * heap (O(N), each further pop O(log N)). Built whole for every record, it took 0.6-0.9 s beside
 * the 1.9 s scan it followed (10,000 records: the weight cells' rivals, docs/learning-log.md).
 */
final class MinIndexHeap {
    private final double[] key;
    /** The selection's size (or fewer) smallest finite keys' indices, in order. */
    private final int[] first;
    private int next;
    /** How many keys are finite. */
    private final int finite;
    /** The whole heap, built on the first pop past {@link #first}; null before. */
    private int[] heap;
    private int size;

    /** @param expected how many pops the caller expects: the one-pass selection's size */
    MinIndexHeap(double[] key, int expected) {
        this.key = key;
        int[] sel = new int[Math.max(1, Math.min(expected, key.length))];
        int count = 0;
        int fin = 0;
        for (int j = 0; j < key.length; j++) {
            if (key[j] == Double.POSITIVE_INFINITY) {
                continue;
            }
            fin++;
            if (count < sel.length) {
                sel[count] = j;
                up(sel, count++);
            } else if (less(j, sel[0])) {
                sel[0] = j; // the largest of the selection leaves it
                down(sel, count, 0, false);
            }
        }
        finite = fin;
        for (int end = count - 1; end > 0; end--) { // heap sort: the largest to the end
            int t = sel[0];
            sel[0] = sel[end];
            sel[end] = t;
            down(sel, end, 0, false);
        }
        first = java.util.Arrays.copyOf(sel, count);
    }

    /** The index with the smallest key left, or -1 when none is left. */
    int pop() {
        if (next < first.length) {
            return first[next++];
        }
        if (heap == null) {
            if (finite == first.length) {
                return -1;
            }
            heap = new int[finite];
            for (int j = 0; j < key.length; j++) {
                if (key[j] != Double.POSITIVE_INFINITY) {
                    heap[size++] = j;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                down(heap, size, i, true);
            }
            for (int s = 0; s < first.length; s++) {
                take(); // the same order: these were popped already
            }
        }
        return size == 0 ? -1 : take();
    }

    private int take() {
        int top = heap[0];
        heap[0] = heap[--size];
        down(heap, size, 0, true);
        return top;
    }

    private boolean less(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
    }

    /** Sifts h[i] up a max-heap (by {@link #less}). */
    private void up(int[] h, int i) {
        while (i > 0) {
            int p = (i - 1) / 2;
            if (!less(h[p], h[i])) {
                return;
            }
            int t = h[p];
            h[p] = h[i];
            h[i] = t;
            i = p;
        }
    }

    /** Sifts h[i] down the first {@code n} entries: a min-heap when {@code min}, a max-heap otherwise. */
    private void down(int[] h, int n, int i, boolean min) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) {
                return;
            }
            int m = l + 1 < n && (min ? less(h[l + 1], h[l]) : less(h[l], h[l + 1])) ? l + 1 : l;
            if (!(min ? less(h[m], h[i]) : less(h[i], h[m]))) {
                return;
            }
            int t = h[m];
            h[m] = h[i];
            h[i] = t;
            i = m;
        }
    }

    /**
     * Up to {@code count} indices whose key is below {@code limit}, smallest first (ties by index):
     * the rows a learner adds (margins below eps, negative distances). No heap is built when no
     * key is below the limit, the common case.
     */
    static int[] smallestBelow(double[] key, double limit, int count) {
        int below = 0;
        for (double k : key) {
            below += k < limit ? 1 : 0;
        }
        if (below == 0) {
            return new int[0];
        }
        MinIndexHeap h = new MinIndexHeap(key, count);
        int[] out = new int[Math.min(count, below)];
        for (int s = 0; s < out.length; s++) {
            out[s] = h.pop();
        }
        return out;
    }

    /** The {@code count} indices with the smallest finite keys, in increasing order. */
    static int[] smallest(double[] key, int count) {
        MinIndexHeap h = new MinIndexHeap(key, count);
        int[] out = new int[Math.min(count, h.finite)];
        for (int s = 0; s < out.length; s++) {
            out[s] = h.pop();
        }
        return out;
    }
}

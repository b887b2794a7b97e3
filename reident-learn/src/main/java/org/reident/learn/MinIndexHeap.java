package org.reident.learn;

/**
 * Indices of an array of keys popped in increasing order of key (ties by lower index), skipping
 * +infinity: a binary heap built in O(N), each pop O(log N). The learner takes only the first few
 * rivals of each record, so this replaces sorting all N of them.
 */
final class MinIndexHeap {
    private final double[] key;
    private final int[] heap;
    private int size;

    MinIndexHeap(double[] key) {
        this.key = key;
        this.heap = new int[key.length];
        for (int j = 0; j < key.length; j++) {
            if (key[j] != Double.POSITIVE_INFINITY) {
                heap[size++] = j;
            }
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            down(i);
        }
    }

    /** The index with the smallest key left, or -1 when none is left. */
    int pop() {
        if (size == 0) {
            return -1;
        }
        int top = heap[0];
        heap[0] = heap[--size];
        down(0);
        return top;
    }

    private boolean less(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
    }

    private void down(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int m = l + 1 < size && less(heap[l + 1], heap[l]) ? l + 1 : l;
            if (!less(heap[m], heap[i])) {
                return;
            }
            int t = heap[m];
            heap[m] = heap[i];
            heap[i] = t;
            i = m;
        }
    }

    /**
     * Up to {@code count} indices whose key is below {@code limit}, smallest first (ties by index):
     * the rows a learner adds (margins below eps/2, negative distances). No heap is built when no
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
        MinIndexHeap h = new MinIndexHeap(key);
        int[] out = new int[Math.min(count, below)];
        for (int s = 0; s < out.length; s++) {
            out[s] = h.pop();
        }
        return out;
    }

    /** The {@code count} indices with the smallest finite keys, in increasing order. */
    static int[] smallest(double[] key, int count) {
        MinIndexHeap h = new MinIndexHeap(key);
        int[] out = new int[Math.min(count, h.size)];
        for (int s = 0; s < out.length; s++) {
            out[s] = h.pop();
        }
        return out;
    }
}

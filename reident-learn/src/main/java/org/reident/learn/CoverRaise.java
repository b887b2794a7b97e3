package org.reident.learn;

/**
 * A quick lower bound on the smallest cover of the master's cuts, without a solve: a feasible
 * solution y of the covering LP's dual (max sum_C y_C subject to sum_{C holding r} y_C <= 1 for
 * every record r, y >= 0) bounds every cover from below (weak duality), and a cover is a whole
 * number of records, so it needs at least ceil(sum y) of the records outside the fixed ones.
 * <p>
 * y is raised uniformly (the primal-dual method of Bar-Yehuda and Even, Journal of Algorithms 2,
 * 1981): every cut not yet blocked grows at rate 1; a record is saturated when its cuts' y add up
 * to 1, and then its cuts stop. The result is a maximal y: on the triangle {1,2}, {2,3}, {1,3} it is
 * 1/2 each, 3/2 in all, so 2 records; raising one cut at a time would stop at 1. It is computed in
 * doubles and then scaled down by the largest record load above 1, so rounding cannot make it
 * infeasible. The next saturation is taken from a heap of records told of their moves lazily
 * ({@link Saturation}); a {@code PriorityQueue} of event arrays, each record pushed again whenever
 * one of its cuts stopped, took 4.5 times as long on the masters of saved runs (docs/learning.md,
 * stop 67), and a heap sifting every move at once, its arrays made anew on each call, about a
 * third longer than this one on the weight cells' calls ({@code bench-master --cell-bounds}, stop
 * 68). An instance keeps its arrays from call to call.
 * <p>
 * Used twice: by {@link ConflictLearner} when a run stops with conflicts found since the master's
 * last solve (the first round of a large file can take minutes, and a stopped run has no master
 * solve left), and by {@link SimplexCells} for the cuts lying among a popped cell's possible
 * records, renumbered among them so that the arrays here are the cell's size, not the file's
 * ({@link SimplexCells#coverBound}).
 */
final class CoverRaise {
    /** Scratch, grown as needed and reused from call to call ({@link CellCuts} calls once per cell). */
    private int[] degree = new int[0];
    private int[] from = new int[1];
    private int[] fill = new int[0];
    private int[] holding = new int[0];
    private boolean[] open = new boolean[0];
    private double[] load = new double[0];
    private double[] seen = new double[0];
    private double[] y = new double[0];
    private Saturation next = new Saturation(0);
    /** The cuts of the static calls, laid out as {@link #bound(int, boolean[], int[], int[], int)} takes them. */
    private int[] flat = new int[0];
    private int[] begin = new int[1];

    /** Scratch for many calls on one thread; not shared between threads. */
    CoverRaise() {
    }

    /**
     * A lower bound on the number of records outside {@code fixed} that every cover of cuts[0 ..
     * count) needs; cuts holding a fixed record are hit already.
     */
    static long bound(int m, boolean[] fixed, int[][] cuts, int count) {
        CoverRaise r = new CoverRaise();
        r.lay(cuts, count);
        return r.bound(m, fixed, r.flat, r.begin, count);
    }

    /** The uniformly raised y, one value per cut (0 for cuts holding a fixed record). */
    static double[] raise(int m, boolean[] fixed, int[][] cuts, int count) {
        CoverRaise r = new CoverRaise();
        r.lay(cuts, count);
        r.raise(m, fixed, r.flat, r.begin, count);
        return java.util.Arrays.copyOf(r.y, count);
    }

    /**
     * {@link #bound(int, boolean[], int[][], int)} with cut c's records at flat[begin[c] ..
     * begin[c + 1]); {@code fixed} null when no record is fixed.
     */
    long bound(int m, boolean[] fixed, int[] flat, int[] begin, int count) {
        raise(m, fixed, flat, begin, count);
        double sum = 0;
        java.util.Arrays.fill(load, 0, m, 0);
        for (int c = 0; c < count; c++) {
            sum += y[c];
            for (int k = begin[c]; k < begin[c + 1]; k++) {
                load[flat[k]] += y[c];
            }
        }
        double worst = 1;
        for (int r = 0; r < m; r++) {
            worst = Math.max(worst, load[r]);
        }
        return (long) Math.ceil(sum / worst - 1e-9 * (count + 1));
    }

    /** Lays cuts[0 .. count) out in {@link #flat} and {@link #begin}. */
    private void lay(int[][] cuts, int count) {
        begin = new int[count + 1];
        for (int c = 0; c < count; c++) {
            begin[c + 1] = begin[c] + cuts[c].length;
        }
        flat = new int[begin[count]];
        for (int c = 0; c < count; c++) {
            System.arraycopy(cuts[c], 0, flat, begin[c], cuts[c].length);
        }
    }

    /** Makes the scratch hold m records and count cuts of n entries in all. */
    private void size(int m, int count, int n) {
        if (degree.length < m) {
            int cap = Math.max(m, 2 * degree.length);
            degree = new int[cap];
            from = new int[cap + 1];
            fill = new int[cap];
            load = new double[cap];
            seen = new double[cap];
            next = new Saturation(cap);
        }
        if (open.length < count) {
            int cap = Math.max(count, 2 * open.length);
            open = new boolean[cap];
            y = new double[cap];
        }
        if (holding.length < n) {
            holding = new int[Math.max(n, 2 * holding.length)];
        }
    }

    /** The uniformly raised y into y[0 .. count), 0 for cuts holding a fixed record. */
    private void raise(int m, boolean[] fixed, int[] flat, int[] begin, int count) {
        size(m, count, begin[count]);
        java.util.Arrays.fill(degree, 0, m, 0);
        for (int c = 0; c < count; c++) {
            boolean o = true;
            for (int k = begin[c]; k < begin[c + 1] && fixed != null; k++) {
                o &= !fixed[flat[k]];
            }
            open[c] = o;
            if (o) {
                for (int k = begin[c]; k < begin[c + 1]; k++) {
                    degree[flat[k]]++;
                }
            }
        }
        from[0] = 0; // record r's open cuts: holding[from[r] .. from[r + 1])
        for (int r = 0; r < m; r++) {
            from[r + 1] = from[r] + degree[r];
        }
        System.arraycopy(from, 0, fill, 0, m);
        for (int c = 0; c < count; c++) {
            if (open[c]) {
                for (int k = begin[c]; k < begin[c + 1]; k++) {
                    holding[fill[flat[k]]++] = c;
                }
            }
        }
        java.util.Arrays.fill(load, 0, m, 0); // sum of y over r's cuts, as of time seen[r]
        java.util.Arrays.fill(seen, 0, m, 0);
        java.util.Arrays.fill(y, 0, count, -1); // the time a cut stopped, or -1 while it grows
        next.build(degree, m);
        for (int r = next.pop(); r >= 0; r = next.pop()) {
            double now = next.time[r];
            degree[r] = 0; // r's growing cuts all stop now; r, out of the heap, is not put back in
            for (int h = from[r]; h < from[r + 1]; h++) {
                int c = holding[h];
                if (y[c] >= 0) {
                    continue;
                }
                y[c] = now;
                for (int k = begin[c]; k < begin[c + 1]; k++) { // q's load stops growing through c
                    int q = flat[k];
                    if (q == r) {
                        continue;
                    }
                    load[q] += degree[q] * (now - seen[q]);
                    seen[q] = now;
                    if (--degree[q] > 0) {
                        next.set(q, now + (1 - load[q]) / degree[q]);
                    } else {
                        next.remove(q);
                    }
                }
            }
        }
        for (int c = 0; c < count; c++) {
            y[c] = open[c] ? Math.max(0, y[c]) : 0;
        }
    }

    /**
     * The records' saturation times, earliest first: a binary heap of record numbers on primitive
     * arrays, each record at most once. A cut that stops slows its records' loads, so their times
     * move later; the heap is told lazily. Each record sits under a key no later than its time, and a
     * key is brought up to date only when it reaches the top (then sifted down), so a record whose
     * time moves many times before it comes up is sifted once; a removed record is dropped when it
     * reaches the top. The top's key equals its time only when no record is earlier, since every
     * other record's time is at least its key: the pops come in the order of (time, record), ties
     * to the lower record number, as with every move made at once.
     */
    private static final class Saturation {
        /** Each record's saturation time; +infinity once removed. */
        final double[] time;
        /** The time each record sits under in the heap, no later than its time. */
        private final double[] key;
        private final int[] heap;
        /** Each record's place in the heap. */
        private final int[] at;
        private int size;

        Saturation(int m) {
            time = new double[m];
            key = new double[m];
            heap = new int[m];
            at = new int[m];
        }

        /**
         * Empties the heap and puts in each record r < m of degree[r] > 0 at time 1 / degree[r],
         * arranged bottom up in O(m).
         */
        void build(int[] degree, int m) {
            size = 0;
            for (int r = 0; r < m; r++) {
                if (degree[r] > 0) {
                    time[r] = 1.0 / degree[r];
                    key[r] = time[r];
                    heap[size] = r;
                    at[r] = size++;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                down(i);
            }
        }

        /** Moves r, in the heap, to time t: at once if earlier (only by rounding), else when it reaches the top. */
        void set(int r, double t) {
            time[r] = t;
            if (t < key[r]) {
                key[r] = t;
                up(at[r]);
            }
        }

        /** Takes r out: it is dropped when it reaches the top. */
        void remove(int r) {
            time[r] = Double.POSITIVE_INFINITY;
        }

        /** Takes out the record of the earliest time, -1 when none is left (its time stays readable). */
        int pop() {
            while (size > 0) {
                int r = heap[0];
                if (key[r] == time[r]) {
                    removeTop();
                    return r;
                }
                if (time[r] == Double.POSITIVE_INFINITY) {
                    removeTop();
                } else {
                    key[r] = time[r];
                    down(0);
                }
            }
            return -1;
        }

        private void removeTop() {
            int last = heap[--size];
            if (size > 0) {
                heap[0] = last;
                at[last] = 0;
                down(0);
            }
        }

        private boolean before(int a, int b) {
            return key[a] < key[b] || key[a] == key[b] && a < b;
        }

        private void up(int i) {
            int r = heap[i];
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!before(r, heap[parent])) {
                    break;
                }
                heap[i] = heap[parent];
                at[heap[i]] = i;
                i = parent;
            }
            heap[i] = r;
            at[r] = i;
        }

        private void down(int i) {
            int r = heap[i];
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && before(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!before(heap[child], r)) {
                    break;
                }
                heap[i] = heap[child];
                at[heap[i]] = i;
                i = child;
            }
            heap[i] = r;
            at[r] = i;
        }
    }
}

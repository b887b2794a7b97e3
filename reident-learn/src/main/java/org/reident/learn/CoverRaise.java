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
 * infeasible. The next saturation is taken from an indexed heap ({@link Saturation}); a
 * {@code PriorityQueue} of event arrays, each record pushed again whenever one of its cuts stopped,
 * took 4.5 times as long on the masters of saved runs (docs/learning.md, stop 67).
 * <p>
 * Used twice: by {@link ConflictLearner} when a run stops with conflicts found since the master's
 * last solve (the first round of a large file can take minutes, and a stopped run has no master
 * solve left), and by {@link SimplexCells} for the cuts lying among a popped cell's possible
 * records, renumbered among them so that the arrays here are the cell's size, not the file's
 * ({@link SimplexCells#coverBound}).
 */
final class CoverRaise {
    private CoverRaise() {
    }

    /**
     * A lower bound on the number of records outside {@code fixed} that every cover of cuts[0 ..
     * count) needs; cuts holding a fixed record are hit already.
     */
    static long bound(int m, boolean[] fixed, int[][] cuts, int count) {
        double[] y = raise(m, fixed, cuts, count);
        double sum = 0;
        double[] load = new double[m];
        for (int c = 0; c < count; c++) {
            sum += y[c];
            for (int r : cuts[c]) {
                load[r] += y[c];
            }
        }
        double worst = 1;
        for (int r = 0; r < m; r++) {
            worst = Math.max(worst, load[r]);
        }
        return (long) Math.ceil(sum / worst - 1e-9 * (count + 1));
    }

    /** The uniformly raised y, one value per cut (0 for cuts holding a fixed record). */
    static double[] raise(int m, boolean[] fixed, int[][] cuts, int count) {
        int[] degree = new int[m];
        boolean[] open = new boolean[count];
        for (int c = 0; c < count; c++) {
            open[c] = true;
            for (int r : cuts[c]) {
                if (fixed[r]) {
                    open[c] = false;
                }
            }
            if (open[c]) {
                for (int r : cuts[c]) {
                    degree[r]++;
                }
            }
        }
        int[] from = new int[m + 1]; // record r's open cuts: holding[from[r] .. from[r + 1])
        for (int r = 0; r < m; r++) {
            from[r + 1] = from[r] + degree[r];
        }
        int[] holding = holding(m, cuts, count, open, from);
        double[] load = new double[m]; // sum of y over r's cuts, as of time seen[r]
        double[] seen = new double[m];
        double[] y = new double[count]; // the time a cut stopped, or -1 while it grows
        java.util.Arrays.fill(y, -1);
        Saturation next = new Saturation(m);
        for (int r = 0; r < m; r++) {
            if (degree[r] > 0) {
                next.set(r, 1.0 / degree[r]);
            }
        }
        while (!next.isEmpty()) {
            int r = next.pop();
            double now = next.time[r];
            for (int k = from[r]; k < from[r + 1]; k++) {
                int c = holding[k];
                if (y[c] >= 0) {
                    continue;
                }
                y[c] = now;
                for (int q : cuts[c]) { // q's load stops growing through c
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
        return y;
    }

    /** The open cuts holding each record, record by record in one array ({@code from}: where each begins). */
    private static int[] holding(int m, int[][] cuts, int count, boolean[] open, int[] from) {
        int[] h = new int[from[m]];
        int[] fill = java.util.Arrays.copyOf(from, m);
        for (int c = 0; c < count; c++) {
            if (open[c]) {
                for (int r : cuts[c]) {
                    h[fill[r]++] = c;
                }
            }
        }
        return h;
    }

    /**
     * The records' saturation times, earliest first: a binary heap of record numbers on primitive
     * arrays, each record at most once, its time changed in place (a cut that stops slows the
     * record's load, so its time moves later). Ties go to the lower record number.
     */
    private static final class Saturation {
        final double[] time;
        private final int[] heap;
        /** Each record's place in the heap, -1 when not in it. */
        private final int[] at;
        private int size;

        Saturation(int m) {
            time = new double[m];
            heap = new int[m];
            at = new int[m];
            java.util.Arrays.fill(at, -1);
        }

        boolean isEmpty() {
            return size == 0;
        }

        /** Puts r in at time t, or moves it there. */
        void set(int r, double t) {
            time[r] = t;
            if (at[r] < 0) {
                heap[size] = r;
                at[r] = size++;
                up(at[r]);
            } else {
                up(at[r]);
                down(at[r]);
            }
        }

        void remove(int r) {
            int i = at[r];
            if (i < 0) {
                return;
            }
            at[r] = -1;
            int last = heap[--size];
            if (i < size) {
                heap[i] = last;
                at[last] = i;
                up(i);
                down(at[last]);
            }
        }

        /** Takes out the record of the earliest time (its time stays readable). */
        int pop() {
            int r = heap[0];
            remove(r);
            return r;
        }

        private boolean before(int a, int b) {
            return time[a] < time[b] || time[a] == time[b] && a < b;
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

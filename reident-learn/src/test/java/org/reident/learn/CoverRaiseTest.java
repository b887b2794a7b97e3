package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverRaise}: hand cases, and on seeded random hitting-set instances a y that is feasible
 * for the covering LP's dual and maximal (every open cut holds a saturated record), and a bound
 * never above the smallest cover found by enumeration; on larger ones the same y as a plain
 * reference of the rule.
 */
class CoverRaiseTest {
    private static final double TOL = 1e-9;

    @Test
    void handCases() {
        int[][] triangle = {{0, 1}, {1, 2}, {0, 2}};
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, CoverRaise.raise(3, new boolean[3], triangle, 3), TOL);
        assertEquals(2, CoverRaise.bound(3, new boolean[3], triangle, 3), "3/2, and a cover is whole records");
        boolean[] zeroFixed = {true, false, false};
        assertEquals(1, CoverRaise.bound(3, zeroFixed, triangle, 3), "only {1, 2} is open");
        int[][] star = {{0, 1}, {0, 2}, {0, 3}};
        assertArrayEquals(new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, CoverRaise.raise(4, new boolean[4], star, 3), TOL);
        assertEquals(1, CoverRaise.bound(4, new boolean[4], star, 3), "record 0 covers the star");
        int[][] disjoint = {{0, 1, 2}, {3}, {4, 5}, {6, 7, 8, 9}};
        assertEquals(4, CoverRaise.bound(10, new boolean[10], disjoint, 4));
        assertEquals(3, CoverRaise.bound(10, new boolean[10], disjoint, 3), "only the first count cuts");
        // a path 0-1-2-3 of pairs: records 1 and 2 (two cuts each) saturate first, at 1/2, and stop all three cuts
        int[][] path = {{0, 1}, {1, 2}, {2, 3}};
        double[] y = CoverRaise.raise(4, new boolean[4], path, 3);
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, y, TOL);
        assertEquals(2, CoverRaise.bound(4, new boolean[4], path, 3), "1.5 rounds up to the smallest cover, 2");
    }

    @Test
    void feasibleMaximalAndBelowTheSmallestCoverOnRandomInstances() {
        SplittableRandom random = new SplittableRandom(20261127L);
        int m = 12; // CoverBranchTest's enumeration
        int tight = 0;
        for (int trial = 0; trial < 500; trial++) {
            int count = 1 + random.nextInt(25);
            int[][] cuts = new int[count][];
            for (int c = 0; c < count; c++) {
                cuts[c] = random.ints(0, m).distinct().limit(1 + random.nextInt(4)).toArray();
            }
            boolean[] fixed = new boolean[m];
            for (int r = 0; r < m; r++) {
                fixed[r] = random.nextInt(12) == 0;
            }
            double[] y = CoverRaise.raise(m, fixed, cuts, count);
            double[] load = new double[m];
            double sum = 0;
            for (int c = 0; c < count; c++) {
                assertTrue(y[c] >= 0);
                sum += y[c];
                for (int r : cuts[c]) {
                    load[r] += y[c];
                }
            }
            for (int r = 0; r < m; r++) {
                assertTrue(load[r] <= 1 + TOL, "trial " + trial + ": record " + r + " carries " + load[r]);
            }
            for (int c = 0; c < count; c++) {
                boolean open = true;
                boolean saturated = false;
                for (int r : cuts[c]) {
                    open &= !fixed[r];
                    saturated |= load[r] >= 1 - TOL;
                }
                assertTrue(!open || saturated, "trial " + trial + ": open cut " + c + " could still grow");
                assertTrue(open || y[c] == 0, "a cut hit by a fixed record carries nothing");
            }
            int smallest = CoverBranchTest.smallestCover(cuts, fixed); // enumeration of the 2^12 subsets
            long bound = CoverRaise.bound(m, fixed, cuts, count);
            assertEquals((long) Math.ceil(sum - 1e-7), bound, "trial " + trial);
            assertTrue(bound <= smallest, "trial " + trial + ": bound " + bound + " above the smallest cover " + smallest);
            tight += bound == smallest ? 1 : 0;
        }
        assertTrue(tight > 100 && tight < 500, tight + " of 500 bounds equal the smallest cover");
    }
    /**
     * On seeded instances of master size (up to 400 records, 3,000 cuts of 1-15 records, some fixed),
     * the raise equals a plain reference of the same rule (a priority queue of events, each record's
     * stale events skipped) cut for cut: the heap orders events as the queue does, and events at one
     * time give the same y in any order (all the saturated records' cuts stop then).
     */
    @Test
    void matchesAPlainEventQueueOnLargeInstances() {
        SplittableRandom random = new SplittableRandom(20261205L);
        for (int trial = 0; trial < 60; trial++) {
            int m = 20 + random.nextInt(380);
            int count = 1 + random.nextInt(3_000);
            int[][] cuts = new int[count][];
            for (int c = 0; c < count; c++) {
                cuts[c] = random.ints(0, m).distinct().limit(1 + random.nextInt(Math.min(15, m))).toArray();
            }
            boolean[] fixed = new boolean[m];
            for (int r = 0; r < m; r++) {
                fixed[r] = random.nextInt(20) == 0;
            }
            assertArrayEquals(reference(m, fixed, cuts, count), CoverRaise.raise(m, fixed, cuts, count), 1e-12,
                    "trial " + trial + ": " + m + " records, " + count + " cuts");
        }
    }

    /**
     * One instance reused across calls of growing and shrinking sizes (as {@link CellCuts} calls it,
     * once per cell) gives what a fresh one gives: its scratch holds nothing over from the call before.
     * The cuts are laid out flat, with and without fixed records ({@code null}: none).
     */
    @Test
    void aReusedInstanceAnswersAsAFreshOne() {
        SplittableRandom random = new SplittableRandom(20261206L);
        CoverRaise shared = new CoverRaise();
        int differ = 0;
        for (int trial = 0; trial < 200; trial++) {
            int m = 5 + random.nextInt(trial % 3 == 0 ? 400 : 40);
            int count = 1 + random.nextInt(trial % 3 == 0 ? 2_000 : 60);
            int[][] cuts = new int[count][];
            int[] begin = new int[count + 1];
            for (int c = 0; c < count; c++) {
                cuts[c] = random.ints(0, m).distinct().limit(1 + random.nextInt(Math.min(6, m))).toArray();
                begin[c + 1] = begin[c] + cuts[c].length;
            }
            int[] flat = new int[begin[count] + random.nextInt(5)]; // room past the end is not read
            for (int c = 0; c < count; c++) {
                System.arraycopy(cuts[c], 0, flat, begin[c], cuts[c].length);
            }
            boolean[] fixed = new boolean[m];
            for (int r = 0; r < m; r++) {
                fixed[r] = random.nextInt(10) == 0;
            }
            long none = CoverRaise.bound(m, new boolean[m], cuts, count);
            long some = CoverRaise.bound(m, fixed, cuts, count);
            assertEquals(none, shared.bound(m, null, flat, begin, count), "trial " + trial + ", none fixed");
            assertEquals(some, shared.bound(m, fixed, flat, begin, count), "trial " + trial + ", some fixed");
            differ += none != some ? 1 : 0;
        }
        assertTrue(differ > 50, differ + " of 200 trials where the fixed records lower the bound");
    }

    /** The uniform raise by a queue of (time, record, degree) events; an event is stale once the degree moved. */
    private static double[] reference(int m, boolean[] fixed, int[][] cuts, int count) {
        int[] degree = new int[m];
        boolean[] open = new boolean[count];
        java.util.List<java.util.List<Integer>> holding = new java.util.ArrayList<>();
        for (int r = 0; r < m; r++) {
            holding.add(new java.util.ArrayList<>());
        }
        for (int c = 0; c < count; c++) {
            open[c] = java.util.Arrays.stream(cuts[c]).noneMatch(r -> fixed[r]);
            for (int r : cuts[c]) {
                if (open[c]) {
                    degree[r]++;
                    holding.get(r).add(c);
                }
            }
        }
        double[] load = new double[m];
        double[] seen = new double[m];
        double[] y = new double[count];
        java.util.Arrays.fill(y, -1);
        java.util.PriorityQueue<double[]> next = new java.util.PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        for (int r = 0; r < m; r++) {
            if (degree[r] > 0) {
                next.add(new double[] {1.0 / degree[r], r, degree[r]});
            }
        }
        while (!next.isEmpty()) {
            double[] e = next.poll();
            int r = (int) e[1];
            if (degree[r] == 0 || (int) e[2] != degree[r]) {
                continue;
            }
            for (int c : holding.get(r)) {
                if (y[c] < 0) {
                    y[c] = e[0];
                    for (int q : cuts[c]) {
                        load[q] += degree[q] * (e[0] - seen[q]);
                        seen[q] = e[0];
                        if (--degree[q] > 0) {
                            next.add(new double[] {e[0] + (1 - load[q]) / degree[q], q, degree[q]});
                        }
                    }
                }
            }
        }
        for (int c = 0; c < count; c++) {
            y[c] = open[c] ? Math.max(0, y[c]) : 0;
        }
        return y;
    }
}

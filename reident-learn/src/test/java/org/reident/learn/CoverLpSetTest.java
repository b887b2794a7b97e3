package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverLpSet}: records taken by increasing LP value, each unless it would complete a cut. By
 * hand, and against a plain reference (a quadratic selection by value, each cut tested whole) on
 * seeded random instances, with the set's two properties checked directly: it holds no whole cut,
 * and no record left out could join it.
 */
class CoverLpSetTest {
    /**
     * Cuts {0, 1}, {1, 2}, {3, 4}; x = (0.5, 0.5, 0.5, 0, 1). Order 3, 0, 1, 2, 4: 3 taken, 0 taken,
     * 1 would complete {0, 1}, 2 taken ({1, 2} lacks 1), 4 would complete {3, 4}: the set {0, 2, 3}.
     * With record 3 fixed, 4 is taken instead.
     */
    @Test
    void byHand() {
        int[][] cuts = {{0, 1}, {1, 2}, {3, 4}};
        double[] x = {0.5, 0.5, 0.5, 0, 1};
        assertArrayEquals(new boolean[] {true, false, true, true, false}, CoverLpSet.largest(5, cuts, 3, new boolean[5], x));
        boolean[] fixed = {false, false, false, true, false};
        assertArrayEquals(new boolean[] {true, false, true, false, true}, CoverLpSet.largest(5, cuts, 3, fixed, x));
        // only the first cutCount cuts count
        assertArrayEquals(new boolean[] {true, false, true, true, true}, CoverLpSet.largest(5, cuts, 2, new boolean[5], x));
    }

    /** 500 seeded instances of 1-2,100 records (past the index's bits at 1,024 and 2,048), values of sevenths. */
    @Test
    void agreesWithAReference() {
        Random rnd = new Random(11);
        for (int t = 0; t < 500; t++) {
            int m = t % 50 == 0 ? 1000 + rnd.nextInt(1100) : 1 + rnd.nextInt(30);
            int count = rnd.nextInt(3 * m + 1);
            int[][] cuts = new int[count + 3][];
            for (int c = 0; c < cuts.length; c++) {
                int size = 1 + rnd.nextInt(Math.min(m, 5));
                cuts[c] = rnd.ints(0, m).distinct().limit(size).toArray();
            }
            boolean[] fixed = new boolean[m];
            double[] x = new double[m];
            for (int r = 0; r < m; r++) {
                fixed[r] = rnd.nextInt(10) == 0;
                x[r] = rnd.nextInt(8) / 7.0;
            }
            boolean[] got = CoverLpSet.largest(m, cuts, count, fixed, x);
            String w = "instance " + t;
            assertArrayEquals(reference(m, cuts, count, fixed, x), got, w);
            for (int r = 0; r < m; r++) {
                if (fixed[r]) {
                    assertFalse(got[r], w + ": fixed record " + r + " taken");
                } else if (!got[r]) {
                    got[r] = true;
                    assertTrue(holdsACut(cuts, count, got), w + ": record " + r + " could join");
                    got[r] = false;
                }
            }
            assertFalse(holdsACut(cuts, count, got), w + ": a whole cut in the set");
        }
    }

    private static boolean[] reference(int m, int[][] cuts, int count, boolean[] fixed, double[] x) {
        boolean[] keep = new boolean[m];
        boolean[] done = new boolean[m];
        for (int step = 0; step < m; step++) {
            int next = -1;
            for (int r = 0; r < m; r++) {
                if (!done[r] && (next < 0 || x[r] < x[next])) {
                    next = r;
                }
            }
            done[next] = true;
            if (fixed[next]) {
                continue;
            }
            keep[next] = true;
            if (holdsACut(cuts, count, keep)) {
                keep[next] = false;
            }
        }
        return keep;
    }

    private static boolean holdsACut(int[][] cuts, int count, boolean[] set) {
        for (int c = 0; c < count; c++) {
            boolean all = true;
            for (int r : cuts[c]) {
                all &= set[r];
            }
            if (all) {
                return true;
            }
        }
        return false;
    }
}

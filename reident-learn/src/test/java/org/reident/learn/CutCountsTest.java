package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A conflict goes to the deletion filter with its lead first and the other records by their load
 * (sum of 1/|C| over the cuts holding them), least first (ties in the given order); the filter tries
 * the last ones first for dropping, so the cut it returns avoids the records the cuts load most.
 */
class CutCountsTest {
    @Test
    void theLeadStaysFirstAndTheRestFollowTheirLoadLeastFirst() {
        CutCounts counts = new CutCounts(8);
        counts.add(new int[] {1, 2, 3});
        counts.add(new int[] {2, 3});
        counts.add(new int[] {3, 5});
        counts.add(new int[] {6, 0, 1, 7});
        // loads: 0 -> 1/4, 1 -> 1/3 + 1/4, 2 -> 1/3 + 1/2, 3 -> 1/3 + 1/2 + 1/2, 5 -> 1/2, 4 -> 0
        assertEquals(4.0 / 3, counts.load(3), 1e-12);
        assertEquals(7.0 / 12, counts.load(1), 1e-12);
        assertEquals(0, counts.load(4));
        int[] conflict = {3, 2, 5, 4, 1, 0};
        counts.order(conflict);
        // lead 3 stays; then 4 (0), 0 (1/4), 5 (1/2), 1 (7/12), 2 (5/6): 0, in one quadruple, carries
        // less than 5, in one pair, though one cut holds each (by the cuts held, 5 would come first)
        assertArrayEquals(new int[] {3, 4, 0, 5, 1, 2}, conflict);
        int[] tie = {3, 6, 7, 0};
        counts.order(tie);
        assertArrayEquals(new int[] {3, 6, 7, 0}, tie, "equal loads keep their given order");
        int[] pair = {2, 0};
        counts.order(pair);
        assertArrayEquals(new int[] {2, 0}, pair, "two records: nothing to order behind the lead");
    }

    @Test
    void seededConflictsAreReorderedStablyAndKeepTheirRecords() {
        Random rnd = new Random(5);
        CutCounts counts = new CutCounts(50);
        double[] reference = new double[50];
        for (int trial = 0; trial < 300; trial++) {
            int[] cut = rnd.ints(0, 50).distinct().limit(1 + rnd.nextInt(9)).toArray();
            counts.add(cut);
            for (int r : cut) {
                reference[r] += 1.0 / cut.length;
            }
            int[] conflict = rnd.ints(0, 50).distinct().limit(1 + rnd.nextInt(20)).toArray();
            int[] given = conflict.clone();
            counts.order(conflict);
            assertEquals(given[0], conflict[0], "the lead moved");
            int[] a = given.clone();
            int[] b = conflict.clone();
            Arrays.sort(a);
            Arrays.sort(b);
            assertArrayEquals(a, b, "records lost or added");
            for (int q = 2; q < conflict.length; q++) {
                double before = reference[conflict[q - 1]];
                double here = reference[conflict[q]];
                assertTrue(before <= here, "not ascending by load at " + q + ": " + Arrays.toString(conflict));
                if (before == here) {
                    assertTrue(position(given, conflict[q - 1]) < position(given, conflict[q]),
                            "a tie left its given order: " + Arrays.toString(given) + " -> " + Arrays.toString(conflict));
                }
            }
        }
    }

    private static int position(int[] a, int r) {
        for (int q = 0; q < a.length; q++) {
            if (a[q] == r) {
                return q;
            }
        }
        return -1;
    }
}

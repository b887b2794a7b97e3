package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A conflict goes to the deletion filter with its lead first and the other records by the cuts
 * holding them, fewest first (ties in the given order); the filter tries the last ones first for
 * dropping, so the cut it returns avoids the records many cuts hold.
 */
class CutCountsTest {
    @Test
    void theLeadStaysFirstAndTheRestFollowTheCutsHoldingThemFewestFirst() {
        CutCounts counts = new CutCounts(8);
        counts.add(new int[] {1, 2, 3});
        counts.add(new int[] {2, 3});
        counts.add(new int[] {3, 5});
        // held: 1 -> 1, 2 -> 2, 3 -> 3, 5 -> 1, the others 0
        assertEquals(3, counts.held(3));
        assertEquals(0, counts.held(4));
        int[] conflict = {3, 2, 5, 4, 1, 0};
        counts.order(conflict);
        // lead 3 stays; then 4 and 0 (none, in their order), 5 and 1 (one each, in their order), 2 (two)
        assertArrayEquals(new int[] {3, 4, 0, 5, 1, 2}, conflict);
        int[] pair = {2, 0};
        counts.order(pair);
        assertArrayEquals(new int[] {2, 0}, pair, "two records: nothing to order behind the lead");
    }

    @Test
    void seededConflictsAreReorderedStablyAndKeepTheirRecords() {
        Random rnd = new Random(5);
        CutCounts counts = new CutCounts(50);
        int[] reference = new int[50];
        for (int trial = 0; trial < 300; trial++) {
            int[] cut = rnd.ints(0, 50).distinct().limit(1 + rnd.nextInt(9)).toArray();
            counts.add(cut);
            for (int r : cut) {
                reference[r]++;
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
                int before = reference[conflict[q - 1]];
                int here = reference[conflict[q]];
                assertTrue(before <= here, "not ascending by cuts held at " + q + ": " + Arrays.toString(conflict));
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

package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.reident.data.InputException;

class IndividualRankingTest {
    /**
     * Column 0 = (5, 1, 4, 1, 3, 9, 2), k = 3, N = 7 = 2*3 + 1. Order by (value, index):
     * 1 (rec 1), 1 (rec 3), 2 (rec 6) | 3 (rec 4), 4 (rec 2), 5 (rec 0), 9 (rec 5): groups of 3 and
     * 3 + 1 -> means 4/3 and 21/4. Column 1 = (10, 20, 30, 40, 50, 60, 70) is ranked on its own:
     * {0,1,2} -> 20, {3,4,5,6} -> 55.
     */
    @Test
    void handWorkedExample() {
        double[] x = {5, 10, 1, 20, 4, 30, 1, 40, 3, 50, 9, 60, 2, 70};
        IndividualRanking ir = new IndividualRanking(3);
        assertArrayEquals(new int[] {1, 0, 1, 0, 1, 1, 0}, ir.groups(x, 7, 2, 0));
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 1}, ir.groups(x, 7, 2, 1));
        double a = 4.0 / 3;
        double b = 21.0 / 4;
        assertArrayEquals(new double[] {b, 20, a, 20, b, 20, a, 55, b, 55, b, 55, a, 55}, ir.apply(x, 7, 2), 1e-12);
        assertEquals("individual-ranking(k=3)", ir.label());
    }

    /** Tied values can fall in different groups: (1, 2, 2, 3), k = 2 -> {rec 0, rec 1}, {rec 2, rec 3}. */
    @Test
    void tiesAreSplitByRecordIndex() {
        assertArrayEquals(new double[] {1.5, 1.5, 2.5, 2.5}, new IndividualRanking(2).apply(new double[] {1, 2, 2, 3}, 4, 1));
        assertArrayEquals(new double[] {2.5, 1.5, 1.5, 2.5}, new IndividualRanking(2).apply(new double[] {3, 2, 1, 2}, 4, 1));
    }

    @Test
    void errors() {
        InputException e = assertThrows(InputException.class, () -> new IndividualRanking(3).apply(new double[5], 5, 1));
        assertEquals("--k: group size 3 is larger than half the 5 records; microaggregation needs at least two groups",
                e.getMessage());
        assertThrows(InputException.class, () -> new IndividualRanking(0));
        assertThrows(IllegalArgumentException.class, () -> new IndividualRanking(2).apply(new double[5], 3, 2));
        assertThrows(IllegalArgumentException.class, () -> new IndividualRanking(2).groups(new double[8], 4, 2, 2));
    }
}

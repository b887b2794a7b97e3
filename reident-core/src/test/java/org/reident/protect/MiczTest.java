package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.reident.data.InputException;

class MiczTest {
    /**
     * Records (1,5) (2,1) (3,4) (4,2) (5,3), k = 2. Both columns are permutations of 1..5, so both
     * have mean 3 and the same sd s = sqrt(2.5): z-sum = (v0 + v1 - 6) / s, exactly 0 for records 0
     * and 3 (a tie). Sums x s: 0, -3, 1, 0, 2 -> order 1, 0, 3, 2, 4 (0 before 3 by index).
     * N = 5 = 2*2 + 1: groups {1, 0} and {3, 2, 4}; means (1.5, 3) and (4, 3).
     */
    @Test
    void handWorkedExample() {
        double[] x = {1, 5, 2, 1, 3, 4, 4, 2, 5, 3};
        Micz micz = new Micz(2);
        assertArrayEquals(new int[] {0, 0, 1, 1, 1}, micz.groups(x, 5, 2));
        assertEquals(0.0, Micz.zScoreSums(x, 5, 2)[0]);
        assertEquals(0.0, Micz.zScoreSums(x, 5, 2)[3]);
        assertArrayEquals(new double[] {1.5, 3, 1.5, 3, 4, 3, 4, 3, 4, 3}, micz.apply(x, 5, 2), 1e-12);
        assertEquals("micz(k=2)", micz.label());
    }

    @Test
    void errors() {
        InputException e = assertThrows(InputException.class, () -> new Micz(4).apply(new double[14], 7, 2));
        assertEquals("--k: group size 4 is larger than half the 7 records; microaggregation needs at least two groups",
                e.getMessage());
        assertThrows(InputException.class, () -> new Micz(0));
    }
}

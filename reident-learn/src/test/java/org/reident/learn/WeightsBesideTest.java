package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** When the searches beside the cuts start: sooner for the simplex families on files where many records cannot be linked. */
class WeightsBesideTest {
    private static boolean[] fixed(int records, int unlinkable) {
        boolean[] f = new boolean[records];
        for (int r = 0; r < unlinkable; r++) {
            f[r * records / unlinkable] = true;
        }
        return f;
    }

    @Test
    void wellProtectedFilesStartTheCellsSooner() {
        assertEquals(1.0, WeightsBeside.LOW_RATE_AFTER);
        assertEquals(3.0, WeightsBeside.AFTER);
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM, fixed(1000, 436)), "1000 x 5, 40% noise");
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.OWA, fixed(1000, 436)));
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM_M, fixed(2000, 1672)));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 33)), "M5-38: 8% unlinkable");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.CHOQUET, fixed(1000, 436)), "no cells for CI");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.BILINEAR, fixed(1000, 900)));
        assertEquals(WeightsBeside.LOW_RATE_AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 100)), "a quarter exactly");
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, fixed(400, 99)));
        assertEquals(WeightsBeside.AFTER, WeightsBeside.after(Aggregator.WM, null), "none known");
    }
}

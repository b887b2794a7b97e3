package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The first round on a hand-made file (features on the raw values, no standardisation):
 * <ul>
 * <li>record 0 at (0, 0), published at (1, 0); record 1's protected row (-1, 0) is exactly as far
 * in every variable: e = (0, 0), so no parameter value of any family links record 0;</li>
 * <li>record 2 at (10, 10), published at (11, 11); record 3's protected row (11, 9) has the same
 * squared differences (e = (0, 0)), so WM, OWA, CI and MD* (on |differences|) cannot link record 2,
 * but a bilinear form can: Delta = -4 sigma_12 = 4 with sigma_12 = -1 (allowed by the box);</li>
 * <li>records 1 and 3 are published unchanged; record 3's rivals (c = (0, 4) for row 2,
 * (100, 81) and (144, 81) for rows 0 and 1) are dominated by row 2 for the monotone families.</li>
 * </ul>
 */
class FirstRowsTest {
    private static final double[] X = {0, 0, -1, 0, 10, 10, 11, 9};
    private static final double[] Y = {1, 0, -1, 0, 11, 11, 11, 9};

    private static FirstRows first(Aggregator a) {
        return first(a, Double.POSITIVE_INFINITY);
    }

    private static FirstRows first(Aggregator a, double deadline) {
        LinkageData data = LearnFixtures.data(X, Y, 4, 2);
        Features f = new Features(a, X, Y, 2);
        return FirstRows.of(LearnOptions.defaults(a), f, data, LearnFixtures.all(4), deadline);
    }

    /**
     * A deadline already past stops the scan before its first block (the time limit covers the whole
     * run, and the scan of 10,000 records took seconds): no record is found unlinkable, none gets
     * rivals, and the scan says it is incomplete; without a deadline it is complete.
     */
    @Test
    void aDeadlinePastStopsTheScanAndSaysSo() {
        FirstRows stopped = first(Aggregator.WM, StopRequest.now() - 1);
        assertEquals(0, stopped.scanned());
        assertFalse(stopped.complete());
        for (int r = 0; r < 4; r++) {
            assertFalse(stopped.unlinkable(r));
            assertArrayEquals(new int[0], stopped.rivals(r));
        }
        assertEquals(" (the time limit stopped the scan after 0 of 4 records)", FirstRows.stoppedAt(0, 4));
        FirstRows whole = first(Aggregator.WM);
        assertEquals(4, whole.scanned());
        assertTrue(whole.complete());
        assertEquals("", FirstRows.stoppedAt(4, 4));
    }

    private static boolean[] unlinkable(FirstRows f) {
        boolean[] u = new boolean[4];
        for (int r = 0; r < 4; r++) {
            u[r] = f.unlinkable(r);
        }
        return u;
    }

    @Test
    void equidistantRivalsMakeRecordsUnlinkableExceptWhereABilinearFormSeparatesThem() {
        boolean[] monotone = {true, false, true, false};
        boolean[] bilinear = {true, false, false, false};
        for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.WM_M, Aggregator.OWA, Aggregator.CHOQUET,
                Aggregator.CHOQUET_M, Aggregator.MD_STAR}) {
            assertArrayEquals(monotone, unlinkable(first(a)), a.label());
            assertEquals(2, first(a).unlinkableCount(), a.label());
        }
        for (Aggregator a : new Aggregator[] {Aggregator.BILINEAR, Aggregator.BILINEAR_NC}) {
            assertArrayEquals(bilinear, unlinkable(first(a)), a.label());
        }
    }

    @Test
    void monotoneFamiliesStartFromTheParetoFrontBilinearFromTheNearest() {
        FirstRows wm = first(Aggregator.WM);
        assertArrayEquals(new int[0], wm.rivals(0));
        assertArrayEquals(new int[] {2}, wm.rivals(3));
        assertArrayEquals(new int[] {0}, wm.rivals(1)); // (4, 0) dominates (144, 121) and (144, 81)
        int[] sb = first(Aggregator.BILINEAR).rivals(3);
        assertArrayEquals(new int[] {2, 0, 1}, sb, Arrays.toString(sb));
    }
}

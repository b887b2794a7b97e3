package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The master's search tree stops soon after its deadline even where a node is slow: 3,000 records in
 * 30,000 random cuts of 2 to 4 records (EIA's fourth master had 21,006 cuts over about 3,000
 * records; its tree went 16 s past the run's limit while the clock was read every 4,096 nodes).
 * Nodes take about 0.4 ms here once the dual bound is built: with a 0.5 s deadline the tree returned
 * after 1.26 s reading the clock every 4,096 nodes, after 0.51 s reading it every 64 (2026-11-27).
 */
class CoverDeadlineTest {
    private static final int RECORDS = 3000;

    private static int[][] cuts(int records, int count) {
        Random random = new Random(3);
        int[][] cuts = new int[count][];
        for (int c = 0; c < cuts.length; c++) {
            int size = 2 + random.nextInt(3);
            cuts[c] = random.ints(0, records).distinct().limit(size).sorted().toArray();
        }
        return cuts;
    }

    @Test
    void aLargeMasterStopsAtItsDeadline() {
        int records = RECORDS;
        int[][] cuts = cuts(RECORDS, 30_000);
        CoverBranch b = new CoverBranch(records, cuts, cuts.length, new boolean[records], 0).split(Long.MAX_VALUE, 0);
        // a first call of two nodes builds the dual bound (an LP over every cut), which no node count interrupts
        assertEquals(CoverBranch.Outcome.GAVE_UP, b.find(1500, 2, Double.MAX_VALUE, new boolean[records], null));
        double limit = 0.5;
        long t0 = System.nanoTime();
        CoverBranch.Outcome o = b.find(1500, Long.MAX_VALUE, t0 / 1e9 + limit, new boolean[records], null);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println("cover tree, 3000 records, 30000 cuts: " + o + " after " + b.nodes() + " nodes, " + seconds + " s");
        assertEquals(CoverBranch.Outcome.GAVE_UP, o);
        assertTrue(seconds < limit + 0.25, "a deadline of " + limit + " s took " + seconds + " s");
    }

    /**
     * The dual bound's LP over all the cuts gets the time left: 6,000 records in 40,000 random cuts,
     * where GLOP takes about 40 s for that LP, and a 0.1 s deadline with the LP not built yet.
     * Before, the LP ran to its end whatever the deadline: 39.8 s; now 0.21 s (2026-11-27). The margin
     * of 0.9 s is for slower machines (the LP is built and the first 64 nodes run before the clock is read).
     */
    @Test
    void theDualBoundsLpStopsAtTheDeadlineToo() {
        int records = 6000;
        int[][] cuts = cuts(records, 40_000);
        CoverBranch b = new CoverBranch(records, cuts, cuts.length, new boolean[records], 0).split(Long.MAX_VALUE, 0);
        MilpModel.loadNative(); // once per process, not part of the solve
        double limit = 0.1;
        long t0 = System.nanoTime();
        CoverBranch.Outcome o = b.find(records / 2, Long.MAX_VALUE, t0 / 1e9 + limit, new boolean[records], null);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println("cover tree with its dual's LP, 6000 records, 40000 cuts: " + o + " after " + b.nodes() + " nodes, "
                + seconds + " s");
        assertEquals(CoverBranch.Outcome.GAVE_UP, o);
        assertTrue(seconds < limit + 0.9, "a deadline of " + limit + " s took " + seconds + " s");
    }

    /**
     * A split's expansion of an item into smaller ones reads the clock too: past its deadline it
     * returns no items (a partial list would let the split call the item searched), and it leaves
     * the worker as it found it. Without the check a re-expansion on a vertex-cover master ran 1-2 s
     * past a 30 s limit (whole Census, 8 variables, 40% noise, WM; 2026-11-27).
     */
    @Test
    void anExpansionPastItsDeadlineGivesNoItems() {
        int records = 300;
        int[][] cuts = cuts(records, 1000);
        CoverBranch w = new CoverBranch(records, cuts, cuts.length, new boolean[records], 0).split(Long.MAX_VALUE, 0)
                .worker();
        CoverBranch.Item whole = new CoverBranch.Item(new int[0], new int[0]);
        List<CoverBranch.Item> items = w.expand(whole, 200, 64, null, null, Double.POSITIVE_INFINITY);
        assertNotNull(items);
        assertTrue(items.size() >= 64, items.size() + " items");
        long before = w.nodes();
        assertNull(w.expand(whole, 200, 64, null, null, StopRequest.now() - 1));
        assertTrue(w.nodes() - before <= 64, "stopped within the clock's period: " + (w.nodes() - before) + " nodes");
        assertEquals(text(items), text(w.expand(whole, 200, 64, null, null, Double.POSITIVE_INFINITY)),
                "the same items after the stop");
    }

    private static String text(List<CoverBranch.Item> items) {
        StringBuilder s = new StringBuilder();
        for (CoverBranch.Item i : items) {
            s.append(java.util.Arrays.toString(i.taken())).append('/').append(java.util.Arrays.toString(i.forbidden())).append(' ');
        }
        return s.toString();
    }
}

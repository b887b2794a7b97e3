package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The rules by which {@link CoverBranch} chooses where to branch once it has the covering LP's dual
 * (stop 93): of the unhit cuts with the fewest allowed records the one whose records have the most
 * slack ({@link CoverBound}), and its records taken by slack, least first
 * ({@link CoverNode#branchOrder}). Hand cases whose slacks are worked out below; that the trees stay
 * exact under these rules is {@link CoverBranchTest}'s (enumeration on every budget, with the dual
 * from the root).
 */
class CoverBoundTest {
    private static CoverDual dualOf(CoverProblem p, CoverNode node, double[] start) {
        CoverDual dual = new CoverDual(p.records, p.cuts, p.cutCount, p.maxSize, start);
        node.dual(dual);
        dual.reset(node.hit);
        return dual;
    }

    /**
     * Cuts c0 = {0,1}, c1 = {2,3}, c2 = {1,3}, c3 = {0,5} of two records and c4 = {1,2,5} of three
     * (no record dominated: no record's cuts all hold another), the dual started at y(c2) = 1/2 and
     * y(c3) = 1/4. The raise, two-record cuts first in index order: c0 gets record 1's slack 1/2
     * (records 0 and 1 then at 1/4 and 0), c1 record 3's 1/2 (2 and 3 at 1/2 and 0), c2 is skipped
     * (record 1 has none left), c3 gets record 0's 1/4 (0 and 5 at 0 and 1/2), c4 is skipped. Slack
     * sums of the two-record cuts: c0 0, c1 1/2, c2 0, c3 1/2, so c1, the first of the most. The
     * bound is 2, below the budget of 5, and no record's reduced cost forbids it (lower + slack at
     * most 5/2). Mutation-checked: the first cut of fewest records (c0), as before stop 93, fails it.
     */
    @Test
    void ofTheCutsWithFewestRecordsTheOneWithMostSlack() {
        int[][] cuts = {{0, 1}, {2, 3}, {1, 3}, {0, 5}, {1, 2, 5}};
        CoverProblem p = new CoverProblem(6, cuts, cuts.length, new boolean[6]);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, p.source, "the cuts in the order given");
        CoverNode node = new CoverNode(p);
        CoverDual dual = dualOf(p, node, new double[] {0, 0, 0.5, 0.25, 0});
        CoverBound bound = new CoverBound(node, p.active);
        assertEquals(1, bound.bound(5, dual));
        assertEquals(2 * CoverDual.ONE, dual.lower());
        assertEquals(CoverDual.ONE / 2, dual.slack(2));
        assertEquals(0, dual.slack(3));
        assertEquals(CoverDual.ONE / 2, dual.slack(5));
        assertEquals(0, bound.mark(), "no record forbidden by its reduced cost");
        assertArrayEquals(new int[] {2, 3}, node.branchOrder(1, null, null), "the same unhit cuts each: as in the cut");
        assertArrayEquals(new int[] {3, 2}, node.branchOrder(1, null, dual));
    }

    /**
     * Cuts c0 = {0,1,2}, c1 = {0,3}, c2 = {0,4}, c3 = {2,5}, c4 = {1,3}, c5 = {3,4,5} (no record
     * dominated), the dual at y(c1) = y(c2) = 1/4, y(c3) = 3/4: slacks 1/2 (record 0), 1 (record 1),
     * 1/4 (record 2). By slack c0's records go 2, 0, 1; without the dual by the unhit cuts each hits
     * (3, 2 and 2, ties as in the cut), 0, 1, 2. Mutation-checked: slack most first, or the dual
     * ignored, fails it.
     */
    @Test
    void theRecordsOfTheCutBySlackLeastFirst() {
        int[][] cuts = {{0, 1, 2}, {0, 3}, {0, 4}, {2, 5}, {1, 3}, {3, 4, 5}};
        CoverProblem p = new CoverProblem(6, cuts, cuts.length, new boolean[6]);
        CoverNode node = new CoverNode(p);
        assertArrayEquals(new int[] {0, 1, 2}, node.branchOrder(0, null, null));
        CoverDual dual = dualOf(p, node, new double[] {0, 0.25, 0.25, 0.75, 0, 0});
        assertEquals(CoverDual.ONE / 2, dual.slack(0));
        assertEquals(CoverDual.ONE, dual.slack(1));
        assertEquals(CoverDual.ONE / 4, dual.slack(2));
        assertArrayEquals(new int[] {2, 0, 1}, node.branchOrder(0, null, dual));
        boolean[] prefer = new boolean[6];
        prefer[1] = true;
        assertArrayEquals(new int[] {1, 0, 2}, node.branchOrder(0, prefer, null), "preferred first without the dual");
        assertArrayEquals(new int[] {2, 0, 1}, node.branchOrder(0, prefer, dual), "by slack with it");
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverNode}'s incremental counts against their definitions, in any order of changes (a
 * search changes the node as a stack, but a search that ends on a cover undoes its forbids with the
 * cover still taken, and {@link CoverNode#clearChosen} ends it): a cut's hit count is its chosen
 * records, it is in the unhit bit set exactly when that count is 0, and its allowed count is its
 * records not forbidden.
 */
class CoverNodeTest {
    /** The triangle {0,1}, {1,2}, {2,0} and the cut {0,1,2}: no record dominated. */
    private static final int[][] TRIANGLE = {{0, 1}, {1, 2}, {0, 2}, {0, 1, 2}};

    @Test
    void countsByHandOnATriangle() {
        CoverNode node = new CoverNode(new CoverProblem(3, TRIANGLE, 4, new boolean[3]));
        assertArrayEquals(new int[] {2, 2, 2, 3}, node.allowed);
        node.forbid(1, true);
        assertArrayEquals(new int[] {1, 1, 2, 2}, node.allowed);
        node.take(0, true);
        assertArrayEquals(new int[] {1, 0, 1, 1}, node.hit);
        assertEquals(0b0010L, node.unhitBits[0]);
        node.forbid(2, true);
        assertArrayEquals(new int[] {1, 0, 1, 1}, node.allowed);
        node.forbid(2, true); // a count: forbidden twice, the counts as they were
        assertArrayEquals(new int[] {1, 0, 1, 1}, node.allowed);
        node.forbid(2, false); // still forbidden once
        assertArrayEquals(new int[] {1, 0, 1, 1}, node.allowed);
        node.forbid(1, false); // with record 0 still taken, as after a cover
        node.clearChosen();
        assertArrayEquals(new int[] {2, 1, 1, 2}, node.allowed);
        assertArrayEquals(new int[] {0, 0, 0, 0}, node.hit);
        assertEquals(0b1111L, node.unhitBits[0]);
        assertArrayEquals(new int[] {0, 0, 1}, node.forbidden);
    }

    @Test
    void keepsItsCountsOnRandomWalks() {
        SplittableRandom random = new SplittableRandom(20261205);
        int checks = 0;
        for (int instance = 0; instance < 40; instance++) {
            int m = 6 + random.nextInt(20);
            int count = 5 + random.nextInt(120); // past 64 cuts too: more than one word of bits
            int[][] cuts = CoverBranchTest.randomCuts(random, count, m, 1, 5);
            CoverProblem p = new CoverProblem(m, cuts, count, new boolean[m]);
            CoverNode node = new CoverNode(p);
            int[] own = new int[m]; // times forbidden by the walk, beside the dominated records
            for (int step = 0; step < 400; step++) {
                int r = random.nextInt(m);
                int op = random.nextInt(10);
                if (op == 0) {
                    node.clearChosen();
                } else if (op < 4) {
                    node.take(r, !node.chosen[r]);
                } else if (op < 7 || own[r] == 0) {
                    own[r]++;
                    node.forbid(r, true);
                } else {
                    own[r]--;
                    node.forbid(r, false);
                }
                assertEquals((p.dominated[r] ? 1 : 0) + own[r], node.forbidden[r]);
                checks += check(p, node);
            }
        }
        assertTrue(checks > 100_000, "cuts checked: " + checks);
    }

    /** Compares the node's counts with their definitions; returns the cuts compared. */
    private static int check(CoverProblem p, CoverNode node) {
        for (int c = 0; c < p.cutCount; c++) {
            int hit = 0;
            int allowed = 0;
            for (int r : p.cuts[c]) {
                hit += node.chosen[r] ? 1 : 0;
                allowed += node.forbidden[r] == 0 ? 1 : 0;
            }
            assertEquals(hit, node.hit[c], "hit count of cut " + c);
            assertEquals(hit == 0, (node.unhitBits[c >>> 6] & 1L << c) != 0, "unhit bit of cut " + c);
            assertEquals(allowed, node.allowed[c], "allowed count of cut " + c);
        }
        return p.cutCount;
    }
}

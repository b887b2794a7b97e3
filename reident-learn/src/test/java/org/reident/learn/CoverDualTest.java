package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverDual#raise} against a reference that recomputes every slack from y at each step,
 * skips forbidden records by their counts and counts each cut's allowed records afresh, on seeded
 * random walks of a {@link CoverNode}: records taken and given back, forbidden and allowed again,
 * raises undone. The dual keeps its slacks
 * incrementally, a forbidden record's shifted up (so its loops read one array), and remembers each
 * cut's witness between raises; after every raise its y must be the reference's, cut by cut, and its
 * bound their sum.
 */
class CoverDualTest {
    private static final int M = 14;

    @Test
    void raisesAsTheReferenceOnRandomWalks() {
        SplittableRandom random = new SplittableRandom(20261204);
        int raises = 0;
        for (int instance = 0; instance < 60; instance++) {
            raises += walk(random, instance % 2 == 0);
        }
        assertTrue(raises > 3000, "raises compared: " + raises);
    }

    private static int walk(SplittableRandom random, boolean lpStart) {
        int count = 10 + random.nextInt(30);
        int[][] cuts = CoverBranchTest.randomCuts(random, count, M, 2, 4);
        CoverProblem p = new CoverProblem(M, cuts, count, new boolean[M]);
        CoverNode node = new CoverNode(p);
        double[] start = null;
        if (lpStart) {
            start = new double[p.cutCount];
            for (int c = 0; c < p.cutCount; c++) {
                start[c] = random.nextDouble() * 0.6;
            }
        }
        CoverDual dual = new CoverDual(M, p.cuts, p.cutCount, p.maxSize, start);
        node.dual(dual);
        dual.reset(node.hit);
        return visit(random, p, node, dual, 0);
    }

    /**
     * One node of a random search, in the search's discipline: raise (compared), then children each
     * made by taking or forbidding a record, visited and reverted, then the raise undone.
     */
    private static int visit(SplittableRandom random, CoverProblem p, CoverNode node, CoverDual dual, int depth) {
        assertTrue(dual.consistent(node.hit, node.forbidden), "slacks and bound as defined");
        int[] unhit = new int[p.cutCount];
        int n = 0;
        for (int c = 0; c < p.cutCount; c++) {
            if (node.hit[c] == 0) {
                if (allowedOf(p.cuts[c], node.forbidden) == 0) {
                    return 0; // the search prunes such a node before it raises
                }
                unhit[n++] = c;
            }
        }
        long[] expected = new long[p.cutCount];
        for (int c = 0; c < p.cutCount; c++) {
            expected[c] = dual.y(c);
        }
        referenceRaise(p.cuts, unhit, n, node.forbidden, expected);
        int mark = dual.mark();
        dual.raise(unhit, n, node.allowed, new int[p.cutCount]);
        long sum = 0;
        for (int c = 0; c < p.cutCount; c++) {
            assertEquals(expected[c], dual.y(c), "y of cut " + c + " at depth " + depth);
            sum += node.hit[c] == 0 ? expected[c] : 0;
        }
        assertEquals(sum, dual.lower(), "the bound is the sum of y over the unhit cuts");
        int raises = 1;
        for (int child = 0; depth < 6 && child < 3; child++) {
            int r = random.nextInt(M);
            if (node.chosen[r]) {
                continue;
            }
            boolean take = node.forbidden[r] == 0 && random.nextBoolean();
            if (take) {
                node.take(r, true);
            } else {
                node.forbid(r, true);
            }
            raises += visit(random, p, node, dual, depth + 1);
            if (take) {
                node.take(r, false);
            } else {
                node.forbid(r, false);
            }
        }
        dual.undo(mark);
        assertTrue(dual.consistent(node.hit, node.forbidden), "slacks and bound as before the raise");
        return raises;
    }

    /**
     * The greedy raise from its definition: the unhit cuts with no allowed record of slack <= 0
     * (slack = ONE less the y of the unhit cuts holding the record), fewest allowed records first
     * (ties in index order), each raised by the least slack of its allowed records when positive.
     */
    private static void referenceRaise(int[][] cuts, int[] unhit, int n, int[] forbidden, long[] y) {
        List<Integer> loose = new ArrayList<>();
        for (int q = 0; q < n; q++) {
            boolean blocked = false;
            for (int r : cuts[unhit[q]]) {
                blocked |= forbidden[r] == 0 && slack(r, cuts, unhit, n, y) <= 0;
            }
            if (!blocked) {
                loose.add(unhit[q]);
            }
        }
        loose.sort((a, b) -> Integer.compare(allowedOf(cuts[a], forbidden), allowedOf(cuts[b], forbidden)));
        for (int c : loose) {
            long least = Long.MAX_VALUE;
            for (int r : cuts[c]) {
                if (forbidden[r] == 0) {
                    least = Math.min(least, slack(r, cuts, unhit, n, y));
                }
            }
            if (least > 0) {
                y[c] += least;
            }
        }
    }

    /** The records of a cut not forbidden, counted afresh (not the node's kept count). */
    private static int allowedOf(int[] cut, int[] forbidden) {
        int a = 0;
        for (int r : cut) {
            a += forbidden[r] == 0 ? 1 : 0;
        }
        return a;
    }

    private static long slack(int r, int[][] cuts, int[] unhit, int n, long[] y) {
        long s = CoverDual.ONE;
        for (int q = 0; q < n; q++) {
            for (int k : cuts[unhit[q]]) {
                s -= k == r ? y[unhit[q]] : 0;
            }
        }
        return s;
    }
}

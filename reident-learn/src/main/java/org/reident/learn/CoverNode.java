package org.reident.learn;

import java.util.Arrays;

/**
 * The state of a node of {@link CoverBranch}'s search, changed in place as the search goes down
 * and back: the records chosen and forbidden, and per cut the records chosen in it ({@code hit})
 * and those not forbidden ({@code allowed}), with the unhit cuts as a bit set so that a node visits
 * them alone, in index order. Also the two things read off this state alone: the greedy packing
 * bound and the order of a cut's branches.
 */
final class CoverNode {
    final int m;
    final int[][] cuts;
    final int cutCount;
    final int[][] byRecord;
    final int[] degree;
    final int maxSize;
    /** Chosen records of each cut (hit when positive). */
    final int[] hit;
    /** The unhit cuts as a bit set (bit c of word c / 64). */
    final long[] unhitBits;
    /** Records of each cut not forbidden. */
    final int[] allowed;
    final boolean[] chosen;
    /** How many times each record is forbidden (0: allowed). */
    final int[] forbidden;
    /** The unhit cuts of the node being bounded, and their allowed sizes counted (CoverBranch#bound). */
    final int[] unhit;
    final int[] bySize;
    /** Scratch: the packing's order of the unhit cuts, and CoverDual#raise's. */
    final int[] sorted;
    private final int[] mark;
    private int stamp;
    /** Told when a cut becomes hit or unhit and when a record becomes forbidden or allowed (null: no dual bound yet). */
    private CoverDual dual;
    /**
     * The group rows ({@link CoverProblem#groupOf}, null: none), the given and the dominated records,
     * and per group the records taken (given ones too) and open: neither taken, given nor forbidden,
     * except by dominance. A dominated record is no branch of a cut (its dominator hits all its cuts),
     * but a cover may need it besides its dominator to meet its group's row.
     */
    private final int[] groupOf;
    private final int[] need;
    private final boolean[] given;
    private final boolean[] dominated;
    private final int[] takenIn;
    private final int[] openIn;
    /** Sum over the groups of the records still needed in each, max(0, need - taken). */
    private int needed;

    /** The root of a search of {@code p}: nothing chosen, the dominated records forbidden. */
    CoverNode(CoverProblem p) {
        m = p.records;
        cuts = p.cuts;
        cutCount = p.cutCount;
        byRecord = p.byRecord;
        degree = p.degree;
        maxSize = p.maxSize;
        hit = new int[cutCount];
        unhitBits = new long[(cutCount + 63) >>> 6];
        allUnhit();
        allowed = new int[cutCount];
        for (int c = 0; c < cutCount; c++) {
            allowed[c] = cuts[c].length;
        }
        chosen = new boolean[m];
        forbidden = new int[m];
        mark = new int[m];
        unhit = new int[cutCount];
        sorted = new int[cutCount];
        bySize = new int[maxSize + 1];
        groupOf = p.groupOf;
        need = p.need;
        given = p.given;
        dominated = p.dominated;
        takenIn = groupOf == null ? null : new int[need.length];
        openIn = groupOf == null ? null : new int[need.length];
        countGroups();
        for (int r = 0; r < m; r++) {
            if (p.dominated[r]) {
                forbid(r, true);
            }
        }
    }

    /** The groups' counts from the node's records ({@link #takenIn}, {@link #openIn}, {@link #needed}). */
    private void countGroups() {
        if (groupOf == null) {
            return;
        }
        Arrays.fill(takenIn, 0);
        Arrays.fill(openIn, 0);
        for (int r = 0; r < m; r++) {
            int g = groupOf[r];
            if (g >= 0) {
                if (given[r] || chosen[r]) {
                    takenIn[g]++;
                } else if (forbidden[r] == 0 || dominated[r]) {
                    openIn[g]++;
                }
            }
        }
        needed = 0;
        for (int g = 0; g < need.length; g++) {
            needed += Math.max(0, need[g] - takenIn[g]);
        }
    }

    /**
     * Whether the group rows leave no cover within {@code budget} more records below this node: the
     * records still needed in the groups are more than the budget, or than a group's open records.
     */
    boolean groupsShort(int budget) {
        if (groupOf == null) {
            return false;
        }
        if (needed > budget) {
            return true;
        }
        for (int g = 0; g < need.length; g++) {
            if (need[g] - takenIn[g] > openIn[g]) {
                return true;
            }
        }
        return false;
    }

    /** The dual bound of this node's search from now on: it reads the forbidden counts and is told of their changes. */
    void dual(CoverDual d) {
        dual = d;
        d.follow(forbidden);
    }

    /** Nothing chosen, every cut unhit; forbidden records stay forbidden. */
    void clearChosen() {
        Arrays.fill(chosen, false);
        Arrays.fill(hit, 0);
        allUnhit();
        countGroups();
    }

    private void allUnhit() {
        Arrays.fill(unhitBits, -1L);
        if ((cutCount & 63) != 0) {
            unhitBits[unhitBits.length - 1] = -1L >>> (64 - (cutCount & 63));
        }
    }

    void take(int r, boolean in) {
        chosen[r] = in;
        int d = in ? 1 : -1;
        if (groupOf != null && groupOf[r] >= 0) {
            int g = groupOf[r];
            needed -= Math.max(0, need[g] - takenIn[g]);
            takenIn[g] += d;
            openIn[g] -= d;
            needed += Math.max(0, need[g] - takenIn[g]);
        }
        for (int q = 0; q < degree[r]; q++) {
            int c = byRecord[r][q];
            hit[c] += d;
            if (hit[c] == (in ? 1 : 0)) {
                unhitBits[c >>> 6] ^= 1L << c;
                if (dual != null) {
                    dual.hit(c, in);
                }
            }
        }
    }

    /** Forbids r once more (a count: an item may forbid a record already forbidden); cuts' allowed counts change at 0 and 1. */
    void forbid(int r, boolean on) {
        forbidden[r] += on ? 1 : -1;
        if (forbidden[r] != (on ? 1 : 0)) {
            return;
        }
        int d = on ? -1 : 1;
        for (int q = 0; q < degree[r]; q++) {
            allowed[byRecord[r][q]] += d;
        }
        if (groupOf != null && groupOf[r] >= 0 && !chosen[r] && !given[r] && !dominated[r]) {
            openIn[groupOf[r]] += d;
        }
        if (dual != null) {
            dual.forbid(r, on);
        }
    }

    /**
     * Greedy packing: pairwise disjoint unhit cuts (over allowed records), smallest first, counted
     * until it passes the budget. The n cuts in {@link #unhit} are ordered by a counting sort on
     * their allowed size (counted in {@link #bySize}).
     */
    int packing(int n, int budget) {
        for (int size = 1; size <= maxSize; size++) {
            bySize[size] += bySize[size - 1];
        }
        for (int q = n - 1; q >= 0; q--) {
            sorted[--bySize[allowed[unhit[q]]]] = unhit[q];
        }
        stamp++;
        int count = 0;
        for (int q = 0; q < n && count <= budget; q++) {
            int c = sorted[q];
            boolean free = true;
            for (int r : cuts[c]) {
                if (forbidden[r] == 0 && mark[r] == stamp) {
                    free = false;
                    break;
                }
            }
            if (free) {
                count++;
                for (int r : cuts[c]) {
                    mark[r] = stamp;
                }
            }
        }
        return count;
    }

    /**
     * The allowed records of cut c in the order the search takes them. With the dual ({@code dual}
     * not null): by slack, least first, so the record tightest in the covering LP's dual is taken
     * first and forbidden in every later branch, where it raises the bound most (ties as without).
     * Without: those of {@code prefer} (may be null) first, then by unhit cuts hit, most first.
     * Measured on the whole Census's SB proof (stop 93, learning.md, "The cut to branch on and the
     * order of its branches"): "no cover of 26" in 112,669 nodes against 153,483 without the slack
     * order; slack most first, 4.6 million.
     */
    int[] branchOrder(int c, boolean[] prefer, CoverDual dual) {
        int[] order = branchOrder(c, prefer);
        if (dual != null) {
            for (int i = 1; i < order.length; i++) {
                int r = order[i];
                long s = dual.slack(r);
                int j = i;
                while (j > 0 && dual.slack(order[j - 1]) > s) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = r;
            }
        }
        return order;
    }

    /** The allowed records of cut c: those of {@code prefer} (may be null) first, then by unhit cuts hit, most first. */
    private int[] branchOrder(int c, boolean[] prefer) {
        int[] rs = cuts[c];
        int[] order = new int[rs.length];
        int[] gain = new int[rs.length];
        int k = 0;
        for (int r : rs) {
            if (forbidden[r] > 0) {
                continue;
            }
            int g = 0;
            for (int q = 0; q < degree[r]; q++) {
                g += hit[byRecord[r][q]] == 0 ? 1 : 0;
            }
            if (prefer != null && prefer[r]) {
                g += 1 << 20;
            }
            int at = k++;
            while (at > 0 && gain[at - 1] < g) {
                gain[at] = gain[at - 1];
                order[at] = order[at - 1];
                at--;
            }
            gain[at] = g;
            order[at] = r;
        }
        return Arrays.copyOf(order, k);
    }

    /** The records taken, and those forbidden more often than in {@code root} (an item's own included). */
    CoverBranch.Item snapshot(int[] root) {
        int taken = 0;
        int more = 0;
        for (int r = 0; r < m; r++) {
            taken += chosen[r] ? 1 : 0;
            more += forbidden[r] > root[r] ? 1 : 0;
        }
        int[] t = new int[taken];
        int[] f = new int[more];
        taken = 0;
        more = 0;
        for (int r = 0; r < m; r++) {
            if (chosen[r]) {
                t[taken++] = r;
            }
            if (forbidden[r] > root[r]) {
                f[more++] = r;
            }
        }
        return new CoverBranch.Item(t, f);
    }
}

package org.reident.learn;

import java.util.Arrays;

/**
 * The fixed part of one master solve's search, built once and shared, read only, by
 * {@link CoverBranch} and the workers of its split ({@link CoverSplit}): the cuts not hit by the
 * given records, each record's cuts, and the records forbidden as dominated. A record is dominated
 * when its cuts all contain another record not forbidden before it: any cover using it can use
 * that one instead (of records with the same cuts the first stays).
 */
final class CoverProblem {
    final int records;
    final boolean[] given;
    final int givenCount;
    /** The cuts not hit by a given record. */
    final int[][] cuts;
    final int cutCount;
    /** Each cut's index in the cuts given to the constructor. */
    final int[] source;
    /** The cuts holding each record. */
    final int[][] byRecord;
    final int[] degree;
    final int maxSize;
    /** Records in some cut, for the reduced-cost fixing. */
    final int[] active;
    final boolean[] dominated;
    /**
     * For a dominated record, a record not dominated whose cuts hold all of its cuts (the end of its
     * chain of dominators); -1 for the others.
     */
    final int[] dominator;
    /**
     * Group rows (null: none): each record's group ({@code -1}: none), and per group the records a
     * cover must hold in it, given ones counted (sum_{r in G} K_r >= need(G), valid rows of the
     * problem the cuts relax: {@link GroupBound.Seed}). Only covers that meet them are counted, so a
     * record is dominated only by one of its own group (swapping it keeps every group's count).
     */
    final int[] groupOf;
    final int[] need;

    /**
     * @param records number of records
     * @param cuts    the cuts (records in each); cuts hit by {@code given} are ignored
     * @param given   records already in the cover (fixed ones)
     */
    CoverProblem(int records, int[][] cuts, int cutCount, boolean[] given) {
        this(records, cuts, cutCount, given, null, null);
    }

    /** As above, with group rows ({@link #groupOf}, {@link #need}; null: none). */
    CoverProblem(int records, int[][] cuts, int cutCount, boolean[] given, int[] groupOf, int[] need) {
        this.groupOf = groupOf;
        this.need = need;
        this.records = records;
        this.given = given.clone();
        int count = 0;
        for (boolean g : given) {
            count += g ? 1 : 0;
        }
        givenCount = count;
        int kept = 0;
        int[][] own = new int[cutCount][];
        int[] from = new int[cutCount];
        for (int c = 0; c < cutCount; c++) {
            boolean isHit = false;
            for (int r : cuts[c]) {
                isHit |= given[r];
            }
            if (!isHit) {
                from[kept] = c;
                own[kept++] = cuts[c];
            }
        }
        this.cuts = own;
        source = Arrays.copyOf(from, kept);
        this.cutCount = kept;
        degree = new int[records];
        int largest = 0;
        for (int c = 0; c < kept; c++) {
            largest = Math.max(largest, own[c].length);
            for (int r : own[c]) {
                degree[r]++;
            }
        }
        maxSize = largest;
        byRecord = new int[records][];
        for (int r = 0; r < records; r++) {
            byRecord[r] = new int[degree[r]];
        }
        int[] fill = new int[records];
        int inCuts = 0;
        for (int c = 0; c < kept; c++) {
            for (int r : own[c]) {
                inCuts += fill[r] == 0 ? 1 : 0;
                byRecord[r][fill[r]++] = c;
            }
        }
        active = new int[inCuts];
        inCuts = 0;
        for (int r = 0; r < records; r++) {
            if (degree[r] > 0) {
                active[inCuts++] = r;
            }
        }
        dominator = new int[records];
        dominated = dominated();
    }

    private boolean[] dominated() {
        boolean[] out = new boolean[records];
        Arrays.fill(dominator, -1);
        int[] mark = new int[records];
        int[] together = new int[records];
        int stamp = 0;
        for (int r = 0; r < records; r++) {
            if (degree[r] == 0) {
                continue;
            }
            stamp++;
            for (int q = 0; q < degree[r]; q++) {
                for (int s : cuts[byRecord[r][q]]) {
                    if (s == r || out[s]) {
                        continue;
                    }
                    if (q == 0) {
                        mark[s] = stamp;
                        together[s] = 1;
                    } else if (mark[s] == stamp && together[s] == q) {
                        together[s] = q + 1;
                    }
                }
            }
            for (int s : cuts[byRecord[r][0]]) {
                if (s != r && !out[s] && mark[s] == stamp && together[s] == degree[r]
                        && (degree[s] > degree[r] || s < r) && (groupOf == null || groupOf[s] == groupOf[r])) {
                    out[r] = true;
                    dominator[r] = s;
                    break;
                }
            }
        }
        for (int r = 0; r < records; r++) { // a dominator was not dominated when chosen, so chains end
            int s = dominator[r];
            while (s >= 0 && out[s]) {
                s = dominator[s];
            }
            dominator[r] = s;
        }
        return out;
    }
}

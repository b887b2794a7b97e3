package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Resuming a size's search from the previous solve's frontier ({@link CoverBranch#resume}), on
 * seeded sequences of master problems built the way the learner builds them: each round adds cuts
 * that the last cover misses, and the next solve starts at the last size. Every solve must give the
 * smallest size that an unsplit search from the root gives, a cover of that size hitting every cut,
 * and the same cover on one and on three threads.
 */
class CoverResumeTest {
    private static final int RECORDS = 40;

    @Test
    void aResumedSearchIsExactAndDoesNotDependOnTheThreads() {
        int[] counts = sequences(new SplittableRandom(26112026L), false);
        assertTrue(counts[0] > counts[2] / 2, "searches resumed: " + counts[0] + " of " + counts[2] + " solves");
        assertTrue(counts[1] >= 10, "resumed with records freed from dominance: " + counts[1]);
    }

    /**
     * The same with group rows ({@link CoverProblem#groupOf}: random groups of the records, each
     * needing up to half of its records), which a union of groups learned alone gives its tree
     * ({@link GroupBound.Seed}): resumed searches must still give the smallest size of an unsplit
     * search from the root. A cover found may hold fewer records than that size (the rows are met by
     * records in no cut, added later).
     */
    @Test
    void aResumedSearchWithGroupRowsIsExact() {
        int[] counts = sequences(new SplittableRandom(6122026L), true);
        assertTrue(counts[3] > counts[2] / 4, "solves whose smallest size the rows raise: " + counts[3] + " of " + counts[2]);
        assertTrue(counts[0] > counts[2] / 2, "searches resumed: " + counts[0] + " of " + counts[2] + " solves");
        assertTrue(counts[1] >= 5, "resumed with records freed from dominance: " + counts[1]);
    }

    /**
     * Searches resumed, of them with records freed from dominance, solves, and solves whose smallest
     * size the rows raise, over 8 seeded sequences.
     */
    private static int[] sequences(SplittableRandom random, boolean rows) {
        int resumed = 0;
        int bite = 0;
        int freedResumes = 0;
        int solves = 0;
        for (int sequence = 0; sequence < 8; sequence++) {
            int low = sequence % 2 == 0 ? 3 : 2; // short cuts: more records dominated, and freed
            int spread = sequence % 2 == 0 ? 4 : 2;
            int[][] cuts = new int[400][];
            int count = 0;
            while (count < 50) {
                cuts[count++] = random.ints(0, RECORDS).distinct().limit(low + random.nextInt(spread)).toArray();
            }
            boolean[] given = new boolean[RECORDS];
            given[random.nextInt(RECORDS)] = true;
            int[] groupOf = null;
            int[] need = null;
            if (rows) {
                groupOf = random.ints(RECORDS, -1, 3).toArray();
                need = new int[3];
                for (int r = 0; r < RECORDS; r++) {
                    need[Math.max(0, groupOf[r])] += groupOf[r] >= 0 && random.nextBoolean() ? 1 : 0;
                }
            }
            CoverFrontier[] frontier = new CoverFrontier[2];
            boolean[][] last = new boolean[2][];
            long from = 0;
            int previous = 0;
            for (int round = 0; round < 25 && count < cuts.length - 4; round++) {
                CoverBranch plain = new CoverBranch(RECORDS, cuts, count, given, groupOf, need, CoverBranch.DUAL_AFTER)
                        .split(Long.MAX_VALUE, 0);
                CoverBranch.Smallest expected = plain.smallest(from, RECORDS, Long.MAX_VALUE, Double.MAX_VALUE,
                        new boolean[RECORDS], last[0]);
                assertEquals(CoverBranch.Outcome.FOUND, expected.outcome());
                if (rows && expected.size() > new CoverBranch(RECORDS, cuts, count, given).split(Long.MAX_VALUE, 0)
                        .smallest(0, RECORDS, Long.MAX_VALUE, Double.MAX_VALUE, new boolean[RECORDS], null).size()) {
                    bite++;
                }
                boolean[][] covers = new boolean[2][];
                int[] threads = {1, 3};
                for (int t = 0; t < 2; t++) {
                    CoverBranch b = new CoverBranch(RECORDS, cuts, count, given, groupOf, need, CoverBranch.DUAL_AFTER)
                            .split(50, 8).threads(threads[t]).probe(0).resume(frontier[t]);
                    boolean[] cover = new boolean[RECORDS];
                    CoverBranch.Smallest got = b.smallest(from, RECORDS, Long.MAX_VALUE, Double.MAX_VALUE, cover,
                            last[t]);
                    String where = "sequence " + sequence + ", round " + round + ", " + threads[t] + " threads";
                    assertEquals(expected, got, where);
                    assertValid(cuts, count, cover, got.size(), rows, where);
                    covers[t] = cover;
                    frontier[t] = b.frontier();
                    last[t] = cover;
                    resumed += t == 0 ? b.resumedSizes() : 0;
                    if (t == 0 && b.resumedSizes() > 0 && freedSince(previous, cuts, count, given, groupOf, need)) {
                        freedResumes++;
                    }
                }
                assertArrayEquals(covers[0], covers[1], "the same cover on 1 and 3 threads, round " + round);
                solves++;
                from = expected.size();
                previous = count;
                for (int more = 0; more < 1 + random.nextInt(4); more++) {
                    cuts[count++] = missing(random, covers[0], given, low, spread);
                }
            }
        }
        return new int[] {resumed, freedResumes, solves, bite};
    }

    /**
     * Records forbidden as dominated that new cuts free. Cuts {0, 3} and {1, 2}: records 3 and 2 are
     * dominated by 0 and 1, and the search finds {0, 1}. The cut {2, 3} that it misses frees both and
     * makes 0 and 1 dominated (by 3 and 2): every item of the frontier that takes a record takes 0 or
     * 1, so resuming from its items alone would prove no cover of two, while {2, 3} is one. The
     * variants with those records given back and forbidden find it.
     */
    @Test
    void aFrontierWithFreedRecordsIsSearchedWithTheirDominatorsGivenBack() {
        int[][] cuts = {{0, 3}, {1, 2}, {2, 3}};
        boolean[] given = new boolean[4];
        CoverBranch first = new CoverBranch(4, cuts, 2, given).split(1, 1).threads(1);
        boolean[] cover = new boolean[4];
        assertEquals(new CoverBranch.Smallest(CoverBranch.Outcome.FOUND, 2),
                first.smallest(0, 4, Long.MAX_VALUE, Double.MAX_VALUE, cover, null));
        assertArrayEquals(new boolean[] {true, true, false, false}, cover);
        assertTrue(first.frontier() != null, "the split search left a frontier");
        CoverBranch next = new CoverBranch(4, cuts, 3, given).split(1, 1).threads(1).probe(0).resume(first.frontier());
        assertEquals(new CoverBranch.Smallest(CoverBranch.Outcome.FOUND, 2),
                next.smallest(2, 4, Long.MAX_VALUE, Double.MAX_VALUE, cover, cover.clone()));
        assertEquals(1, next.resumedSizes());
        assertValid(cuts, 3, cover, 2, "after the third cut");
        assertArrayEquals(new boolean[] {false, false, true, true}, cover);
    }

    /** Whether a record dominated with the first {@code before} cuts is not with the first {@code now}. */
    private static boolean freedSince(int before, int[][] cuts, int now, boolean[] given, int[] groupOf, int[] need) {
        boolean[] then = new CoverProblem(RECORDS, cuts, before, given, groupOf, need).dominated;
        boolean[] later = new CoverProblem(RECORDS, cuts, now, given, groupOf, need).dominated;
        for (int r = 0; r < RECORDS; r++) {
            if (then[r] && !later[r]) {
                return true;
            }
        }
        return false;
    }

    /** A cut of low .. low + spread - 1 records that neither the cover nor the given records hit. */
    private static int[] missing(SplittableRandom random, boolean[] cover, boolean[] given, int low, int spread) {
        return random.ints(0, RECORDS).filter(r -> !cover[r] && !given[r]).distinct()
                .limit(low + random.nextInt(spread)).toArray();
    }

    private static void assertValid(int[][] cuts, int count, boolean[] cover, long size, String where) {
        assertValid(cuts, count, cover, size, false, where);
    }

    /** With {@code rows}, the cover may hold fewer records than the size (the rows' records in no cut not added). */
    private static void assertValid(int[][] cuts, int count, boolean[] cover, long size, boolean rows, String where) {
        int taken = 0;
        for (boolean c : cover) {
            taken += c ? 1 : 0;
        }
        assertTrue(rows ? taken <= size : taken == size, where + ": the cover has the size found, " + taken + " of " + size);
        for (int c = 0; c < count; c++) {
            boolean hit = false;
            for (int r : cuts[c]) {
                hit |= cover[r];
            }
            assertTrue(hit, where + ": cut " + Arrays.toString(cuts[c]) + " missed");
        }
    }
}

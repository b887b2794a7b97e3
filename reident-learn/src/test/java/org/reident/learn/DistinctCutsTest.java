package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * A run hands its master each cut once ({@link DistinctCuts}): a cut is a set of records, so a
 * repeat in another order is a repeat, and a subset or a superset is not.
 */
class DistinctCutsTest {
    @Test
    void aCutInAnyOrderIsARepeatAndASubsetIsNot() {
        DistinctCuts d = new DistinctCuts();
        int[] cut = {5, 2, 9};
        assertTrue(d.add(cut));
        assertArrayEquals(new int[] {5, 2, 9}, cut, "the cut handed in is left as it was");
        assertFalse(d.add(new int[] {2, 9, 5}));
        assertFalse(d.add(new int[] {9, 5, 2}));
        assertTrue(d.add(new int[] {2, 5}));
        assertTrue(d.add(new int[] {2, 5, 9, 1}));
        assertTrue(d.add(new int[] {7}));
        assertFalse(d.add(new int[] {7}));
        assertEquals(3, d.repeats());
        assertTrue(d.holds(new int[] {9, 2, 5}));
        assertFalse(d.holds(new int[] {2, 9}), "a subset of a cut seen is not one");
        assertEquals(3, d.repeats(), "holds counts no repeat");
    }

    @Test
    void agreesWithASetOfSortedListsOnSeededCuts() {
        Random rnd = new Random(90);
        DistinctCuts d = new DistinctCuts();
        Set<java.util.List<Integer>> reference = new HashSet<>();
        int repeats = 0;
        for (int i = 0; i < 20_000; i++) {
            int size = 1 + rnd.nextInt(3);
            Set<Integer> records = new HashSet<>();
            while (records.size() < size) {
                records.add(rnd.nextInt(12));
            }
            int[] cut = records.stream().mapToInt(Integer::intValue).toArray();
            for (int k = cut.length - 1; k > 0; k--) { // a random order
                int j = rnd.nextInt(k + 1);
                int t = cut[k];
                cut[k] = cut[j];
                cut[j] = t;
            }
            int[] sorted = cut.clone();
            Arrays.sort(sorted);
            boolean fresh = reference.add(Arrays.stream(sorted).boxed().toList());
            repeats += fresh ? 0 : 1;
            assertEquals(fresh, d.add(cut), Arrays.toString(cut));
        }
        assertEquals(repeats, d.repeats());
        assertEquals(12 + 66 + 220, reference.size(), "every cut of 1-3 of 12 records drawn");
    }

    @Test
    void aRunHandsItsMasterARepeatedCutOnce() {
        int records = 200;
        LinkageData data = LearnFixtures.noise(records, 4, 20, 3);
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(60);
        ConflictRun run = new ConflictRun(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, null,
                ConflictLearner.ROUND_PAUSE, data, LearnFixtures.all(records));
        try {
            boolean[] s = new boolean[records];
            for (int r = 0; r < records; r++) {
                s[r] = !run.slave.unlinkable(r);
            }
            int[] conflict = run.slave.check(s, System.nanoTime() / 1e9 + 60);
            run.cut(conflict.clone());
            run.takeCuts();
            assertEquals(1, run.cuts);
            int[] cut = run.master.cutsSoFar()[0];
            run.cut(conflict.clone()); // the filter shrinks it to the same cut
            run.takeCuts();
            int[] reversed = new int[cut.length];
            for (int q = 0; q < cut.length; q++) {
                reversed[q] = cut[cut.length - 1 - q];
            }
            run.shrunkCut(reversed); // as a group's cut or a conflicts file's
            assertEquals(1, run.cuts, "cuts counted");
            assertEquals(1, run.master.cutsSoFar().length, "cuts in the master");
            assertEquals(cut.length, run.cutSize);
            assertTrue(run.notes().contains("2 repeated cuts dropped"), run.notes());
            int[] other = cut.length > 1 ? new int[] {cut[0]} : new int[] {(cut[0] + 1) % records};
            run.shrunkCut(other); // a subset of the cut, or another record
            assertEquals(2, run.master.cutsSoFar().length, "a cut that is no repeat");
        } finally {
            run.beside.close();
            run.heartbeat.close();
            run.master.delete();
            run.slave.delete();
        }
    }
}

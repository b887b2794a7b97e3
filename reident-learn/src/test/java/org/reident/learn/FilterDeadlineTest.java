package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * The deletion filters stop at the run's deadline, and what they hand back is still a valid cut.
 * Before, a run whose filters were behind waited for all of them past its time limit (a whole-Census
 * Choquet on 8 variables, `--time-limit 60s`: 89 s).
 */
class FilterDeadlineTest {
    private static final int RECORDS = 1000;
    private static final int COPIES = 25;

    @Test
    void filtersBehindTheClockEndNearTheDeadlineWithValidCuts() {
        LinkageData d = LearnFixtures.noise(RECORDS, 6, 10, 5);
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(60);
        ConflictSlave slave = new ConflictSlave(o, d, LearnFixtures.all(RECORDS));
        try {
            boolean[] s = new boolean[RECORDS];
            for (int r = 0; r < RECORDS; r++) {
                s[r] = !slave.unlinkable(r);
            }
            List<int[]> conflicts = new ArrayList<>();
            while (conflicts.size() < 40) { // the repair of a round: one record given up per conflict
                int[] c = slave.check(s, far());
                assertTrue(c.length > 0, "the noisy file has more than 40 conflicts");
                s[c[0]] = false;
                conflicts.add(c);
            }
            // 1,000 filters, several seconds of work on two threads (about 5 ms each), due in 0.2 s
            double deadline = System.nanoTime() / 1e9 + 0.2;
            for (int k = 0; k < COPIES; k++) {
                for (int[] c : conflicts) {
                    slave.shrinkLater(c, deadline);
                }
            }
            List<int[]> cuts = new ArrayList<>();
            slave.takeCuts(cuts::add);
            double late = System.nanoTime() / 1e9 - deadline;
            System.out.printf("filters ended %.3f s after their deadline%n", late);
            assertEquals(COPIES * conflicts.size(), cuts.size());
            assertTrue(late < 0.5, "the filters ended " + late + " s after their deadline");
            int shrunk = 0;
            for (int q = 0; q < cuts.size(); q++) {
                int[] cut = cuts.get(q);
                // a cut is the conflict shrunk (all or part of the way), or the whole active set when the
                // filter could not confirm it in time: never a set that can be linked
                boolean[] only = new boolean[RECORDS];
                for (int r : cut) {
                    only[r] = true;
                }
                assertTrue(slave.check(only, far()).length > 0, "cut " + q + " can be linked: " + Arrays.toString(cut));
                shrunk += cut.length < conflicts.get(q % conflicts.size()).length ? 1 : 0;
            }
            assertTrue(shrunk > 0, "no filter shrank anything before its deadline");
            assertTrue(shrunk < cuts.size(), "every filter finished: the test did not put them behind the clock");
        } finally {
            slave.delete();
        }
    }

    @Test
    void aFilterPastItsDeadlineLeavesTheWholeActiveSetAsTheCut() {
        LinkageData d = LearnFixtures.noise(200, 4, 20, 3);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(60);
        ConflictSlave slave = new ConflictSlave(o, d, LearnFixtures.all(200));
        try {
            boolean[] s = new boolean[200];
            int[] active = new int[200];
            int count = 0;
            for (int r = 0; r < 200; r++) {
                s[r] = !slave.unlinkable(r);
                if (s[r]) {
                    active[count++] = r;
                }
            }
            int[] c = slave.check(s, far());
            assertTrue(c.length > 0);
            slave.shrinkLater(c, System.nanoTime() / 1e9 - 1);
            List<int[]> cuts = new ArrayList<>();
            slave.takeCuts(cuts::add);
            assertArrayEquals(Arrays.copyOf(active, count), cuts.get(0));
            assertEquals(1, slave.fallbacks());
        } finally {
            slave.delete();
        }
    }

    private static double far() {
        return System.nanoTime() / 1e9 + 60;
    }
}

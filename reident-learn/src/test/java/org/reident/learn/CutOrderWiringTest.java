package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reident.data.LinkageData;

/**
 * A run hands its conflicts to the deletion filters in {@link CutCounts}' order for SB, SB_NC and
 * MD* only, by the loads of the cuts the run has taken; the other families keep the order the
 * slave found (it made their runs slower: docs/learning.md, "The order of a conflict's records").
 * {@link CutCountsTest} checks the order itself; this checks that the run applies it, and to whom.
 */
class CutOrderWiringTest {
    private static final int RECORDS = 200;

    @ParameterizedTest
    @EnumSource(value = Aggregator.class, names = {"WM", "CHOQUET", "BILINEAR", "BILINEAR_NC", "MD_STAR"})
    void conflictsAreReorderedByTheCutsTakenForTheBilinearFamiliesAlone(Aggregator a) {
        LinkageData d = LearnFixtures.noise(RECORDS, 4, 20, 3);
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60);
        ConflictRun run = new ConflictRun(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, null,
                ConflictLearner.ROUND_PAUSE, d, LearnFixtures.all(RECORDS));
        try {
            boolean[] s = new boolean[RECORDS];
            for (int r = 0; r < RECORDS; r++) {
                s[r] = !run.slave.unlinkable(r);
            }
            double far = System.nanoTime() / 1e9 + 60;
            int[] first = run.slave.check(s, far);
            run.cut(first.clone());
            run.takeCuts();
            int[] cut = run.master.cutsSoFar()[0];
            boolean[] held = new boolean[RECORDS];
            for (int r : cut) {
                held[r] = true;
            }
            // the same conflict again, the lead first, then the records the cut holds, then the rest
            int[] again = new int[first.length];
            int w = 0;
            again[w++] = first[0];
            for (int pass = 0; pass < 2; pass++) {
                for (int q = 1; q < first.length; q++) {
                    if (held[first[q]] == (pass == 0)) {
                        again[w++] = first[q];
                    }
                }
            }
            int heldBehind = 0;
            for (int q = 1; q < first.length; q++) {
                heldBehind += held[first[q]] ? 1 : 0;
            }
            assertTrue(heldBehind > 0 && heldBehind < first.length - 1, "the filter shrank the conflict "
                    + Arrays.toString(first) + " to " + Arrays.toString(cut) + ": the test needs records held and not");
            int[] expected = again.clone();
            if (a.isBilinear()) { // those no cut holds move ahead of those the cut holds
                System.arraycopy(again, 1 + heldBehind, expected, 1, first.length - 1 - heldBehind);
                System.arraycopy(again, 1, expected, first.length - heldBehind, heldBehind);
            }
            int[] handed = again.clone();
            run.cut(handed);
            assertArrayEquals(expected, handed, a + ": the conflict as handed to the filter");
            run.takeCuts();
        } finally {
            run.beside.close();
            run.heartbeat.close();
            run.master.delete();
            run.slave.delete();
        }
    }
}

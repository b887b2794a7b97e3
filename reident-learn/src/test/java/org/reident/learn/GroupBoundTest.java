package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/** {@link GroupBound}: disjoint groups learned alone bound the whole file; the learner stays exact with it. */
class GroupBoundTest {
    private static final int RECORDS = 300;

    /** Heavy noise: few records linkable together, the regime the groups are for. */
    private static LinkageData fewLinkable(long seed) {
        return LearnFixtures.noise(RECORDS, 3, 200, seed);
    }

    /**
     * The sum of the groups' bounds is at least the whole file's optimum (proven by the big-M
     * formulation, which has no groups), and each record is in one group: 5 groups of 60, all proven
     * on these small files, and the sum at most the records.
     */
    @Test
    void theSumOfTheGroupsBoundsTheOptimum() {
        for (Aggregator a : List.of(Aggregator.CHOQUET, Aggregator.CHOQUET_M)) {
            for (long seed = 1; seed <= 2; seed++) {
                String what = a.label() + ", seed " + seed;
                LinkageData d = fewLinkable(seed);
                int[] all = LearnFixtures.all(RECORDS);
                LearnOptions o = LearnOptions.defaults(a).withTimeLimit(120);
                LearnResult exact = Formulation.BIG_M.learn(o, d, all);
                assertEquals("OPTIMAL", exact.status(), what);
                GroupBound.Result g = GroupBound.of(o, d, all, 120);
                assertEquals(RECORDS / GroupBound.SIZE, g.groups(), what);
                assertEquals(g.groups(), g.proven(), what);
                assertTrue(g.bound() >= exact.bound(), what + ": groups " + g.bound() + " below the optimum " + exact.bound());
                assertTrue(g.bound() <= RECORDS, what);
            }
        }
    }

    /**
     * Where the first round keeps few records, the learner takes the groups' bound (said in a
     * progress line) and still proves the optimum the big-M formulation proves.
     */
    @Test
    void theLearnerTakesTheGroupsBoundAndStaysExact() {
        LinkageData d = fewLinkable(1);
        int[] all = LearnFixtures.all(RECORDS);
        List<String> lines = new ArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(120);
        LearnResult r = new ConflictLearner(o.withProgress(lines::add)).learn(d, all);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("groups: 5 groups of about 60 records")), String.join("\n", lines));
        assertEquals("OPTIMAL", r.status(), String.join("\n", lines));
        assertEquals(Formulation.BIG_M.learn(o, d, all).bound(), r.bound());
        LearnFixtures.checkResult("choquet with groups", r, d, all, o.eps());
    }
}

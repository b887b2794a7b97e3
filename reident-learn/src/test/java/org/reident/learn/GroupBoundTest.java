package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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
                List<String> phases = new ArrayList<>();
                GroupBound.Result g = GroupBound.of(o, d, all, 120, phases::add);
                assertEquals(RECORDS / GroupBound.SIZE, g.groups(), what);
                assertEquals(g.groups(), phases.size(), what + ": a status line per group");
                assertEquals("groups: group 1 of 5 (0 proven), their bounds so far 0 + 300 records not yet learned", phases.get(0));
                assertEquals(g.groups(), g.proven(), what);
                assertTrue(g.bound() >= exact.bound(), what + ": groups " + g.bound() + " below the optimum " + exact.bound());
                assertTrue(g.bound() <= RECORDS, what);
            }
        }
    }

    /**
     * The groups' cuts, mapped to the training positions as a conflicts file keeps them
     * ({@link GroupBound.Result#cutsOver}), are conflicts of the whole: `reident verify` proves every
     * one again and, from them alone piece by piece, the groups' bound (a block holding no other cut)
     * without solving the union's hitting set; asked for one record less it solves the union, whose
     * least cover is the pieces' sum; the same block without them proves nothing. The training
     * records are the file's odd records, so that positions and record numbers differ.
     */
    @Test
    void theGroupsCutsProveTheGroupsBoundInVerify() throws InterruptedException {
        LinkageData d = fewLinkable(1);
        int[] odd = new int[RECORDS / 2];
        for (int p = 0; p < odd.length; p++) {
            odd[p] = 2 * p + 1;
        }
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(120);
        GroupBound.Result g = GroupBound.of(o, d, odd, 120, p -> { });
        assertEquals(g.groups(), g.proven());
        int[][] cuts = g.cutsOver(odd);
        assertTrue(cuts.length > 10, cuts.length + " cuts");
        for (int[] c : cuts) {
            for (int r : c) {
                assertTrue(r >= 0 && r < odd.length, "a training position: " + r);
            }
        }
        ConflictFile.Block block = new ConflictFile.Block(o.eps(), -1, null, g.bound(), List.of(), List.of(cuts));
        CertificateCheck.Outcome v = CertificateCheck.check(o, d, odd, block, 60, CertificateCheck.Cover.SCIP);
        assertEquals(v.cuts(), v.cutsProven(), "every group's cut proven again: " + v.failed().size() + " not");
        assertTrue(v.cuts() > 10 && v.cuts() <= cuts.length, v.cuts() + " distinct cuts of " + cuts.length);
        // the groups' pieces come first and prove the bound: the union's hitting set is not solved
        assertNotNull(v.groups());
        assertEquals(v.cutsProven(), v.groups().conflicts());
        assertTrue(v.groups().pieces() >= g.groups(), v.groups().pieces() + " pieces, " + g.groups() + " groups");
        assertEquals(v.groups().pieces(), v.groups().closed());
        assertTrue(v.boundVerified(), "by the pieces: the groups' bound " + g.bound() + ", proven " + v.bound());
        assertFalse(v.hittingSolved(), "the pieces proved the bound: no union solved");
        assertEquals(v.alone(), v.hittingLower(), "an unsolved union counts the lone records only");
        // asked for one record less the pieces fall short, and the union is solved: its least cover is their sum
        ConflictFile.Block less = new ConflictFile.Block(o.eps(), -1, null, v.bound() - 1, List.of(), List.of(cuts));
        CertificateCheck.Outcome u = CertificateCheck.check(o, d, odd, less, 60, CertificateCheck.Cover.SCIP);
        assertTrue(u.hittingSolved() && u.hittingExact(), "the union solved to optimality");
        assertEquals(v.groups().lower(), u.hittingLower(), "the pieces' least covers sum to the union's");
        assertEquals(v.bound(), u.bound());
        assertFalse(u.boundVerified(), "one record less than the least covers prove");
        assertFalse(CertificateCheck.check(o, d, odd, less, 0, 60, CertificateCheck.Cover.SCIP).boundVerified(),
                "nor without the union");
        ConflictFile.Block none = new ConflictFile.Block(o.eps(), -1, null, g.bound(), List.of(), List.of());
        CertificateCheck.Outcome w = CertificateCheck.check(o, d, odd, none, 60, CertificateCheck.Cover.SCIP);
        assertFalse(w.boundVerified(), "without the groups' cuts only the lone records count: " + w.bound());
    }

    /**
     * SB in groups of 30: on 120 records of 2 variables with 100% noise the big-M formulation proves
     * nothing in a minute (bound 13 at 60 s), while the first round of the cuts leaves a bound of 88;
     * with the groups' bound (17, the 4 groups proven; then a pass of 2 groups of 60, {@link
     * GroupBound#larger}) the learner proves the optimum, 10 records,
     * linked by the parameters it returns. The optimum is at least WM's (a diagonal matrix is a
     * weighted mean), proven by big-M, and the groups' sum at least the optimum.
     */
    @Test
    void bilinearGroupsOfThirtyLetTheLearnerProveTheOptimum() {
        LinkageData d = LearnFixtures.noise(120, 2, 100, 1);
        int[] all = LearnFixtures.all(120);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(120);
        List<String> lines = new ArrayList<>();
        LearnResult r = new ConflictLearner(o.withProgress(lines::add)).learn(d, all);
        String log = String.join("\n", lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("groups: 4 groups of 30 records learned alone (4 proven)")), log);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("groups: 2 groups of 60 records learned alone")), "the larger pass: " + log);
        assertEquals("OPTIMAL", r.status(), log);
        LearnFixtures.checkResult("bilinear with groups", r, d, all, o.eps());
        LearnResult wm = Formulation.BIG_M.learn(LearnOptions.defaults(Aggregator.WM).withTimeLimit(120), d, all);
        assertEquals("OPTIMAL", wm.status());
        assertTrue(r.bound() >= wm.bound(), r.bound() + " < WM's " + wm.bound());
        GroupBound.Result g = GroupBound.of(o, d, all, 120, p -> { });
        assertEquals(4, g.groups());
        assertTrue(g.bound() >= r.bound(), "groups " + g.bound() + " below the optimum " + r.bound());
    }

    /**
     * Where the starts keep few of the linkable records, the learner takes the groups' bound (said in
     * a progress line) before its first round, and still proves the optimum the big-M formulation
     * proves.
     */
    @Test
    void theLearnerTakesTheGroupsBoundAndStaysExact() {
        LinkageData d = fewLinkable(1);
        int[] all = LearnFixtures.all(RECORDS);
        List<String> lines = new ArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(120);
        LearnResult r = new ConflictLearner(o.withProgress(lines::add)).learn(d, all);
        int groups = firstLine(lines, "groups: 5 groups of 60 records");
        int round = firstLine(lines, "round 1: bound");
        assertTrue(groups >= 0 && (round < 0 || groups < round), "the groups before the first round:\n" + String.join("\n", lines));
        assertEquals("OPTIMAL", r.status(), String.join("\n", lines));
        assertEquals(Formulation.BIG_M.learn(o, d, all).bound(), r.bound());
        LearnFixtures.checkResult("choquet with groups", r, d, all, o.eps());
    }

    /** A file whose starts keep most linkable records (light noise) learns no groups. */
    @Test
    void aFileTheStartsLinkWellLearnsNoGroups() {
        LinkageData d = LearnFixtures.noise(RECORDS, 3, 5, 1);
        List<String> lines = new ArrayList<>();
        LearnResult r = new ConflictLearner(LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(120).withProgress(lines::add))
                .learn(d, LearnFixtures.all(RECORDS));
        assertEquals("OPTIMAL", r.status(), String.join("\n", lines));
        assertEquals(-1, firstLine(lines, "groups:"), String.join("\n", lines));
        assertTrue(r.bound() > RECORDS / 2, "a file where most records can be linked: optimum " + r.bound());
    }

    private static int firstLine(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    /** The progress line's sizes: the division {@link GroupBound#of} makes, the first groups one more. */
    @Test
    void theLineSaysTheGroupsRealSizes() {
        assertEquals("35", GroupBound.sizes(70, 2));
        assertEquals("35-36", GroupBound.sizes(71, 2));
        assertEquals("60", GroupBound.sizes(1080, 18));
        assertEquals("30-31", GroupBound.sizes(185, 6));
    }

    /**
     * A run whose bound the groups still hold says so, with their count, sizes and proofs; one whose
     * cuts went below the groups' sum, or that learned no groups, says nothing.
     */
    @Test
    void aBoundTheGroupsHoldIsNamed() {
        GroupBound.Result g = new GroupBound.Result(78, 5, 4, 19.1);
        String note = RunGroups.note(g, 78, 151);
        assertTrue(note != null && note.startsWith("the bound is the sum of 5 groups of 30-31 records, each learned alone"
                + " (4 proven); where few records link together"), String.valueOf(note));
        assertEquals(null, RunGroups.note(g, 77, 151), "the cuts went below the groups");
        assertEquals(null, RunGroups.note(null, 150, 150), "no groups learned");
    }

    /**
     * A pass of the groups two by two follows only a bilinear pass whose groups were all proven,
     * with half as many groups (an odd last one carried over), never just one.
     */
    @Test
    void largerGroupsFollowOnlyAFullyProvenBilinearPass() {
        assertEquals(3, GroupBound.larger(Aggregator.BILINEAR, new GroupBound.Result(78, 5, 5, 20)));
        assertEquals(5, GroupBound.larger(Aggregator.BILINEAR_NC, new GroupBound.Result(120, 10, 10, 8.5)));
        assertEquals(2, GroupBound.larger(Aggregator.MD_STAR, new GroupBound.Result(17, 4, 4, 3)));
        assertEquals(2, GroupBound.larger(Aggregator.BILINEAR, new GroupBound.Result(70, 3, 3, 94)), "one pair and one carried");
        assertEquals(0, GroupBound.larger(Aggregator.BILINEAR, new GroupBound.Result(78, 5, 4, 20)), "a group not proven");
        assertEquals(0, GroupBound.larger(Aggregator.BILINEAR, new GroupBound.Result(64, 2, 2, 94)), "one group would be the whole");
        assertEquals(0, GroupBound.larger(Aggregator.CHOQUET, new GroupBound.Result(61, 5, 5, 1.9)), "not CI");
    }

    /**
     * Two groups' seed, by hand: the second group's cuts move past the first group's records, the
     * bounds add, the linked records are the seed's set, the master's optimum only when both were
     * proven with linked records known.
     */
    @Test
    void aSeedJoinsTwoGroups() {
        GroupBound.Learned a = new GroupBound.Learned(new int[] {10, 11, 12}, 2, true, new int[][] {{0, 1}, {1, 2}},
                new boolean[] {true, false, true});
        GroupBound.Learned b = new GroupBound.Learned(new int[] {20, 21}, 1, true, new int[][] {{0, 1}}, new boolean[] {false, true});
        GroupBound.Seed s = GroupBound.Seed.of(a, b);
        assertEquals(3, s.cuts().length);
        assertArrayEquals(new int[] {0, 1}, s.cuts()[0]);
        assertArrayEquals(new int[] {1, 2}, s.cuts()[1]);
        assertArrayEquals(new int[] {3, 4}, s.cuts()[2]);
        assertEquals(3, s.bound());
        assertArrayEquals(new boolean[] {true, false, true, false, true}, s.keep());
        assertTrue(s.optimal());
        assertArrayEquals(new int[] {0, 0, 0, 1, 1}, s.groupOf());
        assertArrayEquals(new int[] {1, 1}, s.need(), "each group's size less its bound");
        GroupBound.Learned open = new GroupBound.Learned(b.records(), 2, false, b.cuts(), b.kept());
        assertFalse(GroupBound.Seed.of(a, open).optimal(), "a group not proven");
        GroupBound.Learned unlearned = new GroupBound.Learned(b.records(), 2, false, new int[0][], null);
        GroupBound.Seed u = GroupBound.Seed.of(a, unlearned);
        assertArrayEquals(new boolean[] {true, false, true, false, false}, u.keep());
        assertFalse(u.optimal());
        assertEquals(2, u.cuts().length);
    }

    /**
     * The pass of the groups two by two, SB_NC (no sign rows: a set's conflict is the same in any
     * group): 4 groups of 30 proven, then 2 of 60, each the union of two in order, each proven at the
     * optimum a run of the same group from scratch proves, and at most the sum of its two; the sum at
     * least the whole file's optimum. Sampled cuts of the second half of a union, moved past the
     * first half's records, are sets no parameter value links (big-M on just those records); an odd
     * last group is carried over as it was.
     */
    @Test
    void theGroupsTwoByTwoStartFromTheirCutsAndStayExact() {
        LinkageData d = LearnFixtures.noise(120, 2, 100, 1);
        int[] all = LearnFixtures.all(120);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR_NC).withTimeLimit(120);
        GroupBound.Result first = GroupBound.of(o, d, all, 120, p -> { });
        assertEquals(4, first.groups());
        assertEquals(4, first.proven());
        GroupBound.Result next = GroupBound.merged(o, d, first, 120, p -> { });
        assertEquals(2, next.groups());
        assertEquals(2, next.proven());
        LearnResult whole = new ConflictLearner(o).learn(d, all);
        assertEquals("OPTIMAL", whole.status());
        assertTrue(next.bound() >= whole.bound(), next.bound() + " below the optimum " + whole.bound());
        assertTrue(next.bound() <= first.bound());
        for (int g = 0; g < 2; g++) {
            GroupBound.Learned a = first.parts().get(2 * g);
            GroupBound.Learned b = first.parts().get(2 * g + 1);
            GroupBound.Learned u = next.parts().get(g);
            int[] union = java.util.stream.IntStream.concat(java.util.Arrays.stream(a.records()),
                    java.util.Arrays.stream(b.records())).toArray();
            assertArrayEquals(union, u.records());
            assertTrue(u.bound() <= a.bound() + b.bound());
            LearnResult fresh = GroupBound.learner(o, 120).learn(d, union);
            assertEquals("OPTIMAL", fresh.status());
            assertEquals(fresh.bound(), u.bound(), "group " + g + ": seeded against from scratch");
            assertTrue(u.cuts().length >= a.cuts().length + b.cuts().length, "the halves' cuts are kept");
            int[][] tail = java.util.Arrays.copyOfRange(u.cuts(), a.cuts().length, a.cuts().length + b.cuts().length);
            for (int c = 0; c < tail.length; c += Math.max(1, tail.length / 4)) {
                int[] records = new int[tail[c].length];
                for (int q = 0; q < records.length; q++) {
                    records[q] = union[tail[c][q]];
                    assertTrue(tail[c][q] >= a.records().length, "moved past the first half");
                }
                LearnResult set = Formulation.BIG_M.learn(o, d, records);
                assertEquals("OPTIMAL", set.status());
                assertTrue(set.bound() < records.length, "cut " + c + " of group " + g + " is linkable");
            }
        }
        GroupBound.Result odd = GroupBound.merged(o, d, new GroupBound.Result(first.bound() - first.parts().get(3).bound(), 3, 3, 1,
                first.parts().subList(0, 3)), 120, p -> { });
        assertEquals(2, odd.groups());
        assertSame(first.parts().get(2), odd.parts().get(1), "the odd group carried over");
    }
}

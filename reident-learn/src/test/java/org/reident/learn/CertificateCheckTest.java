package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;

/**
 * {@link CertificateCheck} (`reident verify`): a proof's conflicts file, checked without the learner's
 * search, proves the learner's bound and optimum; a set of records the best parameters link together is
 * never taken for a conflict; a file whose bound claims more than its conflicts prove is not verified.
 */
class CertificateCheckTest {
    @TempDir
    static Path dir;
    /** Each family's proof, learned once for both tests. */
    private static final java.util.Map<Aggregator, Object[]> PROOFS = new java.util.EnumMap<>(Aggregator.class);

    /** SB and CI on 60 records of 3 variables with 40% noise, as {@code ConflictFileTest}: proven in a few rounds. */
    private static LinkageData file() {
        return LearnFixtures.noise(60, 3, 40, 3);
    }

    private static synchronized ConflictFile.Block proof(Aggregator a, LinkageData d, int[] all, LearnResult[] out) {
        Object[] kept = PROOFS.get(a);
        if (kept == null) {
            Path p = dir.resolve(a.label() + ".conflicts");
            LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60);
            LearnResult r = new ConflictLearner(o).keepConflicts(ConflictFile.open(p, o, d, all)).learn(d, all);
            assertEquals("OPTIMAL", r.status(), a.label());
            ConflictFile.Block b = ConflictFile.open(p, o, d, all).blockAt(o.eps());
            assertNotNull(b, a.label());
            kept = new Object[] {r, b};
            PROOFS.put(a, kept);
        }
        out[0] = (LearnResult) kept[0];
        return (ConflictFile.Block) kept[1];
    }

    /**
     * Every conflict of the proof is proven again by an exact LP bound, SCIP's least cover is the
     * learner's, and the bound and the optimum are the learner's: OPTIMAL, verified.
     */
    @Test
    void aProofsConflictsProveItsBoundAndOptimum() throws InterruptedException {
        for (Aggregator a : List.of(Aggregator.BILINEAR, Aggregator.CHOQUET, Aggregator.MD_STAR)) {
            LinkageData d = file();
            int[] all = LearnFixtures.all(60);
            LearnResult[] fresh = new LearnResult[1];
            ConflictFile.Block b = proof(a, d, all, fresh);
            CertificateCheck.Outcome v = CertificateCheck.check(LearnOptions.defaults(a), d, all, b, 60, CertificateCheck.Cover.SCIP);
            assertEquals(v.cuts(), v.cutsProven(), a.label() + ": every conflict proven; not: " + v.failed().size());
            assertTrue(v.cuts() >= b.cuts().size(), a.label() + ": the run's cuts and the groups' (SB learns two groups of 30 here)");
            assertTrue(v.hittingExact(), a.label());
            assertEquals(fresh[0].bound(), v.bound(), a.label());
            assertTrue(v.boundVerified(), a.label());
            assertEquals(b.best(), v.bestLinked(), a.label() + ": the best parameters counted again");
            assertTrue(v.optimal(), a.label());
            assertTrue(v.packing() <= v.hittingLower(), a.label() + ": a packing of disjoint conflicts never beats the hitting set");
        }
    }

    /**
     * Records that the proof's best parameters link together are no conflict: the LP's exact bound is
     * not positive. Given as a conflict beside the true ones, it is the one not proven, and with the
     * bound it would allow (one record fewer) the file is not verified.
     */
    @Test
    void recordsLinkedTogetherAreNeverAConflict() throws InterruptedException {
        Aggregator a = Aggregator.BILINEAR;
        LinkageData d = file();
        int[] all = LearnFixtures.all(60);
        LearnResult[] fresh = new LearnResult[1];
        ConflictFile.Block b = proof(a, d, all, fresh);
        LearnOptions o = LearnOptions.defaults(a);
        double[][] z = Distances.standardized(d, o.standardization());
        Features f = new Features(a, z[0], z[1], d.dimension());
        SetCheck check = new SetCheck(o, d, all, f, z);
        int[] linked = linkedRecords(check, b.theta(), all.length);
        assertTrue(linked.length >= 10, "the best parameters link " + linked.length);
        int[] some = java.util.Arrays.copyOf(linked, 6);
        BigDecimal lone = check.bound(some);
        assertTrue(lone == null || lone.signum() <= 0, "six records linked together: " + lone);
        List<int[]> cuts = new ArrayList<>(b.cuts());
        cuts.add(some);
        ConflictFile.Block fake = new ConflictFile.Block(b.eps(), b.best(), b.theta(), b.bound() - 1, cuts);
        CertificateCheck.Outcome v = CertificateCheck.check(o, d, all, fake, 60, CertificateCheck.Cover.CP_SAT);
        assertEquals(b.cuts().size(), v.cutsProven());
        assertEquals(1, v.failed().size());
        assertArrayEquals(some, v.failed().get(0));
        assertEquals(fresh[0].bound(), v.bound(), "the true conflicts still prove the true bound");
        assertFalse(v.boundVerified(), "a bound one below what the conflicts prove is not verified");
    }

    /**
     * Checks of the same conflicts on two workers, twice, and on one give every conflict the same exact LP
     * bound: a set's LP starts from rows fixed by the batches before it and its lane's sets before it, never
     * from rows another worker happened to add first (before stop 92 one run of the whole Census's SB file proved
     * 5,847 of its 5,848 conflicts and the next run all of them).
     */
    @Test
    void theSameConflictsGetTheSameBoundsEveryRun() throws InterruptedException {
        Aggregator a = Aggregator.BILINEAR;
        LinkageData d = file();
        int[] all = LearnFixtures.all(60);
        ConflictFile.Block b = proof(a, d, all, new LearnResult[1]);
        List<int[]> sets = new ArrayList<>(b.cuts());
        assertTrue(sets.size() > 2 * SetBatches.BATCH, "several batches: " + sets.size());
        LearnOptions o = LearnOptions.defaults(a).withThreads(2);
        double[][] z = Distances.standardized(d, o.standardization());
        Features f = new Features(a, z[0], z[1], d.dimension());
        BigDecimal[] first = SetBatches.bounds(new SetCheck(o, d, all, f, z), sets, o, System.nanoTime());
        for (int workers : new int[] {2, 1}) {
            LearnOptions w = o.withThreads(workers);
            BigDecimal[] again = SetBatches.bounds(new SetCheck(w, d, all, f, z), sets, w, System.nanoTime());
            for (int s = 0; s < sets.size(); s++) {
                assertNotNull(first[s], "set " + s);
                assertEquals(0, first[s].compareTo(again[s]),
                        "set " + s + " on " + workers + " workers: " + first[s] + " then " + again[s]);
            }
        }
    }

    /** Training records {@code theta} links with margin eps, each checked alone through the same distances. */
    private static int[] linkedRecords(SetCheck check, double[] theta, int records) {
        int total = check.linked(theta);
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < records; r++) {
            if (check.linkedAlone(theta, r)) {
                out.add(r);
            }
        }
        assertEquals(total, out.size());
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}

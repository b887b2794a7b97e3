package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * The learner's first incumbents ({@code ConflictRun.seed}): AM, and a weighted mean embedded
 * in the families that hold it ({@link LearnedModels#embed}).
 */
class StartTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();

    /** A weighted mean and its embedding give every pair the same distance, so every record the same margin. */
    @Test
    void anEmbeddedWeightedMeanLinksAsTheWeightedMeanDoes() {
        LinkageData d = LearnFixtures.noise(120, 4, 30, 5);
        int n = d.dimension();
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 5; trial++) {
            double[] w = LearnFixtures.weights(rnd, n, 0.05);
            LearnOptions wm = LearnOptions.defaults(Aggregator.WM);
            Features fw = new Features(Aggregator.WM, new double[0], new double[0], n);
            LinkageResult base = LearnedModels.link(wm, LearnedModels.toModel(wm, w, fw, d), d);
            for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.WM_M, Aggregator.CHOQUET, Aggregator.CHOQUET_M,
                Aggregator.BILINEAR, Aggregator.BILINEAR_NC, Aggregator.MD_STAR}) {
                LearnOptions o = LearnOptions.defaults(a);
                Features f = new Features(a, new double[0], new double[0], n);
                double[] theta = LearnedModels.embed(o, w, f);
                assertNotNull(theta, a.label());
                assertEquals(f.parameters(), theta.length, a.label());
                LinkageResult l = LearnedModels.link(o, LearnedModels.toModel(o, theta, f, d), d);
                for (int i = 0; i < d.originalCount(); i++) {
                    assertEquals(base.margin(i), l.margin(i), 1e-9 * (1 + Math.abs(base.margin(i))), a.label() + ", record " + i);
                }
                assertEquals(base.reidentified(), l.reidentified(), a.label());
            }
        }
    }

    @Test
    void familiesThatDoNotHoldTheWeightedMeanGetNoStart() {
        Features f = new Features(Aggregator.OWA, new double[0], new double[0], 3);
        assertNull(LearnedModels.embed(LearnOptions.defaults(Aggregator.OWA), new double[] {0.2, 0.3, 0.5}, f));
        Features m = new Features(Aggregator.WM_M, new double[0], new double[0], 3);
        assertNull(LearnedModels.embed(LearnOptions.defaults(Aggregator.WM_M), new double[] {0, 0.5, 0.5}, m));
        Features c = new Features(Aggregator.CHOQUET, new double[0], new double[0], 3);
        double[] mu = LearnedModels.embed(LearnOptions.defaults(Aggregator.CHOQUET), new double[] {0.2, 0.3, 0.5}, c);
        // the additive measure, by hand: mu({0, 2}) = 0.7, mu({1, 2}) = 0.8, mu(V) = 1
        assertEquals(0.7, mu[0b101], 1e-15);
        assertEquals(0.8, mu[0b110], 1e-15);
        assertEquals(1.0, mu[0b111], 0);
        assertEquals(0.0, mu[0], 0);
    }

    /**
     * Learning CI from the optimal weighted mean: the run starts with an incumbent of exactly the
     * records the weighted mean links with margin eps (counted here from the WM run's own linkage),
     * and its optimum is at least WM's (CI holds every weighted mean).
     */
    @Test
    void choquetStartsFromTheLearnedWeightedMean() {
        LinkageData d = LearnFixtures.noise(200, 3, 25, 3);
        int[] all = LearnFixtures.all(200);
        LearnResult wm = Formulation.CUTS.learn(LearnOptions.defaults(Aggregator.WM).withTimeLimit(60), d, all);
        assertEquals("OPTIMAL", wm.status());
        int withEps = 0;
        for (int i : all) {
            withEps += wm.linkage().margin(i) >= EPS * (1 - 1e-3) ? 1 : 0;
        }
        List<String> lines = new ArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(60).withStart(wm.model().values())
                .withProgress(lines::add);
        LearnResult ci = Formulation.CUTS.learn(o, d, all);
        int am = 0;
        LinkageResult amLinkage = LearnFixtures.am(d);
        for (int i : all) {
            am += amLinkage.margin(i) >= EPS * (1 - 1e-3) ? 1 : 0;
        }
        assertTrue(withEps > am, "the fixture should favour the learned weights: " + withEps + " against AM's " + am);
        String expected = "start: the given weighted mean links " + withEps + " records with margin eps";
        assertTrue(lines.stream().anyMatch(s -> s.startsWith(expected)), expected + " not in " + lines);
        assertEquals("OPTIMAL", ci.status());
        assertTrue(ci.bound() >= wm.bound(), "CI " + ci.bound() + " < WM " + wm.bound());
        LearnFixtures.checkResult("CI from WM", ci, d, all, EPS);
    }

    /**
     * The big-M formulation takes the given weighted mean too ({@code learn --start} with
     * {@code --formulation big-m}, since stop 48): stopped at once, its CI result links strictly the
     * records the weighted mean links, where AM alone links fewer; the progress line says so
     * (mutation-checked: without the start big-M returns AM's parameters).
     */
    @Test
    void bigMStartsFromTheGivenWeightedMean() {
        LinkageData d = LearnFixtures.noise(200, 3, 25, 3);
        int[] all = LearnFixtures.all(200);
        LearnResult wm = Formulation.CUTS.learn(LearnOptions.defaults(Aggregator.WM).withTimeLimit(60), d, all);
        int strict = LearnedModels.strictCount(wm.linkage(), all);
        assertTrue(strict > LearnFixtures.am(d).reidentified(), "the fixture should favour the learned weights");
        List<String> lines = new ArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withTimeLimit(1e-3).withStart(wm.model().values())
                .withProgress(lines::add);
        LearnResult ci = Formulation.BIG_M.learn(o, d, all);
        String expected = "start: the given weighted mean links " + strict + " records strictly";
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(expected)), expected + " not in " + lines);
        assertEquals(strict, ci.trainingLinked(), "stopped at once: the start's links");
        LearnFixtures.checkResult("big-M CI from WM", ci, d, all, EPS);
    }

    /** Whatever the limit, the result keeps at least AM's records with margin eps: the first incumbent is AM. */
    @Test
    void aRunStoppedAtOnceStillReturnsAm() {
        LinkageData d = LearnFixtures.noise(300, 4, 40, 77);
        int[] all = LearnFixtures.all(300);
        LearnResult r = Formulation.CUTS.learn(LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(1e-3), d, all);
        LinkageResult am = LearnFixtures.am(d);
        int amEps = 0;
        for (int i : all) {
            amEps += am.margin(i) >= EPS * (1 - 1e-3) ? 1 : 0;
        }
        assertTrue(amEps > 0);
        assertEquals("FEASIBLE", r.status(), "AM is a checked incumbent");
        assertTrue(r.milpLinked() >= amEps, r.milpLinked() + " < AM's " + amEps);
        assertTrue(r.trainingLinked() >= am.reidentified(), r.trainingLinked() + " < AM's " + am.reidentified());
        LearnFixtures.checkResult("SB stopped at once", r, d, all, EPS);
    }
}

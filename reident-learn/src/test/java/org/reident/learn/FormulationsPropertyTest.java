package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.reident.data.LinkageData;

/**
 * The two exact formulations against each other on generated files (300 records, 3 variables, 20%
 * noise) at an eps where the solvers' tolerances matter (1e-9 to 1e-6) and in the shapes that put
 * margins there: a variable released unchanged ({@link LearnFixtures#oneReleased}) or a record far
 * out ({@link LearnFixtures#farOutNoise}). WM and OWA (whose big-M solves are quick): both OPTIMAL,
 * the same optimum, reached by the returned parameters with margin eps
 * ({@link LearnFixtures#checkResult}). It guards big-M's check of the solver's count ({@link
 * BigMPolish}, docs/learning.md "Big-M's tolerances"): with the check and the engine's count in the
 * status rule removed, big-M proves 293 where the cuts prove 292 (variable released, OWA, eps 1e-8,
 * seed 2).
 */
class FormulationsPropertyTest {
    @Property(tries = 24, seed = "20261202")
    void bothFormulationsProveTheSameOptimum(@ForAll @IntRange(min = 0, max = 1) int shape,
            @ForAll @IntRange(min = 6, max = 9) int epsExponent, @ForAll @IntRange(min = 0, max = 1) int family,
            @ForAll @IntRange(min = 1, max = 1000) int seed) {
        int records = 300;
        LinkageData d = switch (shape) {
            case 0 -> LearnFixtures.oneReleased(records, 3, 20, seed);
            default -> LearnFixtures.farOutNoise(records, 3, 20, seed);
        };
        double eps = Math.pow(10, -epsExponent);
        Aggregator a = List.of(Aggregator.WM, Aggregator.OWA).get(family);
        int[] all = LearnFixtures.all(records);
        String what = "shape " + shape + ", " + a.label() + ", eps " + eps + ", seed " + seed;
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60).withEps(eps);
        LearnResult cuts = Formulation.CUTS.learn(o, d, all);
        LearnResult bigM = Formulation.BIG_M.learn(o, d, all);
        assertEquals("OPTIMAL", cuts.status(), what + ", cuts");
        assertEquals("OPTIMAL", bigM.status(), what + ", big-M");
        assertEquals(cuts.bound(), bigM.bound(), what + ": the same optimum");
        LearnFixtures.checkResult(what + ", cuts", cuts, d, all, eps);
        LearnFixtures.checkResult(what + ", big-M", bigM, d, all, eps);
    }
}

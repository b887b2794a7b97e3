package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reident.data.LinkageData;
import org.reident.distance.Standardization;

/** {@link EpsPasses}: the passes of {@code --eps auto} against single runs at the eps they end with. */
class EpsPassesTest {
    private static LearnOptions auto(Aggregator a, LinkageData d) {
        double eps = Margin.auto(d, LearnFixtures.all(d.originalCount()), Standardization.OWN).eps();
        return LearnOptions.defaults(a).withTimeLimit(60).withEps(eps);
    }

    /**
     * One variable released unchanged: AM's margins give eps = 1e-4, the learned weights link most
     * records by less. The passes go on to an eps at which the result advises nothing, proven, and
     * find the optimum a single run at that eps proves; the optimum at the smaller eps is at least
     * the records the first pass's parameters link with margin (the feasible set only grows as eps
     * falls), and the last pass, started from those parameters, links at least as many with its eps.
     * Both formulations (big-M stops for the advice and starts from the pass before since stop 48;
     * mutation-checked: without its stop, big-M's first pass on WM, seed 1, spent 34 s proving the
     * optimum at eps 1e-4 before going on).
     */
    @ParameterizedTest
    @EnumSource(Formulation.class)
    void aReleasedVariableTakesMorePassesToTheOptimumOfTheirLastEps(Formulation form) {
        // big-M's SB rounds give no sign-valid solution in 60 s on these files (AM stays, no advice)
        List<Aggregator> families = form == Formulation.CUTS ? List.of(Aggregator.WM, Aggregator.CHOQUET, Aggregator.BILINEAR)
                : List.of(Aggregator.WM, Aggregator.CHOQUET);
        for (Aggregator a : families) {
            for (long seed = 1; seed <= 2; seed++) {
                String what = form.label() + ", " + a.label() + ", seed " + seed;
                LinkageData d = LearnFixtures.oneReleased(200, 3, 80, seed);
                int[] all = LearnFixtures.all(200);
                LearnOptions o = auto(a, d);
                assertEquals(Margin.DEFAULT, o.eps(), what + ": AM's margins give the default eps");
                EpsPasses.Outcome out = EpsPasses.learn(form, o, d, all, true);
                List<EpsPasses.Pass> p = out.passes();
                assertTrue(p.size() >= 2, what + ": more than one pass, " + p);
                EpsPasses.Pass first = p.get(0);
                EpsPasses.Pass last = p.get(p.size() - 1);
                assertEquals(Margin.DEFAULT, first.eps(), what);
                assertTrue(first.epsStopped(), what + ": the first pass ends at the round its parameters advise a smaller"
                        + " eps, unproven: the time goes to the eps that suits them, " + p);
                // the advice's rule (EpsAdvice): more than 1% below eps, and more than 5% or past the bound
                assertTrue(first.below() > 0.01 * all.length && (first.below() > 0.05 * all.length
                        || first.withMargin() + first.below() > first.bound()),
                        what + ": the first pass's parameters link many records below eps, " + first);
                for (int i = 1; i < p.size(); i++) {
                    assertTrue(p.get(i).eps() <= p.get(i - 1).eps() / 10 * (1 + 1e-9), what + ": eps falls by a power of ten, " + p);
                    assertTrue(p.get(i - 1).status().equals("OPTIMAL") || p.get(i - 1).epsStopped(), what + ": " + p);
                }
                assertEquals("OPTIMAL", out.result().status(), what);
                assertFalse(out.advice().advised(), what + ": the last eps suits the parameters");
                assertEquals(last.eps(), out.options().eps(), what);
                assertTrue(last.bound() >= first.withMargin(), what + ": " + p);
                assertTrue(last.withMargin() >= first.withMargin(), what + ": " + p);
                LearnFixtures.checkResult(what, out.result(), d, all, last.eps());
                LearnResult single = Formulation.CUTS.learn(o.withEps(last.eps()), d, all);
                assertEquals("OPTIMAL", single.status(), what + ", cuts alone");
                assertEquals(single.bound(), out.result().bound(), what + ": the optimum at eps " + last.eps());
            }
        }
    }

    /** Where the result advises nothing (MDAV on variable pairs), one pass: the run a given eps makes. */
    @Test
    void aFileWithoutAdviceTakesOnePass() {
        LinkageData d = LearnFixtures.mdavPairs(200, 4, 3, 5);
        int[] all = LearnFixtures.all(200);
        for (Aggregator a : List.of(Aggregator.WM, Aggregator.BILINEAR)) {
            LearnOptions o = auto(a, d);
            EpsPasses.Outcome out = EpsPasses.learn(Formulation.CUTS, o, d, all, true);
            assertEquals(1, out.passes().size(), a.label() + ": " + out.passes());
            assertFalse(out.result().epsStopped(), a.label());
            LearnResult single = Formulation.CUTS.learn(o, d, all);
            assertEquals(single.status(), out.result().status(), a.label());
            assertEquals(single.bound(), out.result().bound(), a.label());
        }
    }

    /**
     * A pass's start ({@link ConflictLearner#start}, {@link SupervisedLearner#start}: the parameters
     * of the pass before) is an incumbent before the first round: a run of either formulation stopped
     * by its limit within that round links with margin eps at least what the start does, where it
     * would otherwise return AM's parameters (mutation-checked for big-M).
     */
    @ParameterizedTest
    @EnumSource(Formulation.class)
    void theStartIsAnIncumbentBeforeTheFirstRound(Formulation form) {
        LinkageData d = LearnFixtures.oneReleased(200, 3, 80, 1);
        int[] all = LearnFixtures.all(200);
        LearnOptions o = auto(Aggregator.WM, d).withEps(1e-8);
        LearnResult learned = Formulation.CUTS.learn(o, d, all);
        int start = Margin.count(learned.linkage(), all, o.eps());
        LearnResult quick = form.learn(o.withTimeLimit(1e-3), d, all, learned.model(), "learned", false);
        LearnResult none = form.learn(o.withTimeLimit(1e-3), d, all);
        assertTrue(Margin.count(quick.linkage(), all, o.eps()) >= start, "with the start: " + quick + " against " + start);
        assertTrue(Margin.count(none.linkage(), all, o.eps()) < start / 2, "without: " + none);
    }

    /** Another pass needs 1 s and a quarter of the limit: with less, the pass under way goes on. */
    @Test
    void anotherPassNeedsAQuarterOfTheLimit() {
        assertTrue(EpsPasses.timeFor(5, 20));
        assertFalse(EpsPasses.timeFor(4.9, 20));
        assertFalse(EpsPasses.timeFor(0.9, 2));
        assertTrue(EpsPasses.timeFor(1, 2));
        assertFalse(EpsPasses.timeFor(14.9, 60));
    }

    /** A given eps (again false) is one pass, whatever the advice. */
    @Test
    void aGivenEpsIsOnePass() {
        LinkageData d = LearnFixtures.oneReleased(200, 3, 80, 1);
        int[] all = LearnFixtures.all(200);
        EpsPasses.Outcome out = EpsPasses.learn(Formulation.CUTS, auto(Aggregator.WM, d), d, all, false);
        assertEquals(1, out.passes().size());
        assertTrue(out.advice().advised(), "the advice stays for the user: " + out.passes());
    }
}

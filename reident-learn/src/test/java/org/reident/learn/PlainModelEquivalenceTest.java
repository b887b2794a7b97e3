package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPSolver;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * Both engineered formulations (combinatorial Benders cuts; per-row big-M, dropped rows, fixed K,
 * lazy rows, warm starts) against the textbook one written out in full ({@link PlainMilp}): the same optimum on small instances. The
 * plain model's optimal parameters are also checked on the definitions: they do link that many
 * records with margin eps.
 */
class PlainModelEquivalenceTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();

    @Test
    void weightedMean() {
        compare(Aggregator.WM);
    }

    @Test
    void choquet() {
        compare(Aggregator.CHOQUET);
    }

    @Test
    void owa() {
        for (long seed = 21; seed <= 22; seed++) {
            compare(Aggregator.OWA, LearnFixtures.noise(25, 3, 30, seed), "noise 30% seed " + seed);
        }
    }

    /** CBC: the big-M learner reaches SCIP's optimum of the plain model. */
    @Test
    void cbcBackend() {
        otherBackend("cbc", "cbc (");
    }

    /**
     * HiGHS (OR-Tools 9.15 bundles 1.12, which prints a stray line to standard output during MIP
     * solves and crashes on partial hints; both are handled in {@link MilpModel}): the plain model
     * solved by HiGHS and the big-M learner reach SCIP's optimum.
     */
    @Test
    void highsBackend() {
        otherBackend("highs", "highs (HiGHS");
    }

    private static void otherBackend(String solver, String named) {
        for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.CHOQUET}) {
            for (long seed = 21; seed <= 22; seed++) {
                LinkageData d = LearnFixtures.noise(25, 3, 30, seed);
                int[] all = LearnFixtures.all(25);
                String w = "noise 30% seed " + seed + ", " + a + ", " + solver;
                PlainMilp.Outcome scip = PlainMilp.solve(a, d, all, EPS, 60);
                assertEquals(MPSolver.ResultStatus.OPTIMAL, scip.status(), w + ": plain model");
                if (solver.equals("highs")) {
                    PlainMilp.Outcome highs = PlainMilp.solve(a, d, all, EPS, 60, solver);
                    assertEquals(MPSolver.ResultStatus.OPTIMAL, highs.status(), w + ": plain model by HiGHS");
                    assertEquals(scip.linked(), highs.linked(), w + ": plain model, SCIP vs HiGHS");
                    assertTrue(PlainMilp.linkedWithMargin(a, d, all, highs.theta(), EPS, 1e-6) >= highs.linked(), w + ": HiGHS's parameters");
                }
                LearnResult r = new SupervisedLearner(LearnOptions.defaults(a).withSolver(solver).withTimeLimit(60)).learn(d, all);
                assertEquals("OPTIMAL", r.status(), w);
                assertTrue(r.solver().startsWith(named), r.solver());
                LearnFixtures.checkResult(w, r, d, all, EPS);
                assertEquals(scip.linked(), r.milpLinked(), w + ": plain (SCIP) vs engineered (" + solver + ")");
            }
        }
    }

    private static void compare(Aggregator a) {
        for (long seed = 21; seed <= 24; seed++) {
            compare(a, LearnFixtures.noise(25, 3, 20 + 5 * (seed - 21), seed), "noise seed " + seed);
        }
        for (long seed = 21; seed <= 22; seed++) {
            compare(a, LearnFixtures.mdavPairs(25, 4, 3, seed), "mdav pairs seed " + seed);
        }
    }

    /**
     * At a small eps (noise files with one record far out, eps chosen from AM's margins): the plain
     * model's rows are scaled as the learner's big-M rows ({@link Margin#rowScale}); unscaled, SCIP's
     * absolute tolerance (1e-6) would let it count records the margin does not hold for.
     */
    @Test
    void atASmallEps() {
        for (long seed = 25; seed <= 26; seed++) {
            LinkageData d = LearnFixtures.farOutNoise(25, 3, 25, seed);
            double eps = LearnFixtures.smallEps(d, "seed " + seed);
            for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.CHOQUET}) {
                compare(a, d, "far out, seed " + seed + ", eps " + eps, eps);
            }
        }
    }

    private static void compare(Aggregator a, LinkageData d, String what) {
        compare(a, d, what, EPS);
    }

    private static void compare(Aggregator a, LinkageData d, String what, double eps) {
        int[] all = LearnFixtures.all(d.originalCount());
        String w = what + ", " + a;
        PlainMilp.Outcome plain = PlainMilp.solve(a, d, all, eps, 60);
        assertEquals(MPSolver.ResultStatus.OPTIMAL, plain.status(), w + ": plain model");
        int check = PlainMilp.linkedWithMargin(a, d, all, plain.theta(), eps, Math.min(1e-6, 1e-2 * eps));
        assertTrue(check >= plain.linked(), w + ": the plain optimum's parameters link only " + check + " with margin eps");
        if (eps < EPS) { // the plain baseline by HiGHS on rows scaled as SCIP's (unscaled: all 25 records, OPTIMAL)
            PlainMilp.Outcome highs = PlainMilp.solve(a, d, all, eps, 60, "highs");
            assertEquals(MPSolver.ResultStatus.OPTIMAL, highs.status(), w + ": plain model by HiGHS");
            assertEquals(plain.linked(), highs.linked(), w + ": plain model, HiGHS vs SCIP");
        }
        for (Formulation f : Formulation.values()) {
            String wf = w + ", " + f.label();
            LearnResult r = f.learn(LearnOptions.defaults(a).withTimeLimit(60).withEps(eps), d, all);
            assertEquals("OPTIMAL", r.status(), wf);
            LearnFixtures.checkResult(wf, r, d, all, eps);
            assertEquals(plain.linked(), r.milpLinked(), wf + ": plain full model optimum vs engineered model");
            System.out.println(wf + ": plain " + plain.linked() + ", engineered " + r.milpLinked() + " (" + r.rows() + " rows, "
                    + r.unlinkable() + " fixed, " + r.rounds() + " rounds), recomputed strict " + r.trainingLinked());
        }
    }
}

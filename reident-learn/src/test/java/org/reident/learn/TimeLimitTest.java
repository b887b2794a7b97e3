package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * A 300-record, 4-variable Choquet problem with a 2 s limit: the run returns soon after the limit;
 * a result is called OPTIMAL only with bound == milpLinked; any status satisfies
 * {@link LearnFixtures#checkResult}. In particular bound >= the records the returned model links
 * with margin eps: the returned measure is a feasible parameter value, and the bound is a valid
 * upper bound of the full eps-model (each round's model is a relaxation of it). Not asserted:
 * bound >= trainingLinked, because trainingLinked counts every strictly nearest true match,
 * including margins in (0, eps) that the MILP does not count as links.
 */
class TimeLimitTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.CHOQUET).eps();

    @Test
    void choquetStopsAtTheLimitWithAnHonestStatus() {
        stopsAtTheLimit("scip");
    }

    /** HiGHS's solve stopped by the clock comes back from OR-Tools 9.15 as an unknown status ({@link MilpModel#solve}). */
    @Test
    void highsStopsAtTheLimitWithAnHonestStatus() {
        stopsAtTheLimit("highs");
    }

    /**
     * The default formulation (combinatorial Benders cuts) on a problem it does not solve in 20 s
     * (1,000 records, 6 variables, MDAV on pairs with k = 5, SB: FEASIBLE at 20 s with 966 and the
     * bound 992, 2026-11-27): with a 2 s limit it returns soon after, FEASIBLE with a valid bound,
     * never OPTIMAL unless the bound is the count.
     */
    @Test
    void cutsStopAtTheLimitWithAnHonestStatus() {
        LinkageData d = LearnFixtures.mdavPairs(1000, 6, 5, 2);
        int[] all = LearnFixtures.all(1000);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(2);
        long t0 = System.nanoTime();
        LearnResult r = new ConflictLearner(o).learn(d, all);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println("cuts: status " + r.status() + ", milp " + r.milpLinked() + ", bound " + r.bound() + ", rounds "
                + r.rounds() + ", " + seconds + " s");
        assertTrue(seconds < 3.5, "a 2 s limit took " + seconds + " s");
        assertTrue(r.seconds() <= seconds + 1e-3, "reported time " + r.seconds());
        double eps = LearnOptions.defaults(Aggregator.BILINEAR).eps();
        LearnFixtures.checkResult("SB 1000x6, 2 s", r, d, all, eps);
        // the incumbent counts every record its parameters link with margin eps by the engine (an
        // invariant; on this file the code before, which counted the slave's set, gave the same 961)
        int withEps = 0;
        for (int i : all) {
            withEps += r.linkage().margin(i) >= eps * (1 - 1e-3) ? 1 : 0;
        }
        assertTrue(r.milpLinked() >= withEps, "the incumbent counts " + r.milpLinked() + ", its parameters link " + withEps);
        if (r.status().equals("OPTIMAL")) {
            assertEquals(r.bound(), r.milpLinked());
        } else {
            assertEquals("FEASIBLE", r.status()); // AM is the incumbent from the start
            assertTrue(r.bound() > r.milpLinked(), "bound " + r.bound() + ", milp " + r.milpLinked());
        }
    }

    private static void stopsAtTheLimit(String solver) {
        LinkageData d = LearnFixtures.noise(300, 4, 40, 77);
        int[] all = LearnFixtures.all(300);
        List<String> rounds = new ArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.CHOQUET).withSolver(solver).withTimeLimit(2).withProgress(rounds::add);
        long t0 = System.nanoTime();
        LearnResult r = new SupervisedLearner(o).learn(d, all);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.println(solver + ": status " + r.status() + ", milp " + r.milpLinked() + ", bound " + r.bound() + ", strict "
                + r.trainingLinked() + ", fixed " + r.unlinkable() + ", rounds " + r.rounds() + ", rows " + r.rows() + ", "
                + seconds + " s; AM " + LearnFixtures.am(d).reidentified() + "; " + rounds);
        assertTrue(seconds < 10, "a 2 s limit took " + seconds + " s");
        assertTrue(r.seconds() <= seconds + 1e-3, "reported time " + r.seconds());
        assertTrue(Set.of("OPTIMAL", "FEASIBLE", "TIME_LIMIT").contains(r.status()), r.status());
        LearnFixtures.checkResult("CHOQUET 300x4, 2 s", r, d, all, EPS);
        if (!r.status().equals("OPTIMAL")) {
            assertTrue(r.gap() >= 0 && r.gap() <= 1, "gap " + r.gap());
        } else {
            assertEquals(r.bound(), r.milpLinked());
        }
    }
}

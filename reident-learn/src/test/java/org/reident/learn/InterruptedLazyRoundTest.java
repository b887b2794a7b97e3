package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * When the time limit ends a lazy round whose solution still violated rows, that relaxed solution is
 * not a solution of the full model (it once linked 0 records where AM links 58). The learner must
 * then say TIME_LIMIT and return the best parameters it has checked, never worse than the neutral
 * ones (AM), which belong to every family; FEASIBLE only for a solution that violates no row.
 */
class InterruptedLazyRoundTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.BILINEAR).eps();

    @Test
    void feasibleMeansTheReturnedParametersLinkWhatTheMilpClaims() {
        LinkageData d = LearnFixtures.noise(300, 4, 40, 77);
        int[] all = LearnFixtures.all(300);
        LearnResult r = new SupervisedLearner(LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(2)
                ).learn(d, all);
        LinkageResult am = LearnFixtures.am(d);
        int withHalfEps = 0;
        for (int i : all) {
            withHalfEps += r.linkage().margin(i) >= EPS / 2 * (1 - 1e-6) ? 1 : 0;
        }
        String what = "status " + r.status() + ", milpLinked " + r.milpLinked() + ", bound " + r.bound() + ", rounds " + r.rounds()
                + ", recomputed strict " + r.trainingLinked() + ", margin >= eps/2: " + withHalfEps + ", AM strict "
                + am.reidentified() + ", Sigma " + java.util.Arrays.toString(r.model().values());
        if (r.status().equals("FEASIBLE")) {
            assertTrue(withHalfEps >= r.milpLinked(), "FEASIBLE, but the MILP's solution is not one: " + what);
        }
        assertTrue(r.trainingLinked() >= am.reidentified(), "the learned parameters link fewer records than AM: " + what);
    }
}

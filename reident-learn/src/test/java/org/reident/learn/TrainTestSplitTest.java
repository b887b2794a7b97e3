package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPSolver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.linkage.Linkage;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;
import org.reident.linkage.MethodOutcome;

/**
 * Learning on a labelled subset (hrla-heuristic-choquet.txt Table 2): only the training records
 * are constrained (every protected record stays a rival), trainingLinked counts only them, the
 * optimum is that of the full model restricted to them, and the linkage of the other records is
 * the engine's evaluation of the learned parameters.
 */
class TrainTestSplitTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.WM).eps();
    private static final int RECORDS = 60;

    @Test
    void noiseFileWeightedMean() {
        check(Aggregator.WM, LearnFixtures.noise(RECORDS, 3, 30, 31), "noise 30% seed 31");
    }

    @Test
    void noiseFileChoquet() {
        check(Aggregator.CHOQUET, LearnFixtures.noise(RECORDS, 3, 25, 33), "noise 25% seed 33");
    }

    @Test
    void microaggregatedFileChoquet() {
        check(Aggregator.CHOQUET, LearnFixtures.mdavPairs(RECORDS, 4, 3, 32), "mdav pairs seed 32");
    }

    private static void check(Aggregator a, LinkageData d, String what) {
        String w = what + ", " + a;
        int[] train = half(RECORDS, 1000 + what.length());
        int[] test = complement(train, RECORDS);
        int[] all = LearnFixtures.all(RECORDS);

        LearnResult r = LearnFixtures.learn(a, d, train);
        assertEquals("OPTIMAL", r.status(), w);
        LearnFixtures.checkResult(w + " (train)", r, d, train, EPS);
        assertTrue(r.bound() <= train.length && r.milpLinked() <= train.length, w);

        // trainingLinked counts the training records only; the test records are linked too
        LinkageResult l = r.linkage();
        int onTrain = strict(l, train);
        int onTest = strict(l, test);
        assertEquals(onTrain, r.trainingLinked(), w);
        assertEquals(l.reidentified(), onTrain + onTest, w + ": train + test = all");

        // at least AM's margin-eps links among the training records
        LinkageResult am = LearnFixtures.am(d);
        int amEps = LearnFixtures.amEpsCount(am, train, EPS);
        assertTrue(r.milpLinked() >= amEps, w + ": MILP " + r.milpLinked() + " < AM with margin eps " + amEps);
        assertTrue(r.trainingLinked() >= amEps, w + ": strict " + r.trainingLinked() + " < AM with margin eps " + amEps);

        // the same optimum as the full textbook model over the training rows (all rivals)
        PlainMilp.Outcome plain = PlainMilp.solve(a, d, train, EPS, 60);
        assertEquals(MPSolver.ResultStatus.OPTIMAL, plain.status(), w + ": plain model");
        assertEquals(plain.linked(), r.milpLinked(), w + ": plain model restricted to the training records");

        // the linkage reported is the engine's evaluation of the learned model
        MethodOutcome o = Linkage.run(a.method(), r.model(), d, DistanceOptions.DEFAULT,
                new LinkageEngine(1).with(LinkageEngine.Ranks.TOP)); // the learner counts ranks where nearest only
        for (int i = 0; i < RECORDS; i++) {
            assertEquals(o.result().rank(i), l.rank(i), w + ": rank of record " + i);
            assertEquals(o.result().tiesWithTrue(i), l.tiesWithTrue(i), w + ": ties of record " + i);
        }

        // the test records' labels play no part: hide them and the run is the same
        int[] truth = d.truth().clone();
        for (int i : test) {
            truth[i] = -1;
        }
        LinkageData hidden = new LinkageData(d.variables(), d.original(), d.originalCount(), d.masked(), d.maskedCount(), truth,
                d.originalIds(), d.maskedIds(), d.originalName(), d.maskedName(), 0, List.of());
        LearnResult h = LearnFixtures.learn(a, hidden, train);
        assertEquals(r.milpLinked(), h.milpLinked(), w + ": test labels hidden");
        assertEquals(r.bound(), h.bound(), w + ": test labels hidden");
        assertEquals(r.trainingLinked(), h.trainingLinked(), w + ": test labels hidden");
        assertArrayEquals(r.model().values(), h.model().values(), 1e-9, w + ": test labels hidden");
        assertEquals(train.length, h.linkage().records(), w + ": only the training records have a true match");

        // learning on everything: at least the subset's optimum (its parameters are feasible there),
        // at most that plus the records added; and the all-records model cannot beat the subset's
        // optimum on the subset
        LearnResult full = LearnFixtures.learn(a, d, all);
        assertEquals("OPTIMAL", full.status(), w + " (all)");
        LearnFixtures.checkResult(w + " (all)", full, d, all, EPS);
        assertTrue(full.milpLinked() >= r.milpLinked(), w + ": all " + full.milpLinked() + " < train " + r.milpLinked());
        assertTrue(full.milpLinked() <= r.milpLinked() + test.length, w);
        int fullOnTrain = 0;
        for (int i : train) {
            fullOnTrain += full.linkage().margin(i) >= EPS * (1 + 1e-6) ? 1 : 0;
        }
        assertTrue(fullOnTrain <= r.milpLinked(), w + ": the all-records model links " + fullOnTrain
                + " training records with margin eps, more than the subset optimum " + r.milpLinked());
        System.out.println(w + ": train " + r.milpLinked() + "/" + train.length + " (AM eps " + amEps + ", strict " + onTrain
                + "), test strict " + onTest + "/" + test.length + " (AM " + strict(am, test) + "), all " + full.milpLinked()
                + "/" + RECORDS + ", all-model on train " + fullOnTrain);
    }

    private static int strict(LinkageResult l, int[] records) {
        int c = 0;
        for (int i : records) {
            c += l.rank(i) == 1 && l.tiesWithTrue(i) == 1 ? 1 : 0;
        }
        return c;
    }

    private static int[] half(int n, long seed) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            idx.add(i);
        }
        Collections.shuffle(idx, new Random(seed));
        int[] t = new int[n / 2];
        for (int i = 0; i < t.length; i++) {
            t[i] = idx.get(i);
        }
        Arrays.sort(t);
        return t;
    }

    private static int[] complement(int[] train, int n) {
        boolean[] in = new boolean[n];
        for (int i : train) {
            in[i] = true;
        }
        int[] c = new int[n - train.length];
        int q = 0;
        for (int i = 0; i < n; i++) {
            if (!in[i]) {
                c[q++] = i;
            }
        }
        return c;
    }
}

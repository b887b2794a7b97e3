package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;

/** {@link LearnedModels#parameters}, the way back from a model to theta (a pass's start, {@link EpsPasses}). */
class LearnedModelsTest {
    /**
     * For every family, a member (a random weighted mean embedded, then perturbed inside the family
     * for SB_NC's signs) made a model by {@link LearnedModels#toModel} and read back is the same theta;
     * a model of another family's size is refused.
     */
    @Test
    void aModelReadBackIsTheSameParameters() {
        int n = 3;
        LinkageData d = LearnFixtures.noise(20, n, 10, 3);
        Random r = new Random(11);
        for (Aggregator a : Aggregator.values()) {
            LearnOptions o = LearnOptions.defaults(a);
            Features f = new Features(a, d.original(), d.masked(), n);
            for (int trial = 0; trial < 5; trial++) {
                double[] w = LearnFixtures.weights(r, n, 0.2);
                double[] theta = a == Aggregator.OWA ? w : LearnedModels.embed(o, w, f);
                if (a == Aggregator.BILINEAR_NC) {
                    theta[f.triangle(0, 1)] = -0.1 * r.nextDouble(); // an off-diagonal entry of either sign
                }
                DistanceModel m = LearnedModels.toModel(o, theta, f, d);
                assertArrayEquals(theta, LearnedModels.parameters(o, m, f), 1e-15, a.label() + ", trial " + trial);
            }
            Aggregator other = a.isBilinear() ? Aggregator.WM : Aggregator.BILINEAR;
            Features g = new Features(other, d.original(), d.masked(), n);
            DistanceModel foreign = LearnedModels.toModel(LearnOptions.defaults(other), LearnedModels.neutral(other, g), g, d);
            assertNull(LearnedModels.parameters(o, foreign, f), a.label() + " refuses a " + other.label() + " model");
        }
    }
}

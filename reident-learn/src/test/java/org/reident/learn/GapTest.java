package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * The gap compares the bound with what it counts, links with margin eps ({@link LearnedModels#gap}),
 * not with the strict count, which also counts margins between 0 and eps: on a file whose records lie
 * close together in standardised units (one record a million times the others' scale) AM links every
 * record strictly but almost none with margin eps, and against a bound of 50 the gap is then nearly
 * 100%, not 0.
 */
class GapTest {
    @Test
    void theGapCountsLinksWithMarginEps() {
        int m = 200;
        double[] x = new double[2 * m];
        double[] y = new double[2 * m];
        SplittableRandom rnd = new SplittableRandom(9);
        for (int i = 0; i < m; i++) {
            double a = i == m - 1 ? 1e6 : i;
            double b = i == m - 1 ? 1e6 : (i * 7) % (m - 1);
            x[2 * i] = a;
            x[2 * i + 1] = b;
            y[2 * i] = a + 0.4 * (rnd.nextDouble() - 0.5);
            y[2 * i + 1] = b + 0.4 * (rnd.nextDouble() - 0.5);
        }
        LinkageData d = LearnFixtures.data(x, y, m, 2);
        int[] all = LearnFixtures.all(m);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        Features f = new Features(Aggregator.WM, new double[0], new double[0], 2);
        LinkageResult am = LearnedModels.link(o, LearnedModels.toModel(o, new double[] {0.5, 0.5}, f, d), d);
        assertEquals(m, LearnedModels.strictCount(am, all), "every record is nearest its true match");
        int withEps = 0;
        for (int i : all) {
            withEps += am.margin(i) >= o.eps() * (1 - 1e-3) ? 1 : 0;
        }
        assertTrue(withEps <= 2, withEps + " with margin eps");
        assertEquals(withEps, Margin.count(am, all, o.eps()));
        assertEquals((50 - withEps) / 50.0, LearnedModels.gap(50, am, all, o.eps()), 1e-15);
        assertEquals(0, LearnedModels.gap(0, am, all, o.eps()));
        assertEquals(0, LearnedModels.gap(withEps, am, all, o.eps()), "proven: no gap");
        // with a smaller eps the same linkage counts them
        assertEquals(m, Margin.count(am, all, 1e-12));
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link Features#simplexRow}, the weight cells' direct row, against the general {@link Features#rivalRow}:
 * the same lower bound and, below eps, the same e = phi(i, j) - phi(i, t) to the last bit (the
 * cells' gathered rivals must not depend on which builder made them).
 */
class SimplexRowTest {
    @Test
    void sameRowsAsTheAccumulatorToTheBit() {
        int below = 0;
        for (long seed = 1; seed <= 3; seed++) {
            int n = 3 + (int) seed;
            LinkageData d = seed == 2 ? LearnFixtures.mdavPairs(120, n, 3, seed) : LearnFixtures.noise(120, n, 40, seed);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.WM_M, Aggregator.OWA)) {
                LearnOptions o = LearnOptions.defaults(a);
                ConflictSlave slave = new ConflictSlave(o, d, LearnFixtures.all(120));
                try {
                    Features f = slave.features();
                    Features.Accumulator acc = new Features.Accumulator(f.parameters());
                    double[] c1 = new double[n];
                    double[] c2 = new double[n];
                    int[] order = new int[n];
                    double[] ct = new double[n];
                    double[] phiT = new double[n];
                    double[] c = new double[n];
                    double[] e = new double[n];
                    for (int i = 0; i < 120; i++) {
                        int t = d.truth()[i];
                        f.simplexPhi(i, t, ct, phiT);
                        for (int j = 0; j < d.maskedCount(); j++) {
                            double general = f.rivalRow(i, t, j, acc, c1, c2, order);
                            double direct = f.simplexRow(i, j, ct, phiT, o.eps(), c, e);
                            String what = a + " seed " + seed + " (" + i + ", " + j + ")";
                            assertEquals(Double.doubleToLongBits(general), Double.doubleToLongBits(direct), what);
                            if (direct < o.eps()) {
                                below++;
                                for (int k = 0; k < n; k++) {
                                    assertEquals(Double.doubleToLongBits(acc.values[k]), Double.doubleToLongBits(e[k]),
                                            what + " e_" + k);
                                }
                            }
                        }
                    }
                } finally {
                    slave.delete();
                }
            }
        }
        assertEquals(true, below > 10_000, "rows below eps compared: " + below);
    }
}

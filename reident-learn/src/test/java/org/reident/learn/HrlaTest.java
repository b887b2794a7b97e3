package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.data.LinkageData;
import org.reident.distance.ChoquetDistance;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.ModelFile;
import org.reident.distance.Standardization;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;
import org.reident.protect.GroupedMasking;
import org.reident.protect.Mdav;
import org.reident.synth.AdditiveNoise;

/** HRLA (hrla-heuristic-choquet.txt section 3.2) on seeded files: validity, guarantees, determinism. */
class HrlaTest {
    private static final double EPS = LearnOptions.defaults(Aggregator.CHOQUET).eps();

    /** M4-28-like: 4 census-like variables, MDAV k=2 on (v1, v2) and k=8 on (v3, v4). */
    static LinkageData m428(int records, long seed) {
        double[] x = LearnFixtures.census(records, 4, seed);
        GroupedMasking g = new GroupedMasking(List.of(
                new GroupedMasking.ColumnGroup(new int[] {0, 1}, new Mdav(2, Mdav.Scale.RAW)),
                new GroupedMasking.ColumnGroup(new int[] {2, 3}, new Mdav(8, Mdav.Scale.RAW))));
        return LearnFixtures.data(x, g.apply(x, records, 4), records, 4);
    }

    /** Variable 0 published unchanged (a key), variables 1 and 2 with 150% additive noise. */
    static LinkageData keyed(int records, long seed) {
        double[] x = LearnFixtures.census(records, 3, seed);
        double[] y = AdditiveNoise.apply(x, records, 3, 150, seed + 100);
        for (int i = 0; i < records; i++) {
            y[i * 3] = x[i * 3];
        }
        return LearnFixtures.data(x, y, records, 3);
    }

    static HrlaResult hrla(LinkageData d, int[] train, long seed) {
        return new Hrla(Hrla.DEFAULT_LEARNING_RATE, Hrla.DEFAULT_EPOCHS, seed, Standardization.OWN, null).learn(d, train);
    }

    static int strict(LinkageResult r, int[] train) {
        int s = 0;
        for (int i : train) {
            s += r.rank(i) == 1 && r.tiesWithTrue(i) == 1 ? 1 : 0;
        }
        return s;
    }

    static void assertNormalisedMonotone(String what, double[] mu, int n) {
        assertEquals(1 << n, mu.length, what + ": 2^n values");
        assertEquals(0.0, mu[0], what + ": mu(empty)");
        assertEquals(1.0, mu[mu.length - 1], what + ": mu(V)");
        for (int m = 0; m < mu.length; m++) {
            assertTrue(mu[m] >= 0 && mu[m] <= 1, what + ": mu[" + m + "] = " + mu[m]);
            for (int k = 0; k < n; k++) {
                assertTrue(mu[m] <= mu[m | 1 << k], what + ": mu[" + m + "] = " + mu[m] + " > mu[" + (m | 1 << k) + "]");
            }
        }
    }

    @Test
    void learnedMeasureIsNormalisedMonotoneAndAcceptedByTheModelFile(@TempDir Path dir) throws Exception {
        LinkageData d = m428(120, 7);
        int[] all = LearnFixtures.all(120);
        for (long seed = 1; seed <= 4; seed++) {
            HrlaResult h = hrla(d, all, seed);
            String what = "seed " + seed;
            assertTrue(h.bestEpoch() > 0, what + ": HRLA never improved on AM, the measure checked would be the equilibrium one");
            double[] mu = h.measure();
            assertNormalisedMonotone(what, mu, 4);
            assertFalse(java.util.Arrays.equals(mu, DistanceModel.neutral(Method.CHOQUET, d.variables()).values()), what);
            Path f = dir.resolve("m" + seed + ".json");
            Files.writeString(f, ModelFile.toJson(h.result().model()).toString());
            DistanceModel back = ModelFile.read(f, f.toString());
            assertArrayEquals(mu, back.values(), 0.0, what + ": model file round trip");
        }
    }

    @Test
    void restorationYieldsANormalisedMonotoneMeasureAndKeepsValidOnes() {
        SplittableRandom r = new SplittableRandom(11);
        for (int n = 1; n <= 6; n++) {
            HrlaKernel k = new HrlaKernel(new double[n], new double[n], n, 1);
            for (int rep = 0; rep < 50; rep++) {
                double[] mu = new double[1 << n];
                for (int m = 0; m < mu.length; m++) {
                    mu[m] = r.nextDouble(-0.5, 1.5);
                }
                k.restore(mu);
                assertNormalisedMonotone("n=" + n + " random", mu, n);
                double[] valid = mu.clone();
                k.restore(mu);
                assertArrayEquals(valid, mu, 0.0, "n=" + n + ": a valid measure is left unchanged");
            }
        }
    }

    @Test
    void kernelIntegralAgreesWithTheEnginesChoquetDistance() {
        LinkageData d = m428(40, 3);
        double[][] z = Distances.standardized(d, Standardization.OWN);
        HrlaKernel k = new HrlaKernel(z[0], z[1], 4, 40);
        double[] mu = new double[16];
        SplittableRandom r = new SplittableRandom(5);
        for (int m = 0; m < 16; m++) {
            mu[m] = r.nextDouble(-0.2, 1.2);
        }
        k.restore(mu);
        ChoquetDistance cd = new ChoquetDistance(z[0], z[1], 4, mu);
        double[] row = new double[40];
        for (int i = 0; i < 40; i += 7) {
            k.chains(i);
            cd.block(i, 0, 40, row);
            for (int j = 0; j < 40; j++) {
                assertEquals(row[j], k.integral(j, mu), 1e-12 * (1 + row[j]), "pair " + i + ", " + j);
            }
        }
    }

    @Test
    void neverWorseThanAmAndCountsAreTheEnginesRecomputation() {
        int better = 0;
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = m428(150, seed);
            int[] train = new int[75]; // every other record: the count is over the training records only
            for (int q = 0; q < train.length; q++) {
                train[q] = 2 * q + (int) (seed % 2);
            }
            String what = "M4-28-like seed " + seed;
            HrlaResult h = hrla(d, train, seed);
            LearnResult r = h.result();
            int am = strict(LearnFixtures.am(d), train);
            assertEquals(am, h.amLinked(), what + ": the equilibrium measure links what AM links");
            assertTrue(r.trainingLinked() >= am, what + ": HRLA " + r.trainingLinked() + " < AM " + am);
            better += r.trainingLinked() > am ? 1 : 0;
            LinkageResult again = LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP) // as HRLA counts
                    .link(Distances.prepare(Method.CHOQUET, r.model(), d,
                    new DistanceOptions(Standardization.OWN, 2, false)), d.truth());
            assertEquals(strict(again, train), r.trainingLinked(), what + ": recomputed by the engine");
            for (int i = 0; i < d.originalCount(); i++) {
                assertEquals(again.rank(i), r.linkage().rank(i), what + ": rank of " + i);
                assertEquals(again.tiesWithTrue(i), r.linkage().tiesWithTrue(i), what + ": ties of " + i);
            }
            assertEquals("FEASIBLE", r.status(), "a heuristic is never called optimal");
            if (h.bestEpoch() > 0) {
                assertEquals(r.trainingLinked(), h.epochLinked()[h.bestEpoch() - 1], what + ": the best epoch's count");
            }
            for (int c : h.epochLinked()) {
                assertTrue(c <= r.trainingLinked(), what + ": an epoch linked " + c + " but the best kept " + r.trainingLinked());
            }
            LearnFixtures.checkResult(what, r, d, train, EPS);
            System.out.println(what + ": AM " + am + ", HRLA " + r.trainingLinked() + " of " + train.length + " (epoch "
                    + h.bestEpoch() + ", bound " + r.bound() + "), " + String.format("%.2f s", r.seconds()));
        }
        assertTrue(better >= 3, "HRLA improved on AM on only " + better + " of 4 files");
    }

    @Test
    void sameSeedSameMeasure() {
        LinkageData d = m428(100, 2);
        int[] all = LearnFixtures.all(100);
        HrlaResult a = hrla(d, all, 42);
        HrlaResult b = hrla(d, all, 42);
        assertArrayEquals(a.measure(), b.measure(), 0.0);
        assertArrayEquals(a.epochLinked(), b.epochLinked());
        assertEquals(a.result().trainingLinked(), b.result().trainingLinked());
        HrlaResult c = hrla(d, all, 43);
        assertFalse(java.util.Arrays.equals(a.epochLinked(), c.epochLinked()), "the seed orders the blocks");
    }

    @Test
    void keyVariableIsFoundAndWeighted() {
        for (long seed = 1; seed <= 3; seed++) {
            LinkageData d = keyed(60, seed);
            int[] all = LearnFixtures.all(60);
            HrlaResult h = hrla(d, all, seed);
            String what = "key file seed " + seed;
            assertEquals(60, h.result().bound(), what + ": every record is linkable (the key is exact)");
            assertTrue(h.amLinked() < 50, what + ": AM links " + h.amLinked() + ", the noise is meant to hide the key");
            assertEquals(60, h.result().trainingLinked(), what + ": HRLA links every record (AM: " + h.amLinked() + ")");
            double[] mu = h.measure();
            assertTrue(mu[1] > 1.0 / 3, what + ": mu({key}) = " + mu[1] + " not above the equilibrium 1/3");
            assertTrue(mu[1] > mu[2] && mu[1] > mu[4], what + ": the key's singleton is not the heaviest");
            System.out.println(what + ": AM " + h.amLinked() + ", HRLA " + h.result().trainingLinked() + ", mu = "
                    + java.util.Arrays.toString(mu));
        }
    }

    @Test
    void neverAboveTheExactMilpOptimum() {
        LinkageData d = m428(80, 5);
        int[] all = LearnFixtures.all(80);
        long t0 = System.nanoTime();
        LearnResult opt = LearnFixtures.learn(Aggregator.CHOQUET, d, all);
        double milpSeconds = (System.nanoTime() - t0) / 1e9;
        assertEquals("OPTIMAL", opt.status());
        List<String> lines = new ArrayList<>();
        for (long seed = 1; seed <= 3; seed++) {
            HrlaResult h = hrla(d, all, seed);
            LearnResult r = h.result();
            int withEps = 0;
            for (int i : all) {
                withEps += r.linkage().margin(i) >= EPS * (1 + 1e-6) ? 1 : 0;
            }
            // the MILP maximises the records linked with margin eps: HRLA's measure is feasible for it
            assertTrue(withEps <= opt.milpLinked(), "seed " + seed + ": HRLA links " + withEps
                    + " records with margin eps, above the MILP optimum " + opt.milpLinked());
            assertTrue(opt.milpLinked() <= r.bound(), "seed " + seed + ": HRLA's bound " + r.bound() + " below the optimum");
            assertTrue(r.trainingLinked() >= h.amLinked());
            lines.add("seed " + seed + ": HRLA strict " + r.trainingLinked() + " (margin >= eps " + withEps + ", epoch "
                    + h.bestEpoch() + ") " + String.format("%.2f s", r.seconds()));
        }
        System.out.println("80 records M4-28-like: AM " + strict(LearnFixtures.am(d), all) + ", MILP optimum "
                + opt.milpLinked() + " (strict " + opt.trainingLinked() + String.format(", %.1f s); ", milpSeconds) + lines);
    }
}

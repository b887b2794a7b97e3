package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The E-step with the objective's sum (count x ln(1 + e^o), taken as a product of the factors with
 * one logarithm at the end) against a direct sum, pattern by pattern, of count x ln(1 + e^o) with o
 * summed from its levels; on seeded patterns whose counts and odds reach every way a factor is
 * taken in: count 1 below 2^500, small counts below 2^64, large counts, and odds beyond 2^500 and
 * beyond 1e300 (each half's log-odds clamped to +-700, as the E-step does). The expected counts are the same to the last bit with and without the sum.
 */
class PatternEmTest {
    private static final int L = FellegiSunter.LEVELS;

    @Test
    void theProductOfTheFactorsIsTheSumOfTheirLogarithms() {
        int huge = 0; // 1 + e^o beyond 2^500
        int overflow = 0; // e^o beyond 1e300
        int beyondSmall = 0; // a small count with 1 + e^o beyond 2^64
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            int n = 4 + (int) (seed % 5); // 4 to 8 variables: halves of 2 to 4
            TreeMap<Long, Long> patterns = new TreeMap<>();
            for (int draw = 0; draw < 20_000; draw++) { // a pattern drawn twice keeps its last count
                long code = 0;
                for (int k = 0; k < n; k++) {
                    code |= (long) random.nextInt(L) << (4 * k);
                }
                double kind = random.nextDouble();
                long count = kind < 0.6 ? 1 : kind < 0.85 ? 2 + random.nextInt(PatternEm.SMALL_POWER - 1)
                        : kind < 0.98 ? 8 + random.nextInt(5_000) : 1_000_000 + random.nextInt(1_000_000);
                patterns.put(code, count);
            }
            long[] codes = patterns.keySet().stream().mapToLong(Long::longValue).toArray();
            long[] counts = patterns.values().stream().mapToLong(Long::longValue).toArray();
            double[] ratio = new double[n * L];
            for (int i = 0; i < ratio.length; i++) { // mostly moderate, some beyond any factor's limit
                ratio[i] = random.nextDouble() < 0.8 ? 40 * random.nextDouble() - 20 : 700 * random.nextDouble() - 350;
            }
            double prior = 12.5;
            PatternEm em = new PatternEm(codes, counts, n);
            double[] plain = new double[n * L];
            double[] with = new double[n * L];
            double matchedWith = em.expect(ratio, prior, with, true);
            double sum = em.logOnePlusOdds();
            double matchedPlain = em.expect(ratio, prior, plain, false);
            assertEquals(0, em.logOnePlusOdds(), "not asked (after a step that was): 0");
            assertEquals(matchedPlain, matchedWith, 0, "seed " + seed);
            assertArrayEquals(plain, with, 0, "seed " + seed);

            double expected = 0;
            double size = 0;
            for (int i = 0; i < codes.length; i++) {
                double sa = prior; // o = S_A + S_B, each half clamped to +-700 as PatternEm does
                double sb = 0;
                for (int k = 0; k < n; k++) {
                    double r = ratio[k * L + (int) (codes[i] >>> (4 * k) & 15)];
                    if (k < (n + 1) / 2) {
                        sa += r;
                    } else {
                        sb += r;
                    }
                }
                double o = Math.max(-700, Math.min(700, sa)) + Math.max(-700, Math.min(700, sb));
                double term = counts[i] * (o > 0 ? o + Math.log1p(Math.exp(-o)) : Math.log1p(Math.exp(o)));
                expected += term;
                size += Math.abs(term);
                huge += o > 500 * Math.log(2) ? 1 : 0;
                overflow += o > Math.log(1e300) ? 1 : 0;
                beyondSmall += counts[i] > 1 && counts[i] <= PatternEm.SMALL_POWER && o > 64 * Math.log(2) ? 1 : 0;
            }
            assertEquals(expected, sum, 1e-13 * size, "seed " + seed);
        }
        assertTrue(huge > 100 && overflow > 10 && beyondSmall > 100, "every path taken: " + huge + ", " + overflow + ", " + beyondSmall);
    }
}

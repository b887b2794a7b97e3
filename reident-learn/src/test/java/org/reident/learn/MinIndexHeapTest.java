package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MinIndexHeapTest {
    @Test
    void popsInKeyOrderTiesByIndexSkippingInfinity() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 400; trial++) {
            int n = rnd.nextInt(trial % 2 == 0 ? 60 : 400);
            double[] key = new double[n];
            for (int j = 0; j < n; j++) {
                int r = rnd.nextInt(10);
                key[j] = r == 0 ? Double.POSITIVE_INFINITY : r < 3 ? rnd.nextInt(3) - 1 : rnd.nextGaussian();
            }
            Integer[] expected = java.util.stream.IntStream.range(0, n).boxed()
                    .filter(j -> key[j] != Double.POSITIVE_INFINITY)
                    .sorted(Comparator.<Integer>comparingDouble(j -> key[j]).thenComparingInt(j -> j))
                    .toArray(Integer[]::new);
            MinIndexHeap h = new MinIndexHeap(key, 1 + rnd.nextInt(80)); // popped past its selection or not
            int[] got = new int[expected.length];
            for (int s = 0; s < got.length; s++) {
                got[s] = h.pop();
            }
            assertEquals(-1, h.pop());
            assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), got);
            int k = rnd.nextInt(trial % 3 == 0 ? 5 : 150);
            assertArrayEquals(Arrays.copyOf(got, Math.min(k, got.length)), MinIndexHeap.smallest(key, k));
            double limit = rnd.nextGaussian();
            int below = (int) Arrays.stream(key).filter(v -> v < limit).count();
            assertArrayEquals(Arrays.copyOf(got, Math.min(k, below)), MinIndexHeap.smallestBelow(key, limit, k));
        }
    }
}

package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SortingNetworkTest {
    @Test
    void batcherSizesForPowersOfTwo() {
        // Knuth TAOCP 5.3.4: Batcher's merge exchange uses 19 comparators for 8 inputs, 63 for 16
        assertEquals(0, new SortingNetwork(1).size());
        assertEquals(1, new SortingNetwork(2).size());
        assertEquals(5, new SortingNetwork(4).size());
        assertEquals(19, new SortingNetwork(8).size());
        assertEquals(63, new SortingNetwork(16).size());
    }

    @Test
    void sortsEveryColumnForEverySize() {
        Random rnd = new Random(5);
        for (int n = 1; n <= 20; n++) {
            SortingNetwork net = new SortingNetwork(n);
            int len = 257;
            double[][] v = new double[n][len];
            for (double[] row : v) {
                for (int j = 0; j < len; j++) {
                    row[j] = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : rnd.nextDouble(); // many duplicates
                }
            }
            double[][] expected = new double[len][n];
            for (int j = 0; j < len; j++) {
                for (int k = 0; k < n; k++) {
                    expected[j][k] = v[k][j];
                }
                Arrays.sort(expected[j]);
            }
            net.sortColumns(v, len);
            for (int j = 0; j < len; j++) {
                double[] got = new double[n];
                for (int k = 0; k < n; k++) {
                    got[k] = v[k][j];
                }
                assertArrayEquals(expected[j], got, "n = " + n + ", column " + j);
            }
        }
    }

    @Test
    void sortsAllZeroOnePatterns() {
        // the 0-1 principle: a comparator network sorts every input iff it sorts every 0-1 input
        for (int n = 1; n <= 12; n++) {
            SortingNetwork net = new SortingNetwork(n);
            int len = 1 << n;
            double[][] v = new double[n][len];
            for (int j = 0; j < len; j++) {
                for (int k = 0; k < n; k++) {
                    v[k][j] = (j >> k) & 1;
                }
            }
            net.sortColumns(v, len);
            for (int j = 0; j < len; j++) {
                for (int k = 1; k < n; k++) {
                    assertEquals(true, v[k - 1][j] <= v[k][j], "n = " + n + " pattern " + j);
                }
            }
        }
    }
}

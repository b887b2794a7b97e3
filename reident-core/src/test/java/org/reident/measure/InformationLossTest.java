package org.reident.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InformationLossTest {
    static PairedColumns columns(double[][] x, double[][] y) {
        String[] names = new String[x.length];
        for (int k = 0; k < x.length; k++) {
            names[k] = "V" + (k + 1);
        }
        return new PairedColumns(List.of(names), x, y);
    }

    @Test
    void handComputed() {
        // V1 = (1, 2, 3): sd 1, |differences| 0 + 1 + 0 = 1; V2 = (0, 2, 4): sd 2, |differences| 1 + 1 + 2 = 4
        PairedColumns c = columns(new double[][] {{1, 2, 3}, {0, 2, 4}}, new double[][] {{1, 3, 3}, {1, 1, 6}});
        double expected = (1 / (Math.sqrt(2) * 1) + 4 / (Math.sqrt(2) * 2)) / (2 * 3);
        assertEquals(expected, InformationLoss.il1s(c), 1e-15);
    }

    @Test
    void unmaskedIsZero() {
        double[][] x = {{3, 1, 4, 1, 5}, {9, 2, 6, 5, 3}};
        assertEquals(0, InformationLoss.il1s(columns(x, x)));
    }

    /** Noise of sd c S gives E|e| / (sqrt 2 S) = c / sqrt(pi). */
    @Test
    void gaussianNoiseGivesCOverRootPi() {
        Random r = new Random(11);
        int n = 200_000;
        double[][] x = new double[1][n];
        double[][] y = new double[1][n];
        for (int i = 0; i < n; i++) {
            x[0][i] = 5 + 3 * r.nextGaussian();
            y[0][i] = x[0][i] + 0.5 * 3 * r.nextGaussian();
        }
        // sd of the mean |e| estimate: 1.5 sqrt(1 - 2/pi) / sqrt(n), relative about 0.2%
        assertEquals(0.5 / Math.sqrt(Math.PI), InformationLoss.il1s(columns(x, y)), 0.005);
    }
}

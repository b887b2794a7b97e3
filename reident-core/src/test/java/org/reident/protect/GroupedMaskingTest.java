package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.InputException;
import org.reident.protect.GroupedMasking.ColumnGroup;
import org.reident.synth.CensusLikeGenerator;

class GroupedMaskingTest {
    private static final int ROWS = 400;
    private static final int N = 5;
    private static final double[] X = CensusLikeGenerator.generate(ROWS, N, 21L).values();

    private static double[] columns(double[] x, int rows, int n, int... cols) {
        double[] s = new double[rows * cols.length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols.length; j++) {
                s[i * cols.length + j] = x[i * n + cols[j]];
            }
        }
        return s;
    }

    /** The papers' M4-28 on columns 0..3; column 4 is not selected and must be copied. */
    @Test
    void m428AppliesEachGroupIndependentlyAndCopiesTheRest() {
        GroupedMasking m = new GroupedMasking(List.of(
                new ColumnGroup(new int[] {0, 1}, new Mdav(2)),
                new ColumnGroup(new int[] {2, 3}, new Mdav(8))));
        assertEquals("mdav(k=2)[0,1];mdav(k=8)[2,3]", m.label());
        double[] y = m.apply(X, ROWS, N);
        assertArrayEquals(new Mdav(2).apply(columns(X, ROWS, N, 0, 1), ROWS, 2), columns(y, ROWS, N, 0, 1));
        assertArrayEquals(new Mdav(8).apply(columns(X, ROWS, N, 2, 3), ROWS, 2), columns(y, ROWS, N, 2, 3));
        assertArrayEquals(columns(X, ROWS, N, 4), columns(y, ROWS, N, 4));
        // the two groups really are different partitions: 200 pairs vs 50 groups of 8
        assertEquals(200, MicroaggregationChecks.sizes(new Mdav(2).groups(columns(X, ROWS, N, 0, 1), ROWS, 2)).length);
        assertEquals(50, MicroaggregationChecks.sizes(new Mdav(8).groups(columns(X, ROWS, N, 2, 3), ROWS, 2)).length);
    }

    @Test
    void columnsInAnyOrderAndMixedMethods() {
        GroupedMasking m = new GroupedMasking(List.of(
                new ColumnGroup(new int[] {4, 1}, new Micz(3)),
                new ColumnGroup(new int[] {2}, new IndividualRanking(5))));
        assertEquals("micz(k=3)[4,1];individual-ranking(k=5)[2]", m.label());
        double[] y = m.apply(X, ROWS, N);
        assertArrayEquals(new Micz(3).apply(columns(X, ROWS, N, 4, 1), ROWS, 2), columns(y, ROWS, N, 4, 1));
        assertArrayEquals(new IndividualRanking(5).apply(columns(X, ROWS, N, 2), ROWS, 1), columns(y, ROWS, N, 2));
        assertArrayEquals(columns(X, ROWS, N, 0, 3), columns(y, ROWS, N, 0, 3));
    }

    @Test
    void noGroupsIsACopy() {
        double[] y = new GroupedMasking(List.of()).apply(X, ROWS, N);
        assertArrayEquals(X, y);
    }

    @Test
    void errors() {
        InputException overlap = assertThrows(InputException.class, () -> new GroupedMasking(List.of(
                new ColumnGroup(new int[] {0, 1}, new Mdav(2)), new ColumnGroup(new int[] {1, 2}, new Mdav(3)))));
        assertEquals("--groups: column 1 is in more than one variable group", overlap.getMessage());
        assertThrows(InputException.class,
                () -> new GroupedMasking(List.of(new ColumnGroup(new int[] {3, 3}, new Mdav(2)))));
        GroupedMasking tooLarge = new GroupedMasking(List.of(new ColumnGroup(new int[] {2, 3}, new Mdav(300))));
        InputException k = assertThrows(InputException.class, () -> tooLarge.apply(X, ROWS, N));
        assertEquals("--groups: columns [2, 3]: group size 300 is larger than half the 400 records; "
                + "microaggregation needs at least two groups", k.getMessage());
        GroupedMasking outOfRange = new GroupedMasking(List.of(new ColumnGroup(new int[] {5}, new Mdav(2))));
        assertThrows(IllegalArgumentException.class, () -> outOfRange.apply(X, ROWS, N));
        assertThrows(IllegalArgumentException.class, () -> new ColumnGroup(new int[] {}, new Mdav(2)));
        assertThrows(IllegalArgumentException.class, () -> new ColumnGroup(new int[] {-1}, new Mdav(2)));
        int[] cols = {0, 1};
        ColumnGroup g = new ColumnGroup(cols, new Mdav(2));
        cols[0] = 4;
        assertEquals(0, g.columns()[0]);
    }
}

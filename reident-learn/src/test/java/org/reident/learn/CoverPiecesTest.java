package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CoverPieces}: the pieces' least covers sum to the whole's least cover, each piece handed to
 * its solver over records of its own (0..k-1), checked against a least cover by enumeration.
 */
class CoverPiecesTest {
    /** The least cover by enumeration of every set of records (at most 20). */
    private static long[] least(List<int[]> cuts, int records, double seconds) {
        int best = records;
        for (int set = 0; set < 1 << records; set++) {
            int size = Integer.bitCount(set);
            if (size >= best) {
                continue;
            }
            boolean covers = true;
            for (int[] c : cuts) {
                boolean hit = false;
                for (int r : c) {
                    hit |= (set >> r & 1) == 1;
                }
                covers &= hit;
            }
            if (covers) {
                best = size;
            }
        }
        return new long[] {best, 1};
    }

    @Test
    void twoTrianglesAndALoneConflict() {
        List<int[]> cuts = List.of(new int[] {10, 11}, new int[] {11, 12}, new int[] {10, 12}, new int[] {3, 4},
                new int[] {4, 5}, new int[] {3, 5}, new int[] {7});
        CoverPieces.Result r = CoverPieces.bound(cuts, 13, 10, CoverPiecesTest::least);
        assertEquals(3, r.pieces());
        assertEquals(3, r.exact());
        assertEquals(2 + 2 + 1, r.lower());
        assertEquals(List.of(3, 3, 1), CoverPieces.pieces(cuts, 13).stream().map(List::size).toList());
    }

    @Test
    void aPieceTheSolverCannotBoundCountsOneRecord() {
        List<int[]> cuts = List.of(new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2}, new int[] {5, 6});
        CoverPieces.Result r = CoverPieces.bound(cuts, 7, 10, (c, k, s) -> new long[] {0, 0});
        assertEquals(2, r.pieces());
        assertEquals(0, r.exact());
        assertEquals(2, r.lower());
    }

    @Test
    void thePiecesSumToTheWholesLeastCoverOnSeededInstances() {
        Random rnd = new Random(90);
        int split = 0;
        for (int t = 0; t < 300; t++) {
            int records = 6 + rnd.nextInt(13);
            List<int[]> cuts = new ArrayList<>();
            int count = 1 + rnd.nextInt(2 * records);
            for (int q = 0; q < count; q++) {
                int size = 1 + rnd.nextInt(3);
                int from = rnd.nextInt(records); // records near one another, so that pieces form
                int[] c = new int[size];
                for (int i = 0; i < size; i++) {
                    c[i] = Math.min(records - 1, from + rnd.nextInt(3));
                }
                cuts.add(java.util.Arrays.stream(c).distinct().toArray());
            }
            CoverPieces.Result r = CoverPieces.bound(cuts, records, 10, CoverPiecesTest::least);
            split += r.pieces() > 1 ? 1 : 0;
            assertEquals(least(cuts, records, 0)[0], r.lower(), "instance " + t);
            assertEquals(r.pieces(), r.exact());
            int inPieces = 0;
            for (List<int[]> p : CoverPieces.pieces(cuts, records)) {
                inPieces += p.size();
            }
            assertEquals(cuts.size(), inPieces, "every conflict in one piece");
        }
        assertTrue(split > 100, split + " instances fell into pieces");
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CellKept#next}, the walk over a mask of crossing rivals that a split and the pairs of
 * rivals use in place of a test per rival: by hand, and on seeded random masks against the plain
 * loop over every rival with {@link CellKept#bit}; and the bytes a cell's records count for the
 * search's share of the heap ({@link CellKept#bytes}).
 */
class CellKeptTest {
    @Test
    void theWalkVisitsTheMasksRivalsInOrder() {
        int m = 0b1010_0110; // rivals 1, 2, 5, 7
        assertEquals(List.of(1, 2, 5, 7), walk(m, 16));
        assertEquals(List.of(1, 2, 5), walk(m, 6)); // rival 7 is beyond the record's 6
        assertEquals(List.of(), walk(0, 16));
        assertEquals(List.of(0, 31, 32, 33), walk(1 | CellKept.bit(40), 34)); // bit 31: rival 31 and every later one
        assertEquals(List.of(0, 1, 2), walk(CellKept.ALL, 3));
        assertEquals(30, CellKept.next(1 << 30, -1, 40));
        assertEquals(-1, CellKept.next(1 << 30, 30, 40));
        assertEquals(-1, CellKept.next(CellKept.bit(31), -1, 31)); // bit 31 names no rival when there are 31
    }

    @Test
    void theWalkEqualsATestOfEveryRival() {
        Random random = new Random(76);
        for (int t = 0; t < 2000; t++) {
            int m = t % 5 == 0 ? CellKept.ALL : random.nextInt() & random.nextInt();
            int count = random.nextInt(70);
            List<Integer> plain = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                if ((m & CellKept.bit(k)) != 0) {
                    plain.add(k);
                }
            }
            assertEquals(plain, walk(m, count), "mask " + Integer.toBinaryString(m) + ", " + count + " rivals");
        }
    }

    /**
     * {@link CellKept#bytes}, by hand: 32 for the object, 16-byte array headers, sizes rounded to 8,
     * 24 for the newest link of the sure chain; the links it shares with its parent are not counted.
     */
    @Test
    void aCellsRecordsCountTheirOwnBytes() {
        CellKept.Builder b = new CellKept.Builder(null, 5, 0, false);
        b.sure(7);
        b.sure(9);
        b.open(3, 0b101);
        CellKept plain = b.kept();
        assertEquals(32 + 24 + 24 + 24 + 24, plain.bytes()); // open 16 + 4 -> 24, crossing 24, sure ids 16 + 8
        CellKept.Builder l = new CellKept.Builder(plain, 5, 0, true);
        l.sure(11);
        l.open(3, 0b101);
        l.open(4, 0b1);
        CellKept lows = l.kept();
        // open and crossing 16 + 8 each, three low-vertex bytes 16 + 3 -> 24, the new link's one id 16 + 4 -> 24
        assertEquals(32 + 24 + 24 + 24 + 24 + 24, lows.bytes());
        assertEquals(3, lows.sure(), "the parent's two sure records are in the cell, not in its bytes");
        CellKept.Builder none = new CellKept.Builder(plain, 5, 0, false);
        none.open(3, 0b1);
        assertEquals(32 + 24 + 24 + 24 + 24, none.kept().bytes(), "no new sure record: the parent's link is counted again");
    }

    private static List<Integer> walk(int m, int count) {
        List<Integer> out = new ArrayList<>();
        for (int k = CellKept.next(m, -1, count); k >= 0; k = CellKept.next(m, k, count)) {
            out.add(k);
        }
        return out;
    }
}

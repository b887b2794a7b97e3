package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The weighing of the cuts' turns beside leading weight cells, by hand: a turn is weighed only after
 * {@link CutsTurns#TURN_LEAST} s, goes on in slices while the cuts' bound falls faster than the cells'
 * did alone, and ends otherwise with the next wait doubled.
 */
class CutsTurnsTest {

    @Test
    void aTurnGoesOnWhileTheCutsFallFasterThanTheCellsDid() {
        CutsTurns t = new CutsTurns(20);
        assertFalse(t.inTurn());
        assertEquals("", t.note(0));
        t.start(100, 800, 0.5); // the cells fell 10 records in 20 s
        assertTrue(t.inTurn());
        assertNull(t.weigh(104.9, 790), "too soon to weigh");
        assertTrue(t.inTurn());
        assertNotNull(t.weigh(106, 797), "3 records in 6 s, 0.5 a second: as fast, not faster: the turn ends");
        assertFalse(t.inTurn());
        assertEquals(40, t.after(), 0, "the next wait twice as long");
    }

    @Test
    void aFasterSliceStartsTheNextOneFromItsEnd() {
        CutsTurns t = new CutsTurns(20);
        t.start(100, 800, 0.5);
        assertNull(t.weigh(106, 796), "4 records in 6 s: faster than 0.5 a second");
        assertTrue(t.inTurn());
        assertEquals(20, t.after(), 0);
        assertNull(t.weigh(110, 790), "the next slice, 4 s old, is not weighed yet");
        assertTrue(t.inTurn());
        // the slice from 106 s at 796: 796 - 794 = 2 records in 5 s, 0.4 a second: the turn ends
        String ended = t.weigh(111, 794);
        assertNotNull(ended);
        assertFalse(t.inTurn());
        assertTrue(ended.startsWith("cuts: their turn ends, their bound having fallen 2 records in 5.0 s (the cells' 0.50"
                + " a second alone); the next after 40 s of waiting"), ended);
        assertEquals("; the cuts took 1 turn beside the leading cells (11.0 s)", t.note(200));
        assertNull(t.weigh(300, 700), "no turn under way: nothing to weigh");
    }

    @Test
    void aTurnIsTakenOnlyWithinFivePercentOfTheLinkableRecords() {
        assertTrue(CutsTurns.within(836, 808, 993), "the whole Census's OWA: 28 records behind, 50 allowed");
        assertTrue(CutsTurns.within(858, 808, 993));
        assertFalse(CutsTurns.within(859, 808, 993));
        assertFalse(CutsTurns.within(886, 599, 1000), "287 behind");
        assertTrue(CutsTurns.within(11, 10, 3), "at least one record");
        assertFalse(CutsTurns.within(12, 10, 3));
    }

    @Test
    void cellsThatStoodStillLoseToAnyFall() {
        CutsTurns t = new CutsTurns(20);
        t.start(0, 500, 0);
        assertNull(t.weigh(5, 499));
        assertTrue(t.inTurn());
        assertNotNull(t.weigh(10, 499), "neither moved: the cells have the cores again");
        t.start(50, 499, 0);
        assertEquals("; the cuts took 2 turns beside the leading cells (12.0 s)", t.note(52), "a turn under way counts to now");
    }
}

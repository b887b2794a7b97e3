package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A run stopped by the clock in its first round (here after 2 s of a round of several seconds, before
 * any master solve and before the weight cells start) still bounds by the conflicts it has found:
 * the cuts' quick dual bound ({@link CoverRaise}) instead of every linkable record.
 */
class EndBoundTest {
    @Test
    void aRunStoppedInItsFirstRoundBoundsByItsConflicts() {
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnResult r = LearnFixtures.lowRateWm(2, lines);
        assertTrue(lines.stream().noneMatch(l -> l.matches("round \\d+: bound .*")), "no master solve in 2 s: " + lines);
        String end = lines.stream().filter(l -> l.startsWith("end: bound ")).findFirst().orElseThrow(() -> new AssertionError(
                "no end bound: " + lines));
        assertEquals(r.bound(), Integer.parseInt(end.replaceAll("end: bound (\\d+) .*", "$1")), end);
        assertTrue(r.bound() < 3000 - r.unlinkable(), "below every linkable record: " + r.bound() + ", " + r.unlinkable()
                + " unlinkable");
    }
}

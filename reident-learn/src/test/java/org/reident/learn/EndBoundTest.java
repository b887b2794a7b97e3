package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A run stopped by the clock in its first round (here after 6 s of a round of several seconds, before
 * any master solve) still bounds by the conflicts it has found: the cuts' quick dual bound
 * ({@link CoverRaise}) instead of every linkable record. CI, whose searches beside the cuts start at
 * 3 s (on this file, 63% unlinkable, WM's weight cells start at 1 s and would give the bound).
 */
class EndBoundTest {
    @Test
    void aRunStoppedInItsFirstRoundBoundsByItsConflicts() {
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnResult r = LearnFixtures.lowRate(Aggregator.CHOQUET, 6, lines);
        assertTrue(lines.stream().noneMatch(l -> l.matches("round \\d+: bound .*")), "no master solve in 6 s: " + lines);
        String end = lines.stream().filter(l -> l.startsWith("end: bound ")).findFirst().orElseThrow(() -> new AssertionError(
                "no end bound: " + lines));
        assertEquals(r.bound(), Integer.parseInt(end.replaceAll("end: bound (\\d+) .*", "$1")), end);
        assertTrue(r.bound() < 3000 - r.unlinkable(), "below every linkable record: " + r.bound() + ", " + r.unlinkable()
                + " unlinkable");
    }
}

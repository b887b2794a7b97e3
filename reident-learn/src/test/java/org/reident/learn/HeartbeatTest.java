package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat's status lines, driven by explicit times through {@link Heartbeat#tick} (no timer):
 * a line only after a quiet period of the run's own lines, the status read when it is shown, and no
 * timer thread without a progress channel, and no line after close.
 */
class HeartbeatTest {
    @Test
    void aLineOnlyAfterTheQuietPeriod() {
        List<String> lines = new ArrayList<>();
        AtomicInteger round = new AtomicInteger(1);
        Heartbeat h = new Heartbeat(lines::add, () -> "round " + round.get(), 15, 100, false);
        assertFalse(h.tick(114.9));
        assertTrue(h.tick(115.0));
        assertEquals(List.of("round 1"), lines);
        round.set(2);
        assertFalse(h.tick(129.9), "the next one waits another quiet period");
        assertTrue(h.tick(130.0));
        assertEquals(List.of("round 1", "round 2"), lines, "the status is read when shown");
    }

    @Test
    void theRunsOwnLinesRestartTheQuietPeriod() {
        List<String> lines = new ArrayList<>();
        Heartbeat h = new Heartbeat(lines::add, () -> "status", 15, 0, false);
        h.said(10);
        assertFalse(h.tick(15));
        assertFalse(h.tick(24.9));
        assertTrue(h.tick(25));
        h.said(26);
        assertFalse(h.tick(40.9));
        assertEquals(1, lines.size());
    }

    @Test
    void silentWithoutAProgressChannel() {
        Heartbeat h = Heartbeat.start(null, () -> "status", 0);
        assertFalse(h.tick(1e9));
        assertFalse(h.timed(), "no timer thread is started");
        h.close();
    }

    /** With a quiet period of 0 the timer shows a line every second; after close it shows none. */
    @Test
    void closeStopsTheTimer() throws InterruptedException {
        List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        Heartbeat h = new Heartbeat(lines::add, () -> "status", 0, System.nanoTime() / 1e9, true);
        assertTrue(h.timed());
        long waitUntil = System.nanoTime() + 10_000_000_000L;
        while (lines.isEmpty() && System.nanoTime() < waitUntil) {
            Thread.sleep(50);
        }
        assertFalse(lines.isEmpty(), "the timer shows the status");
        h.close();
        int shown = lines.size();
        Thread.sleep(1500);
        assertEquals(shown, lines.size(), "no line after close");
        assertEquals("status", lines.get(0));
    }

    /** The run's status line names the climbs' best when it leads the incumbent the run has taken (stop 74). */
    @Test
    void theStatusNamesTheClimbsBestWhenItLeads() {
        assertEquals("best 898 (the climbs beside: 1056, taken at the run's next check)", ConflictRun.best(898, 1056));
        assertEquals("best 898", ConflictRun.best(898, 898));
        assertEquals("best 898", ConflictRun.best(898, -1), "no climb yet");
    }
}

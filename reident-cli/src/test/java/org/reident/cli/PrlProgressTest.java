package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.reident.distance.FellegiSunter;

/**
 * {@link PrlProgress}: nothing before the fit has run a second; then the count's percentage when
 * it grows, EM's line at most every quarter second (the first at once), the line cleared at the
 * end; a fast fit prints nothing.
 */
class PrlProgressTest {
    private static final long MS = 1_000_000L;
    /** EM's line, its stop the model's ({@link FellegiSunter#CONVERGED}, 1e-12). */
    private static final String EM = "\rreident: prl: EM iteration %d, largest move %s (stops at "
            + String.format(Locale.ROOT, "%.0e", FellegiSunter.CONVERGED) + ")\033[K";

    @Test
    void aSlowFitShowsTheCountThenEmAndClearsAtTheEnd() {
        StringWriter text = new StringWriter();
        long[] now = {5_000 * MS};
        PrlProgress p = new PrlProgress(new PrintWriter(text), 200, () -> now[0]);
        now[0] += 900 * MS;
        p.counted(100); // before the second: nothing
        now[0] += 100 * MS;
        p.counted(101);
        p.counted(99); // out of order: not shown going back
        p.counted(101); // the same percentage
        p.counted(102);
        p.counted(200);
        long[] at = {1000, 1100, 1249, 1250, 1600};
        for (int i = 0; i < at.length; i++) {
            now[0] = (5_000 + at[i]) * MS;
            p.iterated(i + 1, 3e-4 * (i + 1));
        }
        p.fitted(at.length);
        String count = "\rreident: prl: counting the pairs' agreement patterns: %d%%\033[K";
        assertEquals(String.format(count, 50) + String.format(count, 51) + String.format(count, 100)
                + String.format(EM, 1, "3.0e-04") + String.format(EM, 4, "1.2e-03") + String.format(EM, 5, "1.5e-03")
                + "\r\033[K", text.toString());
    }

    @Test
    void emShowsOnceTheFitHasRunASecond() {
        StringWriter text = new StringWriter();
        long[] now = {0};
        PrlProgress p = new PrlProgress(new PrintWriter(text), 10, () -> now[0]);
        p.counted(10);
        long[] at = {10, 400, 999, 1000, 1249, 1250};
        for (int i = 0; i < at.length; i++) {
            now[0] = at[i] * MS;
            p.iterated(i + 1, 3e-4 * (i + 1));
        }
        p.fitted(at.length);
        assertEquals(String.format(EM, 4, "1.2e-03") + String.format(EM, 6, "1.8e-03") + "\r\033[K", text.toString());
    }

    @Test
    void aFastFitPrintsNothing() {
        StringWriter text = new StringWriter();
        long[] now = {0};
        PrlProgress p = new PrlProgress(new PrintWriter(text), 10, () -> now[0]);
        for (int i = 1; i <= 10; i++) {
            p.counted(i);
        }
        for (int i = 1; i <= 900; i++) {
            now[0] = i * MS;
            p.iterated(i, 1e-6);
        }
        p.fitted(900);
        assertEquals("", text.toString());
    }
}

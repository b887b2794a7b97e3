package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.learn.EpsAdvice;

/**
 * {@link EpsAdvice} through {@code reident learn}: on a file whose records lie close together in
 * standardised units (one record a million times the others' scale), the true matches are nearest by
 * margins far below the default eps, so the engine re-identifies more records than the bound counts;
 * the result says so, suggests a smaller eps, and with it the bound covers the re-identifications
 * and no advice follows. The gap compares the bound with the records linked with margin eps.
 */
class EpsAdviceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path[] files() throws IOException {
        SplittableRandom rnd = new SplittableRandom(3);
        StringBuilder x = new StringBuilder("A,B\n");
        StringBuilder y = new StringBuilder("A,B\n");
        int n = 300;
        for (int i = 0; i < n; i++) {
            double a = i == n - 1 ? 1e6 : i;
            double b = i == n - 1 ? 1e6 : (i * 7) % (n - 1);
            x.append(String.format(Locale.ROOT, "%.1f,%.1f%n", a, b));
            y.append(String.format(Locale.ROOT, "%.4f,%.4f%n", a + 0.4 * (rnd.nextDouble() - 0.5), b + 0.4 * (rnd.nextDouble() - 0.5)));
        }
        Path px = dir.resolve("x.csv");
        Path py = dir.resolve("y.csv");
        Files.writeString(px, x);
        Files.writeString(py, y);
        return new Path[] {px, py};
    }

    private static JsonNode learn(Path[] f, String... extra) throws IOException {
        String[] base = {"learn", "--original", f[0].toString(), "--protected", f[1].toString(), "--aggregator", "wm",
            "--time-limit", "60s", "--json"};
        Cli r = Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        return JSON.readTree(r.out());
    }

    private static void gapOnMargins(JsonNode j) {
        int bound = j.get("objective_bound").asInt();
        double gap = bound == 0 ? 0 : Math.max(0, (bound - j.get("margin_linked").asDouble()) / bound);
        assertEquals(gap, j.get("gap").asDouble(), 1e-6, j.toString());
    }

    @Test
    void aLargeEpsIsSaidAndASmallerOneCountsTheLinks() throws IOException {
        Path[] f = files();
        JsonNode big = learn(f, "--eps", "1e-4");
        int strict = big.get("reidentified").asInt();
        assertTrue(strict > 250, "the engine links nearly every record: " + strict);
        assertTrue(strict > big.get("objective_bound").asInt() + 100, "the bound misses most links: " + big);
        assertTrue(big.has("eps_note"), big.toString());
        double suggested = big.get("eps_suggested").asDouble();
        assertTrue(suggested >= org.reident.learn.Margin.FLOOR && suggested <= 1e-8, "suggested " + suggested);
        assertEquals(1.0, Math.pow(10, Math.round(Math.log10(suggested))) / suggested, 1e-9, "a power of ten");
        gapOnMargins(big);

        JsonNode small = learn(f, "--eps", Double.toString(suggested));
        assertFalse(small.has("eps_note"), small.toString());
        assertTrue(small.get("objective_bound").asInt() + 2 >= small.get("reidentified").asInt(), small.toString());
        assertTrue(small.get("margin_linked").asInt() >= 0.9 * strict, small.toString());
        gapOnMargins(small);

        Cli text = Cli.run("learn", "--original", f[0].toString(), "--protected", f[1].toString(), "--aggregator", "wm",
                "--time-limit", "60s", "--eps", "1e-4");
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("note: eps = 1e-4 is large for this file: "), text.out());
        assertTrue(text.out().contains("no parameter value links more than 1 record with margin eps = 1e-4; "), text.out());
        assertTrue(text.out().contains("299 more records are nearest to their true match with a margin below eps"), text.out());
        assertTrue(text.out().contains("299 records cannot be linked with margin eps by any parameter value"), text.out());
    }

    /**
     * --eps auto (the default) chooses eps from AM's margins before learning: on this file a power of
     * ten at most the 5th percentile of AM's positive margins, far below 1e-4, so the bound counts
     * the links the engine makes.
     */
    @Test
    void autoChoosesASmallEpsOnThisFile() throws IOException {
        Path[] f = files();
        JsonNode j = learn(f);
        assertEquals("auto", j.get("eps_chosen").asText(), j.toString());
        assertEquals("auto", j.get("options").get("eps").asText(), j.toString());
        double eps = j.get("eps").asDouble();
        double p5 = j.get("eps_am_percentile5").asDouble();
        assertTrue(eps <= p5 && eps > p5 / 10 || eps == org.reident.learn.Margin.FLOOR && p5 < eps,
                "eps " + eps + " is the power of ten at most " + p5);
        assertEquals(1.0, Math.pow(10, Math.round(Math.log10(eps))) / eps, 1e-9, "a power of ten: " + eps);
        assertTrue(eps < 1e-6, "far below the default: " + eps);
        int strict = j.get("reidentified").asInt();
        assertTrue(j.get("margin_linked").asInt() >= 0.9 * strict, j.toString());
        assertTrue(j.get("objective_bound").asInt() + 2 >= strict, j.toString());
        gapOnMargins(j);

        JsonNode given = learn(f, "--eps", "1e-4");
        assertEquals("given", given.get("eps_chosen").asText());
        assertFalse(given.has("eps_am_percentile5"));
        assertEquals(1e-4, given.get("eps").asDouble(), 0);

        Cli text = Cli.run("learn", "--original", f[0].toString(), "--protected", f[1].toString(), "--aggregator", "wm",
                "--time-limit", "60s");
        assertEquals(0, text.status(), text.err());
        assertTrue(text.err().contains("reident learn: eps " + EpsAdvice.format(eps) + " (auto: the 5th percentile of AM's margins on the "),
                text.err());
    }
}

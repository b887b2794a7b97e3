package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.cli.ProtectFixtures.Table;

/**
 * {@code reident protect --preset M4-28} on the CASC Census file (../shared/data/census.csv; the
 * test is skipped when it is absent, and fails in CI): 400 records drawn at random, the first four
 * variables, MDAV with k = 2 on (AFNLWGT, AGI) and k = 8 on (EMCONTRB, FEDTAX).
 */
class ProtectPresetCensusTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> VARS = List.of("AFNLWGT", "AGI", "EMCONTRB", "FEDTAX");

    @TempDir
    Path dir;
    Path census;

    @BeforeEach
    void census() {
        census = SharedDataFiles.file("census.csv");
    }

    private Path preset(String folder, long seed) {
        Path out = dir.resolve(folder);
        Cli r = Cli.run("protect", "--preset", "M4-28", "--original", census.toString(), "--out", out.toString(), "--seed",
                Long.toString(seed));
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err().strip());
        assertTrue(r.out().startsWith("M4-28: 400 records"), r.out());
        return out;
    }

    @Test
    void m428WritesTheSampleAndItsMicroaggregatedVersion() throws IOException {
        Path out = preset("m4-28", 5);
        Table x = ProtectFixtures.read(out.resolve("original.csv"));
        Table y = ProtectFixtures.read(out.resolve("protected.csv"));
        assertEquals(VARS, x.header());
        assertEquals(VARS, y.header());
        assertEquals(400, x.rows().size());
        assertEquals(400, y.rows().size());

        // every original record is a record of census.csv (first four variables, exact values),
        // 400 different ones
        Table all = ProtectFixtures.read(census);
        Map<String, Integer> censusRows = new HashMap<>();
        for (int i = 0; i < all.rows().size(); i++) {
            censusRows.merge(all.tuple(i, VARS), 1, Integer::sum);
        }
        Map<String, Integer> used = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            String t = x.tuple(i, VARS);
            assertTrue(censusRows.containsKey(t), "original record " + (i + 1) + " is no census record: " + x.rows().get(i));
            used.merge(t, 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : used.entrySet()) {
            assertTrue(e.getValue() <= censusRows.get(e.getKey()), "census record drawn twice: " + e.getKey());
        }

        // MDAV groups: identical (AFNLWGT, AGI) in groups of 2..3, identical (EMCONTRB, FEDTAX) in 8..15,
        // each holding the mean of its records' original values
        checkGroups(x, y, List.of("AFNLWGT", "AGI"), 2, 3);
        checkGroups(x, y, List.of("EMCONTRB", "FEDTAX"), 8, 15);

        JsonNode prov = JSON.readTree(out.resolve("provenance.json").toFile());
        assertEquals(5, prov.get("seed").asLong());
        assertEquals("M4-28", prov.get("preset").asText());
        assertEquals(400, prov.get("records").asInt());
        assertEquals(ProtectFixtures.sha256(census), prov.get("input").get("sha256").asText());
        assertTrue(prov.get("masking").asText().contains("k=2") && prov.get("masking").asText().contains("k=8"), prov.toString());
        List<String> link = new ArrayList<>();
        prov.get("link_variables").forEach(n -> link.add(n.asText()));
        assertEquals(VARS, link);
    }

    private static void checkGroups(Table x, Table y, List<String> vars, int lo, int hi) {
        Map<String, List<Integer>> groups = new HashMap<>();
        for (int i = 0; i < y.rows().size(); i++) {
            groups.computeIfAbsent(y.tuple(i, vars), k -> new ArrayList<>()).add(i);
        }
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            int size = g.getValue().size();
            assertTrue(size >= lo && size <= hi, vars + ": group " + g.getKey() + " of " + size + " records, expected " + lo + ".." + hi);
            for (String v : vars) {
                double sum = 0;
                for (int i : g.getValue()) {
                    sum += x.num(i, v);
                }
                double mean = sum / size;
                assertEquals(mean, y.num(g.getValue().get(0), v), 1e-9 * Math.max(1, Math.abs(mean)), v + ": group mean");
            }
        }
        // N / (2k - 1) <= number of groups <= N / k
        assertTrue(groups.size() >= 400 / (2 * lo - 1) && groups.size() <= 400 / lo, vars + ": " + groups.size() + " groups");
    }

    @Test
    void sameSeedSameFilesOtherSeedOtherSample() throws IOException {
        Path a = preset("a", 5);
        Path b = preset("b", 5);
        Path c = preset("c", 6);
        for (String f : List.of("original.csv", "protected.csv")) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f + ": same seed, same bytes");
            assertFalse(Files.readString(a.resolve(f)).equals(Files.readString(c.resolve(f))), f + ": another seed, another sample");
        }
        Set<String> sa = new HashSet<>(Files.readAllLines(a.resolve("original.csv")));
        Set<String> sc = new HashSet<>(Files.readAllLines(c.resolve("original.csv")));
        sa.retainAll(sc);
        // 400 of 1080 records twice at random: about 148 in common, far from 400
        assertTrue(sa.size() < 300, "samples of seeds 5 and 6 share " + sa.size() + " lines");
    }

    @Test
    void m428IsReidentifiedAtAboutThePapersRate() throws IOException {
        Path out = preset("m4-28", 5);
        Cli r = Cli.run("link", "--original", out.resolve("original.csv").toString(), "--protected",
                out.resolve("protected.csv").toString(), "--method", "am", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode o = JSON.readTree(r.out());
        assertEquals(400, o.get("records").asInt());
        double rate = o.get("rate").asDouble();
        // supervised-dbrl-overview.txt Table 2 reports d^2AM = 68.5% for M4-28 on its own random
        // 400-record sample; another sample and MDAV's tie-breaking move it by a few points
        // (seeds 1..7 give 65-73%).
        assertTrue(rate >= 55 && rate <= 80, "AM re-identification rate " + rate + "% (paper: 68.5%)");
        assertEquals(o.get("reidentified").asInt() / 4.0, rate, 1e-9, "rate is percent of 400 records");
    }
}

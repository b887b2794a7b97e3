package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reident.cli.ProtectFixtures.Table;
import org.reident.protect.Preset;
import org.reident.protect.Presets;

/**
 * {@code reident protect METHOD} (DESIGN.md section 6) on a small generated file: every method
 * keeps header, row count and the columns it was not asked to mask (cell by cell, as written),
 * changes the selected ones as the method says, and records its provenance; random methods are
 * reproducible from the seed.
 */
class ProtectCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Columns never selected below (besides those a case leaves alone): copied as read. */
    private static final List<String> TEXT = List.of("ID", "NAME", "E");

    @TempDir
    Path dir;
    Path in;
    Table original;

    @BeforeEach
    void input() throws IOException {
        in = ProtectFixtures.writeSample(dir.resolve("in.csv"));
        original = ProtectFixtures.read(in);
        assertEquals(ProtectFixtures.HEADER, original.header());
        assertEquals(ProtectFixtures.ROWS, original.rows().size());
    }

    /** What one successful run gave. */
    record Run(Cli cli, Path out, Table table, JsonNode provenance) {
    }

    /**
     * Runs {@code protect} into {@code outName} and checks the contract shared by every method:
     * status 0, nothing on standard error, same header and rows, the {@code verbatim} columns
     * unchanged cell by cell, every {@code changed} column with at least one value changed, and
     * OUT.provenance.json with seed, input checksum, label and the masked variables.
     */
    private Run protect(String outName, long seed, List<String> changed, List<String> verbatim, String... methodArgs)
            throws IOException {
        Path out = dir.resolve(outName);
        List<String> args = new ArrayList<>(List.of("protect"));
        args.addAll(Arrays.asList(methodArgs));
        args.addAll(List.of("--original", in.toString(), "--out", out.toString()));
        if (seed != 1) {
            args.addAll(List.of("--seed", Long.toString(seed)));
        }
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.status(), "exit status; stderr: " + r.err());
        assertEquals("", r.err().strip(), "nothing on standard error");
        assertTrue(Files.isRegularFile(out), "output file " + out);
        Table t = ProtectFixtures.read(out);
        assertEquals(original.header(), t.header(), "same header");
        assertEquals(original.rows().size(), t.rows().size(), "same number of records");
        for (String col : verbatim) {
            for (int i = 0; i < t.rows().size(); i++) {
                assertEquals(original.cell(i, col), t.cell(i, col), "column " + col + ", record " + (i + 1) + " copied as read");
            }
        }
        for (String col : changed) {
            int diff = 0;
            for (int i = 0; i < t.rows().size(); i++) {
                double v = t.num(i, col);
                assertTrue(Double.isFinite(v), col + " record " + (i + 1) + ": " + v);
                if (v != original.num(i, col)) {
                    diff++;
                }
            }
            assertTrue(diff > 0, "masked column " + col + " has no changed value");
        }
        Path provFile = dir.resolve(outName + ".provenance.json");
        assertTrue(Files.isRegularFile(provFile), "provenance file " + provFile);
        JsonNode prov = JSON.readTree(provFile.toFile());
        assertEquals(seed, prov.get("seed").asLong(), prov.toString());
        assertEquals(ProtectFixtures.sha256(in), prov.get("input").get("sha256").asText(), prov.toString());
        String commit = Machine.commit(); // the checkout the tests run from, when git is at hand
        assertEquals(commit.isEmpty() ? "(none)" : commit, prov.path("commit").asText("(none)"), prov.toString());
        String label = prov.get("masking").asText();
        assertFalse(label.isBlank(), prov.toString());
        assertTrue(r.out().startsWith(label + ":"), "stdout names the masking " + label + ": " + r.out());
        return new Run(r, out, t, prov);
    }

    private static List<String> variables(JsonNode prov) {
        List<String> v = new ArrayList<>();
        prov.get("variables").forEach(n -> v.add(n.asText()));
        return v;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    private static void groupSizesWithin(Table t, List<String> vars, int lo, int hi) {
        Map<String, Integer> sizes = t.groupSizes(vars);
        int total = 0;
        for (Map.Entry<String, Integer> e : sizes.entrySet()) {
            assertTrue(e.getValue() >= lo && e.getValue() <= hi,
                    vars + ": group " + e.getKey() + " has " + e.getValue() + " records, expected " + lo + ".." + hi);
            total += e.getValue();
        }
        assertEquals(t.rows().size(), total);
        assertTrue(sizes.size() >= 2, "at least two groups");
    }

    // ---------------------------------------------------------------- microaggregation

    @Test
    void mdavMicroaggregatesTheSelectedVariablesTogether() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("mdav.csv", 1, sel, concat(TEXT, List.of("D")), "mdav", "--k", "3", "--vars", "A,B,C");
        assertEquals(sel, variables(r.provenance()));
        assertTrue(r.provenance().get("masking").asText().startsWith("mdav(k=3"), r.provenance().toString());
        groupSizesWithin(r.table(), sel, 3, 5);
        // N = 60 is a multiple of 3: MDAV makes groups of exactly k
        assertEquals(20, r.table().groupSizes(sel).size());
        assertCentroids(r.table(), sel);
    }

    @Test
    void mdavWithGroupsMicroaggregatesEachVariableGroupOnItsOwn() throws IOException {
        List<String> sel = List.of("A", "B", "C", "D");
        Run r = protect("groups.csv", 1, sel, TEXT, "mdav", "--groups", "A,B:2;C,D:5");
        assertEquals(sel, variables(r.provenance()));
        groupSizesWithin(r.table(), List.of("A", "B"), 2, 3);
        groupSizesWithin(r.table(), List.of("C", "D"), 5, 9);
        assertCentroids(r.table(), List.of("A", "B"));
        assertCentroids(r.table(), List.of("C", "D"));
        // the two groupings are independent: (A,B) groups are not the (C,D) groups
        assertNotEquals(r.table().groupSizes(List.of("A", "B")).size(), r.table().groupSizes(List.of("A", "B", "C", "D")).size());
    }

    @Test
    void mdavWithGroupsAndVarsLeavesOtherVariablesAlone() throws IOException {
        Run r = protect("groups2.csv", 1, List.of("A", "B"), concat(TEXT, List.of("D")), "mdav", "--groups", "A,B:4",
                "--vars", "A,B,C");
        groupSizesWithin(r.table(), List.of("A", "B"), 4, 7);
        // C is selected but in no variable group: its values come back unchanged
        assertArrayEquals(original.column("C"), r.table().column("C"));
    }

    @Test
    void mdavAllMicroaggregatesAllSelectedVariables() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("mdavall.csv", 1, sel, concat(TEXT, List.of("D")), "mdav-all", "--k", "3", "--vars", "A,B,C");
        assertEquals(sel, variables(r.provenance()));
        groupSizesWithin(r.table(), sel, 3, 5);
        assertCentroids(r.table(), sel);
    }

    @Test
    void individualRankingMicroaggregatesEachVariableSeparately() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("ir.csv", 1, sel, concat(TEXT, List.of("D")), "individual-ranking", "--k", "3", "--vars", "A,B,C");
        assertTrue(r.provenance().get("masking").asText().startsWith("individual-ranking"), r.provenance().toString());
        for (String v : sel) {
            // distinct original values: each group of k consecutive ranks gets its own mean
            groupSizesWithin(r.table(), List.of(v), 3, 5);
            assertCentroids(r.table(), List.of(v));
            assertEquals(Arrays.stream(original.column(v)).sum(), Arrays.stream(r.table().column(v)).sum(),
                    1e-9 * Arrays.stream(original.column(v)).map(Math::abs).sum(), v + ": the total is kept");
        }
        // each variable on its own: the tuples are not microaggregated together
        assertTrue(r.table().groupSizes(sel).size() > 20, "individual ranking groups variables separately");
    }

    @Test
    void miczMicroaggregatesOnTheZScoreProjection() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("micz.csv", 1, sel, concat(TEXT, List.of("D")), "micz", "--k", "3", "--vars", "A,B,C");
        assertTrue(r.provenance().get("masking").asText().startsWith("micz(k=3"), r.provenance().toString());
        groupSizesWithin(r.table(), sel, 3, 5);
        assertCentroids(r.table(), sel);
    }

    /** Each group of identical protected tuples holds the means of its records' original values. */
    private void assertCentroids(Table t, List<String> vars) {
        Map<String, Integer> sizes = t.groupSizes(vars);
        for (String key : sizes.keySet()) {
            double[] sum = new double[vars.size()];
            double[] masked = null;
            for (int i = 0; i < t.rows().size(); i++) {
                if (t.tuple(i, vars).equals(key)) {
                    masked = new double[vars.size()];
                    for (int k = 0; k < vars.size(); k++) {
                        sum[k] += original.num(i, vars.get(k));
                        masked[k] = t.num(i, vars.get(k));
                    }
                }
            }
            for (int k = 0; k < vars.size(); k++) {
                double mean = sum[k] / sizes.get(key);
                assertEquals(mean, masked[k], 1e-9 * Math.max(1, Math.abs(mean)), vars.get(k) + ": group mean");
            }
        }
    }

    // ---------------------------------------------------------------- perturbation

    @Test
    void rankswapPermutesEachColumnWithinTheWindow() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("rs.csv", 3, sel, concat(TEXT, List.of("D")), "rankswap", "--p", "10", "--vars", "A,B,C");
        assertTrue(r.provenance().get("masking").asText().startsWith("rankswap"), r.provenance().toString());
        int window = 6; // floor(10% of 60 records)
        for (String v : sel) {
            double[] x = original.column(v);
            double[] y = r.table().column(v);
            double[] xs = x.clone();
            double[] ys = y.clone();
            Arrays.sort(xs);
            Arrays.sort(ys);
            assertArrayEquals(xs, ys, v + ": the multiset of values is kept");
            for (int i = 0; i < x.length; i++) {
                int from = Arrays.binarySearch(xs, x[i]);
                int to = Arrays.binarySearch(xs, y[i]);
                assertTrue(Math.abs(from - to) <= window, v + " record " + (i + 1) + " moved " + Math.abs(from - to) + " ranks");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"noise", "correlated-noise"})
    void noiseHasTheRequestedScale(String method) throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect(method + ".csv", 1, sel, concat(TEXT, List.of("D")), method, "--p", "10", "--vars", "A,B,C");
        assertTrue(r.provenance().get("masking").asText().startsWith(method + "(p=10"), r.provenance().toString());
        for (String v : sel) {
            double[] x = original.column(v);
            double[] y = r.table().column(v);
            double[] e = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                e[i] = y[i] - x[i];
            }
            // noise sd = 10% of the column's sd; 60 draws estimate the ratio within about +-1%
            double ratio = sd(e) / sd(x);
            assertTrue(ratio > 0.06 && ratio < 0.14, v + ": noise sd / sd = " + ratio);
        }
    }

    @Test
    void jpegReturnsValuesOnTheGreyLevelGrid() throws IOException {
        List<String> sel = List.of("A", "B", "C");
        Run r = protect("jpeg.csv", 1, sel, concat(TEXT, List.of("D")), "jpeg", "--quality", "70", "--vars", "A,B,C");
        assertTrue(r.provenance().get("masking").asText().startsWith("jpeg"), r.provenance().toString());
        for (String v : sel) {
            double[] x = original.column(v);
            double min = Arrays.stream(x).min().getAsDouble();
            double max = Arrays.stream(x).max().getAsDouble();
            double sse = 0;
            for (int i = 0; i < x.length; i++) {
                double y = r.table().num(i, v);
                assertTrue(y >= min - 1e-9 * Math.abs(min) && y <= max + 1e-9 * Math.abs(max), v + ": " + y + " outside the range");
                double level = 255 * (y - min) / (max - min);
                assertEquals(Math.rint(level), level, 1e-6, v + " record " + (i + 1) + ": not one of 256 grey levels");
                sse += (y - x[i]) * (y - x[i]);
            }
            // lossy, but still an image of the data: error well below the spread
            assertTrue(Math.sqrt(sse / x.length) < 0.5 * sd(x), v + ": rms error " + Math.sqrt(sse / x.length));
        }
    }

    // ---------------------------------------------------------------- IPSO

    @ParameterizedTest
    @ValueSource(strings = {"ipso-a", "ipso-b", "ipso-c"})
    void ipsoSynthesisesTheQuasiIdentifiersAndKeepsTheConfidentialAttributes(String method) throws IOException {
        List<String> qi = List.of("C", "D");
        Run r = protect(method + ".csv", 1, qi, TEXT, method, "--confidential", "A,B", "--vars", "C,D");
        assertTrue(r.provenance().get("masking").asText().startsWith(method), r.provenance().toString());
        assertEquals(Set.of("A", "B", "C", "D"), new HashSet<>(variables(r.provenance())));
        for (String c : List.of("A", "B")) {
            assertArrayEquals(original.column(c), r.table().column(c), c + ": confidential attributes are released unchanged");
        }
        int changed = 0;
        for (String v : qi) {
            double[] x = original.column(v);
            double[] y = r.table().column(v);
            for (int i = 0; i < x.length; i++) {
                changed += x[i] != y[i] ? 1 : 0;
            }
            if (!method.equals("ipso-a")) {
                // IPSO-B and C reproduce the regression coefficients, intercept included: same means
                assertEquals(mean(x), mean(y), 1e-9 * Math.abs(mean(x)), v + ": mean");
            }
        }
        assertEquals(2 * ProtectFixtures.ROWS, changed, "every quasi-identifier value is synthetic");
        if (method.equals("ipso-c")) {
            // IPSO-C also reproduces the residual covariance, hence the covariance of (C, D)
            double[] c0 = original.column("C");
            double[] d0 = original.column("D");
            double[] c1 = r.table().column("C");
            double[] d1 = r.table().column("D");
            assertEquals(cov(c0, c0), cov(c1, c1), 1e-7 * cov(c0, c0));
            assertEquals(cov(d0, d0), cov(d1, d1), 1e-7 * cov(d0, d0));
            assertEquals(cov(c0, d0), cov(c1, d1), 1e-7 * Math.sqrt(cov(c0, c0) * cov(d0, d0)));
        }
    }

    // ---------------------------------------------------------------- determinism

    @ParameterizedTest
    @ValueSource(strings = {"rankswap", "noise", "correlated-noise", "ipso-a", "ipso-b", "ipso-c"})
    void randomMethodsAreReproducibleFromTheSeed(String method) throws IOException {
        String[] opts = method.startsWith("ipso") ? new String[] {method, "--confidential", "A,B", "--vars", "C,D"}
                : new String[] {method, "--p", "10", "--vars", "A,B,C"};
        List<String> changed = method.startsWith("ipso") ? List.of("C", "D") : List.of("A", "B", "C");
        Run a = protect("a.csv", 7, changed, TEXT, opts);
        Run b = protect("b.csv", 7, changed, TEXT, opts);
        Run c = protect("c.csv", 8, changed, TEXT, opts);
        assertArrayEquals(Files.readAllBytes(a.out()), Files.readAllBytes(b.out()), "same seed, same bytes");
        assertFalse(Arrays.equals(Files.readAllBytes(a.out()), Files.readAllBytes(c.out())), "another seed, another file");
        assertEquals(8, c.provenance().get("seed").asLong());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mdav", "mdav-all", "individual-ranking", "micz", "jpeg"})
    void deterministicMethodsDoNotDependOnTheSeed(String method) throws IOException {
        String[] opts = method.equals("jpeg") ? new String[] {method, "--quality", "70", "--vars", "A,B,C"}
                : new String[] {method, "--k", "3", "--vars", "A,B,C"};
        Run a = protect("a.csv", 7, List.of("A", "B", "C"), TEXT, opts);
        Run b = protect("b.csv", 8, List.of("A", "B", "C"), TEXT, opts);
        assertArrayEquals(Files.readAllBytes(a.out()), Files.readAllBytes(b.out()));
    }

    @Test
    void defaultSelectionIsEveryNumericColumn() throws IOException {
        Run r = protect("all.csv", 1, List.of("A", "B", "C", "D", "E"), List.of("ID", "NAME"), "mdav", "--k", "3");
        assertEquals(List.of("A", "B", "C", "D", "E"), variables(r.provenance()));
    }

    // ---------------------------------------------------------------- presets

    @Test
    void listPresetsNamesEveryPreset() {
        Cli r = Cli.run("protect", "--list-presets");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        List<String> firstWords = r.out().lines().map(l -> l.strip().split("\\s+")[0]).toList();
        for (String name : List.of("M4-33", "M4-28", "M4-82", "M5-38", "M6-385", "M6-853", "Rankswap-20", "Rankswap-15",
                "Rankswap-12", "Rankswap-5", "Rankswap-4", "Mic3-9", "Mic3-5", "Mic3-8", "Mic4-4", "Mic4-8", "Mic4-5", "Micz-3",
                "MicMull-3", "Noise-16", "Noise-12", "Noise-1", "Jpeg-80", "Jpeg-65", "IPSO-A-Census", "IPSO-A-EIA",
                "IPSO-B-Census", "IPSO-B-EIA", "IPSO-C-Census", "IPSO-C-EIA")) {
            assertTrue(firstWords.contains(name), name + " missing from:\n" + r.out());
        }
        for (Preset p : Presets.all()) {
            assertTrue(firstWords.contains(p.name()), p.name() + " missing from:\n" + r.out());
        }
        assertEquals(Presets.all().size(), firstWords.size(), "one line per preset");
        // the paper's figure is shown, e.g. M4-28's AM rate of 68.50%
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("M4-28 ") && l.contains("68.50")), r.out());
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).sum() / x.length;
    }

    private static double cov(double[] x, double[] y) {
        double mx = mean(x);
        double my = mean(y);
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += (x[i] - mx) * (y[i] - my);
        }
        return s / (x.length - 1);
    }

    private static double sd(double[] x) {
        return Math.sqrt(cov(x, x));
    }
}

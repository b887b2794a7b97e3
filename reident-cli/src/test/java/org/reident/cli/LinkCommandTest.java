package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command-line and JSON contract of {@code reident link} (DESIGN.md section 6). */
class LinkCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    /**
     * Four records, two variables. Record 4 of the protected file duplicates record 3, so record 3's
     * true match is tied with record 4 for every distance (expected credit 1/2) and record 4's true
     * match is tied with record 3.
     */
    @BeforeEach
    void files() throws IOException {
        x = dir.resolve("x.csv");
        y = dir.resolve("y.csv");
        Files.writeString(x, "V1,V2\n1,8\n4,2\n6,5\n9,7\n");
        Files.writeString(y, "V1,V2\n1.5,8\n4,2.5\n6.5,5.5\n6.5,5.5\n");
    }

    private JsonNode json(String... args) throws IOException {
        Cli r = Cli.run(args);
        assertEquals(0, r.status(), r.err());
        return JSON.readTree(r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"am", "euclidean", "dbrl2", "kernel", "wm", "owa", "choquet", "bilinear"})
    void everyMethodFollowsTheJsonContract(String method) throws IOException {
        JsonNode o = json("link", "--original", x.toString(), "--protected", y.toString(), "--method", method, "--json");
        for (String key : List.of("records", "reidentified", "expected", "rate", "method", "seconds")) {
            assertTrue(o.has(key), key + " missing in " + o);
        }
        assertEquals(4, o.get("records").asInt());
        // records 1 and 2 are unique nearest matches; 3 ties with 4 (1/2 each), 4 ties with 3 (1/2 each)
        assertEquals(2, o.get("reidentified").asInt(), o.toString());
        assertEquals(3.0, o.get("expected").asDouble(), 1e-12);
        assertEquals(50.0, o.get("rate").asDouble(), 1e-12);
        assertEquals(64, o.get("original").get("sha256").asText().length());
        // provenance: the software version and, run from a checkout (as the tests are), its commit
        assertFalse(o.get("version").asText().isBlank(), o.toString());
        String commit = Machine.commit();
        assertEquals(commit.isEmpty() ? "(none)" : commit, o.path("commit").asText("(none)"));
    }

    @Test
    void mahalanobisJson() throws IOException {
        for (String m : List.of("md", "md0")) {
            JsonNode o = json("link", "--original", x.toString(), "--protected", y.toString(), "--method", m, "--json");
            assertEquals(m, o.get("method").asText());
            assertEquals(2, o.get("reidentified").asInt(), o.toString());
            assertEquals(3.0, o.get("expected").asDouble(), 1e-12);
        }
    }

    @Test
    void allPrintsAnArrayOfEveryStandardMethod() throws IOException {
        JsonNode a = json("link", "--original", x.toString(), "--protected", y.toString(), "--method", "all", "--json");
        assertTrue(a.isArray());
        assertEquals(List.of("am", "dbrl2", "md", "md0", "kernel", "prl"),
                List.of(a.get(0).get("method").asText(), a.get(1).get("method").asText(), a.get(2).get("method").asText(),
                        a.get(3).get("method").asText(), a.get(4).get("method").asText(), a.get(5).get("method").asText()));
    }

    /**
     * PRL through the command line: an unprotected file (the original linked to itself, 40 distinct
     * records) is re-identified entirely; the JSON contract holds.
     */
    @Test
    void probabilisticLinkageOfAnUnprotectedFile() throws IOException {
        Path same = distinctRecords("same.csv", 40, 3);
        JsonNode o = json("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--json");
        assertEquals("prl", o.get("method").asText());
        assertEquals(40, o.get("records").asInt());
        assertEquals(40, o.get("reidentified").asInt(), o.toString());
        // the fitted model explains the linkage: per variable, m and u over the 11 levels, and the weights ln(m / u)
        JsonNode prl = o.get("prl");
        assertEquals(1.0 / 40, prl.get("match_share").asDouble(), 1e-12, "P(M): one true match per record");
        assertEquals(3, prl.get("variables").size());
        for (JsonNode v : prl.get("variables")) {
            double m = 0;
            double u = 0;
            for (int l = 0; l < 11; l++) {
                m += v.get("m").get(l).asDouble();
                u += v.get("u").get(l).asDouble();
                assertEquals(Math.log(v.get("m").get(l).asDouble() / v.get("u").get(l).asDouble()), v.get("weight").get(l).asDouble(),
                        1e-3 + 1e-3 * Math.abs(v.get("weight").get(l).asDouble()), v.toString());
            }
            assertEquals(1, m, 1e-6, v.toString());
            assertEquals(1, u, 1e-6, v.toString());
            // true matches agree exactly (level 0): its weight is the largest
            for (int l = 1; l < 11; l++) {
                assertTrue(v.get("weight").get(0).asDouble() > v.get("weight").get(l).asDouble(), v.toString());
            }
        }
        Cli text = Cli.run("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl");
        assertTrue(text.out().contains("\nprl: ln(m/u) at 0.005-0.01 sd / beyond 1.28 sd: A "), text.out());
    }

    /** A file of {@code records} distinct records (A, B random, C the record's number), to be linked to itself. */
    private Path distinctRecords(String name, int records, long seed) throws IOException {
        Path file = dir.resolve(name);
        StringBuilder csv = new StringBuilder("A,B,C\n");
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (int i = 0; i < records; i++) {
            csv.append(random.nextInt(1000)).append(',').append(random.nextInt(1000)).append(',').append(i).append('\n');
        }
        Files.writeString(file, csv.toString());
        return file;
    }

    /**
     * --prl-sample: EM fitted to a sample of the query records says so (the records and the seed in the
     * JSON, a note in the text), every query record is still linked; the default fits every pair of a
     * small file; a bad value is a one-line error with status 2.
     */
    @Test
    void prlFittedToASampleOfTheQueryRecordsSaysSo() throws IOException {
        Path same = distinctRecords("sample.csv", 60, 5);
        JsonNode all = json("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--json");
        assertEquals(60, all.get("prl").get("em_query_records").asInt());
        assertTrue(all.get("prl").get("em_sample_seed") == null, all.toString());
        JsonNode o = json("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--json",
                "--prl-sample", "25");
        assertEquals(60, o.get("records").asInt());
        assertEquals(60, o.get("reidentified").asInt(), "an unprotected file, whatever the sample: " + o);
        assertEquals(25, o.get("prl").get("em_query_records").asInt());
        assertEquals(20261201L, o.get("prl").get("em_sample_seed").asLong());
        assertTrue(o.get("prl").get("em_iterations").asInt() != all.get("prl").get("em_iterations").asInt()
                || o.get("prl").get("variables").get(0).get("m").get(5).asDouble()
                        != all.get("prl").get("variables").get(0).get("m").get(5).asDouble(), "another fit");
        Cli text = Cli.run("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--prl-sample", "25");
        assertTrue(text.out().contains("fitted to the pairs of a seeded sample of 25 of 60 query records, see --prl-sample"), text.out());
        JsonNode again = json("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--json",
                "--prl-sample", "all");
        assertEquals(all.get("prl").get("variables"), again.get("prl").get("variables"));
        for (String bad : new String[] {"0", "-3", "x"}) {
            Cli r = Cli.run("link", "--original", same.toString(), "--protected", same.toString(), "--method", "prl", "--prl-sample", bad);
            assertEquals(2, r.status(), r.err());
            assertEquals("reident: error: --prl-sample: expected a number of records >= 1 or 'all', got '" + bad + "'", r.err().strip());
        }
    }

    @Test
    void textTableAndPerRecordCsv() throws IOException {
        Path out = dir.resolve("records.csv");
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("am "), r.out());
        assertTrue(r.out().contains("2 / 4"), r.out());
        List<String> lines = Files.readAllLines(out);
        assertEquals("method,record,true_match,linked,rank,ties_with_true,ties_at_min,margin,reidentified,credit", lines.get(0));
        assertEquals(5, lines.size());
        // record 3: true match 3, tied with 4 at the minimum, linked to the lowest index of the tie
        assertTrue(lines.get(3).startsWith("am,3,3,3,1,2,2,0.0,0,0.5"), lines.get(3));
        // record 1: (1,8) vs (1.5,8): unique nearest
        assertTrue(lines.get(1).startsWith("am,1,1,1,1,1,1,"), lines.get(1));
    }

    @Test
    void weightsFromAModelFileChangeTheLinkage() throws IOException {
        // all weight on V2: record 1 (V2 = 8) is nearest to y1 (8); record 2 (V2 = 2) to y2 (2.5)
        Path model = dir.resolve("model.json");
        Files.writeString(model, "{\"format\":\"reident-model\",\"format_version\":1,\"aggregator\":\"wm\","
                + "\"variables\":[\"V1\",\"V2\"],\"parameters\":{\"weights\":[0,2]}}");
        JsonNode o = json("link", "--original", x.toString(), "--protected", y.toString(), "--method", "wm",
                "--params", model.toString(), "--json");
        assertEquals(0.0, o.get("model").get("parameters").get("weights").get(0).asDouble());
        assertEquals(1.0, o.get("model").get("parameters").get("weights").get(1).asDouble(), 1e-15);
        assertEquals(4, o.get("records").asInt());
        assertEquals(2, o.get("reidentified").asInt());
    }

    /** --standardize against the model's own is allowed, with a note (it was taken silently). */
    @Test
    void aStandardisationOtherThanTheModelsIsNoted() throws IOException {
        Path model = dir.resolve("model.json");
        Files.writeString(model, "{\"format\":\"reident-model\",\"format_version\":1,\"aggregator\":\"wm\","
                + "\"variables\":[\"V1\",\"V2\"],\"standardize\":\"own\",\"parameters\":{\"weights\":[1,1]}}");
        String note = "reident: note: " + model + " was learned with --standardize own; linking with pooled gives other"
                + " distances than the learned ones";
        Cli other = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "wm", "--params",
                model.toString(), "--standardize", "pooled", "--json");
        assertEquals(0, other.status(), other.err());
        assertTrue(other.err().contains(note), other.err());
        Cli same = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "wm", "--params",
                model.toString(), "--standardize", "own", "--json");
        assertEquals(0, same.status(), same.err());
        assertTrue(same.err().isEmpty(), same.err());
    }

    @Test
    void reverseDirection() throws IOException {
        JsonNode o = json("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am",
                "--direction", "protected-to-original", "--json");
        assertEquals("protected-to-original", o.get("direction").asText());
        assertEquals(4, o.get("records").asInt());
    }

    @Test
    void versionAndHelp() {
        Cli v = Cli.run("--version");
        assertEquals(0, v.status());
        assertTrue(v.out().startsWith("reident "), v.out());
        for (String cmd : List.of("link", "demo", "bench")) {
            Cli h = Cli.run(cmd, "--help");
            assertEquals(0, h.status());
            assertTrue(h.out().contains("Usage: reident " + cmd), h.out());
        }
    }

    /**
     * A column equal in both files and unique per record links every record by itself: without --id
     * it is a default variable, so link and learn say so (an id column left in gave 100% silently).
     * A column repeated within the file, or given with --id, is not named.
     */
    @Test
    void aColumnThatAloneLinksEveryRecordIsNamed() throws IOException {
        Path xi = dir.resolve("xi.csv");
        Path yi = dir.resolve("yi.csv");
        Files.writeString(xi, "ID,V1,G\n1,1,7\n2,4,7\n3,6,8\n4,9,8\n");
        Files.writeString(yi, "ID,V1,G\n1,1.5,7\n2,4,7\n3,6.5,8\n4,6.5,8\n");
        String note = "reident: note: column 'ID' is the same in both files on every record and differs from record to record:"
                + " alone it re-identifies every record (an id column? then give --id ID, or choose the variables with --vars)";
        for (String command : new String[] {"link", "learn"}) {
            List<String> args = new java.util.ArrayList<>(List.of(command, "--original", xi.toString(), "--protected", yi.toString(),
                    "--json"));
            if (command.equals("learn")) {
                args.addAll(List.of("--aggregator", "wm", "--time-limit", "20s"));
            }
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.status(), r.err());
            assertTrue(r.err().contains(note), command + ": " + r.err());
            assertTrue(!r.err().contains("column 'G'") && !r.err().contains("column 'V1'"), r.err());
        }
        Cli withId = Cli.run("link", "--original", xi.toString(), "--protected", yi.toString(), "--id", "ID", "--json");
        assertEquals(0, withId.status(), withId.err());
        assertTrue(!withId.err().contains("note: column"), withId.err());
    }

    /** A single method that cannot run printed the table's head on standard output before its error. */
    @Test
    void aSingleMethodThatCannotRunPrintsNothingBeforeItsError() throws IOException {
        Path xu = dir.resolve("xu.csv");
        Path yu = dir.resolve("yu.csv");
        Files.writeString(xu, "V1,V2\n1,8\n4,2\n6,5\n9,7\n");
        Files.writeString(yu, "V1,V2\n1.5,8\n4.2,2\n6.1,5\n9.4,7\n"); // V2 unmasked: sd(X - Y) = 0, DBRL2 cannot run
        Cli r = Cli.run("link", "--original", xu.toString(), "--protected", yu.toString(), "--vars", "V1,V2", "--method", "dbrl2");
        assertEquals(2, r.status(), r.err());
        assertEquals("", r.out());
        assertTrue(r.errLine().contains("DBRL2") && r.errLine().contains("'V2'"), r.err());
        Cli all = Cli.run("link", "--original", xu.toString(), "--protected", yu.toString(), "--method", "all");
        assertEquals(0, all.status(), all.err());
        assertTrue(all.out().contains("method    distance") && all.out().contains("am "), all.out());
    }
}

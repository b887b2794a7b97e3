package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User errors of {@code reident protect}: exit status 2, exactly one line on standard error starting
 * "reident: error:", no stack trace, and no output (file, provenance, folder or temporary file).
 */
class ProtectErrorsTest {
    @TempDir
    Path dir;
    Path in;

    @BeforeEach
    void input() throws IOException {
        in = ProtectFixtures.writeSample(dir.resolve("in.csv")); // 60 records
    }

    /** Runs {@code protect ARGS --original IN --out OUT} and checks the user-error contract. */
    private String fails(String... args) {
        return failsOn(in, args);
    }

    private String failsOn(Path input, String... args) {
        Path out = dir.resolve("out.csv");
        String[] all = Stream.concat(Stream.concat(Stream.of("protect"), Stream.of(args)),
                Stream.of("--original", input.toString(), "--out", out.toString())).toArray(String[]::new);
        String line = userError(all);
        assertFalse(Files.exists(out), "no output file may be left behind");
        assertFalse(Files.exists(dir.resolve("out.csv.provenance.json")), "no provenance file may be left behind");
        return line;
    }

    private String userError(String... args) {
        Cli r = Cli.run(args);
        assertEquals(2, r.status(), "exit status; stderr: " + r.err());
        assertEquals(1, r.err().strip().lines().count(), "exactly one line on stderr: " + r.err());
        String line = r.errLine();
        assertTrue(line.startsWith("reident: error:"), line);
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        assertEquals("", r.out().strip(), "nothing on stdout");
        try (Stream<Path> s = Files.list(dir)) {
            List<String> left = s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("in.csv")).toList();
            assertEquals(List.of(), left, "nothing written beside the input");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return line;
    }

    private static void mentions(String line, String... words) {
        for (String w : words) {
            assertTrue(line.contains(w), "'" + w + "' not in: " + line);
        }
    }

    @Test
    void unknownMethod() {
        mentions(fails("shuffle", "--k", "3"), "shuffle");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mdav", "mdav-all", "individual-ranking", "micz"})
    void microaggregationNeedsK(String method) {
        mentions(fails(method), "--k");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mdav", "mdav-all", "individual-ranking", "micz"})
    void kLargerThanHalfTheRecords(String method) {
        mentions(fails(method, "--k", "31"), "31", "60");
    }

    @Test
    void kOfHalfTheRecordsIsAccepted() {
        Cli r = Cli.run("protect", "mdav", "--k", "30", "--vars", "A,B", "--original", in.toString(), "--out",
                dir.resolve("ok.csv").toString());
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void kOfZero() {
        mentions(fails("mdav", "--k", "0"), "--k");
    }

    @Test
    void groupWithoutSize() {
        mentions(fails("mdav", "--groups", "A,B"), "--groups");
    }

    @Test
    void groupSizeNotAnInteger() {
        mentions(fails("mdav", "--groups", "A,B:two"), "--groups", "two");
    }

    @Test
    void groupSizeTooLarge() {
        mentions(fails("mdav", "--groups", "A,B:2;C,D:31"), "31");
    }

    @Test
    void groupNamesAnUnknownVariable() {
        mentions(fails("mdav", "--groups", "A,Z:2"), "Z");
    }

    @Test
    void groupNamesAVariableOutsideVars() {
        mentions(fails("mdav", "--groups", "A,D:2", "--vars", "A,B,C"), "D");
    }

    @Test
    void groupNamesATextColumn() {
        mentions(fails("mdav", "--groups", "A,NAME:2"), "NAME");
    }

    @Test
    void overlappingGroups() {
        mentions(fails("mdav", "--groups", "A,B:2;B,C:3"), "--groups: variable 'B' is in more than one group");
    }

    /** The group was named by its 0-based column indices ("columns [0, 1]"). */
    @Test
    void aGroupTooLargeForTheFileIsNamedByItsVariables() {
        mentions(fails("mdav", "--groups", "A,B:40"), "--groups: variables A, B: group size 40 is larger than half the 60 records");
    }

    @Test
    void groupSizeBelowOneNamesTheGroup() {
        mentions(fails("mdav", "--groups", "A,B:2;C,D:0"), "--groups: group size must be at least 1, got 0 in 'C,D:0'");
    }

    @Test
    void emptyNameInGroups() {
        mentions(fails("mdav", "--groups", "A,,B:2"), "--groups: empty variable name");
    }

    @Test
    void overlappingGroupsWithVars() {
        mentions(fails("mdav", "--groups", "A,B:2;B,C:3", "--vars", "A,B,C,D"), "--groups: variable 'B' is in more than one group");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "101"})
    void rankswapWindowOutOfRange(String p) {
        mentions(fails("rankswap", "--p", p), "--p");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rankswap", "noise", "correlated-noise"})
    void perturbationNeedsP(String method) {
        mentions(fails(method), "--p");
    }

    @Test
    void negativeNoise() {
        mentions(fails("noise", "--p", "-1"), "--p");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101"})
    void jpegQualityOutOfRange(String q) {
        mentions(fails("jpeg", "--quality", q), "--quality", q);
    }

    @Test
    void jpegNeedsQuality() {
        mentions(fails("jpeg"), "--quality");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipso-a", "ipso-b", "ipso-c"})
    void ipsoNeedsConfidential(String method) {
        mentions(fails(method, "--vars", "C,D"), "--confidential");
    }

    @Test
    void confidentialNamesAnAbsentColumn() {
        mentions(fails("ipso-a", "--confidential", "A,Z", "--vars", "C,D"), "Z");
    }

    @Test
    void confidentialNamesAnAbsentColumnWithoutVars() {
        mentions(fails("ipso-b", "--confidential", "Z"), "Z");
    }

    @Test
    void everySelectedVariableConfidential() {
        fails("ipso-c", "--confidential", "A,B", "--vars", "A,B");
    }

    @Test
    void varsNamesATextColumn() {
        mentions(fails("mdav", "--k", "3", "--vars", "A,NAME"), "NAME");
    }

    @Test
    void methodAndPreset() {
        mentions(fails("mdav", "--k", "3", "--preset", "M4-28"), "--preset");
    }

    @Test
    void neitherMethodNorPreset() {
        mentions(fails("--k", "3"), "METHOD", "--preset");
    }

    @Test
    void noOriginal() {
        Path out = dir.resolve("out.csv");
        mentions(userError("protect", "mdav", "--k", "3", "--out", out.toString()), "--original");
        assertFalse(Files.exists(out));
    }

    @Test
    void unknownPreset() {
        Path out = dir.resolve("presetdir");
        mentions(userError("protect", "--preset", "M9-99", "--original", in.toString(), "--out", out.toString()), "M9-99",
                "M4-28");
        assertFalse(Files.exists(out), "no output folder");
    }

    @Test
    void presetOnAFileWithoutItsColumns() {
        Path out = dir.resolve("presetdir");
        mentions(userError("protect", "--preset", "M4-28", "--original", in.toString(), "--out", out.toString()), "AFNLWGT");
        assertFalse(Files.exists(out), "no output folder");
    }

    @Test
    void missingOriginalFile() {
        mentions(failsOn(dir.resolve("nope.csv"), "mdav", "--k", "3"), "nope.csv");
    }

    @Test
    void missingOriginalFileWithPreset() {
        Path out = dir.resolve("presetdir");
        mentions(userError("protect", "--preset", "M4-28", "--original", dir.resolve("nope.csv").toString(), "--out",
                out.toString()), "nope.csv");
        assertFalse(Files.exists(out), "no output folder");
    }

    @Test
    void unknownOption() {
        fails("mdav", "--k", "3", "--window", "5");
    }

    @Test
    void errorLeavesAnExistingOutputUntouched() throws IOException {
        Path out = dir.resolve("keep.csv");
        Files.writeString(out, "previous\n");
        Cli r = Cli.run("protect", "rankswap", "--p", "0", "--original", in.toString(), "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("previous\n", Files.readString(out));
    }
}

package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Model files ({@code link --params}, {@code learn --start}) that are not what their author meant
 * are refused: exit 2, one line naming the model file and its field, nothing on standard output.
 */
class ModelFileErrorsTest {
    /** A well-formed model of this reident; each case below changes one thing in it. */
    private static final String GOOD = "{\"format\":\"reident-model\",\"format_version\":1,\"aggregator\":\"wm\","
            + "\"variables\":[\"A\",\"B\",\"C\"],\"standardize\":\"own\",\"parameters\":{\"weights\":[0.2,0.3,0.5]}}";

    @TempDir
    Path dir;
    Path x;
    Path y;

    @BeforeEach
    void files() throws IOException {
        x = dir.resolve("x.csv");
        y = dir.resolve("y.csv");
        Files.writeString(x, "ID,A,B,C\n1,1,10,5\n2,2,20,7\n3,3,15,9\n4,4,11,2\n");
        Files.writeString(y, "ID,A,B,C\n1,1.1,10,5\n2,2,21,7\n3,3,15,9.5\n4,4.2,11,2\n");
    }

    private Path model(String text) throws IOException {
        Path p = dir.resolve("model.json");
        Files.writeString(p, text);
        return p;
    }

    /** Runs the command, checks the user-error contract and returns the one line after "reident: error: ". */
    private static String refused(String... args) {
        Cli r = Cli.run(args);
        assertEquals(2, r.status(), "exit status; stderr: " + r.err());
        assertEquals("", r.out(), "nothing may be printed before the model is refused");
        String line = r.errLine();
        assertTrue(line.startsWith("reident: error: "), line);
        return line.substring("reident: error: ".length());
    }

    private String link(Path model, String... extra) {
        String[] base = {"link", "--original", x.toString(), "--protected", y.toString(), "--threads", "1", "--method", "wm",
            "--params", model.toString()};
        return refused(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new));
    }

    @Test
    void theGoodModelIsAccepted() throws IOException {
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--threads", "1", "--method", "wm",
                "--params", model(GOOD).toString(), "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"reidentified\" : 4"), r.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // what is replaced in GOOD | by what | the message after the file name (1:76: just after the second key)
        "\"format\":\"reident-model\"|\"format\":\"other\"|: not a reident model file (expected \"format\": \"reident-model\", found \"other\")",
        "\"format\":\"reident-model\",|``|: not a reident model file (expected \"format\": \"reident-model\", found no 'format')",
        "\"format_version\":1|\"format_version\":99|: format_version 99 is not supported (this reident reads version 1)",
        "\"format_version\":1|\"format_version\":\"1\"|: 'format_version' must be a whole number (this reident reads version 1), found \"1\"",
        "\"format_version\":1,|``|: 'format_version' must be a whole number (this reident reads version 1), found none",
        "\"variables\":[\"A\",\"B\",\"C\"]|\"variables\":[\"A\",\"A\",\"B\"]|: 'variables' lists 'A' twice",
        "\"variables\":[\"A\",\"B\",\"C\"]|\"variables\":[\"A\",2,\"B\"]|: 'variables' must be column names (strings), found 2",
        "\"standardize\":\"own\"|\"standardize\":\"zzz\"|: 'standardize' is \"zzz\", expected \"own\", \"original\" or \"pooled\"",
        "\"aggregator\":\"wm\"|\"aggregator\":\"wm\",\"aggregator\":\"owa\"|:1:76: key 'aggregator' is given twice",
        "\"aggregator\":\"wm\"|\"aggregator\":\"bilinear\"|: parameters.matrix must be an array of 3 rows of 3 numbers",
        "\"weights\":[0.2,0.3,0.5]|\"weights\":[0,0,0]|: parameters.weights are all zero",
    })
    void aModelThatIsNotOursIsRefusedNamingTheFileAndField(String from, String to, String message) throws IOException {
        assertTrue(GOOD.contains(from), from);
        Path m = model(GOOD.replace(from, to));
        assertEquals(m + message, link(m));
    }

    @Test
    void textAfterTheObjectIsRefused() throws IOException {
        Path m = model(GOOD + " {}");
        assertEquals(m + ":1:" + (GOOD.length() + 2) + ": text after the model's JSON object (one object per file)", link(m));
        Path garbage = model(GOOD + "\n xyz");
        String line = link(garbage);
        assertTrue(line.startsWith(garbage + ":2:"), line);
        assertTrue(line.contains("not valid JSON: Unrecognized token 'xyz'"), line);
    }

    @Test
    void aModelVariableTheFilesCannotTakeNamesTheModel() throws IOException {
        Path m = model(GOOD.replace("\"A\",\"B\",\"C\"", "\"ID\",\"A\",\"B\""));
        assertEquals(m + ": 'variables': 'ID' is the id column and cannot also be a quasi-identifier", link(m, "--id", "ID"));
        // given by the user, the same variables are still the option's error
        assertEquals("--vars: 'ID' is the id column and cannot also be a quasi-identifier",
                link(model(GOOD), "--id", "ID", "--vars", "ID,A,B"));
    }

    @Test
    void learnStartReadsTheModelTheSameWay() throws IOException {
        Path m = model(GOOD.replace("\"format_version\":1", "\"format_version\":2"));
        assertEquals(m + ": format_version 2 is not supported (this reident reads version 1)",
                refused("learn", "--original", x.toString(), "--protected", y.toString(), "--threads", "1", "--aggregator",
                        "bilinear", "--start", m.toString()));
        Path std = model(GOOD.replace("\"own\"", "\"zzz\""));
        assertEquals(std + ": 'standardize' is \"zzz\", expected \"own\", \"original\" or \"pooled\"",
                refused("learn", "--original", x.toString(), "--protected", y.toString(), "--threads", "1", "--aggregator",
                        "bilinear", "--start", std.toString()));
    }

    /** An all-zero matrix made every distance 0 (every record tied), as all-zero weights would, and was taken. */
    @Test
    void anAllZeroMatrixIsRefused() throws IOException {
        String zero = GOOD.replace("\"aggregator\":\"wm\"", "\"aggregator\":\"bilinear\"")
                .replace("\"weights\":[0.2,0.3,0.5]", "\"matrix\":[[0,0,0],[0,0,0],[0,0,0]]");
        Path m = model(zero);
        assertEquals(m + ": parameters.matrix is all zero", refused("link", "--original", x.toString(), "--protected", y.toString(),
                "--threads", "1", "--method", "bilinear", "--params", m.toString()));
        Path one = model(zero.replace("[[0,0,0]", "[[1,0,0]"));
        Cli r = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--threads", "1", "--method", "bilinear",
                "--params", one.toString(), "--json");
        assertEquals(0, r.status(), r.err());
    }
}

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

/**
 * An output that cannot be written stops the command at the front door, with one line and exit
 * status 2, before the work it would have come after (a learn of up to --time-limit, a linkage, a
 * benchmark), and leaves nothing behind.
 */
class OutputCheckTest {
    @TempDir
    Path dir;
    Path x;
    Path y;
    /** A regular file, used as the folder of an output: no file can be written below it. */
    Path blocker;

    @BeforeEach
    void files() throws IOException {
        Path demo = dir.resolve("demo");
        Cli r = Cli.run("demo", "--records", "40", "--variables", "3", "--out", demo.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        x = demo.resolve("original.csv");
        y = demo.resolve("protected.csv");
        blocker = Files.writeString(dir.resolve("blocker"), "a file\n");
    }

    private String fails(String... args) {
        Cli r = Cli.run(args);
        assertEquals(2, r.status(), "exit status; stderr: " + r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line, no progress before it: " + r.err());
        assertTrue(r.errLine().startsWith("reident: error: "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertTrue(r.out().isEmpty(), "nothing printed before the error: " + r.out());
        return r.errLine();
    }

    private List<String> leftInDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void learnStopsBeforeSolvingWhenTheModelFileCannotBeWritten() throws IOException {
        List<String> before = leftInDir();
        String m = fails("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm",
                "--out", blocker.resolve("model.json").toString());
        assertTrue(m.contains("--out") && m.contains("blocker") && m.contains("is a file, not a folder"), m);
        m = fails("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm", "--out",
                dir.toString());
        assertTrue(m.contains("--out") && m.contains("is a directory"), m);
        assertEquals(before, leftInDir(), "nothing left behind");
    }

    @Test
    void linkAndBenchmarksStopBeforeTheirWork() throws IOException {
        String m = fails("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am", "--out",
                blocker.resolve("sub").resolve("records.csv").toString());
        assertTrue(m.contains("--out") && m.contains("is a file, not a folder"), m);
        m = fails("bench-learn", "--files", "M4-28", "--variants", "wm", "--no-plain", "--no-big-m", "--markdown",
                blocker.resolve("table.md").toString());
        assertTrue(m.contains("--markdown") && m.contains("is a file, not a folder"), m);
    }

    @Test
    void protectChecksEveryFileItWillWrite() throws IOException {
        List<String> before = leftInDir();
        String m = fails("protect", "--preset", "M4-28", "--original", x.toString(), "--out", blocker.toString());
        assertTrue(m.contains("--out") && m.contains("is a file, not a folder"), m);
        Path presetDir = Files.createDirectories(dir.resolve("preset"));
        Files.createDirectories(presetDir.resolve("protected.csv")); // the second of the three files cannot be written
        m = fails("protect", "--preset", "M4-28", "--original", x.toString(), "--out", presetDir.toString());
        assertTrue(m.contains("protected.csv") && m.contains("is a directory"), m);
        assertFalse(Files.exists(presetDir.resolve("original.csv")), "no file of the three is written");
        m = fails("protect", "noise", "--original", x.toString(), "--p", "10", "--out", dir.toString());
        assertTrue(m.contains("--out") && m.contains("is a directory"), m);
        List<String> after = leftInDir();
        assertEquals(before.size() + 1, after.size(), "only the folder made by this test: " + after);
    }

    @Test
    void demoChecksItsThreeFilesBeforeWritingAny() throws IOException {
        Path demoDir = Files.createDirectories(dir.resolve("demo2"));
        Files.createDirectories(demoDir.resolve("results.json")); // the last file it writes cannot be written
        String m = fails("demo", "--records", "40", "--variables", "3", "--out", demoDir.toString());
        assertTrue(m.contains("results.json") && m.contains("is a directory"), m);
        try (Stream<Path> s = Files.list(demoDir)) {
            assertEquals(List.of("results.json"), s.map(p -> p.getFileName().toString()).toList(),
                    "the generated pair is not written");
        }
        m = fails("demo", "--records", "40", "--out", blocker.resolve("d").toString());
        assertTrue(m.contains("--out") && m.contains("is a file, not a folder"), m);
    }

    @Test
    void aWritableTargetPassesAndNothingIsMadeByTheCheck() throws IOException {
        Path model = dir.resolve("new").resolve("deeper").resolve("model.json");
        Cli r = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm",
                "--time-limit", "60s", "--json", "--out", model.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isRegularFile(model), "written after the solve, folders made then");
        Path records = dir.resolve("records.csv"); // an existing folder: the check writes and removes a trial file there
        Cli link = Cli.run("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am", "--out",
                records.toString());
        assertEquals(0, link.status(), link.err());
        assertTrue(Files.isRegularFile(records));
        try (Stream<Path> s = Files.walk(dir)) { // the check's trial file goes to the nearest existing folder
            assertEquals(List.of(), s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".check")).toList(),
                    "no check file left");
        }
        try (Stream<Path> s = Files.list(model.getParent())) {
            assertEquals(List.of("model.json"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    /**
     * A file name ending in '/' names a folder: a Path drops the '/', and link, learn, protect (without
     * --preset) and --markdown wrote a file named like the folder. A preset's folder may end in '/'.
     */
    @Test
    void aFileNameEndingInASlashIsRefusedAndNothingIsMade() throws IOException {
        List<String> before = leftInDir();
        String folder = dir.resolve("newdir") + "/";
        String m = fails("link", "--original", x.toString(), "--protected", y.toString(), "--method", "am", "--out", folder);
        assertTrue(m.contains("--out") && m.contains("'" + folder + "' ends with '/' and so names a folder"), m);
        m = fails("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm", "--out", folder);
        assertTrue(m.contains("--out") && m.contains("names a folder"), m);
        m = fails("protect", "noise", "--original", x.toString(), "--p", "10", "--out", folder);
        assertTrue(m.contains("--out") && m.contains("names a folder") && m.contains("a folder only with --preset"), m);
        m = fails("bench-learn", "--files", "M4-28", "--variants", "wm", "--no-plain", "--no-big-m", "--markdown", folder);
        assertTrue(m.contains("--markdown") && m.contains("names a folder"), m);
        assertEquals(before, leftInDir(), "no file named newdir");
        Cli r = Cli.run("protect", "--preset", "M4-28", "--original", SharedDataFiles.file("census.csv").toString(), "--out",
                folder);
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isRegularFile(dir.resolve("newdir").resolve("protected.csv")));
    }

    /** --out naming an input (by its path or through a link) replaced the input silently. */
    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputKept() throws IOException {
        String xText = Files.readString(x);
        String m = fails("link", "--original", x.toString(), "--protected", y.toString(), "--out", x.toString());
        assertTrue(m.endsWith("is an input file of this run (" + x + "); writing it would replace it, expected another file name"), m);
        Path link = Files.createSymbolicLink(dir.resolve("alias.csv"), y);
        m = fails("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm", "--out", link.toString());
        assertTrue(m.contains("--out " + link + ": is an input file of this run (" + y + ")"), m);
        m = fails("protect", "mdav", "--original", x.toString(), "--out", x.toString());
        assertTrue(m.contains("is an input file of this run"), m);
        assertEquals(xText, Files.readString(x), "the input is untouched");
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.data.InputException;
import org.reident.data.LinkageData;

/**
 * {@link MasterFile}: problems written and read back are the same problems (by hand, with cuts
 * shared, appended and replaced; and a seeded run's, replayed alike), only new cuts are written,
 * and a damaged file is refused with its line.
 */
class MasterFileTest {
    private static Path written(Path dir, List<MasterReplay.Problem> problems) throws IOException {
        StringWriter w = new StringWriter();
        MasterFile.write(w, problems);
        Path f = dir.resolve("masters.txt");
        Files.writeString(f, w.toString(), StandardCharsets.UTF_8);
        return f;
    }

    private static void assertSame(List<MasterReplay.Problem> expected, List<MasterReplay.Problem> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            MasterReplay.Problem e = expected.get(i);
            MasterReplay.Problem a = actual.get(i);
            assertEquals(e.records(), a.records(), "problem " + i);
            assertArrayEquals(e.fixed(), a.fixed(), "problem " + i);
            assertEquals(e.cuts().length, a.cuts().length, "problem " + i);
            for (int c = 0; c < e.cuts().length; c++) {
                assertArrayEquals(e.cuts()[c], a.cuts()[c], "problem " + i + ", cut " + c);
            }
            assertEquals(e.atLeast(), a.atLeast(), "problem " + i);
            assertEquals(e.atMost(), a.atMost(), "problem " + i);
        }
    }

    /**
     * Three problems over 6 records: the second appends a cut to the first's two (1 line written),
     * the third replaces the second's last cut and fixes record 5 (1 line written, kept 2).
     */
    @Test
    void handProblemsComeBackWithOnlyTheirNewCutsWritten(@TempDir Path dir) throws IOException {
        boolean[] none = new boolean[6];
        boolean[] five = new boolean[6];
        five[5] = true;
        int[][] first = {{0, 1}, {2, 3, 4}};
        int[][] second = {{0, 1}, {2, 3, 4}, {1, 5}};
        int[][] third = {{0, 1}, {2, 3, 4}, {0, 2}};
        List<MasterReplay.Problem> problems = List.of(
                new MasterReplay.Problem(6, none, first, 0, 6),
                new MasterReplay.Problem(6, none, second, 2, 6),
                new MasterReplay.Problem(6, five, third, 3, 4));
        Path f = written(dir, problems);
        assertEquals(List.of("reident master problems 1", "records 6",
                "problem 0 6 0 2", "fixed", "cut 0 1", "cut 2 3 4",
                "problem 2 6 2 3", "fixed", "cut 1 5",
                "problem 3 4 2 3", "fixed 5", "cut 0 2"), Files.readAllLines(f));
        assertSame(problems, MasterFile.read(f));
    }

    /**
     * A seeded SB run's recorded problems, read back, are the same and replay to the same answers and
     * node counts (the one-thread dual tree, which depends only on the problems).
     */
    @Test
    void aRecordedRunReplaysAlikeFromItsFile(@TempDir Path dir) throws IOException {
        LinkageData data = LearnFixtures.mdavPairs(120, 4, 4, 3);
        LearnOptions o = LearnOptions.defaults(Aggregator.BILINEAR).withTimeLimit(60);
        List<MasterReplay.Problem> problems = MasterReplay.record(o, data, LearnFixtures.all(120));
        assertTrue(problems.size() >= 10, "a run of several rounds: " + problems.size());
        Path f = written(dir, problems);
        long cutLines = Files.readAllLines(f).stream().filter(l -> l.startsWith("cut")).count();
        assertEquals(problems.get(problems.size() - 1).cuts().length, cutLines, "each cut written once");
        List<MasterReplay.Problem> read = MasterFile.read(f);
        assertSame(problems, read);
        List<MasterReplay.Solve> before = MasterReplay.replay(problems, MasterReplay.Tree.DUAL, 1, Long.MAX_VALUE);
        List<MasterReplay.Solve> after = MasterReplay.replay(read, MasterReplay.Tree.DUAL, 1, Long.MAX_VALUE);
        for (int i = 0; i < problems.size(); i++) {
            MasterReplay.Solve b = before.get(i);
            MasterReplay.Solve a = after.get(i);
            assertEquals(b.outcome() + " " + b.size() + " " + b.nodes(), a.outcome() + " " + a.size() + " " + a.nodes(), "solve " + i);
        }
    }

    private static String refusal(Path dir, String text) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        InputException e = assertThrows(InputException.class, () -> MasterFile.read(f));
        return e.getMessage().substring(dir.toString().length() + 1);
    }

    @Test
    void damagedFilesAreRefusedWithTheirLine(@TempDir Path dir) throws IOException {
        String head = "reident master problems 1\nrecords 4\n";
        assertTrue(refusal(dir, "records 4\n").startsWith("bad.txt:1: expected the header 'reident master problems 1'"));
        assertEquals("bad.txt:2: expected 'records' followed by 1 numbers", refusal(dir, "reident master problems 1\nrecords\n"));
        assertEquals("bad.txt:5: expected record numbers 0 to 3, got 4",
                refusal(dir, head + "problem 0 4 0 1\nfixed\ncut 1 4\n"));
        assertEquals("bad.txt:4: expected a whole number, got 'x'", refusal(dir, head + "problem 0 4 0 1\nfixed x\n"));
        assertEquals("bad.txt:6: expected a 'cut' line, got the end of the file",
                refusal(dir, head + "problem 0 4 0 2\nfixed\ncut 0\n"));
        assertEquals("bad.txt:6: expected 0 <= kept <= the previous problem's 1 cuts and kept <= total",
                refusal(dir, head + "problem 0 4 0 1\nfixed\ncut 0\nproblem 0 4 2 2\n"));
        assertEquals("bad.txt:3: expected sizes atLeast and atMost of 0 or more", refusal(dir, head + "problem 0 -1 0 0\n"));
        assertEquals("no such file", MasterFileTest.missing(dir));
    }

    private static String missing(Path dir) {
        Path f = dir.resolve("none.txt");
        InputException e = assertThrows(InputException.class, () -> MasterFile.read(f));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        return e.getMessage().substring(f.toString().length() + 2);
    }
}

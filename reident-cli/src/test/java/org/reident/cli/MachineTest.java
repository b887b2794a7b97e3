package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class MachineTest {

    @Test
    void describesTheCoresAndJavaOfThisMachine() {
        String d = Machine.describe();
        assertTrue(d.endsWith(", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")), d);
        assertTrue(!d.startsWith(","), "names a CPU (or says it is unknown): " + d);
    }

    @Test
    void theCommitIsTheCheckoutsWhereTheClassesWereBuilt() throws Exception {
        String c = Machine.commit();
        assertTrue(c.isEmpty() || c.matches("[0-9a-f]{7,40}( \\+ uncommitted changes)?"), c);
        // the tests run from target/classes inside a checkout: with git at hand, the commit is its HEAD
        Process p;
        try {
            p = new ProcessBuilder("git", "rev-parse", "HEAD").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            return; // no git on this machine: "" is the answer, checked above
        }
        String head = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        if (p.waitFor() == 0) {
            assertFalse(c.isEmpty(), "a checkout with git names its commit");
            assertTrue(head.startsWith(c.split(" ")[0]), c + " is not " + head);
        }
    }

    @Test
    void generatedOnPutsDateCommitAndMachineInThatOrder() {
        String c = Machine.commit();
        String expected = LocalDate.now() + (c.isEmpty() ? "" : " at commit " + c) + " (" + Machine.describe() + ")";
        assertEquals(expected, Machine.generatedOn());
    }

    /**
     * The commit is read from what the build wrote (build.properties), not asked of git when the tool
     * runs: clean, changed (tracked files other than Markdown differed then), and unknown when git was
     * missing (Ant leaves the property unexpanded), failed, or answered for a repository that holds
     * reident in a subfolder.
     */
    @Test
    void theCommitIsTheOneTheBuildStamped() {
        String top = Path.of("/work", "checkout").toAbsolutePath().toString();
        String module = Path.of(top, "reident-cli").toString();
        String clean = "module=" + module + "\ntop=" + top + "\ntop.status=0\nhead=40397cb\nhead.status=0\nchanged.status=0\nchanged=\n";
        assertEquals("40397cb", Machine.stamped(stream(clean)));
        assertEquals("40397cb + uncommitted changes", Machine.stamped(stream(clean.replace("changed=\n",
                "changed= M reident-cli/pom.xml\n M reident-learn/src/main/java/X.java\n"))));
        assertEquals("", Machine.stamped(stream(clean.replace("head=40397cb", "head=${reident.head}")
                .replace("head.status=0", "head.status=${reident.head.status}"))), "no git at build time");
        assertEquals("", Machine.stamped(stream(clean.replace("head.status=0", "head.status=128"))), "not a repository");
        assertEquals("", Machine.stamped(stream(clean.replace("top=" + top, "top=" + Path.of(top).getParent()))),
                "a repository holding reident in a subfolder");
        assertEquals("", Machine.stamped(stream(clean.replace("changed.status=0", "changed.status=1"))), "git status failed");
        assertEquals("", Machine.stamped(null), "not built by Maven");
    }

    private static java.io.InputStream stream(String s) {
        return new java.io.ByteArrayInputStream(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The stamp's lines are read as written: a Windows module folder keeps its backslashes (Properties
     * dropped them, and on Windows the commit came out unknown), CRLF line ends are taken, and git's
     * status lines after "changed" override no key.
     */
    @Test
    void theStampIsReadAsWritten() throws java.io.IOException {
        java.util.Map<String, String> f = Machine.fields(stream("module=C:\\work\\main\\reident-cli\r\ntop=C:/work/main\r\n"
                + "head=40397cb\r\nchanged= M a=b.java\r\nhead=ffffff\r\n"));
        assertEquals("C:\\work\\main\\reident-cli", f.get("module"));
        assertEquals("C:/work/main", f.get("top"));
        assertEquals("40397cb", f.get("head"));
        assertEquals(" M a=b.java", f.get("changed"));
    }
}

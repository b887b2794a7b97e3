package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}

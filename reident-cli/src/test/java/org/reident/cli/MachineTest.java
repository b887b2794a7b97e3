package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void theCommitIsAShortHashOrNothing() {
        String c = Machine.commit();
        assertTrue(c.isEmpty() || c.matches("[0-9a-f]{7,40}( \\+ uncommitted changes)?"), c);
    }

    @Test
    void generatedOnPutsDateCommitAndMachineInThatOrder() {
        String c = Machine.commit();
        String expected = LocalDate.now() + (c.isEmpty() ? "" : " at commit " + c) + " (" + Machine.describe() + ")";
        assertEquals(expected, Machine.generatedOn());
    }
}

package org.reident.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process and captures what it prints. */
record Cli(int status, String out, String err) {
    static Cli run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int status = Main.execute(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Cli(status, o.toString(), e.toString());
    }

    /**
     * A generated pair in {@code dir}/demo: {@code records} records of 3 variables released with 40%
     * noise (a few rounds of conflicts for SB); {original, protected}.
     */
    static java.nio.file.Path[] noisyPair(java.nio.file.Path dir, int records) {
        java.nio.file.Path demo = dir.resolve("demo");
        Cli r = run("demo", "--records", Integer.toString(records), "--variables", "3", "--protection", "noise", "--noise", "40",
                "--learn", "none", "--out", demo.toString(), "--json");
        if (r.status() != 0) {
            throw new AssertionError("demo failed: " + r.err());
        }
        return new java.nio.file.Path[] {demo.resolve("original.csv"), demo.resolve("protected.csv")};
    }

    /** Standard error as the user sees it: exactly one line. */
    String errLine() {
        String s = err.strip();
        if (s.contains("\n")) {
            throw new AssertionError("expected one line on standard error, got:\n" + err);
        }
        return s;
    }
}

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

    /** Standard error as the user sees it: exactly one line. */
    String errLine() {
        String s = err.strip();
        if (s.contains("\n")) {
            throw new AssertionError("expected one line on standard error, got:\n" + err);
        }
        return s;
    }
}

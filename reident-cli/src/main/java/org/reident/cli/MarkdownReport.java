package org.reident.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.reident.io.AtomicOutput;
import picocli.CommandLine.Option;

/**
 * The report of the commands that print a Markdown table (bench, bench-learn, reproduce): lines go
 * to standard output as they come, and with {@code --markdown FILE} the whole report is also
 * written to that file at the end (atomically), so that the figures the docs quote are generated.
 */
final class MarkdownReport {
    @Option(names = "--markdown", paramLabel = "FILE", converter = FileName.class, description = "Also write the table to this Markdown file.")
    Path markdown;

    private final StringBuilder text = new StringBuilder();
    private PrintWriter out;

    /** Starts the report; a {@code --markdown} file that could not be written stops the command now, not at the end. */
    void start(PrintWriter stdout) {
        if (markdown != null) {
            AtomicOutput.checkWritable(markdown, "--markdown");
        }
        this.out = stdout;
        text.setLength(0);
    }

    void line(String s) {
        out.println(s);
        out.flush();
        text.append(s).append('\n');
    }

    /** Writes the file when {@code --markdown} was given, and says so on {@code err}. */
    void finish(PrintWriter err, String command) {
        if (markdown != null) {
            AtomicOutput.writeString(markdown, text.toString());
            err.println("reident " + command + ": table written to " + markdown);
        }
    }
}

package org.reident.cli;

import java.io.PrintWriter;
import org.reident.data.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code reident} command line. Exit status: 0 success, 2 user error (bad input,
 * bad option; one line on standard error, no stack trace), 1 internal error.
 */
@Command(name = "reident", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"How many people could an intruder re-identify in a protected microdata file?",
            "",
            "reident links the original file to its protected version with every standard record-linkage "
                + "distance and counts the correct links, strictly and tie-aware."},
        subcommands = {LinkCommand.class, LearnCommand.class, VerifyCommand.class, ProtectCommand.class, MeasureCommand.class, ExperimentCommand.class, ReportCommand.class, DemoCommand.class, BenchCommand.class, BenchLearnCommand.class, BenchMasterCommand.class, BenchCellsCommand.class, BenchCheckCommand.class, ReproduceCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Start with: reident demo        Details: reident help COMMAND"})
public final class Main implements Runnable {
    public static final int USER_ERROR = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams; returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setUsageHelpWidth(100);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            String cmd = ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println("reident: error: " + oneLine(ex.getMessage()) + " (see '" + cmd + " --help')");
            err.flush();
            return USER_ERROR;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof InputException) {
                err.println("reident: error: " + oneLine(ex.getMessage()));
            } else {
                err.println("reident: internal error: " + ex);
                if (System.getenv("REIDENT_DEBUG") != null) {
                    ex.printStackTrace(err);
                } else {
                    err.println("reident: set REIDENT_DEBUG=1 for the stack trace, and please report it");
                }
            }
            err.flush();
            return ex instanceof InputException ? USER_ERROR : 1;
        });
        int status;
        try {
            status = cl.execute(args);
        } catch (OutOfMemoryError e) { // too much data for the heap: the user can give more, or less data
            err.println("reident: error: out of memory (Java heap of " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MiB) for this much data; give the JVM more with REIDENT_JAVA_OPTS=-Xmx<size>, e.g. -Xmx16g");
            status = USER_ERROR;
        }
        out.flush();
        err.flush();
        return status;
    }

    /** Longest error message shown whole; a cell of megabytes quoted in a message made a line of megabytes. */
    static final int MAX_MESSAGE = 600;

    /** The message on one line, its middle cut out when longer than {@link #MAX_MESSAGE} characters. */
    static String oneLine(String s) {
        String line = s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
        if (line.length() <= MAX_MESSAGE) {
            return line;
        }
        int keep = MAX_MESSAGE / 2;
        return line.substring(0, keep) + " [... " + (line.length() - 2 * keep) + " characters ...] "
                + line.substring(line.length() - keep);
    }
}

package org.reident.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;

/**
 * Where and from what a generated figure came: the date, the commit the tool was built from and the
 * machine (CPU model, cores, Java). The benchmark and reproduction commands put this in their
 * reports' first line and {@code experiment} in experiment.json, so a figure quoted in the docs says
 * which machine and code produced it.
 */
final class Machine {
    private Machine() {
    }

    /** CPU model, cores and Java version, e.g. "Intel(R) Xeon(R) Processor, 2 cores, Java 17.0.15". */
    static String describe() {
        String cpu = "unknown CPU";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    cpu = l.substring(l.indexOf(':') + 1).strip();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: keep "unknown CPU"
        }
        return cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version");
    }

    /**
     * "2026-12-03 at commit 80c11c9 (Intel(R) Xeon(R) Processor, 2 cores, Java 17.0.15)": today, the
     * {@link #commit()} (left out when unknown) and {@link #describe()}.
     */
    static String generatedOn() {
        String commit = commit();
        return LocalDate.now() + (commit.isEmpty() ? "" : " at commit " + commit) + " (" + describe() + ")";
    }

    /**
     * The short commit of the reident checkout this code was built in, "" when unknown (an installed
     * jar, no git). The checkout is found from where the classes lie (reident-cli/target/...), not from
     * the working directory, which may be the user's own repository; it must hold reident-cli/pom.xml.
     * "+ uncommitted changes" when a tracked file other than Markdown differs from the commit (the docs
     * a benchmark has just written do not change what the next one measures). Asked once a process.
     */
    static String commit() {
        String c = commit;
        if (c == null) {
            c = findCommit();
            commit = c;
        }
        return c;
    }

    /** {@link #commit()}'s answer, asked of git once a process (a link of many methods asks for each). */
    private static volatile String commit;

    private static String findCommit() {
        Path code = codeDirectory();
        if (code == null) {
            return "";
        }
        String top = git(code, "rev-parse", "--show-toplevel");
        if (top == null || !Files.isRegularFile(Path.of(top, "reident-cli", "pom.xml"))) {
            return "";
        }
        String head = git(code, "rev-parse", "--short", "HEAD");
        if (head == null) {
            return "";
        }
        // exit status 1 when a tracked file outside Markdown differs from HEAD (worktree or index)
        boolean clean = git(code, "diff", "--quiet", "HEAD", "--", ":(top,exclude,glob)**/*.md") != null;
        return clean ? head : head + " + uncommitted changes";
    }

    /** The folder holding this class's jar or class tree, null when unknown. */
    private static Path codeDirectory() {
        try {
            java.security.CodeSource src = Machine.class.getProtectionDomain().getCodeSource();
            if (src == null) {
                return null;
            }
            Path p = Path.of(src.getLocation().toURI());
            return Files.isDirectory(p) ? p : p.getParent();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * git's one-line answer in dir, null when it fails, exits non-zero or takes over 5 s. The answers
     * asked for are a line at most, so waiting before reading cannot fill the pipe.
     */
    private static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null; // no git on this machine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

package org.reident.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;

/**
 * Where and from what a generated figure came: the date, the commit the tool was run from and the
 * machine (CPU model, cores, Java). The benchmark and reproduction commands put this in their
 * reports' first line, so a figure quoted in the docs says which machine and code produced it.
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
     * commit of the working directory's git checkout (with "+ uncommitted changes" when it has any but to Markdown;
     * left out when there is no checkout or no git) and {@link #describe()}.
     */
    static String generatedOn() {
        String commit = commit();
        return LocalDate.now() + (commit.isEmpty() ? "" : " at commit " + commit) + " (" + describe() + ")";
    }

    /**
     * The short commit of the working directory's checkout, "" when unknown; "+ uncommitted changes"
     * when a tracked file other than Markdown differs from it (the docs a benchmark has just written
     * do not change what the next one measures).
     */
    static String commit() {
        String head = git("rev-parse", "--short", "HEAD");
        if (head.isEmpty()) {
            return "";
        }
        String changes = git("status", "--porcelain", "--untracked-files=no", "--", ":(top,exclude,glob)**/*.md");
        return changes.isEmpty() ? head : head + " + uncommitted changes";
    }

    private static String git(String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return "";
            }
            return new String(out, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return ""; // no git on this machine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}

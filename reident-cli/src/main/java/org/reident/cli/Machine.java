package org.reident.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;

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
     * The short commit of the reident checkout these classes were built in, "" when unknown (built
     * without git, or outside a reident checkout, or not by Maven). "+ uncommitted changes" when a
     * tracked file other than Markdown differed from the commit then (the docs a benchmark writes do
     * not change what it measures). Read from build.properties, which the build writes by asking git
     * (reident-cli/pom.xml, maven-antrun-plugin): until stop 95 git was asked when the tool ran, so a
     * jar built from changed files and run after they were undone named the clean commit.
     */
    static String commit() {
        return COMMIT;
    }

    private static final String COMMIT = stamped(Machine.class.getResourceAsStream("build.properties"));

    /** {@link #commit()} from a build.properties stream (null: none). */
    static String stamped(InputStream in) {
        java.util.Map<String, String> p;
        try (InputStream s = in) {
            if (s == null) {
                return "";
            }
            p = fields(s);
        } catch (IOException e) {
            return "";
        }
        String head = p.getOrDefault("head", "");
        String top = p.getOrDefault("top", "");
        String module = p.getOrDefault("module", "");
        if (!"0".equals(p.get("head.status")) || !"0".equals(p.get("top.status"))
                || !head.matches("[0-9a-f]{4,40}") || top.isEmpty() || !moduleOf(top, module)) {
            return ""; // no git, no checkout, or a checkout of something else holding reident
        }
        if (!"0".equals(p.get("changed.status"))) {
            return "";
        }
        String changed = p.getOrDefault("changed", "");
        return changed.isBlank() ? head : head + " + uncommitted changes";
    }

    /**
     * The build's "key=value" lines as written, the first of each key kept: no escapes read, so that a
     * Windows path's backslashes (the module folder, as Maven gives it) stay as they are, where
     * {@link java.util.Properties} dropped them and the commit came out unknown (stop 95's note); the
     * lines of git's status after the first belong to "changed" and never override a key before it.
     */
    static java.util.Map<String, String> fields(InputStream in) throws IOException {
        java.util.Map<String, String> out = new java.util.HashMap<>();
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        for (String line : text.split("\r?\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.putIfAbsent(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return out;
    }

    /** Whether {@code module} is the reident-cli folder of the checkout {@code top}; false for a path this system cannot read. */
    private static boolean moduleOf(String top, String module) {
        try {
            return Path.of(top, "reident-cli").normalize().equals(Path.of(module).normalize());
        } catch (RuntimeException e) {
            return false;
        }
    }
}

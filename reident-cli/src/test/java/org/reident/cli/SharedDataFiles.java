package org.reident.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the CASC reference files in ../shared/data, beside the repository (never copied into it),
 * as reident-core's test helper SharedData does: the system property {@code reident.shared} (set by
 * surefire to the repository's ../shared), else ../shared/data or ../../shared/data relative to the
 * working directory. When the file is missing a test fails in CI (CI=true) and is skipped elsewhere.
 */
final class SharedDataFiles {
    private SharedDataFiles() {
    }

    static Path file(String name) {
        String prop = System.getProperty("reident.shared");
        Path cwd = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        Path[] candidates = {
            prop == null || prop.isBlank() ? null : Path.of(prop, "data", name),
            cwd.resolve("../shared/data").resolve(name),
            cwd.resolve("../../shared/data").resolve(name),
        };
        for (Path p : candidates) {
            if (p != null && Files.isRegularFile(p)) {
                return p.normalize();
            }
        }
        String msg = "reference file " + name + " not found in ../shared/data (reident.shared=" + prop + ", looked beside "
                + cwd + ")";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(msg);
        }
        Assumptions.abort(msg);
        return null;
    }
}

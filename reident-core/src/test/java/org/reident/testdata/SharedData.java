package org.reident.testdata;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the CASC reference files in ../shared/data (beside the repository; never copied into it).
 * A test that needs them fails with a clear message in CI (CI=true) when they are missing, and is
 * skipped elsewhere.
 */
public final class SharedData {
    private SharedData() {
    }

    public static Path file(String name) {
        String prop = System.getProperty("reident.shared");
        Path cwd = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        Path[] candidates = {
            prop == null ? null : Path.of(prop, "data", name),
            cwd.resolve("../shared/data").resolve(name),
            cwd.resolve("../../shared/data").resolve(name),
        };
        for (Path p : candidates) {
            if (p != null && Files.isRegularFile(p)) {
                return p.normalize();
            }
        }
        String msg = "reference file " + name + " not found in ../shared/data (looked beside " + cwd + ")";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(msg);
        }
        Assumptions.abort(msg);
        return null;
    }
}

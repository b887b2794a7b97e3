package org.reident.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The software version, from the build (version.properties, filtered by Maven). */
public final class Version implements CommandLine.IVersionProvider {
    private static final String VERSION = load();

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    public static String get() {
        return VERSION;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"reident " + VERSION,
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}

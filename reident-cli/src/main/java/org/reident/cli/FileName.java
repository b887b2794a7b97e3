package org.reident.cli;

import java.io.File;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The value of an option that names a file to write ({@code link --out}, {@code learn --out},
 * {@code --markdown}): a name ending in a separator names a folder, and is refused here, since a
 * {@link Path} drops the separator and the run would write a file of the folder's name.
 */
public final class FileName implements ITypeConverter<Path> {
    @Override
    public Path convert(String value) {
        String folder = namesAFolder(value);
        if (folder != null) {
            throw new TypeConversionException(folder);
        }
        return Path.of(value);
    }

    /** Why a name ending in '/' (or the platform's separator) is no file name, or null when it is one. */
    static String namesAFolder(String value) {
        return value.endsWith("/") || value.endsWith(File.separator)
                ? "'" + value + "' ends with '/' and so names a folder; expected a file name, e.g. " + value + "results.csv"
                : null;
    }
}

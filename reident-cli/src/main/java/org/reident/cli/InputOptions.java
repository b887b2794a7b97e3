package org.reident.cli;

import java.nio.file.Path;
import java.util.List;
import org.reident.data.CsvReader;
import org.reident.data.CsvTable;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.data.MissingPolicy;
import org.reident.distance.DistanceModel;
import picocli.CommandLine.Option;

/** The options that name and shape the two input files, shared by the commands that read them. */
public final class InputOptions {
    @Option(names = "--original", required = true, paramLabel = "FILE",
            description = "Original (confidential) file X: CSV with a header.")
    Path original;

    @Option(names = "--protected", required = true, paramLabel = "FILE",
            description = "Protected file Y, the version to be released: CSV with a header.")
    Path masked;

    @Option(names = "--vars", split = ",", paramLabel = "NAME",
            description = "Quasi-identifiers, comma-separated (default: every numeric column present in both files).")
    List<String> vars;

    @Option(names = "--id", paramLabel = "COL",
            description = "Align records by this id column (protected rows in any order, files may differ in size). Default: row order.")
    String id;

    @Option(names = "--missing", paramLabel = "POLICY", defaultValue = "error",
            description = "Records with empty or NA cells: error (default) or drop (from both files consistently).")
    String missing;

    LinkageData load() {
        MissingPolicy policy;
        switch (missing.toLowerCase(java.util.Locale.ROOT)) {
            case "error":
                policy = MissingPolicy.ERROR;
                break;
            case "drop":
                policy = MissingPolicy.DROP;
                break;
            default:
                throw new InputException("--missing: expected error or drop, got '" + missing + "'");
        }
        CsvTable x = CsvReader.read(original, original.toString());
        CsvTable y = CsvReader.read(masked, masked.toString());
        return new LinkageDataBuilder(x, y).variables(vars).idColumn(id).missing(policy).build();
    }

    /**
     * Loads the files with a model's variables standing in for an absent {@code --vars}; an error
     * about those variables then names the model file and its field, not an option the user never
     * gave. With {@code --vars} given, or no model, the same as {@link #load()}.
     */
    LinkageData load(DistanceModel model, Path modelFile) {
        if (model == null || (vars != null && !vars.isEmpty())) {
            return load();
        }
        vars = model.variables();
        try {
            return load();
        } catch (InputException e) {
            String m = e.getMessage();
            if (m.startsWith("--vars:")) {
                throw new InputException(modelFile + ": 'variables'" + m.substring("--vars".length()));
            }
            throw e;
        }
    }
}

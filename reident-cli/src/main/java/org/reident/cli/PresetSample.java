package org.reident.cli;

import java.nio.file.Path;
import org.reident.data.CsvReader;
import org.reident.data.CsvTable;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.learn.Aggregator;
import org.reident.protect.Preset;
import org.reident.protect.PresetFiles;
import org.reident.protect.Presets;
import picocli.CommandLine.Option;

/**
 * The CASC Census file and the seed from which the learning benchmarks (bench-learn, bench-master)
 * make a preset's original and protected files, and the checks of the names they take.
 */
final class PresetSample {
    @Option(names = "--census", defaultValue = "../shared/data/census.csv", paramLabel = "FILE", description = "CASC Census file.")
    Path census;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Sample and masking seed (default ${DEFAULT-VALUE}).")
    long seed;

    private CsvTable table;

    /** Reads the Census file (once), so that a bad one stops the command before any output. */
    void read() {
        if (table == null) {
            table = CsvReader.read(census, census.toString());
        }
    }

    /**
     * The preset's files, {@code records} records drawn (null: the preset's own count; 0: the whole
     * file). A count the preset's masking cannot take (too few records for its groups) is the user's
     * {@code --records}, and the error says so rather than name the masking's own option.
     */
    LinkageData data(Preset p, Integer records) {
        read();
        if (records == null) {
            return PresetFiles.make(p, table, seed).linkageData(p.linkVariables());
        }
        Preset sized = new Preset(p.name(), p.dataset(), p.variables(), p.linkVariables(), records, p.masking(), p.source(),
                p.paperAm(), p.paperMd());
        try {
            return PresetFiles.make(sized, table, seed).linkageData(p.linkVariables());
        } catch (InputException e) {
            if (!e.getMessage().startsWith("--")) {
                throw e; // about the Census file, not the count
            }
            throw new InputException("--records " + records + ": preset " + p.name() + " cannot be made from so few records: "
                    + e.getMessage().replaceFirst("^--[a-z-]+: ", ""));
        }
    }

    /** The preset, or a user error naming {@code option}. */
    static Preset preset(String name, String option) {
        try {
            return Presets.named(name);
        } catch (InputException e) {
            throw new InputException(e.getMessage().replaceFirst("^--preset", option));
        }
    }

    /** The aggregator, or a user error naming {@code option}. */
    static Aggregator aggregator(String name, String option) {
        try {
            return Aggregator.parse(name);
        } catch (InputException e) {
            throw new InputException(e.getMessage().replaceFirst("^--aggregator", option));
        }
    }
}

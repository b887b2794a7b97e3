package org.reident.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.reident.data.InputException;
import org.reident.io.AtomicOutput;
import org.reident.io.JsonInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code reident report}: the HTML (or Markdown) report of an experiment's results.json, made again. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Make the report of an experiment again from its results.json (and experiment.json beside it).",
            "",
            "The same page as 'reident experiment' writes: risk and utility per protected file, the rate of every "
                + "method and learned worst case, PIL by group, and the risk-utility map. Results of several experiments "
                + "can be joined into one array first."},
        footer = {"", "Examples:",
            "  reident report table5/results.json --out table5.html",
            "  reident report table5/results.json --out table5.html --markdown table5.md"})
public final class ReportCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "An experiment's results.json.")
    Path results;

    @Option(names = "--out", required = true, paramLabel = "FILE", converter = FileName.class, description = "The HTML report to write.")
    Path out;

    @Option(names = "--markdown", paramLabel = "FILE", converter = FileName.class, description = "Also write the tables as Markdown.")
    Path markdown;

    @Override
    public Integer call() throws Exception {
        AtomicOutput.checkWritable(out, "--out");
        AtomicOutput.checkNotInput(out, "--out", results);
        if (markdown != null) {
            AtomicOutput.checkWritable(markdown, "--markdown");
            AtomicOutput.checkNotInput(markdown, "--markdown", results);
        }
        JsonNode array = JsonInput.read(results, results.toString(), "the results' JSON array (one array per file)");
        if (array == null || !array.isArray()) {
            throw new InputException(results + ": expected a JSON array (an experiment's results.json)");
        }
        for (int i = 0; i < array.size(); i++) {
            JsonNode r = array.get(i);
            if (!r.isObject() || !r.has("experiment") || !r.has("kind")) {
                throw new InputException(results + ": element " + i + " is not an experiment's result (no 'experiment' and 'kind')");
            }
        }
        Path metaFile = results.toAbsolutePath().resolveSibling("experiment.json");
        JsonNode meta = Files.isRegularFile(metaFile)
                ? JsonInput.read(metaFile, metaFile.toString(), "the experiment's JSON object (one object per file)") : null;
        AtomicOutput.writeString(out, ExperimentReport.html(meta, array));
        if (markdown != null) {
            AtomicOutput.writeString(markdown, ExperimentReport.markdown(meta, array, "reident report " + results + " --out " + out
                    + " --markdown " + markdown));
        }
        spec.commandLine().getOut().println("wrote " + out + (markdown != null ? ", " + markdown : ""));
        return 0;
    }
}

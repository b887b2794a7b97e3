package org.reident.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reident.data.CsvReader;
import org.reident.data.CsvTable;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import org.reident.io.MaskedCsv;
import org.reident.io.NumericCsv;
import org.reident.protect.Masking;
import org.reident.protect.Preset;
import org.reident.protect.PresetFiles;
import org.reident.protect.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code reident protect}: make a protected file with one of the papers' protection methods. */
@Command(name = "protect", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Protect a file with a masking method, or make one of the papers' protected files.",
            "",
            "Selected variables (--vars; default every numeric column but the --id column) are masked, all other columns are copied "
                + "unchanged. Random methods are reproducible: the same --seed gives the same file."},
        footer = {"", "Methods: mdav (--k, or --groups per variable group, or --group-size), mdav-all (--k), "
                + "individual-ranking (--k), micz (--k), rankswap (--p), noise (--p), correlated-noise (--p), "
                + "jpeg (--quality), ipso-a | ipso-b | ipso-c (--confidential).",
            "",
            "Examples:",
            "  reident protect mdav --original census.csv --out m428.csv --groups \"AFNLWGT,AGI:2;EMCONTRB,FEDTAX:8\"",
            "  reident protect rankswap --original census.csv --out rs.csv --p 15 --seed 7",
            "  reident protect --preset M4-28 --original ../shared/data/census.csv --out m4-28/",
            "  reident protect --list-presets"})
public final class ProtectCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "METHOD", description = "The protection method (see below).")
    String method;

    @Option(names = "--original", paramLabel = "FILE", description = "The file to protect (CSV with a header).")
    Path original;

    @Option(names = "--out", paramLabel = "PATH", description = "Output CSV file; with --preset, a folder for original.csv and protected.csv.")
    String outName;

    /** {@link #outName} as a path (a trailing '/' dropped: checked before, where it matters). */
    private Path out;

    @Option(names = "--preset", paramLabel = "NAME", description = "Make a protected file of the papers (see --list-presets).")
    String preset;

    @Option(names = "--list-presets", description = "List the presets with their source and the paper's rates.")
    boolean listPresets;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--vars", split = ",", paramLabel = "NAME",
            description = "Variables to mask (default: every numeric column but the --id column).")
    List<String> vars;

    @Option(names = "--id", paramLabel = "COL",
            description = "An id column: copied unchanged, never masked (its values must be unique; link later with --id COL).")
    String id;

    @Option(names = "--k", paramLabel = "K", description = "Microaggregation group size.")
    Integer k;

    @Option(names = "--groups", paramLabel = "SPEC",
            description = "mdav per variable group, groups microaggregated independently: \"a,b:K1;c,d:K2\".")
    String groups;

    @Option(names = "--group-size", paramLabel = "G", description = "mdav on consecutive groups of G selected variables (with --k).")
    Integer groupSize;

    @Option(names = "--scale", defaultValue = "standardized", paramLabel = "S",
            description = "MDAV distances on standardized (default) or raw values.")
    String scale;

    @Option(names = "--p", paramLabel = "P", description = "rankswap: window, percent of the records; noise: percent of each sd.")
    Double p;

    @Option(names = "--quality", paramLabel = "Q", description = "JPEG quality 1..100.")
    Integer quality;

    @Option(names = "--confidential", split = ",", paramLabel = "NAME",
            description = "ipso: the confidential attributes (regressors, released unchanged); the other selected variables are synthesised.")
    List<String> confidential;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        if (listPresets) {
            for (Preset ps : Presets.all()) {
                stdout.printf("%-18s %-6s %2d variables, %s records; paper AM %s%%; %s%n", ps.name(), ps.dataset(),
                        ps.variables().size(), ps.sample() > 0 ? Integer.toString(ps.sample()) : "all",
                        Double.isNaN(ps.paperAm()) ? "n/a" : String.format(java.util.Locale.ROOT, "%.2f", ps.paperAm()), ps.source());
            }
            return 0;
        }
        if (original == null || outName == null) {
            throw new InputException("protect needs --original FILE and --out " + (preset != null ? "DIR" : "FILE"));
        }
        if ((preset == null) == (method == null)) {
            throw new InputException("protect needs either a METHOD or --preset NAME (not both); see 'reident protect --help'");
        }
        String folder = FileName.namesAFolder(outName);
        if (preset == null && folder != null) {
            throw new InputException("--out " + folder + " (a folder only with --preset)");
        }
        out = Path.of(outName);
        // every file this run writes, checked before any is: a preset's three files are written together or not at all
        List<Path> targets = preset != null
                ? List.of(out.resolve("original.csv"), out.resolve("protected.csv"), out.resolve("provenance.json"))
                : List.of(out, Path.of(out + ".provenance.json"));
        for (Path t : targets) {
            AtomicOutput.checkWritable(t, "--out");
            AtomicOutput.checkNotInput(t, "--out", original);
        }
        CsvTable table = CsvReader.read(original, original.toString());
        return preset != null ? runPreset(table, stdout) : runMethod(table, stdout);
    }

    private int runPreset(CsvTable table, PrintWriter stdout) throws Exception {
        Preset ps = Presets.named(preset);
        PresetFiles.Made made = PresetFiles.make(ps, table, seed);
        Path x = out.resolve("original.csv");
        Path y = out.resolve("protected.csv");
        AtomicOutput.write(x, w -> NumericCsv.write(w, made.variables(), made.original()));
        AtomicOutput.write(y, w -> NumericCsv.write(w, made.variables(), made.masked()));
        ObjectNode prov = provenance(made.label());
        prov.put("preset", ps.name());
        prov.put("source", ps.source());
        prov.put("records", made.rows());
        ArrayNode link = prov.putArray("link_variables");
        ps.linkVariables().forEach(link::add);
        AtomicOutput.writeString(out.resolve("provenance.json"), Reports.JSON.writeValueAsString(prov) + "\n");
        stdout.printf("%s: %d records, %s%nwrote %s, %s, %s%nlink them with: reident link --original %s --protected %s --vars %s%n",
                ps.name(), made.rows(), made.label(), x, y, out.resolve("provenance.json"), x, y, String.join(",", ps.linkVariables()));
        return 0;
    }

    private int runMethod(CsvTable table, PrintWriter stdout) throws Exception {
        List<String> selected = new ArrayList<>();
        if (vars != null) {
            selected.addAll(vars);
        } else if (groups != null) {
            selected.addAll(MaskingOptions.groupVariables(groups));
        }
        if (confidential != null && !selected.isEmpty()) {
            for (String c : confidential) {
                if (!selected.contains(c)) {
                    selected.add(c);
                }
            }
        }
        LinkageDataBuilder builder = new LinkageDataBuilder(table, table).variables(selected).missingHint("");
        if (id != null) {
            builder.idColumn(id);
        }
        LinkageData data = builder.build();
        if (selected.isEmpty() && id == null) {
            PrintWriter stderr = spec.commandLine().getErr();
            for (String note : IdentifierColumns.notes(data)) {
                stderr.println("reident: note: " + note);
            }
        }
        Masking masking = MaskingOptions.build(this, data.variables());
        double[] masked = masking.apply(data.original(), data.originalCount(), data.dimension());
        AtomicOutput.write(out, w -> MaskedCsv.write(w, table, data.variables(), masked));
        ObjectNode prov = provenance(masking.label());
        ArrayNode v = prov.putArray("variables");
        data.variables().forEach(v::add);
        Path provFile = Path.of(out + ".provenance.json");
        AtomicOutput.writeString(provFile, Reports.JSON.writeValueAsString(prov) + "\n");
        stdout.printf("%s: %d records, %d variables masked (%s)%nwrote %s and %s%n", masking.label(), data.originalCount(),
                data.dimension(), String.join(", ", data.variables()), out, provFile);
        return 0;
    }

    private ObjectNode provenance(String label) {
        ObjectNode n = Reports.JSON.createObjectNode();
        n.put("masking", label);
        n.put("seed", seed);
        ObjectNode in = n.putObject("input");
        in.put("file", original.toString());
        in.put("sha256", Checksums.sha256(original));
        n.put("command", String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        n.put("version", Version.get());
        Reports.putCommit(n);
        return n;
    }
}

package org.reident.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.reident.data.CsvReader;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.io.AtomicOutput;
import org.reident.io.Checksums;
import org.reident.io.NumericCsv;
import org.reident.linkage.Linkage;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.MethodOutcome;
import org.reident.learn.Aggregator;
import org.reident.learn.EpsAdvice;
import org.reident.learn.LearnOptions;
import org.reident.learn.Margin;
import org.reident.learn.LearnResult;
import org.reident.learn.Formulation;
import org.reident.measure.IntervalDisclosure;
import org.reident.measure.Measures;
import org.reident.measure.PairedColumns;
import org.reident.protect.GroupedMasking;
import org.reident.protect.Masking;
import org.reident.protect.Mdav;
import org.reident.protect.Noise;
import org.reident.synth.CensusLikeGenerator;
import org.reident.synth.SyntheticTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code reident demo}: the main job on the project's own seeded synthetic data. Generates a
 * census-like original file, protects it with MDAV microaggregation (or noise), writes both files, links them with
 * every standard distance, and learns the worst case within each family of --learn (the cuts formulation of
 * {@code reident learn}, on every record).
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Show the main job on generated data: no input files needed.",
            "",
            "Generates a seeded census-like file, protects it (MDAV microaggregation, or noise), writes both files, links them "
                + "with every standard record-linkage method, and learns by MILP the worst case within the weighted means (wm*), "
                + "the Choquet integrals (ci*) and the bilinear forms (sb*): the parameters that re-identify the most records, "
                + "proven optimal or reported with their bound."})
public final class DemoCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--records", defaultValue = "2000", paramLabel = "N", description = "Records to generate (default ${DEFAULT-VALUE}).")
    int records;

    @Option(names = "--variables", defaultValue = "6", paramLabel = "n", description = "Quasi-identifiers to generate, 1 to 8 (default ${DEFAULT-VALUE}).")
    int variables;

    @Option(names = "--protection", defaultValue = "mdav", paramLabel = "M",
            description = "mdav (default: MDAV on pairs of variables with k = 3, 8, 5, as the papers' M6-385) or noise.")
    String protection;

    @Option(names = "--noise", defaultValue = "25", paramLabel = "P",
            description = "With --protection noise: percent of each variable's standard deviation (default ${DEFAULT-VALUE}).")
    double noise;

    @Option(names = "--seed", defaultValue = "20261126", paramLabel = "S", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", defaultValue = "reident-demo", paramLabel = "DIR",
            description = "Folder for original.csv, protected.csv and results.json (default ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--json", description = "Print the results as a JSON array instead of a table.")
    boolean json;

    @Option(names = "--learn", defaultValue = "wm,choquet,bilinear", paramLabel = "LIST", split = ",",
            description = {"Families whose worst case to learn by MILP, each a row of its own: wm (wm*), wm-m, owa, choquet (ci*), "
                + "choquet-m, bilinear (sb*), bilinear-nc, md-star; 'none' learns nothing (default ${DEFAULT-VALUE})."})
    List<String> learn;

    @Option(names = "--learn-seconds", defaultValue = "30", paramLabel = "T",
            description = "Time limit for learning each worst case; 0 skips learning (default ${DEFAULT-VALUE}).")
    double learnSeconds;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (records < 10) {
            throw new org.reident.data.InputException("--records: expected at least 10, got " + records);
        }
        int most = CensusLikeGenerator.NAMES.size();
        if (variables < 1 || variables > most) {
            throw new org.reident.data.InputException("--variables: expected 1 to " + most + " (" + String.join(", ",
                    CensusLikeGenerator.NAMES) + "), got " + variables);
        }
        if ((long) records * variables > CensusLikeGenerator.MAX_VALUES) {
            throw new org.reident.data.InputException("--records: at most " + CensusLikeGenerator.MAX_VALUES / variables + " with "
                    + variables + " variables (one table of values is a Java array), got " + records);
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new org.reident.data.InputException("--noise: expected a percentage >= 0, got " + noise);
        }
        List<Aggregator> families = families();
        // every file the demo writes, checked before any is: a bad --out is refused before the generated pair is written
        for (String name : List.of("original.csv", "protected.csv", "results.json")) {
            AtomicOutput.checkWritable(dir.resolve(name), "--out");
        }
        SyntheticTable original = CensusLikeGenerator.generate(records, variables, seed);
        Masking masking = masking();
        double[] masked = masking.apply(original.values(), original.rows(), original.names().size());
        Path xPath = dir.resolve("original.csv");
        Path yPath = dir.resolve("protected.csv");
        AtomicOutput.write(xPath, w -> NumericCsv.write(w, original.names(), original.values()));
        AtomicOutput.write(yPath, w -> NumericCsv.write(w, original.names(), masked));

        LinkageData data = new LinkageDataBuilder(CsvReader.read(xPath, xPath.toString()), CsvReader.read(yPath, yPath.toString())).build();
        DistanceOptions options = DistanceOptions.DEFAULT;
        Reports.Context ctx = new Reports.Context(data, Checksums.sha256(xPath), Checksums.sha256(yPath), options);
        if (!json) {
            out.printf(Locale.ROOT, "reident demo: %d synthetic census-like records (seed %d), %d variables: %s%n", records, seed,
                    data.dimension(), String.join(", ", data.variables()));
            out.printf(Locale.ROOT, "protected with %s; linking original -> protected%n%n", describe(masking));
            Reports.header(out);
        }
        LinkageEngine engine = LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP);
        List<MethodOutcome> outcomes = new ArrayList<>();
        int n = data.originalCount();
        for (Method m : Method.standard()) {
            // the same percentage on a terminal as 'reident link' (large --records take minutes)
            Progress progress = Progress.forLinkage(err, m.label(), n, n, json);
            PrlProgress fitted = m == Method.PRL ? PrlProgress.of(err, n, json) : null;
            MethodOutcome o = Linkage.run(m, null, data, options, engine, fitted, progress);
            outcomes.add(o);
            if (!json) {
                Reports.row(out, o);
                String note = Reports.prlSampleNote(o.prl());
                if (note != null) {
                    out.println(note);
                }
            }
        }
        Map<MethodOutcome, Learned> learnedRows = new IdentityHashMap<>();
        double[] weights = null; // wm*'s, once learned: where a later family holds it, that family starts from it
        // as 'reident learn' chooses its first eps (Margin.auto), once for every family, so that the rows
        // compare at one margin; the demo's protections release no variable unchanged, the case where
        // 'learn' goes on to further passes (EpsPasses)
        double eps = families.isEmpty() ? Margin.DEFAULT
                : Margin.auto(data, allRecords(data), LearnOptions.defaults(Aggregator.WM).standardization()).eps();
        for (Aggregator a : families) {
            LearnResult learned = learnWorstCase(a, weights, eps, data, err);
            if (a == Aggregator.WM) {
                weights = learned.model().values();
            }
            MethodOutcome lo = new MethodOutcome(a.method(), learned.model(), learned.linkage(), learned.seconds(), null);
            outcomes.add(lo);
            learnedRows.put(lo, new Learned(a, learned, eps));
            if (!json) {
                out.printf(Locale.ROOT, "%-9s %-50s %16s %8.2f %10.2f %9.2f %6d %8.3f%n", label(a), "learned " + family(a)
                        + ": worst case, " + learned.status(), learned.trainingLinked() + " / " + learned.trainingRecords(),
                        lo.result().rate(), lo.result().expected(), lo.result().expectedRate(), lo.result().tiedAtTop(), learned.seconds());
            }
        }
        ArrayNode arr = Reports.JSON.createArrayNode();
        for (MethodOutcome o : outcomes) {
            ObjectNode j = Reports.json(o, ctx).put("seed", seed).put("protection", masking.label());
            Learned l = learnedRows.get(o);
            if (l != null) {
                j.put("learned", true).put("label", label(l.aggregator())).put("aggregator", l.aggregator().label())
                        .put("status", l.result().status()).put("objective_bound", l.result().bound()).put("eps", l.eps());
            }
            arr.add(j);
        }
        Path resultsFile = dir.resolve("results.json");
        String text = Reports.JSON.writeValueAsString(arr);
        AtomicOutput.writeString(resultsFile, text + "\n");
        if (json) {
            out.println(text);
        } else {
            out.println();
            out.println(Reports.worstCase(outcomes, o -> learnedRows.containsKey(o) ? label(learnedRows.get(o).aggregator()) : null));
            for (MethodOutcome o : outcomes) {
                Learned l = learnedRows.get(o);
                if (l != null) {
                    LearnResult learned = l.result();
                    String f = family(l.aggregator());
                    out.printf(Locale.ROOT, "%s: %s, learned by MILP (%s): no %s links more than %d records by a margin of at least "
                            + "%s%s%n", label(l.aggregator()), learned.status().equals("OPTIMAL") ? "the " + f + " that links the most records"
                                    : "the best " + f + " found in the time limit", learned.status(), f, learned.bound(),
                            EpsAdvice.format(l.eps()), smallerMargin(learned.trainingLinked() - learned.bound()));
                }
            }
            if (!learnedRows.isEmpty()) {
                out.println("(see 'reident learn --help'; the learned rows are the worst case over each whole family of distances)");
            }
            out.println();
            out.println(utility(data, outcomes));
            out.println();
            out.println("files: " + xPath + ", " + yPath + " (the generated pair), " + resultsFile + " (these results)");
            out.println("next:  reident link --original " + xPath + " --protected " + yPath + " --method md --out records.csv");
            out.println("       reident measure --original " + xPath + " --protected " + yPath + "   (risk and utility in detail)");
        }
        err.flush();
        return 0;
    }

    /**
     * The protection's cost beside its risk, as {@code reident measure} gives them: IL1s, PIL,
     * interval disclosure, and the score (AvRL + PIL) / 2 with AvRL the mean of am's and prl's tie-aware
     * rates.
     */
    private static String utility(LinkageData data, List<MethodOutcome> outcomes) {
        double rates = 0;
        int n = 0;
        for (MethodOutcome o : outcomes) {
            if ((o.method() == Method.AM || o.method() == Method.PRL) && !o.failed() && o.model() == null) {
                rates += o.result().expectedRate();
                n++;
            }
        }
        Measures m = Measures.of(PairedColumns.of(data), IntervalDisclosure.defaultPercents());
        double pil = m.pil().total();
        String score = n == 0 ? "" : String.format(Locale.ROOT, "; score (AvRL + PIL) / 2 = %.2f %% with AvRL %.2f %% (am, prl)",
                Measures.score(rates / n, pil), rates / n);
        return String.format(Locale.ROOT, "utility lost: IL1s %.4f, PIL %.2f %%; interval disclosure %.2f %%%s", m.il1s(), pil,
                m.intervalDisclosure(), score);
    }

    /** A learned row: the family, what the learner returned and the margin eps it learned with. */
    private record Learned(Aggregator aggregator, LearnResult result, double eps) {
    }

    /** " (1 more is linked here by a smaller margin)", or "" when {@code more} is not positive. */
    static String smallerMargin(int more) {
        return more <= 0 ? "" : " (" + more + (more == 1 ? " more is" : " more are") + " linked here by a smaller margin)";
    }

    private Masking masking() {
        return masking(protection, noise, seed, variables);
    }

    /**
     * The demo's protection of {@code variables} generated columns: MDAV on consecutive pairs of
     * variables with k = 3, 8, 5, 3, ... (raw values, as the papers), or noise of {@code noise} percent
     * of each variable's standard deviation drawn with seed {@code seed + 1} (also bench-check's files).
     */
    static Masking masking(String protection, double noise, long seed, int variables) {
        switch (protection.strip().toLowerCase(Locale.ROOT)) {
            case "noise":
                return new Noise(noise, seed + 1);
            case "mdav":
                int[] ks = {3, 8, 5};
                List<GroupedMasking.ColumnGroup> groups = new ArrayList<>();
                for (int g = 0; 2 * g < variables; g++) {
                    int[] cols = 2 * g + 1 < variables ? new int[] {2 * g, 2 * g + 1} : new int[] {2 * g};
                    groups.add(new GroupedMasking.ColumnGroup(cols, new Mdav(ks[g % 3], Mdav.Scale.RAW)));
                }
                return new GroupedMasking(groups);
            default:
                throw new org.reident.data.InputException("--protection: expected mdav or noise, got '" + protection + "'");
        }
    }

    private String describe(Masking m) {
        return m instanceof Noise
                ? String.format(Locale.ROOT, "additive noise N(0, (%.4g%% of sd)^2)", noise)
                : "MDAV microaggregation of variable pairs, " + m.label();
    }

    /** The aggregators of --learn, in order, without repeats; none when --learn-seconds is 0 or --learn is 'none'. */
    private List<Aggregator> families() {
        if (!(learnSeconds >= 0) || Double.isInfinite(learnSeconds)) {
            throw new org.reident.data.InputException("--learn-seconds: expected a number of seconds >= 0, got " + learnSeconds);
        }
        List<Aggregator> out = new ArrayList<>();
        if (learn.size() == 1 && learn.get(0).strip().equalsIgnoreCase("none")) {
            return out;
        }
        for (String name : learn) {
            Aggregator a = PresetSample.aggregator(name, "--learn");
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        return learnSeconds == 0 ? List.of() : out;
    }

    /** The row's name: the papers' short name of the family, starred as learned (wm*, ci*, sb*, ...). */
    static String label(Aggregator a) {
        return switch (a) {
            case WM -> "wm*";
            case WM_M -> "wm-m*";
            case OWA -> "owa*";
            case CHOQUET -> "ci*";
            case CHOQUET_M -> "ci-m*";
            case BILINEAR -> "sb*";
            case BILINEAR_NC -> "sb-nc*";
            case MD_STAR -> "md**";
        };
    }

    private static String family(Aggregator a) {
        return switch (a) {
            case WM -> "weighted mean";
            case WM_M -> "weighted mean (weights >= delta)";
            case OWA -> "OWA operator";
            case CHOQUET -> "Choquet integral";
            case CHOQUET_M -> "submodular Choquet integral";
            case BILINEAR -> "bilinear form";
            case BILINEAR_NC -> "bilinear form (no sign constraint)";
            case MD_STAR -> "Mahalanobis-type aggregator (MD*)";
        };
    }

    private static int[] allRecords(LinkageData data) {
        int[] all = new int[data.originalCount()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return all;
    }

    /**
     * The worst case within one family: the MILP of 'reident learn', on every record, starting from
     * the weighted mean {@code start} (null: none) where the family holds it, with margin {@code eps}.
     */
    private LearnResult learnWorstCase(Aggregator a, double[] start, double eps, LinkageData data, PrintWriter err) {
        int[] all = allRecords(data);
        String label = label(a);
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(learnSeconds).withStart(start).withEps(eps)
                .withProgress(json ? null : line -> {
                    err.println("reident demo: learning " + label + ": " + line);
                    err.flush();
                });
        return Formulation.CUTS.learn(o, data, all);
    }
}

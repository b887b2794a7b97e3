package org.reident.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.explain.FuzzyMeasures;
import org.reident.explain.NearestPsd;
import org.reident.learn.Aggregator;
import org.reident.learn.EpsAdvice;
import org.reident.learn.EpsPasses;
import org.reident.learn.LearnOptions;
import org.reident.learn.LearnResult;
import org.reident.linkage.LinkageResult;

/** The JSON object and the readable report of a learning run. */
final class LearnReport {
    private LearnReport() {
    }

    /** Counts of the recomputed linkage over a subset of the query records. */
    record Counts(int records, int strict, double expected) {
        double rate() {
            return records == 0 ? 0 : 100.0 * strict / records;
        }

        double expectedRate() {
            return records == 0 ? 0 : 100.0 * expected / records;
        }

        static Counts of(LinkageResult r, int[] subset) {
            int s = 0;
            double e = 0;
            for (int i : subset) {
                if (r.rank(i) == 1) {
                    e += 1.0 / r.tiesWithTrue(i);
                    s += r.tiesWithTrue(i) == 1 ? 1 : 0;
                }
            }
            return new Counts(subset.length, s, e);
        }
    }

    static int[] complement(LinkageData d, int[] train) {
        boolean[] in = new boolean[d.originalCount()];
        for (int i : train) {
            in[i] = true;
        }
        int m = 0;
        for (int i = 0; i < in.length; i++) {
            m += !in[i] && d.truth()[i] >= 0 ? 1 : 0;
        }
        int[] t = new int[m];
        int k = 0;
        for (int i = 0; i < in.length; i++) {
            if (!in[i] && d.truth()[i] >= 0) {
                t[k++] = i;
            }
        }
        return t;
    }

    /**
     * @param e         the margin's advice for this result ({@link EpsAdvice#of}), made once for both reports
     * @param heuristic the result of HRLA, whose bound is no proof's: no {@code bound_note}, as in the text
     */
    static ObjectNode json(LearnResult r, LinkageData data, int[] train, Aggregator a, LearnOptions o, EpsAdvice e,
            boolean heuristic) {
        ObjectNode j = Reports.JSON.createObjectNode();
        Counts c = Counts.of(r.linkage(), train);
        j.put("method", a.label());
        j.put("records", c.records());
        j.put("reidentified", c.strict());
        j.put("expected", Reports.round(c.expected(), 6));
        j.put("rate", Reports.round(c.rate(), 6));
        j.put("expected_rate", Reports.round(c.expectedRate(), 6));
        j.put("status", r.status());
        j.put("objective_bound", r.bound());
        j.put("gap", Reports.round(r.gap(), 6));
        j.put("milp_linked", r.milpLinked());
        if (r.milpLinked() != c.strict()) {
            j.put("count_note", countNote(r.milpLinked(), c.strict(), r.status()));
        }
        String boundNote = heuristic ? null : boundNote(r);
        if (boundNote != null) {
            j.put("bound_note", boundNote);
        }
        j.put("eps", o.eps());
        j.put("margin_linked", e.withMargin());
        if (e.advised()) {
            j.put("eps_note", e.note(o.eps()));
            j.put("eps_suggested", e.suggested());
        }
        j.put("unlinkable", r.unlinkable());
        j.put("rounds", r.rounds());
        j.put("rows", r.rows());
        j.put("solver", r.solver());
        j.put("standardize", o.standardization().label());
        ArrayNode vars = j.putArray("variables");
        data.variables().forEach(vars::add);
        j.set("parameters", org.reident.distance.ModelFile.toJson(r.model()).get("parameters"));
        explainJson(j, r.model(), a);
        int[] test = complement(data, train);
        if (test.length > 0) {
            Counts t = Counts.of(r.linkage(), test);
            ObjectNode tn = j.putObject("test");
            tn.put("records", t.records());
            tn.put("reidentified", t.strict());
            tn.put("expected", Reports.round(t.expected(), 6));
            tn.put("rate", Reports.round(t.rate(), 6));
            tn.put("expected_rate", Reports.round(t.expectedRate(), 6));
        }
        return j;
    }

    /**
     * Why the MILP's N - sum K and the recomputed strict count differ. Under TIME_LIMIT the last
     * MILP solve was of a relaxation (rows not yet generated) and its parameters are not
     * necessarily the ones returned, so its count says nothing about them; a count of 0 then most
     * often means that no solve ended with a solution (e.g. the time left after the set-up and the
     * reserve for the last linkage was too short).
     */
    static String countNote(int milp, int recomputed, String status) {
        if (status.equals("TIME_LIMIT") && milp == 0) {
            return "no MILP solve gave a solution linking a record within the limit; the parameters returned are the best the "
                    + "linkage engine found among the rounds' solutions and AM, and link " + recomputed;
        }
        if (status.equals("TIME_LIMIT")) {
            return "that is the last round's relaxation (rows still missing); the parameters returned are the best the linkage "
                    + "engine found among the rounds' solutions and AM, and link " + recomputed;
        }
        return recomputed > milp
                ? more(recomputed - milp) + " nearest to their true match with a margin below eps, which the MILP does not count"
                : records(milp - recomputed) + " the MILP counts " + (milp - recomputed == 1 ? "is" : "are")
                        + " not strictly nearest when recomputed (solver tolerance)";
    }

    /**
     * The passes of {@code --eps auto} ({@link EpsPasses}) as JSON {@code eps_passes}: each pass's eps,
     * status, bound, the records its parameters link with margin eps and by a smaller one, seconds.
     */
    static void passes(ObjectNode j, List<EpsPasses.Pass> passes) {
        ArrayNode a = j.putArray("eps_passes");
        for (EpsPasses.Pass p : passes) {
            ObjectNode n = a.addObject();
            n.put("eps", p.eps());
            n.put("status", p.status());
            n.put("objective_bound", p.bound());
            n.put("margin_linked", p.withMargin());
            n.put("below_eps", p.below());
            n.put("seconds", Reports.round(p.seconds(), 3));
            n.put("stopped_for_smaller_eps", p.epsStopped());
        }
    }

    /** "eps: auto, 2 passes: 1e-4 (OPTIMAL, bound 93; 30 re-identified by a smaller margin), then 1e-6 (...)". */
    static String passesLine(List<EpsPasses.Pass> passes) {
        StringBuilder b = new StringBuilder("eps: auto, ").append(passes.size()).append(" passes: ");
        for (int i = 0; i < passes.size(); i++) {
            EpsPasses.Pass p = passes.get(i);
            b.append(i == 0 ? "" : ", then ").append(EpsAdvice.format(p.eps())).append(String.format(Locale.ROOT,
                    " (%s, bound %d; %d re-identified by a smaller margin%s)", p.status(), p.bound(), p.below(),
                    p.epsStopped() ? "; stopped for a smaller eps" : ""));
        }
        return b.toString();
    }

    /**
     * When a run that is not proven optimal still has the bound it started from, every training record
     * that some parameter value links on its own (EIA's Choquet integral on 11 variables at 60 s: the
     * first round's LP over 2,048 parameters does not finish), the bound says nothing about the
     * records' linking together; a reader of "gap 73.56%" should know that. Null otherwise.
     */
    static String untouchedBound(LearnResult r) {
        int linkable = r.trainingRecords() - r.unlinkable();
        if ("OPTIMAL".equals(r.status()) || r.bound() < linkable) {
            return null;
        }
        return String.format(Locale.ROOT, "the bound is still every record some parameter value links on its own (%d):"
                + " no set of them was proven unlinkable together within the time limit; a longer --time-limit may lower it",
                linkable);
    }

    /**
     * The share of its starting gap a run not proven optimal must have closed for its bound to go
     * unremarked ({@link #barelyMovedBound}).
     */
    static final double BARELY = 0.05;

    /**
     * When a run that is not proven optimal has closed less than {@link #BARELY} of the gap it started
     * with (from every training record that some parameter value links on its own down to the records
     * found), its bound, though it moved, still says little about the records' linking together: EIA
     * with 10% noise, SB on 11 variables at 60 s, 4,090 of 4,092 against 958 found, where most
     * conflicts hold 28-43 records (stop 87). The whole Census's SB at 120 s (977 against 974 found,
     * 1,004 linkable) has closed 90% of its gap and is not remarked. Null otherwise, and when the
     * bound never moved ({@link #untouchedBound} says so).
     */
    static String barelyMovedBound(LearnResult r) {
        int linkable = r.trainingRecords() - r.unlinkable();
        int gap = linkable - Math.max(0, r.milpLinked());
        int fell = linkable - r.bound();
        if ("OPTIMAL".equals(r.status()) || fell <= 0 || gap <= 0 || fell >= BARELY * gap) {
            return null;
        }
        return String.format(Locale.ROOT, "the bound has fallen only %s below every record some parameter value links on"
                + " its own (%d) within the time limit: few sets of them were proven unlinkable together, so the gap says"
                + " little about how many more records link together; a longer --time-limit may lower it",
                records(fell), linkable);
    }

    /**
     * What a reader of a bound not proven optimal should know of it: {@link #untouchedBound}, else the
     * learner's own note ({@link LearnResult#boundNote}: the groups learned alone hold it), else
     * {@link #barelyMovedBound}. Null: nothing. The text shows it under the bound line, the JSON as
     * {@code bound_note}.
     */
    static String boundNote(LearnResult r) {
        String untouched = untouchedBound(r);
        if (untouched != null || "OPTIMAL".equals(r.status())) {
            return untouched;
        }
        return r.boundNote() != null ? r.boundNote() : barelyMovedBound(r);
    }

    /** "1 record", "n records". */
    private static String records(int n) {
        return n + (n == 1 ? " record" : " records");
    }

    /** "1 more record is", "n more records are". */
    private static String more(int n) {
        return n == 1 ? "1 more record is" : n + " more records are";
    }

    /**
     * @param heuristic the result of HRLA: its bound is "some measure could link", not a proven optimum's
     * @param eps       the learning margin, and e its advice for this result ({@link EpsAdvice})
     * @param standard  the standard distances beside the result ({@link StandardBeside}), and beats
     *                  the note when one re-identifies more (null: none does)
     */
    static void text(PrintWriter out, LearnResult r, LinkageData data, int[] train, Aggregator a, boolean heuristic, double eps,
            EpsAdvice e, List<EpsPasses.Pass> passes, StandardBeside standard, String beats) {
        Counts c = Counts.of(r.linkage(), train);
        out.printf(Locale.ROOT, "learned %s on %s, %d variables (%s)%n", a.label(), records(c.records()), data.dimension(),
                String.join(", ", data.variables()));
        out.printf(Locale.ROOT, "status %s: %d re-identified (%.2f%%), recomputed by the linkage engine; tie-aware %.2f%n",
                r.status(), c.strict(), c.rate(), c.expected());
        if (heuristic) {
            out.printf(Locale.ROOT, "heuristic: not proven optimal; at most %s can be linked by any measure (gap at most %.2f%%);"
                    + " --method milp gives the certified optimum%n", records(r.bound()), 100 * r.gap());
        } else {
            out.printf(Locale.ROOT, "bound: no parameter value links more than %s with margin eps = %s; the parameters"
                    + " returned link %d so (gap %.2f%%)%n", records(r.bound()), EpsAdvice.format(eps), e.withMargin(), 100 * r.gap());
        }
        String boundNote = heuristic ? null : boundNote(r);
        if (boundNote != null) {
            out.println("note: " + boundNote);
        }
        if (r.milpLinked() != c.strict()) {
            out.println("note: the MILP counts " + r.milpLinked() + "; " + countNote(r.milpLinked(), c.strict(), r.status()));
        }
        if (e.advised() && !heuristic) {
            out.println("note: " + e.note(eps));
        }
        if (passes != null && passes.size() > 1) {
            out.println(passesLine(passes));
        }
        out.printf(Locale.ROOT, "%s cannot be linked with margin eps by any parameter value; %d round%s, %d rows, %.2f s, %s%n",
                records(r.unlinkable()), r.rounds(), r.rounds() == 1 ? "" : "s", r.rows(), r.seconds(), r.solver());
        out.println(standard.line());
        if (beats != null) {
            out.println(beats);
        }
        int[] test = complement(data, train);
        if (test.length > 0) {
            Counts t = Counts.of(r.linkage(), test);
            out.printf(Locale.ROOT, "test: %d of %d held-out records re-identified (%.2f%%)%n", t.strict(), t.records(), t.rate());
        }
        out.println();
        parameters(out, r.model(), a);
        explain(out, r.model(), a);
    }

    /** Interaction indices of at most this size in absolute value are not listed (rounding of the solver's values). */
    static final double INTERACTION_SHOWN = 1e-6;

    /** Shapley values and interactions of a learned measure; eigenvalues of a learned matrix. */
    static void explain(PrintWriter out, DistanceModel m, Aggregator a) {
        int n = m.dimension();
        if (a.isChoquet()) {
            double[] phi = FuzzyMeasures.shapley(m.values(), n);
            double[] inter = FuzzyMeasures.interaction(m.values(), n);
            out.println("Shapley values (each variable's share in linking; they sum to 1):");
            for (int k = 0; k < n; k++) {
                out.printf(Locale.ROOT, "  %-12s %.5f%n", m.variables().get(k), phi[k]);
            }
            out.println("pairwise interaction indices (> 0: the pair links better together, < 0: redundant):");
            int shown = 0;
            for (int k = 0; k < n; k++) {
                for (int l = k + 1; l < n; l++) {
                    if (Math.abs(inter[k * n + l]) > INTERACTION_SHOWN) {
                        out.printf(Locale.ROOT, "  %-12s %-12s %+.5f%n", m.variables().get(k), m.variables().get(l), inter[k * n + l]);
                        shown++;
                    }
                }
            }
            if (n < 2) {
                out.println("  none: one variable, no pairs");
            } else if (shown == 0) { // an empty list read as a fault: say what it means
                out.printf(Locale.ROOT, "  none: every pair's index is 0 (within %s), so no pair of variables links better or worse"
                        + " together than apart%n", EpsAdvice.format(INTERACTION_SHOWN));
            } else if (shown < n * (n - 1) / 2) {
                out.printf(Locale.ROOT, "  (the other %d pairs' indices are 0 within %s)%n", n * (n - 1) / 2 - shown,
                        EpsAdvice.format(INTERACTION_SHOWN));
            }
        } else if (a.isBilinear()) {
            double[] ev = NearestPsd.eigenvalues(m.values(), n);
            StringBuilder sb = new StringBuilder("eigenvalues:");
            for (double e : ev) {
                // five decimals, or the exponent for a small non-zero one: a -0.00000 would hide why the
                // line below says the matrix is not positive semidefinite (whole Census by IPSO, SB: -9.6e-07)
                sb.append(String.format(Locale.ROOT, e != 0 && Math.abs(e) < 5e-6 ? " %.2e" : " %.5f", e));
            }
            out.println(sb);
            if (NearestPsd.isPsd(m.values(), n, 1e-9)) {
                out.println("the matrix is positive semidefinite: the distance is never negative");
            } else if (a == Aggregator.MD_STAR && nonNegativeEntries(m.values())) {
                out.println("the matrix is not positive semidefinite, but MD* only sees |differences| >= 0 and every entry is >= 0,"
                        + " so the distance is never negative");
            } else {
                out.println("the matrix is NOT positive semidefinite: pairs outside the data may get negative distances");
            }
        }
    }

    private static boolean nonNegativeEntries(double[] v) {
        for (double x : v) {
            if (x < 0) {
                return false;
            }
        }
        return true;
    }

    /** JSON of the explanation (Shapley and interactions, or eigenvalues and PSD). */
    static void explainJson(ObjectNode j, DistanceModel m, Aggregator a) {
        int n = m.dimension();
        if (a.isChoquet()) {
            ObjectNode sh = j.putObject("shapley");
            double[] phi = FuzzyMeasures.shapley(m.values(), n);
            for (int k = 0; k < n; k++) {
                sh.put(m.variables().get(k), Reports.round(phi[k], 9));
            }
            ArrayNode in = j.putArray("interaction");
            double[] inter = FuzzyMeasures.interaction(m.values(), n);
            for (int k = 0; k < n; k++) {
                ArrayNode row = in.addArray();
                for (int l = 0; l < n; l++) {
                    row.add(Reports.round(inter[k * n + l], 9));
                }
            }
        } else if (a.isBilinear()) {
            ArrayNode ev = j.putArray("eigenvalues");
            for (double e : NearestPsd.eigenvalues(m.values(), n)) {
                ev.add(e);
            }
            j.put("psd", NearestPsd.isPsd(m.values(), n, 1e-9));
        }
    }

    static void parameters(PrintWriter out, DistanceModel m, Aggregator a) {
        int n = m.dimension();
        double[] v = m.values();
        if (a.isBilinear()) {
            out.println("matrix Sigma:");
            for (int k = 0; k < n; k++) {
                StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %-12s", m.variables().get(k)));
                for (int l = 0; l < n; l++) {
                    sb.append(String.format(Locale.ROOT, " %9.5f", v[k * n + l]));
                }
                out.println(sb);
            }
        } else if (a.isChoquet()) {
            measure(out, m);
        } else {
            out.println(a == Aggregator.OWA ? "weights of the ordered squared differences (largest first):" : "weights:");
            for (int k = 0; k < n; k++) {
                out.printf(Locale.ROOT, "  %-12s %.5f%n", a == Aggregator.OWA ? "w" + (k + 1) : m.variables().get(k), v[k]);
            }
        }
    }

    /** Measures of more variables than this are shown by their small and large subsets only. */
    static final int MEASURE_IN_FULL = 6;

    /**
     * The fuzzy measure, subsets with mu > 0 by size. Up to {@value #MEASURE_IN_FULL} variables
     * (64 subsets) every one; beyond, 2^n values are no reading (EIA's 11 variables: 2,047 lines), so
     * the subsets of one and two variables and those leaving one variable out (how much linking is
     * left without it), with a line saying where the rest is.
     */
    static void measure(PrintWriter out, DistanceModel m) {
        int n = m.dimension();
        double[] v = m.values();
        boolean full = n <= MEASURE_IN_FULL;
        out.println(full ? "fuzzy measure (subsets with mu > 0, by size):"
                : "fuzzy measure (" + v.length + " subsets; with mu > 0, those of 1 and 2 variables and those leaving one out):");
        int shown = 0;
        for (int size = 1; size <= n; size++) {
            if (!full && (size > 2 && size < n - 1 || size == n)) {
                continue;
            }
            for (int mask = 1; mask < v.length; mask++) {
                if (Integer.bitCount(mask) == size && v[mask] > 1e-9) {
                    out.printf(Locale.ROOT, "  mu(%s) = %.5f%n", names(m, mask), v[mask]);
                    shown++;
                }
            }
        }
        if (!full) {
            out.printf(Locale.ROOT, "  (%d further values of mu: the model file of --out and the output of --json hold all %d)%n",
                    countPositive(v) - shown, v.length);
        }
    }

    private static int countPositive(double[] v) {
        int c = 0;
        for (double x : v) {
            c += x > 1e-9 ? 1 : 0;
        }
        return c;
    }

    static String names(DistanceModel m, int mask) {
        StringBuilder sb = new StringBuilder("{");
        for (int k = 0; k < m.dimension(); k++) {
            if ((mask & (1 << k)) != 0) {
                sb.append(sb.length() > 1 ? "," : "").append(m.variables().get(k));
            }
        }
        return sb.append('}').toString();
    }
}

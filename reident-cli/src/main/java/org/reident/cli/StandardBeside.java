package org.reident.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.Standardization;
import org.reident.learn.Margin;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;

/**
 * The standard distances without parameters beside a learned worst case, on the same training
 * records, direction and standardisation: AM, DBRL2, MD and MD0 (each a k-d tree search: 0.2-0.4 s
 * on 20,000 generated records). DESIGN.md: a learned optimum is the worst case within its family, and
 * "a standard distance outside that family can still beat it on a given file — the report must show
 * this". DBRL2 and MD standardise the raw differences, so with {@code --standardize own} they lie
 * outside the families: on EIA protected by MDAV (10 variables) DBRL2 re-identifies 3,423 records
 * where the weighted mean learned in 20 s re-identifies 3,266; with {@code --standardize original} DBRL2 is a
 * weighted mean of the learner's space and the learned one re-identifies 3,455. A distance the file cannot support
 * (DBRL2 on a variable left unmasked, MD on a singular covariance) is left out.
 *
 * @param entries the distances computed, in the order above
 */
record StandardBeside(List<Entry> entries) {
    /** One standard distance's strict and tie-aware re-identifications on the training records. */
    record Entry(String method, int strict, double expected) {
    }

    private static final Method[] METHODS = {Method.AM, Method.DBRL2, Method.MD, Method.MD0};

    /** @param am AM's linkage of the file under {@code std} ({@link Margin#amLinkage}), made once for eps and for this */
    static StandardBeside of(LinkageData data, int[] train, Standardization std, LinkageResult am) {
        List<Entry> out = new ArrayList<>();
        LinkageEngine engine = LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP);
        for (Method m : METHODS) {
            try {
                LearnReport.Counts c = LearnReport.Counts.of(m == Method.AM ? am : engine.link(Distances.prepare(m, null, data,
                        new DistanceOptions(std, 2, false)), data.truth()), train);
                out.add(new Entry(m.label(), c.strict(), c.expected()));
            } catch (InputException e) {
                // the file cannot support this distance (its own error says why under 'reident link')
            }
        }
        return new StandardBeside(List.copyOf(out));
    }

    /** The one that re-identifies the most (the first of equals); null when none could be computed. */
    Entry best() {
        Entry b = null;
        for (Entry e : entries) {
            b = b == null || e.strict() > b.strict() ? e : b;
        }
        return b;
    }

    /** "standard distances on these records: am 341, dbrl2 947, ... re-identified". */
    String line() {
        StringBuilder s = new StringBuilder("standard distances on these records:");
        for (int i = 0; i < entries.size(); i++) {
            s.append(i == 0 ? " " : ", ").append(entries.get(i).method()).append(' ').append(entries.get(i).strict());
        }
        return s.append(" re-identified").toString();
    }

    /** A note when a standard distance re-identifies more than the learned parameters; null otherwise. */
    String beats(int learned, String family, Standardization std) {
        Entry b = best();
        if (b == null || b.strict() <= learned) {
            return null;
        }
        String why = std == Standardization.OWN && !b.method().equals("am")
                ? "it scales the raw differences, which --standardize own does not (with --standardize original, DBRL2 and"
                        + " MD0 are weighted means and MD is a bilinear form of the learned families)"
                : "it is outside the family, or the run stopped before reaching it";
        return String.format(Locale.ROOT, "note: %s re-identifies %d, more than the %s learned here (%d), so the worst case of this"
                + " file is at least %d; %s", b.method(), b.strict(), family, learned, b.strict(), why);
    }

    void json(ObjectNode j) {
        ObjectNode s = j.putObject("standard");
        for (Entry e : entries) {
            ObjectNode n = s.putObject(e.method());
            n.put("reidentified", e.strict());
            n.put("expected", Reports.round(e.expected(), 6));
        }
    }
}

package org.reident.cli;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.reident.learn.Aggregator;

/**
 * What {@code reident bench-check} asks of the learn runs on one file: facts of the mathematics that
 * hold whatever the code does, so that a run breaking one has a defect (or the tolerance of a float
 * at the margin eps), however fast it was.
 *
 * <ul>
 * <li>A run's bound is an upper bound on the records any parameter value of its family links with margin
 * eps, and its parameters link {@code found} records so: {@code found <= bound}, equal when OPTIMAL.</li>
 * <li>Two formulations of one family (combinatorial Benders cuts and the lazy big-M model) bound the same
 * optimum: a proven optimum lies within the other run's [found, bound].</li>
 * <li>A family containing another (every weighted mean is a Choquet integral with an additive measure,
 * and a diagonal matrix of trace 1; an OWA is a Choquet integral with a symmetric measure; an
 * additive measure is submodular; symmetric-bilinear-form.txt sections 4-5) has a bound no smaller
 * than the other's found, and every family but MD* contains AM.</li>
 * <li>{@code verify} proves the bound of the cuts run's conflicts file, and an OPTIMAL run's optimum; a verify
 * whose hitting set (or a group's piece, or the weights' search) was not closed within its limit gives no
 * verdict and is listed apart ({@link #open}), not as a disagreement.</li>
 * </ul>
 */
final class AgreementChecks {
    /** One learn run: status, bound, the records its parameters link with margin eps, seconds. */
    record Run(String status, int bound, int found, double seconds) {
        boolean optimal() {
            return "OPTIMAL".equals(status);
        }
    }

    /**
     * A cuts run's verify: its bound proven, its optimum proven (OPTIMAL runs), the bound verify itself
     * proved, whether a bound not proven was left open (every conflict proven, but a hitting set, a
     * group's piece or the weights' search not closed within the limit: no verdict either way), and
     * the cover that gave the verdict.
     */
    record Verified(boolean bound, boolean optimum, int proven, boolean open, String cover) {
        Verified(boolean bound, boolean optimum, int proven) {
            this(bound, optimum, proven, false, "SCIP");
        }
    }

    /** One family's runs on a file; {@code bigM} and {@code verified} null when not run. */
    record Family(Aggregator aggregator, Run cuts, Run bigM, Verified verified) {
    }

    /** For each family, the families it contains (its parameters express theirs exactly); MD* left out. */
    static final Map<Aggregator, List<Aggregator>> CONTAINS = new EnumMap<>(Aggregator.class);

    static {
        CONTAINS.put(Aggregator.CHOQUET, List.of(Aggregator.CHOQUET_M, Aggregator.WM, Aggregator.WM_M, Aggregator.OWA));
        CONTAINS.put(Aggregator.CHOQUET_M, List.of(Aggregator.WM, Aggregator.WM_M));
        CONTAINS.put(Aggregator.WM, List.of(Aggregator.WM_M));
        CONTAINS.put(Aggregator.BILINEAR_NC, List.of(Aggregator.BILINEAR, Aggregator.WM, Aggregator.WM_M));
        CONTAINS.put(Aggregator.BILINEAR, List.of(Aggregator.WM, Aggregator.WM_M));
    }

    private AgreementChecks() {
    }

    /** The containments and AM comparisons {@link #problems} makes on these families (for the summary). */
    static int comparisons(List<Family> runs, boolean withAm) {
        int n = 0;
        for (Family hi : runs) {
            for (Family lo : runs) {
                n += CONTAINS.getOrDefault(hi.aggregator(), List.of()).contains(lo.aggregator()) ? 1 : 0;
            }
            n += withAm && hi.aggregator() != Aggregator.MD_STAR ? 1 : 0;
        }
        return n;
    }

    /**
     * Every fact above that these runs break, one line each ({@code amFound}: AM's records with margin
     * eps on the file, negative when not counted); empty when all hold.
     */
    static List<String> problems(List<Family> runs, int amFound) {
        List<String> out = new ArrayList<>();
        for (Family f : runs) {
            String a = f.aggregator().label();
            own(out, a, "cuts", f.cuts());
            own(out, a, "big-M", f.bigM());
            if (f.bigM() != null) {
                against(out, a, "cuts", f.cuts(), "big-M", f.bigM());
                against(out, a, "big-M", f.bigM(), "cuts", f.cuts());
            }
            Verified v = f.verified();
            if (v != null && !v.bound() && !v.open()) {
                out.add(String.format(Locale.ROOT, "%s: verify proves only %d, the cuts run's bound is %d", a, v.proven(), f.cuts().bound()));
            } else if (v != null && v.bound() && f.cuts().optimal() && !v.optimum()) { // an open verify gives no verdict
                out.add(String.format(Locale.ROOT, "%s: verify does not prove the cuts run's optimum %d", a, f.cuts().bound()));
            }
            if (amFound >= 0 && f.aggregator() != Aggregator.MD_STAR && bound(f) < amFound) {
                out.add(String.format(Locale.ROOT, "%s: bound %d below AM's %d records with margin eps", a, bound(f), amFound));
            }
        }
        for (Family hi : runs) {
            for (Family lo : runs) {
                if (CONTAINS.getOrDefault(hi.aggregator(), List.of()).contains(lo.aggregator()) && bound(hi) < found(lo)) {
                    out.add(String.format(Locale.ROOT, "%s's bound %d is below %s's %d found, a family it contains",
                            hi.aggregator().label(), bound(hi), lo.aggregator().label(), found(lo)));
                }
            }
        }
        return out;
    }

    /** The verifies left open (no verdict: not a disagreement), one line each. */
    static List<String> open(List<Family> runs) {
        List<String> out = new ArrayList<>();
        for (Family f : runs) {
            Verified v = f.verified();
            if (v != null && !v.bound() && v.open()) {
                out.add(String.format(Locale.ROOT, "%s: verify proved %d by the limit, the cuts run's bound is %d (%s)",
                        f.aggregator().label(), v.proven(), f.cuts().bound(), v.cover()));
            }
        }
        return out;
    }

    private static void own(List<String> out, String a, String form, Run r) {
        if (r == null) {
            return;
        }
        if (r.found() > r.bound()) {
            out.add(String.format(Locale.ROOT, "%s %s: its parameters link %d, above its own bound %d", a, form, r.found(), r.bound()));
        } else if (r.optimal() && r.found() != r.bound()) {
            out.add(String.format(Locale.ROOT, "%s %s: OPTIMAL %d, but its parameters link %d with margin eps", a, form, r.bound(), r.found()));
        }
    }

    private static void against(List<String> out, String a, String xs, Run x, String ys, Run y) {
        if (!x.optimal()) {
            return;
        }
        if (y.bound() < x.bound()) {
            out.add(String.format(Locale.ROOT, "%s: %s OPTIMAL %d, the %s run's bound %d below it", a, xs, x.bound(), ys, y.bound()));
        }
        if (y.found() > x.bound()) {
            out.add(String.format(Locale.ROOT, "%s: %s OPTIMAL %d, the %s run's parameters link %d", a, xs, x.bound(), ys, y.found()));
        }
    }

    /** The least bound of the family's runs (each is valid). */
    private static int bound(Family f) {
        return f.bigM() == null ? f.cuts().bound() : Math.min(f.cuts().bound(), f.bigM().bound());
    }

    /** The most records the family's runs' parameters link. */
    private static int found(Family f) {
        return f.bigM() == null ? f.cuts().found() : Math.max(f.cuts().found(), f.bigM().found());
    }
}

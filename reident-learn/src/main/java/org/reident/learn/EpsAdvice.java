package org.reident.learn;

import java.util.Arrays;
import java.util.Locale;
import org.reident.linkage.LinkageResult;

/**
 * Whether the learning margin eps suits the file. The MILP and its bound count a record as linked
 * only with margin eps (the rival nearest after the true match at least eps farther, in squared
 * standardised units), while the engine's re-identifications count every positive margin. On a file
 * whose records lie close together in standardised units (skewed variables: EIA's revenues, most of
 * them tiny beside the largest) many true matches are nearest by less than eps = 1e-4: EIA protected
 * by MDAV on 10 variables, WM, 20 s, re-identified 3,267 records of which 1,682 by a margin below eps,
 * beyond a bound of 1,955. When those margins are more than 1% of the training records (and 2) and
 * the re-identifications pass the bound, or they are more than 5%, the result says so and suggests
 * an eps that counts most of them: a power of ten at most the 10th percentile of those margins (at
 * least {@link Margin#FLOOR}). {@code --eps auto}, the default since 2026-12-02, chooses such an eps
 * before learning, from AM's margins ({@link Margin#auto}), and lowers it in further passes when the
 * parameters learned call for this advice ({@link EpsPasses}); the advice remains for a given eps and
 * for a pass that ran out of time. With the suggested 1e-7, in
 * 60 s, that file's WM re-identified 3,362 records against a bound of 3,687, 50 of them by a margin
 * below eps, and no advice followed.
 *
 * @param withMargin the training records linked with margin eps ({@link Margin#counts}, as the learner counts)
 * @param below      the records re-identified strictly with a margin below that
 * @param suggested  the eps to suggest, or NaN when none is advised (or none below eps and {@link Margin#FLOOR} is left)
 */
public record EpsAdvice(int withMargin, int below, double suggested) {
    /** Share of the training records linked by a margin below eps from which eps is advised against. */
    static final double SHARE = 0.05;

    /** @param bound the most records any parameter value links with margin eps */
    public static EpsAdvice of(LinkageResult l, int[] train, double eps, int bound) {
        int with = 0;
        double[] small = new double[train.length];
        int below = 0;
        int strict = 0;
        for (int i : train) {
            double m = l.margin(i);
            boolean linked = l.rank(i) == 1 && l.tiesWithTrue(i) == 1;
            strict += linked ? 1 : 0;
            if (Margin.counts(m, eps)) {
                with++;
            } else if (m > 0 && linked) {
                small[below++] = m;
            }
        }
        if (below <= Math.max(2, 0.01 * train.length) || strict <= bound && below <= SHARE * train.length) {
            return new EpsAdvice(with, below, Double.NaN);
        }
        double[] m = Arrays.copyOf(small, below);
        Arrays.sort(m);
        double q = m[(int) (0.1 * (below - 1))];
        double s = Math.max(Margin.FLOOR, Margin.powerOfTenAtMost(q));
        return new EpsAdvice(with, below, s < eps ? s : Double.NaN); // nothing smaller to suggest
    }

    public boolean advised() {
        return !Double.isNaN(suggested);
    }

    /** The note for the report (only when {@link #advised}). */
    public String note(double eps) {
        return String.format(Locale.ROOT, "eps = %s is large for this file: %d records are re-identified by a margin below it,"
                + " which neither the MILP nor its bound counts; --eps %s counts 9 in 10 of them with these parameters",
                format(eps), below, format(suggested));
    }

    /** A margin as the reports print it: 1e-4, 5e-7. */
    public static String format(double v) {
        return String.format(Locale.ROOT, "%.0e", v).replace("e-0", "e-");
    }
}

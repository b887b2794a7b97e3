package org.reident.learn;

import java.util.Arrays;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.Standardization;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;

/**
 * The learning margin eps and what follows from it. The MILP counts training record i as linked
 * when every rival j is at least eps farther than its true match t_i: theta . (phi(i, j) - phi(i,
 * t_i)) >= eps (DESIGN.md section 2; symmetric-bilinear-form.txt section 5), in squared standardised
 * units. eps is absolute, so on a file whose records lie close together in standardised units (skewed
 * variables) a fixed eps leaves out links the engine makes: EIA protected by MDAV on 10 variables, WM,
 * 30 s at eps = 1e-4, re-identified 3,266 records, 1,680 of them by a margin below eps, and 1,926
 * records "could not be linked with margin eps by any parameter value". {@link #auto} chooses eps from
 * the file; {@link #lpTolerance} and {@link #infeasible} keep the LPs' tolerances in the same
 * proportion to eps whatever its size.
 */
public final class Margin {
    /** The margin of the tables and the library's default: 1e-4 squared standardised units. */
    public static final double DEFAULT = 1e-4;

    /**
     * The smallest eps accepted: squared standardised distances of values up to 100 sd apart are
     * about 1e4, rounded in double precision to about 1e-12, so margins much below 1e-9 would be
     * rounding.
     */
    public static final double FLOOR = 1e-9;

    /**
     * Margins from eps (1 - SLACK) count as eps. A learned parameter vector is a vertex of the slave's
     * LP, where many margins sit at eps up to the LP's feasibility tolerance ({@link #lpTolerance}, a
     * ten-thousandth of eps); counting from eps (1 + 1e-6), wm*'s weights on the demo's files kept
     * 1,990 of its 1,995 records.
     */
    public static final double SLACK = 1e-3;

    /**
     * The share of AM's positive margins that {@link #auto} puts below eps at most: its 5th
     * percentile, so that AM itself leaves fewer links uncounted than the share from which the result
     * advises a smaller eps (5%, {@link EpsAdvice#SHARE}).
     */
    static final double QUANTILE = 0.05;

    private Margin() {
    }

    /** Whether a record whose nearest rival is {@code margin} farther than its true match counts as linked with margin eps. */
    public static boolean counts(double margin, double eps) {
        return margin >= eps * (1 - SLACK);
    }

    /** The records of {@code train} that the linkage links with margin eps ({@link #counts}). */
    public static int count(LinkageResult l, int[] train, double eps) {
        int s = 0;
        for (int i : train) {
            s += counts(l.margin(i), eps) ? 1 : 0;
        }
        return s;
    }

    /**
     * eps for a file, from AM's linkage of it: the largest power of ten at most the 5th percentile of
     * AM's margins on the training records it links strictly (positive margins), capped at
     * {@link #DEFAULT} and at least {@link #FLOOR}; {@link #DEFAULT} when AM links none. The files of
     * the project's tables and EIA with 10% noise keep 1e-4 (5th percentiles from 2.6e-4 to 7.4e-3);
     * EIA protected by MDAV on 10 variables gets 1e-7 (docs/learning.md, "The default eps").
     */
    public static Auto auto(LinkageResult am, int[] train) {
        double[] m = new double[train.length];
        int c = 0;
        for (int i : train) {
            if (am.rank(i) == 1 && am.tiesWithTrue(i) == 1 && am.margin(i) > 0) {
                m[c++] = am.margin(i);
            }
        }
        if (c == 0) {
            return new Auto(DEFAULT, Double.NaN, 0);
        }
        Arrays.sort(m, 0, c);
        double q = m[(int) (QUANTILE * (c - 1))];
        return new Auto(Math.max(FLOOR, Math.min(DEFAULT, powerOfTenAtMost(q))), q, c);
    }

    /** {@link #auto(LinkageResult, int[])} with AM's linkage of the file made here ({@link #amLinkage}). */
    public static Auto auto(LinkageData data, int[] train, Standardization std) {
        return auto(amLinkage(data, std), train);
    }

    /**
     * AM's linkage of every query record: the weighted mean with equal weights on the values
     * standardised as {@code std}, the neutral member of every family, in the learner's units (the
     * mean of the squared standardised differences).
     */
    public static LinkageResult amLinkage(LinkageData data, Standardization std) {
        return LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP)
                .link(Distances.prepare(Method.AM, null, data, new DistanceOptions(std, 2, false)), data.truth());
    }

    /**
     * An eps chosen by {@link #auto}.
     *
     * @param eps        the margin
     * @param percentile the 5th percentile of AM's positive margins it came from (NaN: AM links none)
     * @param linked     the training records AM links strictly
     */
    public record Auto(double eps, double percentile, int linked) {
    }

    /** The largest power of ten at most v (v > 0), exact for powers of ten themselves. */
    public static double powerOfTenAtMost(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        return p > v ? p / 10 : p; // log10 of a value just below a power of ten may round up to it
    }

    /**
     * GLOP's primal feasibility tolerance for the slave's LPs: a ten-thousandth of eps, never above
     * GLOP's default of 1e-8 (so unchanged at eps = 1e-4) nor below 1e-13.
     */
    static double lpTolerance(double eps) {
        return Math.max(1e-13, Math.min(1e-8, 1e-4 * eps));
    }

    /**
     * The LPs' optimal slack t* above which a set of records is taken as not linkable together with
     * margin eps: a thousandth of eps (1e-7 at eps = 1e-4), ten times {@link #lpTolerance}. A cut from
     * such a set is valid for every margin above eps - t*, so the bound counts links with margin from
     * eps (1 - {@link #SLACK}).
     */
    static double infeasible(double eps) {
        // 1e-7 exactly at the default, as before (1e-3 * 1e-4 rounds to one ulp above it)
        return eps == DEFAULT ? 1e-7 : Math.max(10 * lpTolerance(eps), 1e-3 * eps);
    }

    /**
     * The margin below which the linkage engine's check of a linkable answer adds a rival's row (the
     * cuts' slave, the big-M separation): eps (1 - {@link #SLACK}), where {@link #counts} stops
     * counting, so that every record of a set the slave calls linkable is counted with margin eps by
     * the engine too. (Until stop 47 eps/2: a set whose rows outside the LP had margins between
     * eps/2 and eps passed, and the whole Census released by IPSO-A, WM at eps 1e-5, was called
     * OPTIMAL at 1,079 while the returned weights linked 1,074 with margin eps.)
     */
    static double separation(double eps) {
        return eps * (1 - SLACK);
    }

    /**
     * How far below eps a record's row must fall to enter the slave's or a filter's LP: 1e-5 eps
     * (1e-9 at eps = 1e-4, as before).
     */
    static double violated(double eps) {
        return 1e-5 * eps;
    }

    /**
     * The factor by which the big-M formulation multiplies every row (theta . Delta + M K >= eps, and
     * the sign rows theta . phi >= 0): 1e-4 / eps below eps = 1e-4, else 1. The MILP solver's
     * feasibility tolerance is absolute (SCIP's 1e-6), far above a small eps: unscaled, on a 150-record
     * file with one record far out (eps 1e-8) big-M called a count of 112 optimal where the learned
     * weights link 69 with margin eps and the cuts prove 71. theta is normalised (simplex, trace 1), so
     * scaling a row changes nothing but the tolerance's share of it. Not for HiGHS ({@link MilpModel}),
     * whose bounds on scaled rows were invalid.
     */
    static double rowScale(double eps) {
        return eps < DEFAULT ? DEFAULT / eps : 1;
    }

    /**
     * GLOP's parameters for the slave's LPs: no presolve and the dual simplex (warm restarts,
     * docs/learning.md "Warm GLOP"), and below eps = 1e-4 the tolerance {@link #lpTolerance}.
     */
    static String glop(double eps) {
        return ("use_preprocessing: false use_dual_simplex: true " + glopTolerance(eps)).trim();
    }

    /** GLOP's parameter for {@link #lpTolerance} below eps = 1e-4; empty at and above it (GLOP's default). */
    static String glopTolerance(double eps) {
        return lpTolerance(eps) < 1e-8 ? "primal_feasibility_tolerance: " + lpTolerance(eps) : "";
    }
}

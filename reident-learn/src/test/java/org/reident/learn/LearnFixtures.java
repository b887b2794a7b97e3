package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.linkage.Linkage;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;
import org.reident.linkage.MethodOutcome;
import org.reident.protect.GroupedMasking;
import org.reident.protect.Mdav;
import org.reident.synth.AdditiveNoise;
import org.reident.synth.CensusLikeGenerator;

/** Small seeded linkage problems for the learning tests, and reference computations on them. */
final class LearnFixtures {
    private LearnFixtures() {
    }

    /** Census-like original file: {@code records} rows of the first {@code n} variables. */
    static double[] census(int records, int n, long seed) {
        return CensusLikeGenerator.generate(records, n, seed).values();
    }

    /** Original plus {@code percent}% additive noise, aligned by row order. */
    static LinkageData noise(int records, int n, double percent, long seed) {
        double[] x = census(records, n, seed);
        double[] y = AdditiveNoise.apply(x, records, n, percent, seed * 31 + 7);
        return data(x, y, records, n);
    }

    /**
     * {@link #noise} with record 0 (original and protected) moved 1000 times the column's largest
     * value away in every variable: the rest lie close together in standardised units, as on a skewed
     * file, and AM's margins there are far below 1e-4.
     */
    static LinkageData farOutNoise(int records, int n, double percent, long seed) {
        LinkageData d = noise(records, n, percent, seed);
        double[] x = d.original().clone();
        double[] y = d.masked().clone();
        for (int k = 0; k < n; k++) {
            double top = 0;
            for (int i = 0; i < records; i++) {
                top = Math.max(top, Math.abs(x[i * n + k]));
            }
            x[k] += 1000 * top;
            y[k] += 1000 * top;
        }
        return data(x, y, records, n);
    }

    /**
     * A release that publishes variable 0 unchanged and the others with {@code percent}% noise (as
     * IPSO with a confidential attribute among the quasi-identifiers): AM, which spreads its weight,
     * links few records, by margins of the noisy variables, while weights on variable 0 link nearly
     * every record by the gaps between its values, most of them small in squared standardised units.
     */
    static LinkageData oneReleased(int records, int n, double percent, long seed) {
        LinkageData d = noise(records, n, percent, seed);
        double[] y = d.masked().clone();
        for (int i = 0; i < records; i++) {
            y[i * n] = d.original()[i * n];
        }
        return data(d.original(), y, records, n);
    }

    /** Weights floor + U(0, 1) per variable, rescaled to sum 1: every weight at least floor / (n (1 + floor)). */
    static double[] weights(java.util.random.RandomGenerator r, int n, double floor) {
        double[] w = new double[n];
        double s = 0;
        for (int k = 0; k < n; k++) {
            w[k] = floor + r.nextDouble();
            s += w[k];
        }
        for (int k = 0; k < n; k++) {
            w[k] /= s;
        }
        return w;
    }

    /** The eps --eps auto chooses on every record of d ({@link Margin#auto}), checked to be small (at most 1e-6). */
    static double smallEps(LinkageData d, String what) {
        double eps = Margin.auto(d, all(d.originalCount()), org.reident.distance.Standardization.OWN).eps();
        assertTrue(eps <= 1e-6 && eps >= Margin.FLOOR, what + ": a small eps, " + eps);
        return eps;
    }

    /** Original microaggregated by MDAV with group size k on the variable pairs (0,1), (2,3), ... */
    static LinkageData mdavPairs(int records, int n, int k, long seed) {
        double[] x = census(records, n, seed);
        List<GroupedMasking.ColumnGroup> groups = new ArrayList<>();
        for (int c = 0; c + 1 < n; c += 2) {
            groups.add(new GroupedMasking.ColumnGroup(new int[] {c, c + 1}, new Mdav(k)));
        }
        double[] y = new GroupedMasking(groups).apply(x, records, n);
        return data(x, y, records, n);
    }

    /** Aligned files (truth = identity). */
    static LinkageData data(double[] x, double[] y, int records, int n) {
        List<String> vars = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            vars.add("v" + (k + 1));
        }
        int[] truth = new int[records];
        String[] ids = new String[records];
        for (int i = 0; i < records; i++) {
            truth[i] = i;
            ids[i] = Integer.toString(i + 1);
        }
        return new LinkageData(List.copyOf(vars), x, records, y, records, truth, ids, ids.clone(), "x.csv", "y.csv", 0,
                List.of());
    }

    static int[] all(int records) {
        int[] t = new int[records];
        for (int i = 0; i < records; i++) {
            t[i] = i;
        }
        return t;
    }

    /** AM linkage of every original record. */
    static LinkageResult am(LinkageData data) {
        MethodOutcome o = Linkage.run(Method.AM, null, data, DistanceOptions.DEFAULT, new LinkageEngine(1));
        if (o.failed()) {
            throw new AssertionError("AM failed: " + o.error());
        }
        return o.result();
    }

    /**
     * Records among {@code records} that AM links with margin at least {@code eps}: the equal
     * weights 1/n (feasible in every family) give each of them a separation of eps from every
     * rival, so the MILP optimum links at least this many.
     */
    static int amEpsCount(LinkageResult am, int[] records, double eps) {
        int c = 0;
        for (int i : records) {
            if (am.rank(i) == 1 && am.tiesWithTrue(i) == 1 && am.margin(i) >= eps) {
                c++;
            }
        }
        return c;
    }

    /**
     * What every result must satisfy whatever its status: counts within [0, |train|], the bound at
     * least the MILP's count and at least the records the returned model links with margin eps
     * (that model is a feasible parameter value, so those records form a feasible solution of the
     * full model), trainingLinked equal to the strict count recomputed from the linkage over the
     * training records. For OPTIMAL: bound == milpLinked, and every record the MILP links is linked
     * with margin at least eps/2 by the returned model (rows violated by less than eps/2 are the only
     * ones ever left out), hence strictly: trainingLinked >= milpLinked.
     */
    static void checkResult(String what, LearnResult r, LinkageData data, int[] train, double eps) {
        int m = train.length;
        assertEquals(m, r.trainingRecords(), what + ": training records");
        assertTrue(r.milpLinked() >= 0 && r.milpLinked() <= m, what + ": milpLinked " + r.milpLinked());
        assertTrue(r.bound() >= 0 && r.bound() <= m, what + ": bound " + r.bound());
        assertTrue(r.bound() >= r.milpLinked(), what + ": bound " + r.bound() + " < milpLinked " + r.milpLinked());
        assertTrue(r.unlinkable() <= m - r.bound(), what + ": " + r.unlinkable() + " unlinkable records but bound " + r.bound());
        LinkageResult l = r.linkage();
        assertEquals(data.originalCount(), l.queryCount(), what + ": linkage covers every query record");
        int strict = 0;
        int withEps = 0;
        int withHalfEps = 0;
        for (int i : train) {
            strict += l.rank(i) == 1 && l.tiesWithTrue(i) == 1 ? 1 : 0;
            withEps += l.margin(i) >= eps * (1 + 1e-6) ? 1 : 0;
            withHalfEps += l.margin(i) >= eps / 2 * (1 - 1e-6) ? 1 : 0;
        }
        assertEquals(strict, r.trainingLinked(), what + ": trainingLinked is the strict count over the training records");
        assertTrue(r.bound() >= withEps, what + ": bound " + r.bound() + " < " + withEps
                + " records the learned model links with margin eps");
        int withMargin = 0; // what the bound counts: margins from eps (1 - 1e-3), the tolerance of a vertex of the slave's LP
        for (int i : train) {
            withMargin += l.margin(i) >= eps * (1 - 1e-3) ? 1 : 0;
        }
        // HRLA's bound counts records some measure could link at all, against its strict count
        int linked = r.solver().startsWith("hrla") ? r.trainingLinked() : withMargin;
        double gap = r.bound() == 0 ? 0 : Math.max(0, (r.bound() - (double) linked) / r.bound());
        assertEquals(gap, r.gap(), 1e-12, what + ": gap");
        if (r.status().equals("OPTIMAL")) {
            assertEquals(r.milpLinked(), r.bound(), what + ": OPTIMAL but bound " + r.bound() + " != milpLinked " + r.milpLinked());
            assertTrue(withHalfEps >= r.milpLinked(), what + ": the MILP links " + r.milpLinked() + " but only " + withHalfEps
                    + " records have margin >= eps/2 under the learned model");
            // OPTIMAL: the returned parameters link the bound's records with margin eps, as the engine counts
            assertTrue(linked >= r.bound(), what + ": OPTIMAL at bound " + r.bound() + " but the learned model links " + linked
                    + " records with margin eps (gap " + r.gap() + ")");
            assertTrue(r.trainingLinked() >= r.milpLinked(), what + ": trainingLinked " + r.trainingLinked()
                    + " < milpLinked " + r.milpLinked());
        }
    }

    /** The weight cells' small seeded files: 250 records of 4 variables, 60% noise for even seeds, MDAV pairs (k = 5) for odd. */
    static LinkageData cellsFile(long seed) {
        return seed % 2 == 0 ? noise(250, 4, 60, seed) : mdavPairs(250, 4, 5, seed);
    }

    /**
     * WM by the cuts (with the weight cells beside them) on 3,000 records of 6 variables with 60%
     * noise, a low-rate file the cuts do not prove in a minute, within {@code seconds}; its progress
     * lines go to {@code lines}, and the result is checked by {@link #checkResult}.
     */
    static LearnResult lowRateWm(double seconds, List<String> lines) {
        return lowRate(Aggregator.WM, seconds, lines);
    }

    /** The same file learned for {@code a}. */
    static LearnResult lowRate(Aggregator a, double seconds, List<String> lines) {
        LinkageData d = noise(3000, 6, 60, 3);
        int[] all = all(3000);
        LearnOptions o = LearnOptions.defaults(a).withTimeLimit(seconds).withProgress(lines::add);
        LearnResult r = new ConflictLearner(o).learn(d, all);
        checkResult(a + " 3000x6, " + seconds + " s", r, d, all, o.eps());
        return r;
    }

    /** The default formulation (combinatorial Benders cuts), 60 s. */
    static LearnResult learn(Aggregator a, LinkageData data, int[] train) {
        return learn(Formulation.CUTS, a, data, train);
    }

    static LearnResult learn(Formulation f, Aggregator a, LinkageData data, int[] train) {
        return f.learn(LearnOptions.defaults(a).withTimeLimit(60), data, train);
    }
}

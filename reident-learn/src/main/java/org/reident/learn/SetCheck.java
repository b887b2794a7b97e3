package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.reident.data.LinkageData;

/**
 * Whether a set S of training records is proven unlinkable together with margin eps, by an LP whose
 * answer is checked exactly ({@link CertificateCheck}). The LP is the slave's (docs/learning.md):
 * min t subject to theta . Delta_ij + t >= eps for i in S and rivals j, theta . phi(q, j) >= 0 for
 * the sign-constrained families (SB, MD*; q any training record), theta in the family
 * ({@link MilpModel#parameters}), t >= 0. S is linkable together exactly when its optimum is 0.
 * Rows enter when violated (from the family's neutral parameters on), and after each solve the
 * bound of {@link SafeDualBound} over the rows present is computed: a relaxation's bound is a bound
 * of the whole LP, so a positive one proves S unlinkable at once, however few rows it holds.
 * <p>
 * Built fresh for every set, with GLOP's default parameters: nothing is shared with the learner's
 * slave but the family's definition (its parameters' bounds and constraints, {@link Features}'
 * rows).
 */
final class SetCheck {
    /** Rows added per record and per round of separation. */
    private static final int BATCH = 16;
    /** Rounds of separation before the check gives up (a set the LP cannot decide). */
    private static final int ROUNDS = 60;

    private final LearnOptions o;
    private final LinkageData data;
    private final int[] train;
    private final Features features;
    /** The standardised query and reference records, row-major (those of {@link #features}). */
    private final double[] query;
    private final double[] reference;
    /** The reference records by column: {@code columns[k][j]} is variable k of reference record j. */
    private final double[][] columns;
    /**
     * The rival rows the sets checked before needed, as (training record index) << 32 | reference record,
     * and the sign rows they needed, as query record * N_Y + reference record, each sorted: each later LP
     * starts with its own records' rival rows and every sign row, as the learner's slave keeps its rows, so
     * that most sets are decided in a solve or two. Any rows of the family make a relaxation, so what the
     * other sets needed never weakens a proof. They change only in {@link #absorb}, between the batches of
     * {@link CertificateCheck}, so a set's LP depends on the batches before it and never on which thread
     * finished first.
     */
    private long[] rivalsKept = new long[0];
    private long[] signKept = new long[0];

    /** The rows one check needed beyond those kept, for {@link #absorb}: two growing arrays of keys. */
    static final class Needed {
        /** (training record index) << 32 | reference record. */
        private long[] rivals = new long[16];
        private int rivalCount;
        /** query record * N_Y + reference record. */
        private long[] sign = new long[16];
        private int signCount;

        void rival(long key) {
            if (rivalCount == rivals.length) {
                rivals = Arrays.copyOf(rivals, 2 * rivalCount);
            }
            rivals[rivalCount++] = key;
        }

        void sign(long key) {
            if (signCount == sign.length) {
                sign = Arrays.copyOf(sign, 2 * signCount);
            }
            sign[signCount++] = key;
        }
    }

    SetCheck(LearnOptions o, LinkageData data, int[] train, Features features, double[][] standardized) {
        this.query = standardized[0];
        this.reference = standardized[1];
        int n = features.dimension();
        int nr = data.maskedCount();
        columns = new double[n][nr];
        for (int j = 0; j < nr; j++) {
            for (int k = 0; k < n; k++) {
                columns[k][j] = reference[j * n + k];
            }
        }
        this.o = o;
        this.data = data;
        this.train = train;
        this.features = features;
    }

    /** Keeps the rows {@code needed} (the checks' of a batch) for the checks after. */
    void absorb(List<Needed> needed) {
        int rivals = 0;
        int sign = 0;
        for (Needed n : needed) {
            rivals += n.rivalCount;
            sign += n.signCount;
        }
        long[] moreRivals = new long[rivals];
        long[] moreSign = new long[sign];
        rivals = 0;
        sign = 0;
        for (Needed n : needed) {
            System.arraycopy(n.rivals, 0, moreRivals, rivals, n.rivalCount);
            rivals += n.rivalCount;
            System.arraycopy(n.sign, 0, moreSign, sign, n.signCount);
            sign += n.signCount;
        }
        rivalsKept = merge(rivalsKept, moreRivals);
        signKept = merge(signKept, moreSign);
    }

    /** The sorted distinct values of {@code kept} (sorted, distinct) and {@code more} (any order). */
    private static long[] merge(long[] kept, long[] more) {
        if (more.length == 0) {
            return kept;
        }
        long[] all = Arrays.copyOf(kept, kept.length + more.length);
        System.arraycopy(more, 0, all, kept.length, more.length);
        Arrays.sort(all);
        int n = 0;
        for (int q = 0; q < all.length; q++) {
            if (n == 0 || all[q] != all[n - 1]) {
                all[n++] = all[q];
            }
        }
        return Arrays.copyOf(all, n);
    }

    /** {@link #bound(int[], Needed, List)}, the rows it needs not kept (a single check; tests). */
    BigDecimal bound(int[] set) {
        return bound(set, new Needed(), List.of());
    }

    /**
     * The exact lower bound on the LP's optimum t* for the records {@code set} (training indices): positive
     * proves them unlinkable together. Null when the LP could not be solved or its duals give no finite bound.
     */
    BigDecimal bound(int[] set, Needed needed, List<Needed> earlier) {
        MilpModel.loadNative();
        MPSolver lp = MPSolver.createSolver("GLOP");
        lp.suppressOutput();
        try {
            MPVariable[] theta = MilpModel.parameters(lp, features, o);
            MPVariable t = lp.makeNumVar(0, MPSolver.infinity(), "t");
            lp.objective().setCoefficient(t, 1);
            lp.objective().setMinimization();
            Rows rows = new Rows(lp, theta, t);
            for (int r : set) {
                int from = Arrays.binarySearch(rivalsKept, (long) r << 32);
                for (int q = from < 0 ? -from - 1 : from; q < rivalsKept.length && rivalsKept[q] >>> 32 == r; q++) {
                    rows.rival(train[r], data.truth()[train[r]], (int) rivalsKept[q]);
                }
            }
            for (long pair : signKept) {
                rows.global((int) (pair / data.maskedCount()), (int) (pair % data.maskedCount()));
            }
            if (!earlier.isEmpty()) {
                boolean[] in = new boolean[train.length];
                for (int r : set) {
                    in[r] = true;
                }
                for (Needed e : earlier) {
                    for (int q = 0; q < e.rivalCount; q++) {
                        long rj = e.rivals[q];
                        int r = (int) (rj >>> 32);
                        if (in[r]) {
                            rows.rival(train[r], data.truth()[train[r]], (int) rj);
                        }
                    }
                    for (int q = 0; q < e.signCount; q++) {
                        long pair = e.sign[q];
                        rows.global((int) (pair / data.maskedCount()), (int) (pair % data.maskedCount()));
                    }
                }
            }
            double[] at = LearnedModels.neutral(o.aggregator(), features);
            separate(set, at, 0, rows, needed);
            BigDecimal best = null;
            for (int round = 0; round < ROUNDS; round++) {
                MPSolver.ResultStatus st = lp.solve();
                if (st != MPSolver.ResultStatus.OPTIMAL) {
                    return best;
                }
                BigDecimal b = SafeDualBound.of(lp);
                if (b != null && (best == null || b.compareTo(best) > 0)) {
                    best = b;
                }
                if (best != null && best.signum() > 0) {
                    return best;
                }
                for (int f = 0; f < theta.length; f++) {
                    at[f] = theta[f].solutionValue();
                }
                if (separate(set, at, t.solutionValue(), rows, needed) == 0) {
                    return best; // optimal for every row, and its exact bound not positive: S is not proven (linkable, or too close to tell)
                }
            }
            return best;
        } finally {
            lp.delete();
        }
    }

    /** Training records {@code theta} links with margin eps ({@link #linkedAlone}). */
    int linked(double[] theta) {
        int count = 0;
        for (int r = 0; r < train.length; r++) {
            count += linkedAlone(theta, r) ? 1 : 0;
        }
        return count;
    }

    /**
     * Whether {@code theta} links training record r with margin eps, counted as the learner counts it
     * ({@link Margin#counts}: from eps (1 - 1e-3), since a learned vector sits at a vertex of the LP where
     * many margins equal eps to the LP's tolerance).
     */
    boolean linkedAlone(double[] theta, int r) {
        int nr = data.maskedCount();
        double[] dist = new double[nr];
        int i = train[r];
        int tr = data.truth()[i];
        distances(i, theta, dist);
        for (int j = 0; j < nr; j++) {
            if (j != tr && !Margin.counts(dist[j] - dist[tr], o.eps())) {
                return false;
            }
        }
        return true;
    }

    /** Adds the rows violated at (theta, t): each record's smallest margins below eps - t, else negative distances. */
    private int separate(int[] set, double[] theta, double t, Rows rows, Needed needed) {
        int nr = data.maskedCount();
        double[] margin = new double[nr];
        double[] dist = new double[nr];
        int added = 0;
        for (int r : set) {
            int i = train[r];
            int tr = data.truth()[i];
            distances(i, theta, dist);
            for (int j = 0; j < nr; j++) {
                margin[j] = j == tr ? Double.POSITIVE_INFINITY : dist[j] - dist[tr];
            }
            for (int j : MinIndexHeap.smallestBelow(margin, o.eps() - t - 1e-12, BATCH)) {
                if (rows.rival(i, tr, j)) {
                    needed.rival((long) r << 32 | j);
                    added++;
                }
            }
        }
        if (added == 0 && o.aggregator().signConstrained()) {
            // the BATCH most negative distances over every pair (as the learner's slave: a few sign rows at a time)
            java.util.PriorityQueue<double[]> worst = new java.util.PriorityQueue<>((x, y) -> Double.compare(y[0], x[0]));
            double[] m = bilinear(theta);
            for (int i : train) {
                double below = worst.size() < BATCH ? -1e-12 : Math.min(-1e-12, worst.peek()[0]);
                if (m != null) {
                    if (expanded(i, m, dist) >= below) {
                        continue;
                    }
                } else {
                    distances(i, theta, dist);
                }
                for (int j : MinIndexHeap.smallestBelow(dist, below, BATCH)) {
                    worst.add(new double[] {dist[j], i, j});
                    if (worst.size() > BATCH) {
                        worst.poll();
                    }
                }
            }
            for (double[] w : worst) {
                if (rows.global((int) w[1], (int) w[2])) {
                    needed.sign((long) w[1] * nr + (long) w[2]);
                    added++;
                }
            }
        }
        return added;
    }

    /**
     * SB's matrix Sigma (n x n, row-major) from theta, with y_j' Sigma y_j per reference record in
     * {@link #referenceTerm}; null for the other families. The sign rows' scan over every pair then
     * expands (x - y)' Sigma (x - y) = x' Sigma x - 2 (Sigma x) . y + y' Sigma y: n multiplications a
     * pair where the terms take n (n + 1) / 2 and the sort of the pair's differences (1,080 records:
     * 54 ms a scan, most of a check's time). Only the choice of rows rests on it; each row added is
     * computed by {@link Features}.
     */
    double[] bilinear(double[] theta) {
        Aggregator a = o.aggregator();
        if (a != Aggregator.BILINEAR && a != Aggregator.BILINEAR_NC) {
            return null;
        }
        int n = features.dimension();
        double[] m = new double[n * n];
        for (int k = 0; k < n; k++) {
            for (int l = 0; l < n; l++) {
                m[k * n + l] = theta[features.triangle(Math.min(k, l), Math.max(k, l))];
            }
        }
        int nr = data.maskedCount();
        double[] yb = referenceTerm.get();
        if (yb == null || yb.length != nr) {
            yb = new double[nr];
            referenceTerm.set(yb);
        }
        for (int j = 0; j < nr; j++) {
            yb[j] = quadratic(m, reference, j * n, n);
        }
        return m;
    }

    /** Per thread, y_j' Sigma y_j of the last {@link #bilinear}. */
    private final ThreadLocal<double[]> referenceTerm = new ThreadLocal<>();

    /**
     * (x_i - y_j)' Sigma (x_i - y_j) for every reference record j, expanded ({@link #bilinear}): out = x' Sigma x
     * + y_j' Sigma y_j, then - 2 (Sigma x)_k y_jk added one column k at a time, so that each pass runs along
     * contiguous arrays (the JIT's vector loops; the pair-by-pair loop over k was 61% of verify's Java time on
     * SB, stop 92). Returns the least of them.
     */
    double expanded(int i, double[] m, double[] out) {
        int n = features.dimension();
        double xa = 0;
        double[] p = new double[n];
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int l = 0; l < n; l++) {
                s += m[k * n + l] * query[i * n + l];
            }
            p[k] = -2 * s;
            xa += s * query[i * n + k];
        }
        double[] yb = referenceTerm.get();
        int nr = out.length;
        for (int j = 0; j < nr; j++) {
            out[j] = xa + yb[j];
        }
        for (int k = 0; k < n - 1; k++) {
            double c = p[k];
            double[] col = columns[k];
            for (int j = 0; j < nr; j++) {
                out[j] += c * col[j];
            }
        }
        double c = p[n - 1];
        double[] col = columns[n - 1];
        double least = Double.POSITIVE_INFINITY;
        for (int j = 0; j < nr; j++) {
            out[j] += c * col[j];
            least = Math.min(least, out[j]);
        }
        return least;
    }

    private static double quadratic(double[] m, double[] v, int off, int n) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            double r = 0;
            for (int l = 0; l < n; l++) {
                r += m[k * n + l] * v[off + l];
            }
            s += v[off + k] * r;
        }
        return s;
    }

    /** C_theta(i, j) for every reference record j. */
    void distances(int i, double[] theta, double[] out) {
        int terms = features.terms();
        int n = features.dimension();
        int[] idx = new int[terms];
        double[] val = new double[terms];
        double[] c = new double[n];
        int[] order = new int[n];
        for (int j = 0; j < out.length; j++) {
            features.terms(i, j, idx, val, c, order);
            double s = 0;
            for (int q = 0; q < terms; q++) {
                s += val[q] * theta[idx[q]];
            }
            out[j] = s;
        }
    }

    /** The LP's rows, each (record, rival) or global pair once. */
    private final class Rows {
        private final MPSolver lp;
        private final MPVariable[] theta;
        private final MPVariable t;
        private final Set<Long> seen = new HashSet<>();
        private final Features.Accumulator acc;
        private final double[] c1;
        private final double[] c2;
        private final int[] order;

        Rows(MPSolver lp, MPVariable[] theta, MPVariable t) {
            this.lp = lp;
            this.theta = theta;
            this.t = t;
            acc = new Features.Accumulator(features.parameters());
            c1 = new double[features.dimension()];
            c2 = new double[features.dimension()];
            order = new int[features.dimension()];
        }

        /** theta . Delta_ij + t >= eps; false when present already or holding for every parameter value. */
        boolean rival(int i, int tr, int j) {
            if (!seen.add((long) i * data.maskedCount() + j)) {
                return false;
            }
            if (features.rivalRow(i, tr, j, acc, c1, c2, order) >= o.eps()) {
                return false;
            }
            MPConstraint c = lp.makeConstraint(o.eps(), MPSolver.infinity());
            set(c);
            c.setCoefficient(t, 1);
            return true;
        }

        /** theta . phi(i, j) >= 0. */
        boolean global(int i, int j) {
            if (!seen.add(-1 - ((long) i * data.maskedCount() + j))) {
                return false;
            }
            acc.clear();
            features.add(i, j, 1, acc, c1, order);
            set(lp.makeConstraint(0, MPSolver.infinity()));
            return true;
        }

        private void set(MPConstraint c) {
            for (int q = 0; q < acc.count; q++) {
                int f = acc.touched[q];
                c.setCoefficient(theta[f], acc.values[f]);
            }
        }
    }
}

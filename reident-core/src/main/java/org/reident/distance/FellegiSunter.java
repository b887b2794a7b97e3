package org.reident.distance;

import java.util.Arrays;
import org.reident.data.InputException;

/**
 * Probabilistic record linkage (PRL): the model of Fellegi and Sunter (JASA 64, 1969) with its
 * parameters estimated by EM (Jaro, JASA 84, 1989; Dempster, Laird and Rubin 1977), as DESIGN.md
 * section 1 and symmetric-bilinear-form.txt section 2 describe it.
 * <p>
 * Each pair (a, b) gets a comparison vector gamma: per variable k, a level of agreement
 * gamma_k = l, the first l with |z_k(a) - z_k(b)| <= {@link #LIMITS}[l] on attribute-standardised
 * values (as AM): equality, then 0.005 sd doubling up to 1.28 sd, and the last level beyond. (The
 * papers' gamma_k is 1 for equal values and 0 otherwise; continuous protected values are almost
 * never equal, so agreement is graded, as Jaro's partial agreement is for strings.) Every pair is a
 * match (M) or not (U); given its class, the gamma_k are independent with
 * m_k(l) = P(gamma_k = l | M) and u_k(l) = P(gamma_k = l | U). EM fits m and u to the comparison
 * vectors of all query x reference pairs, unsupervised: the true matches are never used (P(M) is
 * held, see {@link #em}). Pairs are counted by pattern (at most 11^n distinct, usually far fewer), so an EM iteration costs
 * the number of distinct patterns, not of pairs.
 * <p>
 * The linkage weight of a pair is the log-likelihood ratio W(a, b) = sum_k ln(m_k(gamma_k) /
 * u_k(gamma_k)); each query record is linked to the reference record of highest weight (the
 * engine's rule for every method, so ties are counted alike). As a distance:
 * d(a, b) = sum_k (max_l w_k(l) - w_k(gamma_k)) >= 0, the same order as -W.
 */
public final class FellegiSunter {
    /**
     * Upper ends of the agreement levels 0 .. 9 on |z_k(a) - z_k(b)|; level 10 beyond 1.28 sd. From
     * 0.005 on each is twice the one before, exactly ({@link #level} relies on it). Seven
     * levels (0, 0.01, 0.03, 0.1, 0.3, 1 sd) were tried first: M5-38, Rankswap-5, Noise-16 and
     * Jpeg-80 re-identified 50.0%, 57.1%, 52.0% and 54.9% (`reproduce --seeds 5`); these eleven
     * 54.5%, 74.4%, 58.0% and 58.8%, at 2.5 times the time on EIA (8 s -> 20 s);
     * sixteen (0.005 sd growing by half) fell to 17% on Noise-16 and took 50 s on EIA.
     */
    static final double[] LIMITS = {1e-12, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28};
    /** Levels of agreement per variable. */
    public static final int LEVELS = LIMITS.length + 1;
    /** A pattern is kept in a long, 4 bits per variable. */
    public static final int MAX_VARIABLES = 16;
    /**
     * EM stops when no probability x moves by more than this times x in an iteration
     * ({@link #relativeMove}). Until 2026-11-29 the stop was a move of 1e-9 absolute: EM creeps, and
     * where it stopped the rare levels' probabilities (1e-6 and below) could still be percents from
     * the fixed point, enough to move PRL's count (10,000 records with 25% noise: 1,240 then, 1,229
     * with EM run to the fixed point and now; docs/design.md). 1e-9 until stop 35, when SQUAREM
     * ({@link SquaredEm}) made a tighter stop affordable: plain EM to 1e-9 could still be far from the
     * fixed point where it creeps (50,000 generated records: 3,374 re-identified at the 2,000-step
     * limit, 3,313 at the fixed point).
     */
    public static final double CONVERGED = 1e-12;
    /** Added to a probability before a move is taken relative to it (a floor far below any that matters). */
    static final double SMALL = 1e-12;
    /**
     * At most this many EM steps (E-steps, plain or after an extrapolation); a fit that ends there
     * says so ({@link #converged}). 2,000 until stop 35. A file with a variable published unmasked,
     * unique per record, took them all with stop 35's SQUAREM (its tiny probabilities creep toward
     * the floor {@link #PRIOR} sets, slowly, not to a boundary); on the logarithms with the step bound
     * (stop 36) it converges in 857.
     */
    public static final int MAX_ITERATIONS = 10_000;
    /**
     * From this many variables EM is accelerated by SQUAREM ({@link SquaredEm}). With fewer, the two
     * classes are not identified (a mixture of two product distributions needs three variables to
     * be: Allman, Matias and Rhodes, Ann. Statist. 37, 2009): the likelihood is flat along a ridge,
     * where EM stops depends on its path, and those fits keep plain EM's.
     */
    public static final int ACCELERATED_VARIABLES = 3;
    /** Added to every expected count of the M-step, so that no probability is 0 (ln 0). */
    public static final double PRIOR = 1e-6;

    private final int n;
    private final double p;
    private final double[][] m;
    private final double[][] u;
    private final double[][] penalty;
    private final int iterations;
    private final boolean converged;
    /** Query records whose pairs were counted, of how many; 0 of 0 for a model not fitted to records here. */
    private final int fittedQueries;
    private final int queries;

    private FellegiSunter(int n, double p, double[][] m, double[][] u, int iterations, boolean converged) {
        this(n, p, m, u, iterations, converged, 0, 0);
    }

    /** The model f, fitted to the pairs of {@code fittedQueries} of {@code queries} query records. */
    private FellegiSunter(FellegiSunter f, int fittedQueries, int queries) {
        this(f.n, f.p, f.m, f.u, f.iterations, f.converged, fittedQueries, queries);
    }

    private FellegiSunter(int n, double p, double[][] m, double[][] u, int iterations, boolean converged, int fittedQueries,
            int queries) {
        this.fittedQueries = fittedQueries;
        this.queries = queries;
        this.n = n;
        this.p = p;
        this.m = m;
        this.u = u;
        this.iterations = iterations;
        this.converged = converged;
        penalty = new double[n][LEVELS];
        for (int k = 0; k < n; k++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int l = 0; l < LEVELS; l++) {
                best = Math.max(best, Math.log(m[k][l] / u[k][l]));
            }
            for (int l = 0; l < LEVELS; l++) {
                penalty[k][l] = best - Math.log(m[k][l] / u[k][l]);
            }
        }
    }

    /**
     * A model with the given probabilities m_k(l) and u_k(l) (n rows of {@link #LEVELS}, each entry > 0
     * and finite) and P(M) = p, as if EM had ended there (0 iterations, converged): a model fitted
     * elsewhere, or penalties of any order for the tests of the search tree.
     */
    public static FellegiSunter of(double[][] m, double[][] u, double p) {
        int n = m.length;
        if (u.length != n || n == 0 || n > MAX_VARIABLES) {
            throw new IllegalArgumentException("m and u need the same 1 to " + MAX_VARIABLES + " variables");
        }
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("P(M) must lie in (0, 1), got " + p);
        }
        double[][] mc = new double[n][];
        double[][] uc = new double[n][];
        for (int k = 0; k < n; k++) {
            if (m[k].length != LEVELS || u[k].length != LEVELS) {
                throw new IllegalArgumentException("variable " + k + ": " + LEVELS + " levels expected");
            }
            for (int l = 0; l < LEVELS; l++) {
                if (!(m[k][l] > 0 && u[k][l] > 0) || Double.isInfinite(m[k][l]) || Double.isInfinite(u[k][l])) {
                    throw new IllegalArgumentException("variable " + k + ", level " + l + ": probabilities must be > 0 and finite");
                }
            }
            mc[k] = m[k].clone();
            uc[k] = u[k].clone();
        }
        return new FellegiSunter(n, p, mc, uc, 0, true);
    }

    /** The upper ends of the agreement levels below the last ({@link #LIMITS}). */
    public static double[] limits() {
        return LIMITS.clone();
    }

    /** Biased exponent and mantissa bits of LIMITS[1]; LIMITS[l] = LIMITS[1] 2^(l-1) exactly for l >= 1. */
    private static final int EXPONENT_1 = (int) (Double.doubleToRawLongBits(LIMITS[1]) >>> 52);
    private static final long MANTISSA_1 = Double.doubleToRawLongBits(LIMITS[1]) & 0xF_FFFF_FFFF_FFFFL;

    /**
     * The level of agreement of an absolute standardised difference x >= 0: the first l with
     * x <= LIMITS[l], or the last level (also for NaN and infinity). From LIMITS[1] on the limits share
     * one mantissa M, so with e and mx the exponent and mantissa of x the level is
     * e - e_1 + 1, plus 1 if mx > M, clamped to 1 .. LEVELS - 1 (x up to LIMITS[1], and 0, give 1), less
     * 1 when x <= LIMITS[0]. Without branches: most pairs' differences are large but not all, and
     * the branches of the first version (beyond the last limit? below LIMITS[1]?) were often
     * mispredicted (`link --method prl` on 20,000 generated records, median of five runs in turn:
     * 30.2 s -> 27.6 s, CPU 60 s -> 52 s; docs/design.md). Before that a loop over the limits cost 8
     * to 10 comparisons a pair.
     */
    public static int level(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int l = (int) (bits >>> 52) - EXPONENT_1 + 1 + ((bits & 0xF_FFFF_FFFF_FFFFL) > MANTISSA_1 ? 1 : 0);
        return Math.min(LEVELS - 1, Math.max(1, l)) - (x <= LIMITS[0] ? 1 : 0);
    }

    /**
     * Fits the model to the pairs of at most {@code maxQueries} query records with every reference
     * record (0: every query record): beyond that many, to those of a seeded sample of that many
     * ({@link QuerySample}). The count of patterns grows with the pairs (a file of 500,000 records
     * would count 2.5e11), and a sample of 50,000 records' pairs estimates m and u from
     * 50,000 matched pairs and billions of others; the model says how many it was fitted on
     * ({@link #fittedQueries}).
     */
    public static FellegiSunter fit(double[] query, double[] reference, int n, int maxQueries, FitProgress progress) {
        int nq = query.length / n;
        if (maxQueries < 0) {
            throw new IllegalArgumentException("maxQueries must be >= 0, got " + maxQueries);
        }
        int[] picked = maxQueries == 0 ? null : QuerySample.of(nq, maxQueries);
        double[] q = picked == null || picked.length == nq ? query : QuerySample.rows(query, n, picked);
        return new FellegiSunter(fit(q, reference, n, n <= PatternCount.DENSE_VARIABLES, progress), q.length / n, nq);
    }

    /**
     * Fits the model to every query x reference pair.
     *
     * @param query     standardised query records, row-major, n values each
     * @param reference standardised reference records, row-major
     */
    public static FellegiSunter fit(double[] query, double[] reference, int n) {
        return fit(query, reference, n, 0, null);
    }

    /** As above, telling {@code progress} (may be null) of the pattern count and of every EM iteration. */
    public static FellegiSunter fit(double[] query, double[] reference, int n, FitProgress progress) {
        return fit(query, reference, n, 0, progress);
    }

    /** {@link #fit(double[], double[], int)} with the patterns counted densely or by sorting (tests compare the two). */
    static FellegiSunter fit(double[] query, double[] reference, int n, boolean dense) {
        return fit(query, reference, n, dense, null);
    }

    private static FellegiSunter fit(double[] query, double[] reference, int n, boolean dense, FitProgress progress) {
        if (n > MAX_VARIABLES) {
            throw new InputException("prl: at most " + MAX_VARIABLES + " variables, got " + n + " (choose them with --vars)");
        }
        int nq = query.length / n;
        int nr = reference.length / n;
        if (progress != null) {
            progress.counting(nq);
        }
        PatternCount c = PatternCount.of(query, reference, n, dense, progress == null ? null : progress::counted);
        return em(c.codes(), c.counts(), n, Math.min(nq, nr) / ((double) nq * nr), MAX_ITERATIONS, progress);
    }

    /**
     * EM on pattern counts for m and u, with p = P(M) held at p0: in a linkage of a file with its
     * protected version each query record has one true match, so p0 = min(N_q, N_r) / (N_q N_r) is
     * known. (Left free, in a development build with the first seven levels, EM settled on p = 0.496
     * on the EIA file with 10% noise, two classes that are not matches and non-matches, and PRL
     * re-identified 107 of the seed-1 M5-38 file's 400 records and 199 of the whole Census's 1080
     * with M5-38 protection, against 223 and 696 with p held.) It starts from u, the levels'
     * frequencies over all pairs (nearly all are non-matches), and m_k(l) proportional to 2^-l
     * (matches agree). Each iteration: E-step, the posterior P(M | gamma) of each pattern;
     * M-step, every m_k(l), u_k(l) as the expected share of the class's pairs, with {@link #PRIOR}
     * added to each count. Stops when no probability moves by more than {@link #CONVERGED} of itself
     * ({@link #relativeMove}), or after {@link #MAX_ITERATIONS} ({@link #converged} then false). From
     * {@link #ACCELERATED_VARIABLES} variables the iteration is accelerated by SQUAREM
     * ({@link SquaredEm}): the same fixed point in fewer steps. If M ends agreeing less than U, the
     * classes are swapped. The E-step runs through {@link PatternEm}.
     *
     * @param codes  distinct patterns, 4 bits per variable (ascending is fastest: runs of equal high
     *               halves are shared)
     * @param counts pairs of each pattern
     */
    public static FellegiSunter em(long[] codes, long[] counts, int n, double p0) {
        return em(codes, counts, n, p0, MAX_ITERATIONS, null);
    }

    /**
     * {@link #em(long[], long[], int, double)} with at most {@code maxIterations} (tests), each
     * iteration and the end told to {@code progress} (may be null).
     */
    static FellegiSunter em(long[] codes, long[] counts, int n, double p0, int maxIterations, FitProgress progress) {
        PatternEm patterns = new PatternEm(codes, counts, n);
        int u0 = n * LEVELS;
        double[] theta = new double[2 * u0];
        for (int k = 0; k < n; k++) {
            double sm = 0;
            for (int l = 0; l < LEVELS; l++) {
                sm += Math.pow(2, -l);
                theta[u0 + k * LEVELS + l] = (patterns.pairs[k * LEVELS + l] + PRIOR) / (patterns.total + LEVELS * PRIOR);
            }
            for (int l = 0; l < LEVELS; l++) {
                theta[k * LEVELS + l] = Math.pow(2, -l) / sm;
            }
        }
        SquaredEm fit = new SquaredEm(patterns, n, Math.log((1 - p0) / p0), n >= ACCELERATED_VARIABLES, progress);
        double[] t = fit.solve(theta, CONVERGED, maxIterations);
        if (progress != null) {
            progress.fitted(fit.steps());
        }
        double[][] m = new double[n][];
        double[][] u = new double[n][];
        for (int k = 0; k < n; k++) {
            m[k] = Arrays.copyOfRange(t, k * LEVELS, (k + 1) * LEVELS);
            u[k] = Arrays.copyOfRange(t, u0 + k * LEVELS, u0 + (k + 1) * LEVELS);
        }
        if (meanLevel(m) > meanLevel(u)) {
            return new FellegiSunter(n, p0, u, m, fit.steps(), fit.converged());
        }
        return new FellegiSunter(n, p0, m, u, fit.steps(), fit.converged());
    }

    /**
     * |now - before| relative to now (plus {@link #SMALL}): the weights are ln(m / u), so a rare
     * level's tiny probability needs its digits as much as a common one's.
     */
    public static double relativeMove(double now, double before) {
        return Math.abs(now - before) / (now + SMALL);
    }

    private static double meanLevel(double[][] probabilities) {
        double s = 0;
        for (double[] row : probabilities) {
            for (int l = 0; l < LEVELS; l++) {
                s += l * row[l];
            }
        }
        return s;
    }

    /** P(M), the share of matched pairs (held at the known share). */
    public double matchShare() {
        return p;
    }

    /** m_k(l) = P(gamma_k = l | M). */
    public double m(int k, int l) {
        return m[k][l];
    }

    /** u_k(l) = P(gamma_k = l | U). */
    public double u(int k, int l) {
        return u[k][l];
    }

    /** Variables of the model. */
    public int variables() {
        return n;
    }

    /** The weight ln(m_k(l) / u_k(l)) of level l of variable k in a pair's log-likelihood ratio. */
    public double weight(int k, int l) {
        return Math.log(m[k][l] / u[k][l]);
    }

    /** The model behind a distance made by {@link #distance}, or null for any other distance. */
    public static FellegiSunter fitted(PairwiseDistance d) {
        return d instanceof FellegiSunterDistance f ? f.model() : null;
    }

    /** The distance penalty max_l w_k(l) - w_k(level) of level l of variable k (the model's own array). */
    double penalty(int k, int l) {
        return penalty[k][l];
    }

    /**
     * The query records whose pairs EM was fitted to: all of {@link #queries()}, or a seeded sample
     * ({@link QuerySample#SEED}) when fewer; 0 for a model given its probabilities ({@link #of}).
     */
    public int fittedQueries() {
        return fittedQueries;
    }

    /** The query records of the linkage the model was fitted for (0 for a model given its probabilities). */
    public int queries() {
        return queries;
    }

    /** The seed of the sample of query records when EM was fitted to fewer than all. */
    public static long sampleSeed() {
        return QuerySample.SEED;
    }

    /** EM iterations run. */
    public int iterations() {
        return iterations;
    }

    /** False when EM ended at its iteration limit ({@link #MAX_ITERATIONS}) before its stop rule held. */
    public boolean converged() {
        return converged;
    }

    /** The linkage as a distance on these records: d(a, b) = sum_k (max_l w_k(l) - w_k(gamma_k)). */
    public PairwiseDistance distance(double[] query, double[] reference) {
        return new FellegiSunterDistance(this, query, reference);
    }
}

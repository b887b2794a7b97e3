package org.reident.distance;

/**
 * The iteration of {@link FellegiSunter#em}: plain EM steps, or EM accelerated by SQUAREM
 * (Varadhan and Roland, "Simple and globally convergent methods for accelerating the convergence
 * of any EM algorithm", Scand. J. Statist. 35, 2008: step length S3 and its bound), on the
 * logarithms of the probabilities. With F the EM map on theta = (m, u), theta1 = F(theta0),
 * theta2 = F(theta1), r = ln theta1 - ln theta0 and v = ln theta2 - 2 ln theta1 + ln theta0:
 * <pre>
 *   alpha = max(-|r| / |v|, -a)  (Euclidean norms; the two plain steps are kept when it is not below -1),
 *   ln theta' = ln theta0 - 2 alpha r + alpha^2 v,  each m_k and u_k divided by its sum,
 *   then one EM step from theta'.
 * </pre>
 * The bound a starts at 1 and is multiplied by {@link #STEP_GROWTH} each time alpha reaches it.
 * Only an entry that under- or overflows can come out; then alpha moves halfway to -1 until none
 * does, and if it gets there the plain steps' theta2 is kept and a divided by {@link #STEP_GROWTH}
 * (at least 1). Otherwise the cycle ends with the EM step from theta', so the iterate is always a
 * value of the EM map.
 * <p>
 * The check of the objective (the paper's safeguard): EM never lowers the log-posterior it climbs
 * ({@link #objective}); an extrapolation can. The first E-step of each cycle also computes the
 * objective at its theta0; if the cycle before was extrapolated and this is lower than at that
 * cycle's theta0 (by more than {@link #OBJECTIVE_SLACK} of it), that cycle is undone: the run goes
 * on from its plain steps' theta2 and a is divided by {@link #STEP_GROWTH}. Without it the
 * extrapolation jumped to another fixed point, of lower likelihood, on two of the papers' Census
 * files (Mic3-8 seed 1: 2 re-identified against plain EM's 603; Noise-1 seed 4: 0 against 1,080).
 * The objective costs a multiplication per pattern (its logarithms taken as one product) in one E-step of three.
 * <p>
 * The stop is plain EM's: an EM step that moves no probability x by more than
 * {@link FellegiSunter#CONVERGED} of itself ({@link FellegiSunter#relativeMove}); its result is the
 * answer, and every EM step counts against the limit. An acceleration that wandered could only end
 * at the limit, said to be not converged, never at a point that is not a fixed point of EM. The
 * step from theta' never ends the run by itself (only the limit does): its result is checked first,
 * by the next cycle, whose first step then stops if it moves no more.
 * <p>
 * Why the logarithms and the bound (measured 2026-11-29, stop 36, `link --method prl`, EM steps,
 * every count the same): the slow probabilities are tiny ones creeping geometrically toward the
 * floor that {@link FellegiSunter#PRIOR} sets; extrapolated linearly they overshoot below 0, and
 * the unbounded S3 (alpha in the hundreds) mostly landed further from the fixed point, so the
 * former rule (linear, unbounded, falling back to theta2 when the step from theta' was longer than
 * the first plain step's) took: 50,000 generated records 3,769 steps (48.9 s), bench's EIA file
 * 472 (18.5 s), a file with a column published unmasked 10,000, the limit (27.7 s), M5-38 373. The
 * bound alone with that fall-back dropped: 1,025, 356, 1,633, 456. This rule: 692 (34.8 s, most of
 * it counting 2.5 billion pairs), 144 (11.5 s), 857 (6.8 s), 274. On 30 seeded generated files
 * with an unmasked column (500 and 1,000 records, 6 variables, 25% noise; a development harness)
 * 33,941 EM steps in all with the former rule (two at the limit), 9,852 with this (none).
 */
final class SquaredEm {
    /** Varadhan and Roland's factor by which the bound on |alpha| grows when reached and shrinks when refused. */
    static final double STEP_GROWTH = 4;
    /** An extrapolated cycle is kept unless it lowers the objective by more than this share of its size. */
    static final double OBJECTIVE_SLACK = 1e-12;
    private final PatternEm patterns;
    private final int n;
    /** ln((1 - p0) / p0), the prior odds against a match. */
    private final double prior;
    private final boolean accelerated;
    private final FitProgress progress;
    private final double[] ratio;
    private final double[] em;
    private int steps;
    private boolean converged;
    /**
     * The log-posterior EM climbs, at the input of the last E-step asked for it: the log-likelihood
     * sum over patterns of count x ln(p0 P(gamma | M) + (1 - p0) P(gamma | U)) plus PRIOR x the sum of
     * every ln m_k(l) and ln u_k(l) (the M-step's PRIOR is that prior's mode).
     */
    private double objective;
    /** The bound a on the step length |alpha|. */
    private double stepMax = 1;

    /**
     * @param accelerated SQUAREM; false: plain EM steps
     * @param progress    hears every EM step (may be null)
     */
    SquaredEm(PatternEm patterns, int n, double prior, boolean accelerated, FitProgress progress) {
        this.patterns = patterns;
        this.n = n;
        this.prior = prior;
        this.accelerated = accelerated;
        this.progress = progress;
        this.ratio = new double[n * FellegiSunter.LEVELS];
        this.em = new double[n * FellegiSunter.LEVELS];
    }

    /** The objective at the input of the last E-step asked for it. */
    double objective() {
        return objective;
    }

    /** Whether {@link #solve} ended by the stop rule (not by the step limit). */
    boolean converged() {
        return converged;
    }

    /** EM steps (E-steps) taken. */
    int steps() {
        return steps;
    }

    /**
     * Runs from {@code theta} (m_k(l) at k * LEVELS + l, u_k(l) at (n + k) * LEVELS + l) until an EM
     * step moves no probability by more than {@code stop} of itself or {@code maxSteps} EM steps are
     * taken; returns the last EM step's result.
     */
    double[] solve(double[] theta, double stop, int maxSteps) {
        int size = theta.length;
        double[] t0 = theta.clone();
        double[] t1 = new double[size];
        double[] t2 = new double[size];
        double[] tp = new double[size];
        double[] t3 = new double[size];
        double[] back = new double[size]; // the plain steps' theta2 of the last extrapolated cycle
        boolean jumped = false;
        double before = Double.NEGATIVE_INFINITY; // the objective at the last cycle's theta0
        while (true) {
            double moved = step(t0, t1, accelerated);
            if (jumped && objective < before - OBJECTIVE_SLACK * Math.abs(before)) {
                // the extrapolation lost ground: that cycle goes on from its plain steps instead
                stepMax = Math.max(1, stepMax / STEP_GROWTH);
                jumped = false;
                double[] swap = t0;
                t0 = back;
                back = swap;
                if (steps >= maxSteps) {
                    converged = false;
                    return t0;
                }
                continue;
            }
            before = objective;
            if (end(moved, stop, maxSteps)) {
                return t1;
            }
            if (!accelerated) {
                double[] swap = t0;
                t0 = t1;
                t1 = swap;
                continue;
            }
            if (end(step(t1, t2, false), stop, maxSteps)) {
                return t2;
            }
            double alpha = Math.max(steplength(t0, t1, t2), -stepMax);
            if (!Double.isFinite(alpha)) {
                alpha = -1; // v = 0 (r = 0 converged above): no extrapolation
            }
            boolean bounded = alpha == -stepMax;
            boolean refused = false;
            while (alpha < -1 - 1e-3 && !extrapolate(t0, t1, t2, alpha, tp)) {
                alpha = (alpha - 1) / 2;
                refused = true;
            }
            jumped = false;
            if (!(alpha < -1 - 1e-3)) { // the two plain steps
                stepMax = refused ? Math.max(1, stepMax / STEP_GROWTH) : bounded ? stepMax * STEP_GROWTH : stepMax;
                double[] swap = t0;
                t0 = t2;
                t2 = swap;
                continue;
            }
            if (bounded && !refused) {
                stepMax *= STEP_GROWTH;
            }
            double movedAfter = step(tp, t3, false);
            if (steps >= maxSteps) { // no step left to check it: said to be not converged unless it is
                end(movedAfter, stop, maxSteps);
                return t3;
            }
            jumped = true; // even if it moved no more than the stop: the next cycle checks it first
            double[] swap = back;
            back = t2;
            t2 = t0;
            t0 = t3;
            t3 = swap;
        }
    }

    private boolean end(double moved, double stop, int maxSteps) {
        converged = moved <= stop;
        return converged || steps >= maxSteps;
    }

    /** S3 on the logarithms: -|ln t1 - ln t0| / |ln t2 - 2 ln t1 + ln t0|. */
    private static double steplength(double[] t0, double[] t1, double[] t2) {
        double rr = 0;
        double vv = 0;
        for (int i = 0; i < t0.length; i++) {
            double l1 = Math.log(t1[i]);
            double r = l1 - Math.log(t0[i]);
            double v = Math.log(t2[i]) - l1 - r;
            rr += r * r;
            vv += v * v;
        }
        return -Math.sqrt(rr / vv);
    }

    /**
     * tp = exp(ln t0 - 2 alpha r + alpha^2 v) on the logarithms, each block of {@link FellegiSunter#LEVELS}
     * probabilities divided by its sum; false if an entry is 0 or not finite (under- or overflow).
     */
    private static boolean extrapolate(double[] t0, double[] t1, double[] t2, double alpha, double[] tp) {
        int levels = FellegiSunter.LEVELS;
        for (int block = 0; block < t0.length; block += levels) {
            double sum = 0;
            for (int i = block; i < block + levels; i++) {
                double l0 = Math.log(t0[i]);
                double r = Math.log(t1[i]) - l0;
                double v = Math.log(t2[i]) - l0 - 2 * r;
                double x = Math.exp(l0 - 2 * alpha * r + alpha * alpha * v);
                if (!(x > 0 && x < Double.POSITIVE_INFINITY)) {
                    return false;
                }
                tp[i] = x;
                sum += x;
            }
            for (int i = block; i < block + levels; i++) {
                tp[i] /= sum;
            }
        }
        return true;
    }

    /**
     * One EM step {@code out = F(in)}: the E-step through {@link PatternEm}, the M-step with
     * {@link FellegiSunter#PRIOR} added to every expected count; returns the largest relative move.
     */
    double step(double[] in, double[] out) {
        return step(in, out, false);
    }

    /** As {@link #step(double[], double[])}; with {@code withObjective} also sets {@link #objective()} at {@code in}. */
    double step(double[] in, double[] out, boolean withObjective) {
        int levels = FellegiSunter.LEVELS;
        int u0 = n * levels;
        for (int i = 0; i < u0; i++) {
            ratio[i] = Math.log(in[u0 + i] / in[i]);
        }
        double matched = patterns.expect(ratio, prior, em, withObjective);
        double total = patterns.total;
        if (withObjective) {
            double value = patterns.logOnePlusOdds() - total * Math.log1p(Math.exp(prior)); // + total ln p0
            for (int i = 0; i < u0; i++) {
                value += patterns.pairs[i] * Math.log(in[i]);
            }
            for (int i = 0; i < 2 * u0; i++) {
                value += FellegiSunter.PRIOR * Math.log(in[i]);
            }
            objective = value;
        }
        double moved = 0;
        for (int i = 0; i < u0; i++) {
            double eu = patterns.pairs[i] - em[i];
            double mk = (em[i] + FellegiSunter.PRIOR) / (matched + levels * FellegiSunter.PRIOR);
            double uk = (eu + FellegiSunter.PRIOR) / (total - matched + levels * FellegiSunter.PRIOR);
            moved = Math.max(moved, Math.max(FellegiSunter.relativeMove(mk, in[i]), FellegiSunter.relativeMove(uk, in[u0 + i])));
            out[i] = mk;
            out[u0 + i] = uk;
        }
        steps++;
        if (progress != null) {
            progress.iterated(steps, moved);
        }
        return moved;
    }
}

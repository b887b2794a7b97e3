package org.reident.distance;

/**
 * The iteration of {@link FellegiSunter#em}: plain EM steps, or EM accelerated by SQUAREM
 * (Varadhan and Roland, "Simple and globally convergent methods for accelerating the convergence
 * of any EM algorithm", Scand. J. Statist. 35, 2008; their step length S3). With F the EM map on
 * theta = (m, u), theta1 = F(theta0), theta2 = F(theta1), r = theta1 - theta0 and
 * v = theta2 - 2 theta1 + theta0:
 * <pre>
 *   alpha = -|r| / |v|  (Euclidean norms; the two plain steps are kept when it is not below -1),
 *   theta' = theta0 - 2 alpha r + alpha^2 v,   then one EM step from theta'.
 * </pre>
 * theta' is an affine combination of theta0, theta1, theta2 (coefficients (1 + alpha)^2,
 * -2 alpha (1 + alpha), alpha^2, summing to 1), so every m_k and u_k still sums to 1; only a
 * probability at or below 0 can come out, and then alpha moves halfway to -1 until none does (near
 * -1 the plain steps' theta2 is kept). The EM step from theta' keeps the iterate a value of the EM
 * map; when its step |F(theta') - theta'| is longer than the first plain step's, the run goes on
 * from theta2 instead, so the plain steps' progress is never lost.
 * <p>
 * The stop is plain EM's: an EM step that moves no probability x by more than
 * {@link FellegiSunter#CONVERGED} of itself ({@link FellegiSunter#relativeMove}); its result is the
 * answer, and every EM step counts against the limit.
 */
final class SquaredEm {
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
    /** |F(theta) - theta|^2 of the last step. */
    private double residual;

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
        while (true) {
            if (end(step(t0, t1), stop, maxSteps)) {
                return t1;
            }
            if (!accelerated) {
                double[] swap = t0;
                t0 = t1;
                t1 = swap;
                continue;
            }
            double residual1 = residual;
            if (end(step(t1, t2), stop, maxSteps)) {
                return t2;
            }
            double alpha = steplength(t0, t1, t2);
            if (!Double.isFinite(alpha)) {
                alpha = -1; // v = 0 (r = 0 converged above): no extrapolation; -infinity would never halve to -1
            }
            while (alpha < -1 - 1e-3 && !extrapolate(t0, t1, t2, alpha, tp)) {
                alpha = (alpha - 1) / 2;
            }
            if (!(alpha < -1 - 1e-3)) { // the two plain steps
                double[] swap = t0;
                t0 = t2;
                t2 = swap;
                continue;
            }
            if (end(step(tp, t3), stop, maxSteps)) {
                return t3;
            }
            double[] swap = t0;
            if (residual <= residual1) {
                t0 = t3;
                t3 = swap;
            } else { // the extrapolation did not shorten the step: go on from the plain steps
                t0 = t2;
                t2 = swap;
            }
        }
    }

    private boolean end(double moved, double stop, int maxSteps) {
        converged = moved <= stop;
        return converged || steps >= maxSteps;
    }

    /** S3: -|t1 - t0| / |t2 - 2 t1 + t0|. */
    private static double steplength(double[] t0, double[] t1, double[] t2) {
        double rr = 0;
        double vv = 0;
        for (int i = 0; i < t0.length; i++) {
            double r = t1[i] - t0[i];
            double v = t2[i] - 2 * t1[i] + t0[i];
            rr += r * r;
            vv += v * v;
        }
        return -Math.sqrt(rr / vv);
    }

    /** tp = t0 - 2 alpha (t1 - t0) + alpha^2 (t2 - 2 t1 + t0); false if a probability is not above 0 (or not finite). */
    private static boolean extrapolate(double[] t0, double[] t1, double[] t2, double alpha, double[] tp) {
        for (int i = 0; i < t0.length; i++) {
            double r = t1[i] - t0[i];
            double v = t2[i] - 2 * t1[i] + t0[i];
            double x = t0[i] - 2 * alpha * r + alpha * alpha * v;
            if (!(x > 0 && x < Double.POSITIVE_INFINITY)) {
                return false;
            }
            tp[i] = x;
        }
        return true;
    }

    /**
     * One EM step {@code out = F(in)}: the E-step through {@link PatternEm}, the M-step with
     * {@link FellegiSunter#PRIOR} added to every expected count; returns the largest relative move.
     */
    double step(double[] in, double[] out) {
        int levels = FellegiSunter.LEVELS;
        int u0 = n * levels;
        for (int i = 0; i < u0; i++) {
            ratio[i] = Math.log(in[u0 + i] / in[i]);
        }
        double matched = patterns.expect(ratio, prior, em);
        double total = patterns.total;
        double moved = 0;
        residual = 0;
        for (int i = 0; i < u0; i++) {
            double eu = patterns.pairs[i] - em[i];
            double mk = (em[i] + FellegiSunter.PRIOR) / (matched + levels * FellegiSunter.PRIOR);
            double uk = (eu + FellegiSunter.PRIOR) / (total - matched + levels * FellegiSunter.PRIOR);
            moved = Math.max(moved, Math.max(FellegiSunter.relativeMove(mk, in[i]), FellegiSunter.relativeMove(uk, in[u0 + i])));
            residual += (mk - in[i]) * (mk - in[i]) + (uk - in[u0 + i]) * (uk - in[u0 + i]);
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

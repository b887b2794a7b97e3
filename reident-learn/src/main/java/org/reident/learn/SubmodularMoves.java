package org.reident.learn;

import java.util.SplittableRandom;
import org.reident.explain.FuzzyMeasures;

/**
 * {@link LinkClimb}'s moves over a normalised monotone submodular measure (CI_m's parameters, by
 * subset bit mask). {@link MeasureMoves}' single values cannot leave an additive measure here: every
 * submodularity inequality is tight there, so each mu(A) is pinned by its neighbours. A move instead
 * shifts Moebius mass: m(B) += sigma Z for one subset B of two or more variables (an interaction,
 * whose sign submodularity mostly wants negative) and m({k}) -= the same for one variable k, so
 * mu(all) = sum m stays 1; sigma is drawn from {@link #STEPS}. A proposal whose measure leaves
 * [0, 1] or is not monotone and submodular (within {@link #TOL}, far below the LP's tolerance) is
 * drawn again, up to {@link #TRIES} times, else no move.
 */
final class SubmodularMoves implements LinkClimb.Moves {
    private static final double[] STEPS = {0.002, 0.01, 0.05};
    private static final int TRIES = 20;
    static final double TOL = 1e-12;
    /**
     * Most variables it is used on: a proposal checks 2^(n-2) n (n - 1) / 2 inequalities, up to
     * {@link #TRIES} times (67,584 at 12 variables, 50 million at 20), and a run's end waits for the
     * proposal under way.
     */
    static final int MAX_VARIABLES = 12;
    private final int n;

    SubmodularMoves(int n) {
        this.n = n;
    }

    /** mu as given (the climb starts from a weighted mean's additive measure, a member). */
    @Override
    public double[] start(double[] mu) {
        return mu;
    }

    @Override
    public void propose(double[] mu, double[] next, SplittableRandom rnd) {
        System.arraycopy(mu, 0, next, 0, mu.length);
        if (n < 2) {
            return;
        }
        double[] m = FuzzyMeasures.moebius(mu, n);
        for (int attempt = 0; attempt < TRIES; attempt++) {
            int b;
            do {
                b = rnd.nextInt(1 << n);
            } while (Integer.bitCount(b) < 2);
            int k = rnd.nextInt(n);
            double d = STEPS[rnd.nextInt(STEPS.length)] * rnd.nextGaussian();
            m[b] += d;
            m[1 << k] -= d;
            double[] candidate = FuzzyMeasures.fromMoebius(m, n);
            m[b] -= d;
            m[1 << k] += d;
            candidate[0] = 0;
            candidate[candidate.length - 1] = 1;
            if (member(candidate)) {
                System.arraycopy(candidate, 0, next, 0, next.length);
                return;
            }
        }
    }

    private boolean member(double[] mu) {
        for (double v : mu) {
            if (!(v >= 0 && v <= 1)) {
                return false;
            }
        }
        return FuzzyMeasures.isMonotone(mu, n, TOL) && FuzzyMeasures.isSubmodular(mu, n, TOL);
    }
}

package org.reident.learn;

import java.util.SplittableRandom;

/**
 * {@link LinkClimb}'s moves over weights w = delta + (1 - n delta) u, u on the simplex (delta > 0 for
 * WM_m only; WM and OWA have delta = 0): one coordinate of u (two, three times in ten) multiplied by
 * exp(sigma Z), Z standard normal, sigma drawn from {@link #STEPS}, then u normalised again.
 */
final class SimplexMoves implements LinkClimb.Moves {
    private static final double[] STEPS = {0.05, 0.2, 1.0};
    private final int n;
    private final double delta;
    private final double[] u;

    SimplexMoves(int n, double delta) {
        this.n = n;
        this.delta = delta;
        this.u = new double[n];
    }

    @Override
    public double[] start(double[] w) {
        double span = 1 - n * delta;
        for (int k = 0; k < n; k++) {
            u[k] = Math.max(1e-9, (w[k] - delta) / span);
        }
        return weights(normalise(u), w);
    }

    @Override
    public void propose(double[] w, double[] next, SplittableRandom rnd) {
        double span = 1 - n * delta;
        for (int k = 0; k < n; k++) {
            u[k] = (w[k] - delta) / span;
        }
        int moves = rnd.nextDouble() < 0.3 ? 2 : 1;
        for (int q = 0; q < moves; q++) {
            int k = rnd.nextInt(n);
            double sigma = STEPS[rnd.nextInt(STEPS.length)];
            u[k] = Math.max(1e-12, u[k] * Math.exp(sigma * rnd.nextGaussian()));
        }
        weights(normalise(u), next);
    }

    /** w = delta + (1 - n delta) u, into w. */
    private double[] weights(double[] u, double[] w) {
        double span = 1 - n * delta;
        for (int k = 0; k < n; k++) {
            w[k] = delta + span * u[k];
        }
        return w;
    }

    private static double[] normalise(double[] u) {
        double s = 0;
        for (double x : u) {
            s += x;
        }
        for (int k = 0; k < u.length; k++) {
            u[k] /= s;
        }
        return u;
    }
}

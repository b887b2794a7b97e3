package org.reident.learn;

import java.util.SplittableRandom;

/**
 * {@link LinkClimb}'s moves over a symmetric matrix Sigma (SB, SB_NC and MD*; theta its upper
 * triangle row by row, {@link Features#triangle}) with trace 1 and entries in [-1, 1], and for SB and
 * MD* positive semidefinite: PSD is stricter than their constraint (a non-negative distance on the
 * file's pairs), so every matrix the climb reaches is a member, whatever the pairs. A move adds
 * sigma Z to one off-diagonal entry (and its mirror), or moves sigma Z from one diagonal entry to
 * another (the trace stays 1), sigma drawn from {@link #STEPS}; a proposal outside the box, or not
 * PSD where that is asked, is drawn again (up to {@link #TRIES} times, else no move).
 */
final class MatrixMoves implements LinkClimb.Moves {
    private static final double[] STEPS = {0.005, 0.02, 0.1};
    private static final int TRIES = 20;
    private final int n;
    private final boolean psd;
    private final double[] l;

    /** @param psd the matrix must stay positive semidefinite (SB, MD*; not SB_NC) */
    MatrixMoves(int n, boolean psd) {
        this.n = n;
        this.psd = psd;
        this.l = new double[n * n];
    }

    /** Sigma as given (the climb starts from a weighted mean's diag(w), a member of every one of these families). */
    @Override
    public double[] start(double[] sigma) {
        return sigma;
    }

    @Override
    public void propose(double[] sigma, double[] next, SplittableRandom rnd) {
        for (int attempt = 0; attempt < TRIES; attempt++) {
            System.arraycopy(sigma, 0, next, 0, sigma.length);
            if (n < 2) {
                return; // trace 1 on one variable: Sigma is fixed
            }
            double x = STEPS[rnd.nextInt(STEPS.length)] * rnd.nextGaussian();
            int k = rnd.nextInt(n);
            int m = rnd.nextInt(n - 1);
            m += m >= k ? 1 : 0;
            if (rnd.nextBoolean()) {
                next[index(Math.min(k, m), Math.max(k, m))] += x;
            } else {
                next[index(k, k)] += x;
                next[index(m, m)] -= x;
            }
            if (inBox(next) && (!psd || semidefinite(next))) {
                return;
            }
        }
        System.arraycopy(sigma, 0, next, 0, sigma.length);
    }

    private int index(int k, int m) {
        return Features.triangle(n, k, m);
    }

    private static boolean inBox(double[] sigma) {
        for (double v : sigma) {
            if (v < -1 || v > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether Sigma + 1e-12 I has a Cholesky factor (Sigma PSD up to that tolerance, far below the
     * slave's LP tolerance of 1e-7 on a distance).
     */
    boolean semidefinite(double[] sigma) {
        for (int j = 0; j < n; j++) {
            double s = sigma[index(j, j)] + 1e-12;
            for (int k = 0; k < j; k++) {
                s -= l[j * n + k] * l[j * n + k];
            }
            if (!(s > 0)) {
                return false;
            }
            double d = Math.sqrt(s);
            l[j * n + j] = d;
            for (int i = j + 1; i < n; i++) {
                double v = sigma[index(j, i)];
                for (int k = 0; k < j; k++) {
                    v -= l[i * n + k] * l[j * n + k];
                }
                l[i * n + j] = v / d;
            }
        }
        return true;
    }
}

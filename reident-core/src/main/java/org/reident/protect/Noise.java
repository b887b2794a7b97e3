package org.reident.protect;

import org.reident.data.InputException;
import org.reident.synth.AdditiveNoise;

/**
 * Uncorrelated additive noise (Brand 2002, "Microdata protection through noise addition", LNCS
 * 2316; the "AdditiveNoise" of hrla-heuristic-choquet.txt section 4.2): each column k gets
 * independent Gaussian noise scaled by its sample standard deviation,
 *
 * <pre>    Y_ik = X_ik + e_ik,   e_ik ~ N(0, (p/100 * sd_k)^2),   sd_k with the n-1 denominator.</pre>
 *
 * A thin wrapper over {@link AdditiveNoise#apply} (which documents the random stream: {@code new
 * Random(seed)}, one {@code nextGaussian()} per value, row by row in column order; constant
 * columns and p = 0 are copied unchanged).
 */
public record Noise(double p, long seed) implements Masking {
    /**
     * @param p    noise level, percent of each column's standard deviation, {@code p >= 0}
     * @param seed random seed
     * @throws InputException if p is negative, infinite or not a number
     */
    public Noise {
        p = PerturbationSupport.level(p, "noise");
    }

    @Override
    public String label() {
        return "noise(p=" + PerturbationSupport.format(p) + ")";
    }

    @Override
    public double[] apply(double[] x, int rows, int n) {
        return AdditiveNoise.apply(x, rows, n, p, seed);
    }
}

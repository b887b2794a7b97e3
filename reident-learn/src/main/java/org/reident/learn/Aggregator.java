package org.reident.learn;

import java.util.Locale;
import org.reident.data.InputException;
import org.reident.distance.Method;

/**
 * The parametrised distances whose parameters can be learned (DESIGN.md section 2, "Supervised
 * learning as a MILP"; symmetric-bilinear-form.txt sections 4-5). Each is linear in its parameters
 * for a fixed pair, so maximising the correct links is a mixed-integer linear programme.
 */
public enum Aggregator {
    /** Weighted mean: p >= 0, sum p = 1. */
    WM("wm", Method.WM),
    /** Weighted mean, metric version: p >= delta > 0, sum p = 1. */
    WM_M("wm-m", Method.WM),
    /** Ordered weighted average: w >= 0, sum w = 1, on the decreasingly sorted squared differences. */
    OWA("owa", Method.OWA),
    /** Choquet integral: mu(empty) = 0, mu(V) = 1, monotone. */
    CHOQUET("choquet", Method.CHOQUET),
    /** Choquet integral, metric version: also submodular. */
    CHOQUET_M("choquet-m", Method.CHOQUET),
    /** Symmetric bilinear form: trace 1, entries in [-1, 1], non-negative on every data pair. */
    BILINEAR("bilinear", Method.BILINEAR),
    /** Symmetric bilinear form without the sign constraint; projected onto the PSD cone afterwards. */
    BILINEAR_NC("bilinear-nc", Method.BILINEAR),
    /**
     * MD*, the Mahalanobis distance as an aggregator (supervised-dbrl-overview.txt Definition 3):
     * the bilinear form on the absolute differences |a_k - b_k|, trace 1, entries in [-1, 1],
     * non-negative on every data pair.
     */
    MD_STAR("md-star", Method.MD_STAR);

    private final String label;
    private final Method method;

    Aggregator(String label, Method method) {
        this.label = label;
        this.method = method;
    }

    public String label() {
        return label;
    }

    /** The linkage method that evaluates the learned parameters. */
    public Method method() {
        return method;
    }

    public boolean isChoquet() {
        return this == CHOQUET || this == CHOQUET_M;
    }

    /** SB, SB_NC and MD*: a symmetric matrix with trace 1 and entries in [-1, 1]. */
    public boolean isBilinear() {
        return this == BILINEAR || this == BILINEAR_NC || this == MD_STAR;
    }

    /** SB and MD*: the learned distance must be non-negative on every data pair. */
    public boolean signConstrained() {
        return this == BILINEAR || this == MD_STAR;
    }

    public static Aggregator parse(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        for (Aggregator a : values()) {
            if (a.label.equals(t)) {
                return a;
            }
        }
        throw new InputException("--aggregator: unknown aggregator '" + s
                + "' (expected wm, wm-m, owa, choquet, choquet-m, bilinear, bilinear-nc or md-star)");
    }
}

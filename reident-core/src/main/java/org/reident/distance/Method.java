package org.reident.distance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;

/** The record-linkage distances of DESIGN.md section 2, by their command-line names. */
public enum Method {
    AM("am", false, "Euclidean on attribute-standardised values (DBRL1)", "euclidean", "dbrl1"),
    DBRL2("dbrl2", false, "Euclidean on distance-standardised values"),
    MD("md", false, "Mahalanobis, S = Cov(X - Y) on aligned pairs", "mahalanobis", "md-cov"),
    MD0("md0", false, "Mahalanobis, S = Var(X) + Var(Y)", "md-cov0"),
    KERNEL("kernel", false, "polynomial kernel (1 + x.y)^p (KDBRL)", "kdbrl"),
    PRL("prl", false, "probabilistic record linkage (Fellegi-Sunter, EM)", "probabilistic"),
    WM("wm", true, "weighted mean of squared differences"),
    OWA("owa", true, "ordered weighted average of squared differences"),
    CHOQUET("choquet", true, "Choquet integral w.r.t. a fuzzy measure", "ci"),
    BILINEAR("bilinear", true, "symmetric bilinear form diff' Sigma diff", "sb"),
    MD_STAR("md-star", true, "Mahalanobis as aggregator |diff|' Sigma |diff| (MD*)", "mdstar");

    private final String label;
    private final boolean parametrised;
    private final String description;
    private final String[] aliases;

    Method(String label, boolean parametrised, String description, String... aliases) {
        this.label = label;
        this.parametrised = parametrised;
        this.description = description;
        this.aliases = aliases;
    }

    public String label() {
        return label;
    }

    /** True for the distances that take learned parameters (WM, OWA, CI, SB). */
    public boolean isParametrised() {
        return parametrised;
    }

    public String description() {
        return description;
    }

    /** The methods {@code --method all} runs: every one that needs no parameters. */
    public static List<Method> standard() {
        List<Method> l = new ArrayList<>();
        for (Method m : values()) {
            if (!m.parametrised) {
                l.add(m);
            }
        }
        return l;
    }

    public static Method parse(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        for (Method m : values()) {
            if (m.label.equals(t)) {
                return m;
            }
            for (String a : m.aliases) {
                if (a.equals(t)) {
                    return m;
                }
            }
        }
        throw new InputException("--method: unknown method '" + s
                + "' (expected am, dbrl2, md, md0, kernel, prl, wm, owa, choquet, bilinear, md-star or all)");
    }
}

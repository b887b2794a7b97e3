package org.reident.learn;

import java.util.Locale;
import org.reident.data.InputException;

/**
 * How the supervised-linkage MILP is solved; both give the same optimum (tests compare them).
 * CUTS, combinatorial Benders cuts ({@link ConflictLearner}), is the default: measured faster on
 * every hard file of the benchmark (docs/benchmark-learning.md). BIG_M is the papers' formulation
 * with this project's per-row big-M, row dropping and lazy rows ({@link SupervisedLearner}).
 */
public enum Formulation {
    CUTS("cuts"),
    BIG_M("big-m");

    private final String label;

    Formulation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public LearnResult learn(LearnOptions o, org.reident.data.LinkageData data, int[] train) {
        return this == CUTS ? new ConflictLearner(o).learn(data, train) : new SupervisedLearner(o).learn(data, train);
    }

    public static Formulation parse(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        for (Formulation f : values()) {
            if (f.label.equals(t)) {
                return f;
            }
        }
        throw new InputException("--formulation: expected cuts or big-m, got '" + s + "'");
    }
}

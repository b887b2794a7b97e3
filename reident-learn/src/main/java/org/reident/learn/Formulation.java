package org.reident.learn;

import java.util.Locale;
import org.reident.data.InputException;
import org.reident.distance.DistanceModel;

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
        return learn(o, data, train, null, null, false);
    }

    /**
     * The same, the cuts formulation taking {@code start} (parameters of the family, null: none) as an
     * incumbent before its first round ({@link ConflictLearner#start}), and with {@code epsCheck} ending
     * once its parameters advise a smaller eps ({@link ConflictLearner#untilEpsAdvised}); big-M the
     * same ({@link SupervisedLearner#start}, {@link SupervisedLearner#untilEpsAdvised}).
     */
    public LearnResult learn(LearnOptions o, org.reident.data.LinkageData data, int[] train, DistanceModel start, String what,
            boolean epsCheck) {
        return learn(o, data, train, start, what, epsCheck, null);
    }

    /**
     * The same, the cuts formulation starting from the conflicts {@code conflicts} keeps at the run's
     * eps and writing its own back to it ({@link ConflictLearner#keepConflicts}; null: none). The
     * big-M formulation proves no conflicts and takes none.
     */
    public LearnResult learn(LearnOptions o, org.reident.data.LinkageData data, int[] train, DistanceModel start, String what,
            boolean epsCheck, ConflictFile conflicts) {
        if (this == BIG_M && conflicts != null) {
            throw new InputException("--conflicts keeps the conflicts of the cuts formulation: use it with --formulation cuts");
        }
        if (this == BIG_M) {
            SupervisedLearner s = new SupervisedLearner(o);
            s = start == null ? s : s.start(start, what);
            return (epsCheck ? s.untilEpsAdvised() : s).learn(data, train);
        }
        ConflictLearner c = new ConflictLearner(o).keepConflicts(conflicts);
        c = start == null ? c : c.start(start, what);
        return (epsCheck ? c.untilEpsAdvised() : c).learn(data, train);
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

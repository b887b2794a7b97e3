package org.reident.learn;

import org.reident.data.LinkageData;
import org.reident.linkage.LinkageResult;

/**
 * The best parameters a cuts run ({@link ConflictLearner}) has found, with the linkage engine's count
 * of what they link. A parameter vector is counted by the engine, never by the slave's LP: the
 * records (not unlinkable) it links with margin eps ({@link Margin#counts}: from eps (1 - 1e-3), the
 * tolerance of a vertex of the slave's LP) are kept, and among equal such counts the one linking
 * more records strictly wins.
 *
 * <p>The climb's thread reads {@link #theta} and {@link #kept} while the run's thread replaces them:
 * both are volatile and {@link #theta}'s array is replaced whole, never changed in place.
 */
final class Incumbent {
    /**
     * A linkable set this many records short of the incumbent is still linked by the engine: its
     * parameters may link records outside it (2 to 4 in the whole-Census SB's later rounds).
     */
    static final int NEAR = 2;

    private final LearnOptions o;
    private final Features features;
    private final LinkageData data;
    private final int[] train;
    private final boolean[] unlinkable;
    private volatile double[] theta;
    private volatile int kept = -1;
    private int count = -1;
    /** The engine's linkage with {@link #theta}; null until a vector is taken. */
    private LinkageResult linkage;
    /** The best count of the vectors {@link #NEAR} measures sets against: all but the standard starts. */
    private int nearKept = -1;

    /**
     * No incumbent yet ({@link #kept} -1), with {@code neutral} (AM in the family) as the parameters
     * to report should none ever be taken.
     */
    Incumbent(LearnOptions o, Features features, LinkageData data, int[] train, boolean[] unlinkable, double[] neutral) {
        this.o = o;
        this.features = features;
        this.data = data;
        this.train = train;
        this.unlinkable = unlinkable.clone();
        this.theta = neutral.clone();
    }

    /** Records linked with margin eps by the incumbent's parameters, by the engine (-1: none yet). */
    int kept() {
        return kept;
    }

    /** The incumbent's records linked strictly by the engine (-1: none yet). */
    int count() {
        return count;
    }

    /** The incumbent's parameters (AM's until one is taken); the caller must not change them. */
    double[] theta() {
        return theta;
    }

    /** The count the {@link #NEAR} rule measures offered sets against (-1: none yet). */
    int nearKept() {
        return nearKept;
    }

    /** The engine's linkage of the incumbent's parameters; null until one is taken. */
    LinkageResult linkage() {
        return linkage;
    }

    /**
     * A known member of the family (AM, a given weighted mean, the climb's or the weight cells'
     * weights, the standard starts) as the incumbent when the engine counts more: true when taken.
     * The slave is not asked: the records it links with margin eps certify on their own that they
     * can be linked together. With {@code near} false the vector's count does not become the
     * reference of the {@link #NEAR} rule: the standard starts ({@link StandardStarts}) can be far
     * above the first rounds' sets, whose parameters often link 30 more than the set (whole Census,
     * SB: a first round's set of about 930 records linked 962, against the starts' 941).
     */
    boolean seed(double[] theta, boolean near) {
        LinkageResult l = link(theta);
        int k = linkedWithMargin(l);
        if (near) {
            nearKept = Math.max(nearKept, k);
        }
        return take(theta.clone(), k, l);
    }

    /**
     * The slave's parameters for a set of {@code inS} records it found linkable together: the
     * incumbent when they keep more records (at least {@code inS}, often more: whole-Census SB,
     * 60 s, at round 13 the set held 969 records and its parameters linked 972, which the set itself
     * reached at round 26). A set more than {@link #NEAR} records short of the best count so far
     * (the standard starts' aside) is not linked (linking every set cost the whole-Census CI about
     * 1 s of its 8).
     */
    boolean offer(double[] theta, int inS) {
        if (inS + NEAR < nearKept) {
            return false;
        }
        LinkageResult l = link(theta);
        int k = Math.max(inS, linkedWithMargin(l));
        nearKept = Math.max(nearKept, k);
        return take(theta, k, l);
    }

    private boolean take(double[] t, int k, LinkageResult l) {
        int c = LearnedModels.strictCount(l, train);
        if (k > kept || k == kept && c > count) {
            count = c;
            linkage = l;
            theta = t;
            kept = k; // last: a reader seeing the count sees the parameters that made it
            return true;
        }
        return false;
    }

    private LinkageResult link(double[] t) {
        return LearnedModels.link(o, LearnedModels.toModel(o, t, features, data), data);
    }

    /** Which records (not unlinkable) the incumbent's linkage links with margin eps; all false before one is taken. */
    boolean[] linkedMask() {
        boolean[] k = new boolean[train.length];
        LinkageResult l = linkage;
        for (int r = 0; l != null && r < train.length; r++) {
            k[r] = !unlinkable[r] && Margin.counts(l.margin(train[r]), o.eps());
        }
        return k;
    }

    /** Records (not unlinkable) that the linkage links with margin eps ({@link Margin#counts}). */
    private int linkedWithMargin(LinkageResult l) {
        int k = 0;
        for (int r = 0; r < train.length; r++) {
            k += !unlinkable[r] && Margin.counts(l.margin(train[r]), o.eps()) ? 1 : 0;
        }
        return k;
    }
}

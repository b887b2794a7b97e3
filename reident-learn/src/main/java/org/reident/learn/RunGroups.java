package org.reident.learn;

import java.util.Locale;

/**
 * A {@link ConflictRun}'s groups learned alone ({@link GroupBound}): learned before the first round
 * where few records link together, pass after pass, their sum taken as the bound; or, in a group's
 * own run that joins two groups learned before, their {@link GroupBound.Seed} taken at the start.
 * Used from the run's thread.
 */
final class RunGroups {
    private final ConflictRun run;
    /** The pass whose sum is the bound it left (null: none learned; {@link #learn}). */
    private GroupBound.Result learned;
    /** What a group's run starts from (null: nothing; {@link #seed}). */
    private GroupBound.Seed seed;

    RunGroups(ConflictRun run) {
        this.run = run;
    }

    /** The run is a group's that starts from {@code s} (null: none) and learns no groups of its own. */
    void seed(GroupBound.Seed s) {
        seed = s;
    }

    /** The cuts of the pass whose sum is the bound, over training positions; empty when none was learned. */
    int[][] cuts() {
        return learned == null ? new int[0][] : learned.cutsOver(run.train);
    }

    /** Whether the run starts from a seed ({@link #takeSeed}). */
    boolean seeded() {
        return seed != null;
    }

    /**
     * Once, before the first round, when the starts' incumbent keeps few of the linkable records
     * ({@link GroupBound#wanted}): the bound of disjoint groups learned alone, within
     * {@link GroupBound#SHARE} of the time left; then, while every group of a pass is proven (the
     * bilinear families), the groups two by two ({@link GroupBound#merged}), each pass within that
     * share of the time then left. Not after a round: the incumbent only grows and the bound only
     * falls, so a file the test refuses at the start it refuses later too; and on the files that take
     * the groups the first round's bound is far above theirs (the whole Census released by JPEG, CI:
     * 698 after a round of about 30 s, the groups' 440 at 60 s).
     */
    void learn() {
        ConflictRun r = run;
        double seconds = GroupBound.SHARE * (r.deadline - StopRequest.now());
        if (!GroupBound.wanted(r.o, r.slave.parameters(), r.m, r.inc.kept(), r.bound, seconds)) {
            return;
        }
        GroupBound.Result g = GroupBound.of(r.o, r.data, r.train, seconds, p -> r.phase = p);
        while (true) {
            int before = r.bound;
            boolean fell = r.tighten(g.bound());
            if (fell || learned == null) {
                learned = g; // the pass whose sum is the bound, for the result's note
            }
            r.progress(String.format(Locale.ROOT, "groups: %d groups of %s records learned alone (%d proven) bound the whole"
                    + " by %d%s, %.1f s", g.groups(), g.sizes(r.m), g.proven(), g.bound(),
                    fell ? " (was " + before + ")" : "", r.elapsed()));
            int next = GroupBound.larger(r.o.aggregator(), g);
            seconds = GroupBound.SHARE * (r.deadline - StopRequest.now());
            if (next == 0 || seconds < GroupBound.MIN_SECONDS * next || r.inc.kept() >= r.bound || StopRequest.requested()) {
                return;
            }
            g = GroupBound.merged(r.o, r.data, g, seconds, p -> r.phase = p);
        }
    }

    /**
     * Takes the seed: its cuts go to the master, and its two groups as rows of the master's tree
     * ({@link CoverSearch#rows}), its bound is taken, and its records (those not unlinkable) become
     * the first round's set {@code keep}. Returns whether that set is the
     * master's optimum over the cuts: when the seed says so and none of its records is unlinkable
     * here (the union's sign rows may leave a record of a group no parameter value that links it:
     * then a smaller cover may exist).
     */
    boolean takeSeed(boolean[] keep) {
        ConflictRun r = run;
        for (int[] c : seed.cuts()) {
            r.shrunkCut(c);
        }
        r.beside.cuts(r.master.cutsSoFar());
        r.master.rows(seed.groupOf(), seed.need());
        int before = r.bound;
        r.tighten(seed.bound());
        boolean optimal = seed.optimal();
        for (int q = 0; q < keep.length; q++) {
            optimal &= keep[q] || !seed.keep()[q];
            keep[q] &= seed.keep()[q];
        }
        r.progress(String.format(Locale.ROOT, "seed: %d cuts and a bound of %d (was %d) from the groups learned before, %.1f s",
                seed.cuts().length, r.bound, before, r.elapsed()));
        return optimal;
    }

    /** {@link #note(GroupBound.Result, int, int)} for this run's groups and {@code bound}. */
    String note(int bound) {
        return note(learned, bound, run.m);
    }

    /**
     * When the groups learned alone still hold a run's bound ({@code bound} their sum), what a reader
     * of its gap should know: such a sum lies above the optimum where few records link together,
     * since a group links more of its records together than the whole file's optimum gives it
     * (docs/learning.md, "Open problems"). Null when no groups were learned or the cuts went below them.
     */
    static String note(GroupBound.Result g, int bound, int records) {
        if (g == null || bound < g.bound()) {
            return null;
        }
        return String.format(Locale.ROOT, "the bound is the sum of %d groups of %s records, each learned alone (%d proven);"
                + " where few records link together such a sum lies above the optimum, as each group links more of its"
                + " records together than the whole file's optimum gives it; a longer --time-limit may lower it",
                g.groups(), g.sizes(records), g.proven());
    }
}

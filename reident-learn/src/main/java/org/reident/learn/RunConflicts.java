package org.reident.learn;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A {@link ConflictRun}'s conflicts kept in a {@link ConflictFile} ({@code learn --conflicts FILE}):
 * before the first round the block of the run's eps is taken (its best parameters as an incumbent, its
 * bound, proven by the run that wrote it, and its conflicts as cuts of the master, whose first solve
 * then comes before the slave's first check; the groups learned alone are not learned again, their
 * bound being in the file's), and when the run ends every cut of the master, the best parameters and
 * the bound are written back. Used from the
 * run's thread.
 */
final class RunConflicts {
    private final ConflictRun run;
    private final ConflictFile file;
    /** The groups' cuts of the block taken ({@link #take}), written back when this run learns no groups. */
    private List<int[]> groupCuts = List.of();

    /** @param file null: the run keeps no conflicts */
    RunConflicts(ConflictRun run, ConflictFile file) {
        this.run = run;
        this.file = file;
    }

    /**
     * Takes the file's block of the run's eps: its best parameters as an incumbent, its bound (proven
     * by the run that wrote it) and its conflicts as cuts of the master, said in progress lines (also
     * when the file holds conflicts of other eps only). Returns whether there was such a block.
     */
    boolean take() {
        if (file == null) {
            return false;
        }
        double eps = run.o.eps();
        ConflictFile.Block b = file.at(eps);
        if (b == null) {
            List<Double> held = file.epsHeld();
            run.progress(held.isEmpty() ? "conflicts: " + file.path() + " holds none yet; this run's are kept there at its end"
                    : String.format(Locale.ROOT, "conflicts: %s holds none at eps %s (only at %s), so this pass starts afresh",
                            file.path(), EpsAdvice.format(eps), epsList(held)));
            return false;
        }
        groupCuts = b.groupCuts();
        if (b.best() >= 0 && b.theta().length == run.slave.parameters()) {
            run.seed(b.theta(), "conflicts: the best parameters kept in " + file.path(), false);
        }
        for (int[] c : b.cuts()) {
            run.shrunkCut(c);
        }
        run.beside.cuts(run.master.cutsSoFar());
        int before = run.bound;
        run.tighten(b.bound());
        run.progress(String.format(Locale.ROOT, "conflicts: %d read from %s (eps %s) and its bound %d (the run's was %d), %.1f s",
                b.cuts().size(), file.path(), EpsAdvice.format(eps), b.bound(), before, run.elapsed()));
        return true;
    }

    /**
     * Writes the master's cuts, the best parameters and the bound as the block of the run's eps (none
     * without a file), with the cuts of the groups learned alone (or those of the block taken), on
     * which the bound may rest: `reident verify` checks them as conflicts.
     */
    void keep(int[][] cuts, Incumbent inc, int bound) {
        if (file == null) {
            return;
        }
        double[] theta = inc.kept() >= 0 ? inc.theta() : null;
        int[][] groups = run.groupCuts();
        file.write(new ConflictFile.Block(run.o.eps(), theta == null ? -1 : inc.kept(), theta, bound, Arrays.asList(cuts),
                groups.length > 0 ? Arrays.asList(groups) : groupCuts));
    }

    private static String epsList(List<Double> held) {
        StringBuilder s = new StringBuilder();
        for (double e : held) {
            s.append(s.length() == 0 ? "" : ", ").append(EpsAdvice.format(e));
        }
        return s.toString();
    }
}

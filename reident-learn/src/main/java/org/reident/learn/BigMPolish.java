package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.linkage.LinkageResult;

/**
 * The big-M formulation's check of a converged solution whose parameters link, by the engine, fewer
 * records with margin eps than the MILP counts. SCIP checks its rows up to an absolute feasibility
 * tolerance of 1e-6, which is 1% of eps on the scaled rows ({@link Margin#rowScale}) and ten times the
 * engine's slack ({@link Margin#SLACK}), and takes K_r as integral up to 1e-6 against big-M values
 * far above eps: a record it counts may then be linked by a margin a little short of eps, or the
 * set it counts may not be linkable with margin eps at all.
 * <p>
 * The cuts formulation's slave ({@link ConflictSlave}), whose LP tolerances follow eps
 * ({@link Margin#lpTolerance}) and whose check against every rival adds rows below {@link
 * Margin#separation}, learns the records with K_r = 0 again. It either returns parameters that link
 * them all with margin eps (then the solver's bound is reached and the result is optimal) or a
 * conflict, shrunk by the {@link DeletionFilter} as the cuts formulation's are: at least one of its
 * records has K_r = 1 in every solution, a row sum_{r in C} K_r >= 1 of the MILP
 * ({@link MilpModel#addCover}), and the MILP is solved again. (Whole Census released by IPSO-A on
 * its 5 variables, WM at eps 1e-8: SCIP OPTIMAL at 1,080 with weights that linked 1,078 with margin
 * eps; docs/learning.md "Big-M's tolerances".) The slave is built at the first check and kept.
 */
final class BigMPolish implements AutoCloseable {
    private final LearnOptions o;
    private final LinkageData data;
    private final int[] train;
    private ConflictSlave slave;

    BigMPolish(LearnOptions o, LinkageData data, int[] train) {
        this.o = o;
        this.data = data;
        this.train = train;
    }

    /**
     * What the slave made of the records with K_r = 0: parameters linking them all with margin eps,
     * their linkage and the training records it links so ({@link Margin#count}), or a cut (training
     * indices r), or neither (the deadline came first).
     */
    record Answer(DistanceModel model, LinkageResult linkage, int linked, int[] cut) {
        /** For the progress line. */
        String says() {
            if (linkage != null) {
                return "linkable, " + linked + " linked";
            }
            return cut != null ? "not linkable so, a cut on " + cut.length + " records, solving again" : "stopped by the time limit";
        }
    }

    /** @param kValues the MILP's K_r (record r is counted when K_r &lt; 0.5); deadline in nanoTime seconds */
    Answer learnAgain(double[] kValues, double deadline) {
        if (slave == null) {
            slave = new ConflictSlave(o, data, train, deadline);
        }
        boolean[] keep = new boolean[train.length];
        for (int r = 0; r < keep.length; r++) {
            keep[r] = kValues[r] < 0.5;
        }
        int[] conflict = slave.check(keep, deadline);
        if (conflict == null) {
            return new Answer(null, null, 0, null);
        }
        if (conflict.length == 0) {
            DistanceModel m = LearnedModels.toModel(o, slave.theta(), slave.features(), data);
            LinkageResult l = LearnedModels.link(o, m, data);
            return new Answer(m, l, Margin.count(l, train, o.eps()), null);
        }
        slave.shrinkLater(conflict, deadline);
        List<int[]> cuts = new ArrayList<>();
        slave.takeCuts(cuts::add);
        return new Answer(null, null, 0, cuts.get(0));
    }

    @Override
    public void close() {
        if (slave != null) {
            slave.delete();
        }
    }
}

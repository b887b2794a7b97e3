package org.reident.learn;

import org.reident.data.LinkageData;
import org.reident.distance.PairwiseDistance;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.NearestRivals;

/**
 * The linkage engine's outcome for a climb's parameters ({@link LinkClimb.Linker}), on files where
 * the engine searches a k-d tree: each training record's margin min_{j != t} C(i, j) - C(i, t) and
 * its nearest rivals, from a search that visits a small part of the pairs, where the climb's own count
 * computes the family's terms for every pair. Measured on 20,000 generated records of 8 variables
 * with 25% noise (docs/learning.md, "Counted by the engine on large files"): a Choquet linkage by the
 * engine takes 0.7 s on one thread; the family climb's counts pair by pair took some 5 s each (4 in
 * 21.4 s of a 120 s run), its first, of every pair, the last 29 s of a 60 s run. The first count
 * keeps each record's {@link LinkClimb#PRIME} nearest rivals, a later count each failing record's
 * nearest (k = 1: on 50,000 records of 8 variables, one thread, no slower than the engine's linkage,
 * docs/learning.md, "Training records alone"). One thread: the climb runs beside the cuts, which
 * have the other cores.
 */
final class EngineLinker implements LinkClimb.Linker {
    private static final LinkageEngine ENGINE = new LinkageEngine(1).with(LinkageEngine.Ranks.TOP);

    private final LearnOptions o;
    private final Features f;
    private final LinkageData data;

    private EngineLinker(LearnOptions o, Features f, LinkageData data) {
        this.o = o;
        this.f = f;
        this.data = data;
    }

    /**
     * The engine's linker for parameters of {@code f}'s family (a weighted mean's weights when
     * {@code f} is {@link Features#weighted}), or null on files smaller than the engine's tree
     * ({@link LinkageEngine#treeSized}), where the climb's own count of
     * every pair is as quick and the runs keep their paths.
     */
    static LinkClimb.Linker of(LearnOptions run, Features f, LinkageData data) {
        if (!LinkageEngine.treeSized(data.maskedCount(), f.dimension())) {
            return null;
        }
        LearnOptions o = new LearnOptions(f.aggregator(), run.solver(), run.timeLimit(), run.eps(), run.delta(), run.rivals(),
                run.standardization(), null, run.solverParameters(), 1, null);
        return new EngineLinker(o, f, data);
    }

    /** The k nearest rivals by a search of the engine's tree, or null where it would compare every pair. */
    @Override
    public NearestRivals nearest(double[] theta, int[] records, int k) {
        PairwiseDistance d = distance(theta);
        return ENGINE.searchesTree(d) ? ENGINE.nearest(d, data.truth(), records, k) : null;
    }

    private PairwiseDistance distance(double[] theta) {
        return LearnedModels.distance(o, LearnedModels.toModel(o, theta, f, data), data);
    }
}

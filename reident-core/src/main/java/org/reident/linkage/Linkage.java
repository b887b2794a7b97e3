package org.reident.linkage;

import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.FellegiSunter;
import org.reident.distance.FitProgress;
import org.reident.distance.Method;
import org.reident.distance.PairwiseDistance;

/** Runs one linkage method on a problem: prepare the distance, link, count, time. */
public final class Linkage {
    private Linkage() {
    }

    /**
     * @param model parameters for a parametrised method, null for the neutral ones
     * @return the outcome; a method that cannot run on this data (an {@link InputException} from its
     *         preparation) gives an outcome with the error instead of a result
     */
    public static MethodOutcome run(Method method, DistanceModel model, LinkageData data, DistanceOptions options,
            LinkageEngine engine) {
        return run(method, model, data, options, engine, null);
    }

    /** As above, reporting the number of query records done to {@code progress} (may be null). */
    public static MethodOutcome run(Method method, DistanceModel model, LinkageData data, DistanceOptions options,
            LinkageEngine engine, java.util.function.IntConsumer progress) {
        return run(method, model, data, options, engine, null, progress);
    }

    /**
     * As above, with a model fit before the linkage (PRL's pattern count and EM; see
     * {@link Distances#prepare(Method, DistanceModel, LinkageData, DistanceOptions, FitProgress)})
     * reported to {@code fitted} (may be null).
     */
    public static MethodOutcome run(Method method, DistanceModel model, LinkageData data, DistanceOptions options,
            LinkageEngine engine, FitProgress fitted, java.util.function.IntConsumer progress) {
        long t0 = System.nanoTime();
        try {
            PairwiseDistance d = Distances.prepare(method, model, data, options, fitted);
            int[] truth = options.reverse() ? data.reverseTruth() : data.truth();
            LinkageResult r = engine.link(d, truth, progress);
            return new MethodOutcome(method, model, r, (System.nanoTime() - t0) / 1e9, null, FellegiSunter.fitted(d));
        } catch (InputException e) {
            return new MethodOutcome(method, model, null, (System.nanoTime() - t0) / 1e9, e.getMessage());
        }
    }
}

package org.reident.learn;

import org.reident.data.LinkageData;
import org.reident.distance.Distances;

/**
 * The weight cells ({@link SimplexCells}) alone, outside a learning run, to measure them: the set-up
 * the learner does first (the first rows' checks, {@link FirstRows}, which fix the records no weights
 * link), the gathering of each record's first rivals, then the search to a cell count or a time
 * limit. No cuts are handed over and no climb offers incumbents: the bound is the cells' own, and
 * incumbents are the centres counted. {@code reident bench-cells} runs it, one configuration after
 * another, so that the figures docs/learning.md and docs/learning-log.md quote for the cells are
 * generated.
 */
public final class CellsBench {
    /** The most variables the cells search ({@link SimplexCells#MAX_VARIABLES}). */
    public static final int MAX_VARIABLES = SimplexCells.MAX_VARIABLES;

    private CellsBench() {
    }

    /**
     * One search: set-up (first rows) and gathering seconds, rivals kept when the search started
     * (Pareto-minimal, at most {@code firstRivals} per record), cells made, search seconds, the
     * bound and the best centre's count at the end (training records linked with margin eps), whether
     * the search ran (every record's rivals were gathered before the limit) and whether it ended by
     * the proof (no open cell could beat the best) or at the open cells' share of the heap
     * ({@link SimplexCells#full}).
     */
    public record Run(int firstRivals, int workers, int linkable, long rivals, double setupSeconds, double gatherSeconds, long cells,
            double searchSeconds, int bound, int found, boolean searched, boolean proven, boolean full) {
    }

    /**
     * Runs the cells for {@code o}'s aggregator (WM, WM_m or OWA; its eps and delta) on the training
     * records {@code train}, for at most {@code seconds} (set-up and gathering included) and at most
     * {@code maxCells} cells, on {@code workers} threads ({@link SimplexCells#workers}). {@code pairsAlways}: seek pairs of rivals on every popped cell (the
     * search then depends on the cell count only, not on timing) instead of within the learner's
     * share of the time.
     *
     * @throws IllegalArgumentException for another family or more than {@link SimplexCells#MAX_VARIABLES} variables
     */
    public static Run run(LearnOptions o, LinkageData data, int[] train, int firstRivals, int workers, long maxCells,
            double seconds, boolean pairsAlways) {
        Aggregator a = o.aggregator();
        if (a != Aggregator.WM && a != Aggregator.WM_M && a != Aggregator.OWA) {
            throw new IllegalArgumentException("the weight cells search WM, WM_m and OWA only, not " + a.label());
        }
        if (data.dimension() < 2 || data.dimension() > SimplexCells.MAX_VARIABLES) {
            throw new IllegalArgumentException("the weight cells search 2 to " + SimplexCells.MAX_VARIABLES
                    + " variables, not " + data.dimension());
        }
        if (firstRivals < 1 || workers < 1 || maxCells < 1) {
            throw new IllegalArgumentException("first rivals, workers and cells must be at least 1");
        }
        double t0 = System.nanoTime() / 1e9;
        double deadline = t0 + seconds;
        double[][] z = Distances.standardized(data, o.standardization());
        Features f = new Features(a, z[0], z[1], data.dimension());
        FirstRows first = FirstRows.of(o, f, data, train, deadline);
        boolean[] fixed = new boolean[train.length];
        int linkable = 0;
        for (int r = 0; r < train.length; r++) {
            fixed[r] = first.unlinkable(r);
            linkable += fixed[r] ? 0 : 1;
        }
        double t1 = System.nanoTime() / 1e9;
        double delta = a == Aggregator.WM_M ? o.delta() : 0;
        SimplexCells cells = new SimplexCells(f, data, train, fixed, o.eps(), delta, deadline, firstRivals).workers(workers);
        if (pairsAlways) {
            cells.pairsAlways();
        }
        long rivals = cells.rivalsKept();
        double t2 = System.nanoTime() / 1e9;
        cells.run(deadline, maxCells);
        double t3 = System.nanoTime() / 1e9;
        int bound = cells.bound();
        int found = Math.max(0, cells.found().linked());
        return new Run(firstRivals, workers, linkable, rivals, t1 - t0, t2 - t1, cells.cells(), t3 - t2, bound, found,
                cells.ready(), cells.proven(), cells.full());
    }
}

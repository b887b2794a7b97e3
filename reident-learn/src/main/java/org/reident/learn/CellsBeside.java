package org.reident.learn;

import org.reident.data.LinkageData;

/**
 * {@link SimplexCells} on a thread of its own beside {@link ConflictLearner}'s cuts, for the
 * families on a simplex (WM, WM_m, OWA) of at most {@link SimplexCells#MAX_VARIABLES} weights. It
 * waits {@link #AFTER} seconds first, so runs the cuts prove by then keep both cores and their
 * paths (every 400-record cell, the whole Census's WM in 2.0 s and WM_m in 1.0 s); then it gathers
 * the rivals and searches until the deadline, a stop request or {@link #close}.
 */
final class CellsBeside implements AutoCloseable {
    /** Seconds into a run before the cells start. */
    static final double AFTER = 3;

    private final Thread thread;
    private volatile SimplexCells cells;
    private volatile boolean closed;

    private CellsBeside(LearnOptions o, Features f, LinkageData data, int[] train, double start, double deadline) {
        Aggregator a = o.aggregator();
        thread = new Thread(() -> {
            try {
                while (System.nanoTime() / 1e9 < start + AFTER && !closed && StopRequest.now() < deadline) {
                    Thread.sleep(20);
                }
            } catch (InterruptedException e) {
                return;
            }
            if (closed || StopRequest.now() >= deadline) {
                return;
            }
            SimplexCells c = new SimplexCells(f, data, train, o.eps(), a == Aggregator.WM_M ? o.delta() : 0, deadline);
            cells = c;
            if (!closed) {
                c.run(deadline);
            }
        }, "reident-weight-cells");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Started for the families on a simplex of few enough weights, else null.
     *
     * @param start the run's start (nanoTime seconds)
     */
    static CellsBeside startFor(LearnOptions o, Features f, LinkageData data, int[] train, double start, double deadline) {
        Aggregator a = o.aggregator();
        boolean simplex = a == Aggregator.WM || a == Aggregator.WM_M || a == Aggregator.OWA;
        if (!simplex || f.dimension() > SimplexCells.MAX_VARIABLES) {
            return null;
        }
        return new CellsBeside(o, f, data, train, start, deadline);
    }

    /** The search once its rivals are gathered, else null. */
    SimplexCells cells() {
        return cells;
    }

    /** Ends the search and waits for its thread; its bound and incumbent stay readable. */
    @Override
    public void close() {
        closed = true;
        SimplexCells c = cells;
        if (c != null) {
            c.stop();
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.reident.learn;

import java.util.Locale;
import java.util.function.Supplier;
import org.reident.data.LinkageData;

/**
 * The searches over weights beside {@link ConflictLearner}'s cuts, each on a thread of its own. They
 * wait {@link #AFTER} seconds first, so runs the cuts prove by then keep both cores and their paths
 * (every 400-record cell, the whole Census's WM in 2.0 s and WM_m in 1.0 s). Then:
 * <ul>
 * <li>{@link WeightClimb} for incumbents, for every family: over the run's own weights for WM, WM_m
 * and OWA, else over a weighted mean's, which CI, CI_m, SB, SB_NC and MD* hold
 * ({@link LearnedModels#embed}), there only while the cuts have not beaten the start weights (AM's or
 * the given ones); until it stalls (a few seconds), each gain offered to the cells;</li>
 * <li>{@link SimplexCells} for the bound, for WM, WM_m and OWA on at most
 * {@link SimplexCells#MAX_VARIABLES} weights; until the deadline, a stop request or {@link #close}.</li>
 * </ul>
 * Why two threads (docs/learning.md): run one after the other, the cells started later, and a
 * 1,000-record file they prove in 44-46 s took 50-59 s.
 */
final class WeightsBeside implements AutoCloseable {
    /** Seconds into a run before the searches start. */
    static final double AFTER = 3;
    /** The climb's random moves: one fixed seed, so its moves repeat (how far it gets is the clock's). */
    private static final long SEED = 1;

    private final Thread climbing;
    private final Thread cutting;
    private final boolean ownFamily;
    private volatile WeightClimb climb;
    private volatile SimplexCells cells;
    private volatile boolean closed;

    /**
     * Started for every family (each holds the weighted means or is an OWA), the cells only for the
     * simplex ones.
     *
     * @param start the run's start (nanoTime seconds)
     * @param from  the weights to climb from, read when the climb would start; null: no climb
     */
    WeightsBeside(LearnOptions o, Features f, LinkageData data, int[] train, double start, double deadline,
            Supplier<double[]> from) {
        Aggregator a = o.aggregator();
        ownFamily = simplex(a);
        double delta = a == Aggregator.WM_M ? o.delta() : 0;
        climbing = new Thread(() -> {
            if (!waited(start, deadline)) {
                return;
            }
            double[] first = from.get();
            if (first == null) {
                return;
            }
            WeightClimb w = new WeightClimb(f, data.maskedCount(), train, data.truth(), a == Aggregator.OWA, o.eps(), delta);
            if (ownFamily) {
                w.onGain(found -> {
                    SimplexCells c = cells;
                    if (c != null) {
                        c.offer(found.linked(), found.weights());
                    }
                });
            }
            climb = w;
            if (!closed) {
                w.run(first, deadline, SEED);
            }
        }, "reident-weight-climb");
        boolean withCells = ownFamily && f.dimension() <= SimplexCells.MAX_VARIABLES;
        cutting = !withCells ? null : new Thread(() -> {
            if (!waited(start, deadline)) {
                return;
            }
            SimplexCells c = new SimplexCells(f, data, train, o.eps(), delta, deadline);
            cells = c;
            WeightClimb w = climb;
            WeightClimb.Found found = w == null ? null : w.found();
            if (found != null && found.linked() >= 0) {
                c.offer(found.linked(), found.weights());
            }
            if (!closed) {
                c.run(deadline);
            }
        }, "reident-weight-cells");
        for (Thread t : new Thread[] {climbing, cutting}) {
            if (t != null) {
                t.setDaemon(true);
                t.start();
            }
        }
    }

    /** Sleeps until AFTER seconds into the run; false when closed or out of time first. */
    private boolean waited(double start, double deadline) {
        try {
            while (System.nanoTime() / 1e9 < start + AFTER && !closed && StopRequest.now() < deadline) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            return false;
        }
        return !closed && StopRequest.now() < deadline;
    }

    /** Whether the family's parameters are weights on a simplex (WM, WM_m, OWA): the climb's and the cells' own. */
    static boolean simplex(Aggregator a) {
        return a == Aggregator.WM || a == Aggregator.WM_M || a == Aggregator.OWA;
    }

    /** Whether the climb's weights are the run's own parameters (WM, WM_m, OWA); else they are a weighted mean's. */
    boolean ownFamily() {
        return ownFamily;
    }

    /** The climb once started, else null. */
    WeightClimb climb() {
        return climb;
    }

    /** The cells once their rivals are gathered, else null. */
    SimplexCells cells() {
        return cells;
    }

    /** What the searches did, for the run's solver line ("" when neither started). */
    String note() {
        WeightClimb w = climb;
        SimplexCells c = cells;
        return (w == null ? "" : String.format(Locale.ROOT, "; weight climb: %d moves, %d exact counts, %.1f s", w.proposals(),
                w.exactCounts(), w.seconds())) + (c == null ? "" : "; weight cells: " + c.cells() + " searched");
    }

    /** Ends the searches and waits for their threads; their bound and incumbents stay readable. */
    @Override
    public void close() {
        closed = true;
        WeightClimb w = climb;
        if (w != null) {
            w.stop();
        }
        SimplexCells c = cells;
        if (c != null) {
            c.stop();
        }
        climbing.interrupt(); // wakes a thread still waiting for AFTER: a short run ends at once
        if (cutting != null) {
            cutting.interrupt();
        }
        try {
            climbing.join();
            if (cutting != null) {
                cutting.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

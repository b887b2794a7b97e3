package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sets of records that every cover below a node of the master's search tree leaves linked, taken
 * every {@link #EVERY} nodes of a worker while a master solve runs: the records forbidden at the node
 * (by the branching, the dual's reduced costs or dominance) and the records in no cut, which the tree
 * never takes; the given (fixed) records left out. If the slave finds such a set unlinkable, its
 * conflict C lies inside it, so every cover the tree could still find below that node misses C: one
 * cut refutes the whole subtree, where a round's cut refutes the cover found. {@link ConflictRun}
 * checks the sets after each master solve of at least {@link ConflictRun#NODE_CHECKS_AFTER} seconds,
 * within the time that solve took, and hands the conflicts
 * to the deletion filters like any other (a branch-and-check done between the solves: Thorsteinsson,
 * CP 2001; Codato and Fischetti's cuts, Operations Research 54, 2006, taken where the tree searches).
 * <p>
 * Measured on the whole Census, SB (docs/learning.md, "Conflicts at the tree's nodes"): nearly every
 * sampled node's set is unlinkable, and the bound's steps come about 1.5 times sooner.
 */
final class NodeSamples {
    /** A sample every EVERY + 1 nodes of a worker (a mask). */
    static final long EVERY = 1023;
    /** Samples kept a solve; later nodes are not sampled until {@link #drain}. */
    static final int CAPACITY = 400;

    private final ConcurrentLinkedQueue<boolean[]> queue = new ConcurrentLinkedQueue<>();
    /**
     * Read at every node of the tree's hot loop, so not volatile: set before a run's first solve, whose
     * workers start after it (an executor's submit orders the write before their reads).
     */
    private long every = EVERY;
    private final AtomicInteger size = new AtomicInteger();

    /** A sample every {@code mask} + 1 nodes (a power of two less one; 0: every node). */
    void every(long mask) {
        every = mask;
    }

    /** Whether a worker at its {@code nodes}-th node is to offer a sample. */
    boolean due(long nodes) {
        return (nodes & every) == 0;
    }

    /** Called from the tree's workers at their node: the records linked in every cover below it. */
    void offer(CoverNode node, boolean[] given) {
        if (size.get() >= CAPACITY || size.incrementAndGet() > CAPACITY) {
            return;
        }
        int m = node.m;
        boolean[] linked = new boolean[m];
        for (int r = 0; r < m; r++) {
            linked[r] = !given[r] && (node.forbidden[r] > 0 || node.degree[r] == 0);
        }
        queue.add(linked);
    }

    /** The samples since the last call, in the order they came, and room for new ones. */
    List<boolean[]> drain() {
        List<boolean[]> out = new ArrayList<>(queue);
        queue.clear();
        size.set(0);
        return out;
    }
}

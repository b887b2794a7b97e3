package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Sets of records that every cover below a node of the master's search tree leaves linked, taken
 * every {@link #EVERY} + 1 nodes of a search while a master solve runs: the records forbidden at the
 * node (by the branching, the dual's reduced costs or dominance) and the records in no cut, which the
 * tree never takes; the given (fixed) records left out. If the slave finds such a set unlinkable, its
 * conflict C lies inside it, so every cover the tree could still find below that node misses C: one
 * cut refutes the whole subtree, where a round's cut refutes the cover found. {@link ConflictRun}
 * checks the sets after each master solve that left at least {@link NodeChecks#FROM} of
 * them and hands the conflicts to the deletion filters like any other (a branch-and-check done
 * between the solves: Thorsteinsson, CP 2001; Codato and Fischetti's cuts, Operations Research 54,
 * 2006, taken where the tree searches).
 * <p>
 * <b>Independent of the threads.</b> Each sample has a key: the search it came from within the solve
 * (one per size tried, in turn: {@link #begin}), the position of the split's item it was taken in
 * (empty for the tree's own search before a split; {@link CoverSplit}) and its index among the
 * item's nodes (items are sampled at their own node counts, from 0). What a solve keeps is the
 * {@link #CAPACITY} samples of least key among those of the items its answer depends on: when a
 * split search finds a cover, the samples of the items after the cover's (abandoned part-way, as
 * the threads happened to reach them) are dropped ({@link #dropAfter}). Every item kept is searched
 * the same way whatever the threads (to its end, or to the cover), so the samples, and the conflicts
 * the learner finds in them, are the same on any number of threads and at any speed: the rounds' path
 * depends on the file and the options only (stop 58; until then the samples were the first 400 the
 * workers offered, and two runs' bounds at a round differed).
 * <p>
 * Measured on the whole Census, SB (docs/learning.md, "Conflicts at the tree's nodes"): a sample
 * every 20,000 nodes was nearly always unlinkable (197 of 198), one every 512 nodes in 60-65% of
 * cases, and the bound's steps come about 1.5 times sooner than without the checks.
 */
final class NodeSamples {
    /**
     * A sample every EVERY + 1 nodes of a search (a mask). Measured once the rounds' path stopped
     * depending on the clock (stop 58): `learn --original c5.csv --protected p5.csv --aggregator
     * bilinear --time-limit 120s`, the whole Census's SB, AMD EPYC host, one run a setting (the time
     * of one path varies by some 15% between runs, its rounds not at all). Bound 978 reached:
     * every 1,024 nodes, 400 a solve (before): round 38, 98.7 s (105.9 and 115.8 s in two more runs),
     * master 45-49 s; every 512, 800: round 36, 89.2 and 86.1 s, master 26-27 s; every 512, 400:
     * the same rounds to round 34, then fewer conflicts, 102.8 s; every 2,048, 200: round 40,
     * 117.7 s; every 1,024, 800: round 39, 112.7 s; every 256, 1,600: round 32 but 102.0 s (the
     * checks' time). With `--time-limit 400s`: 976 at 185.4 s and 975 at 334.3 s (every 512) against
     * 976 at 251.0 s and no 975 (every 1,024).
     */
    static final long EVERY = 511;
    /** Samples kept a solve: those of least key (some 400,000 nodes of the tree's order, as at 1,024 and 400). */
    static final int CAPACITY = 800;

    /** A sample and its key: the search, the item's position, the node's index in the item. */
    private record Sample(int search, int[] position, long index, boolean[] linked) implements Comparable<Sample> {
        @Override
        public int compareTo(Sample o) {
            int c = Integer.compare(search, o.search);
            if (c == 0) {
                c = Arrays.compare(position, o.position);
            }
            return c != 0 ? c : Long.compare(index, o.index);
        }
    }

    /** The samples kept, the one of greatest key at the head (the first to go when a lesser comes). */
    private final PriorityQueue<Sample> kept = new PriorityQueue<>(Collections.reverseOrder());
    /**
     * Read at every node of the tree's hot loop, so not volatile: set before a run's first solve, whose
     * workers start after it (an executor's submit orders the write before their reads).
     */
    private long every = EVERY;
    /** The number of the last search begun since the last {@link #drain}. */
    private int searches;

    /** A sample every {@code mask} + 1 nodes (a power of two less one; 0: every node). */
    void every(long mask) {
        every = mask;
    }

    /** Whether a search at its {@code nodes}-th node (counted from 0 in its item) is to offer a sample. */
    boolean due(long nodes) {
        return (nodes & every) == 0;
    }

    /** A new search of the solve (a size's, or a split's): the number its samples carry. */
    synchronized int begin() {
        return ++searches;
    }

    /**
     * Called from the tree and its workers at a node: the records linked in every cover below it, as
     * the {@code index}-th node of the item at {@code position} of search {@code search}.
     */
    void offer(int search, int[] position, long index, CoverNode node, boolean[] given) {
        synchronized (this) {
            if (kept.size() >= CAPACITY && kept.peek().compareTo(new Sample(search, position, index, null)) < 0) {
                return; // a sample of lesser key is kept in its place
            }
        }
        int m = node.m;
        boolean[] linked = new boolean[m];
        for (int r = 0; r < m; r++) {
            linked[r] = !given[r] && (node.forbidden[r] > 0 || node.degree[r] == 0);
        }
        synchronized (this) {
            kept.add(new Sample(search, position, index, linked));
            if (kept.size() > CAPACITY) {
                kept.poll();
            }
        }
    }

    /** Drops the samples of search {@code search} taken in items after {@code position} (abandoned ones). */
    synchronized void dropAfter(int search, int[] position) {
        kept.removeIf(s -> s.search == search && Arrays.compare(s.position, position) > 0);
    }

    /** The samples since the last call, in the order of their keys (the tree's), and room for new ones. */
    synchronized List<boolean[]> drain() {
        Sample[] all = kept.toArray(new Sample[0]);
        Arrays.sort(all);
        List<boolean[]> out = new ArrayList<>(all.length);
        for (Sample s : all) {
            out.add(s.linked);
        }
        kept.clear();
        searches = 0;
        return out;
    }
}

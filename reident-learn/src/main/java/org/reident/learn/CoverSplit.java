package org.reident.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One size's search of {@link CoverBranch}, split over threads so that the answer does not depend on
 * them. The tree is cut into items ({@link CoverBranch#expand}: the nodes of a few levels, in the
 * tree's order), each known by its position, the path of item indices from the root. Workers, one
 * per thread (the calling one among them), take the pending item of least position and search it
 * with the dual started afresh, at most {@link CoverBranch#splitAfter} nodes (as many as the
 * tree's own search had before the split). An item that needs more is expanded into items of its
 * own, which take its place, leaving out the subtrees its search had finished; so a heavy subtree
 * (the first ones, which repair the previous cover, are) is shared out too. The answer is the cover
 * of the item of least position that has one: items after it are abandoned, items before it are
 * searched to the end.
 * <p>
 * Every item's outcome, and whether and how it is expanded, depends only on the item (its search
 * starts from the same state whatever ran before it on its worker, and the dual bound is exact),
 * so the answer is the same on any number of threads, whatever their timing. Only the node limit
 * and the deadline, shared by all workers and checked every 4,096 nodes of each and after each
 * item, can cut a search short (GAVE_UP, unless some item already found a cover within the budget,
 * which is then still the smallest: the smaller sizes were ruled out before).
 * <p>
 * When it finds a cover (and was not cut short) it leaves the frontier for the next solve
 * ({@link CoverBranch#frontier}): the found item expanded from the cover's path on, then every
 * item after it whose parent is on the found item's path (a sibling after one of its ancestors),
 * whether or not a worker had searched it; so the frontier too depends on the items alone, not on
 * the threads.
 * <p>
 * The price: the tree's own first {@code splitAfter} nodes, and the unfinished part of each
 * expanded item, are searched twice; items start from the LP's dual rather than their parent's
 * raised one. Measured by {@code reident bench-master} (docs/benchmark-master.md).
 */
final class CoverSplit {
    /** Items wanted from an expansion: enough that the largest is a small part of the work. */
    static final int ITEMS = 64;
    /**
     * The workers' stack: an item's search recurses a level per record it takes, as
     * {@link CoverBranch#SHALLOW} explains; reserved, not committed, and the pool keeps few threads.
     */
    static final long WORKER_STACK = 256L << 20;
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(null, r, "reident-cover-search", WORKER_STACK); // an item recurses a level per record taken
        t.setDaemon(true);
        return t;
    });

    /** An item and its position: lexicographic order of positions is the tree's order. */
    private record Task(CoverBranch.Item item, int[] position) implements Comparable<Task> {
        @Override
        public int compareTo(Task o) {
            return Arrays.compare(position, o.position);
        }
    }

    private final CoverBranch root;
    private final int budget;
    private final long limit;
    private final double deadline;
    private final boolean[] prefer;
    private final PriorityQueue<Task> pending = new PriorityQueue<>();
    private final AtomicLong spent = new AtomicLong();
    private int busy;
    private volatile int[] first;
    private volatile boolean stop;
    private boolean[] firstCover;
    private CoverBranch.Item firstItem;
    private int[] firstPath;
    /** Every item made, for the frontier. */
    private final List<Task> all = new ArrayList<>();
    /** The nodes each item's search (and its expansion) took, by position: for the steady count. */
    private final List<Spent> spentBy = new ArrayList<>();

    /** Nodes an item's worker spent on it. */
    private record Spent(int[] position, long nodes) {
    }

    private CoverSplit(CoverBranch root, int budget, long limit, double deadline, boolean[] prefer) {
        this.root = root;
        this.budget = budget;
        this.limit = limit;
        this.deadline = deadline;
        this.prefer = prefer;
    }

    /**
     * Searches {@code root}'s tree for {@code budget} on {@code root.threads()} threads within
     * {@code limit} nodes in all; on FOUND the cover, given records included, is added to
     * {@code cover}. The nodes searched are returned in {@code nodes[0]}, and in {@code nodes[1]} those
     * of the items the answer depends on (the root's expansions and the items up to the one with the
     * cover, all of them when none had one): the same on any number of threads
     * ({@link CoverBranch#steadyNodes}). The samples of the items after the cover's are dropped
     * ({@link NodeSamples}).
     */
    static CoverBranch.Outcome search(CoverBranch root, int budget, long limit, double deadline, boolean[] cover,
            boolean[] prefer, long[] nodes, List<CoverBranch.Item> start) {
        CoverSplit split = new CoverSplit(root, budget, limit, deadline, prefer);
        root.beginSamples(); // before the workers are made: they carry its number
        CoverBranch.Item whole = new CoverBranch.Item(new int[0], new int[0]);
        CoverBranch first = root.worker();
        List<CoverBranch.Item> items = start != null ? start
                : first.expand(whole, budget, root.itemsWanted(), prefer, null, deadline);
        if (items == null) {
            nodes[0] = first.nodes();
            return CoverBranch.Outcome.GAVE_UP;
        }
        for (int q = 0; q < items.size(); q++) {
            Task t = new Task(items.get(q), new int[] {q});
            split.pending.add(t);
            split.all.add(t);
        }
        List<Future<Long>> others = new ArrayList<>();
        for (int t = 1; t < root.threads(); t++) {
            others.add(POOL.submit(() -> split.work()));
        }
        Throwable failed = null;
        long searched = 0;
        try {
            searched += split.work();
        } catch (RuntimeException | Error e) {
            split.fail();
            failed = e;
        }
        boolean interrupted = false;
        for (Future<Long> f : others) {
            while (true) {
                try {
                    searched += f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    split.stop = true;
                } catch (ExecutionException e) {
                    split.fail();
                    failed = failed == null ? e.getCause() : failed;
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failed instanceof RuntimeException re) {
            throw re;
        } else if (failed != null) {
            throw (Error) failed;
        }
        if (split.firstCover != null && !split.stop) {
            List<Task> rest = new ArrayList<>();
            for (Task t : split.all) {
                int[] p = t.position();
                if (split.after(p) && p.length <= split.first.length
                        && Arrays.equals(p, 0, p.length - 1, split.first, 0, p.length - 1)) {
                    rest.add(t);
                }
            }
            rest.sort(null);
            List<CoverBranch.Item> expanded = first.expand(split.firstItem, budget, root.itemsWanted(), prefer,
                    split.firstPath, Double.POSITIVE_INFINITY); // the resume's frontier must be whole
            if (expanded != null) { // null only when halted (CoverSearch#halt): no solve follows to resume
                List<CoverBranch.Item> front = new ArrayList<>(expanded);
                for (Task t : rest) {
                    front.add(t.item());
                }
                root.frontier(budget, front);
            }
        }
        nodes[0] = searched + first.nodes();
        nodes[1] = first.nodes() + split.steady();
        if (split.firstCover != null && !split.stop) {
            root.dropSamplesAfter(split.first);
        }
        if (split.firstCover != null) {
            for (int r = 0; r < cover.length; r++) {
                cover[r] |= split.firstCover[r];
            }
            return CoverBranch.Outcome.FOUND;
        }
        return split.stop ? CoverBranch.Outcome.GAVE_UP : CoverBranch.Outcome.NONE;
    }

    /** A worker: pending items in order until none is left (nor being searched); returns its nodes. */
    private long work() {
        CoverBranch w = root.worker();
        boolean[] mine = new boolean[root.records()];
        long[] reported = new long[1];
        while (true) {
            Task t;
            synchronized (this) {
                while (pending.isEmpty() && busy > 0 && !stop) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        stop = true;
                        Thread.currentThread().interrupt();
                    }
                }
                if (stop || pending.isEmpty()) {
                    notifyAll();
                    return w.nodes();
                }
                t = pending.poll();
                if (after(t.position())) {
                    continue;
                }
                busy++;
            }
            long before = w.nodes();
            CoverBranch.Outcome o = w.searchItem(t.item(), t.position(), budget, root.splitAfter(), deadline,
                    () -> halt(t.position(), w, reported), mine, prefer);
            List<CoverBranch.Item> more = null;
            if (o == CoverBranch.Outcome.GAVE_UP && (StopRequest.now() > deadline || root.halted())) {
                stop = true;
            } else if (o == CoverBranch.Outcome.GAVE_UP && !stop && !after(t.position())) {
                more = w.expand(t.item(), budget, root.itemsWanted(), prefer, w.stoppedAt(), deadline); // past the cap: share out the rest
                if (more == null) {
                    stop = true; // the deadline: the item's rest is not all shared out, so the split gives up
                }
            }
            halt(t.position(), w, reported);
            synchronized (this) {
                busy--;
                spentBy.add(new Spent(t.position(), w.nodes() - before));
                if (o == CoverBranch.Outcome.FOUND && (first == null || Arrays.compare(t.position(), first) < 0)) {
                    first = t.position();
                    firstCover = mine.clone();
                    firstItem = t.item();
                    firstPath = w.foundAt();
                }
                if (more != null) {
                    for (int q = 0; q < more.size(); q++) {
                        int[] at = Arrays.copyOf(t.position(), t.position().length + 1);
                        at[at.length - 1] = q;
                        Task task = new Task(more.get(q), at);
                        pending.add(task);
                        all.add(task);
                    }
                }
                notifyAll();
            }
        }
    }

    /** The nodes of the items at or before the first cover's (all items when none had one). */
    private synchronized long steady() {
        long n = 0;
        for (Spent s : spentBy) {
            if (!after(s.position())) {
                n += s.nodes();
            }
        }
        return n;
    }

    /** Whether an item at {@code position} comes after the first cover found (and so is abandoned). */
    private boolean after(int[] position) {
        int[] f = first;
        return f != null && Arrays.compare(position, f) > 0;
    }

    /** A worker failed: the others stop. */
    private synchronized void fail() {
        stop = true;
        notifyAll();
    }

    /**
     * Asked by worker {@code w} every 4,096 nodes of an item at {@code position}, and after each
     * item: adds its nodes since it last reported ({@code reported[0]}) to the shared count.
     */
    private boolean halt(int[] position, CoverBranch w, long[] reported) {
        long n = w.nodes();
        if (spent.addAndGet(n - reported[0]) > limit || StopRequest.now() > deadline || root.halted()) {
            stop = true;
        }
        reported[0] = n;
        return stop || after(position);
    }
}

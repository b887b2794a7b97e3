package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Exact search for a small hitting set: given cuts over records (sets C, each to be hit by at least
 * one chosen record), is there a set of at most {@code budget} records hitting all of them? The
 * bounded search tree of the d-hitting-set problem: pick the unhit cut with the fewest records still
 * allowed and branch on each of them in turn (the i-th branch takes record r_i and forbids
 * r_1 .. r_{i-1}, so the branches are disjoint and together exhaustive). A node is pruned when
 * pairwise disjoint unhit cuts (a packing, found greedily over their allowed records) outnumber
 * the budget left: each needs its own record. A cut whose records are all forbidden prunes too.
 * After {@link #DUAL_AFTER} nodes the packing gives way to {@link CoverDual}, the covering LP's
 * dual kept from node to node, which also forbids records by their reduced costs; with it, ties
 * among the cuts of fewest allowed records go to the one whose records have the most slack, and its
 * records are taken by slack, least first ({@link CoverBound}, {@link CoverNode#branchOrder}).
 * Records dominated in {@link CoverProblem} are forbidden throughout. The node's state (records
 * chosen and forbidden, cuts hit and allowed) and the packing are {@link CoverNode}'s, the node's
 * bounds and the dual's fixings {@link CoverBound}'s, the path from the item's root {@link CoverPath}'s.
 * <p>
 * Measured on master problems written out from seed-1 runs by a development harness (not kept),
 * against SCIP on the same problem: M5-38 SB_NC, last solve (1,232 cuts) 3.4 s -> 0.04 s; whole
 * Census SB, round 12 (1,227 cuts, a cover of 18 records beyond the fixed ones) 13.3 s -> 3.5 s.
 * The LP relaxation there is 89.1 against the integer 94, so SCIP's bound is weak too. Tried and
 * dropped: a second bound from the records' unhit degrees (the fewest records whose degrees sum to
 * the unhit cuts): 4% fewer nodes, 20% slower.
 * <p>
 * A search that outgrows {@link #SPLIT_AFTER} nodes is split ({@link CoverSplit}): the nodes of the
 * first few levels become items, searched on one thread per core, and the cover of the first item
 * (in the tree's own order) that has one is the answer. The items and each item's search depend
 * only on the problem, so the answer does not depend on the number of threads or their timing.
 * <p>
 * A split search that finds a cover leaves a {@link CoverFrontier}: the items holding what it had not
 * ruled out (the found item's nodes from the cover's path on, and the items after it). The learner's
 * next solve adds cuts only, so every cover it can have was a cover then too: when it starts at the
 * same size, with the same given records, it searches the frontier's items instead of the whole
 * tree ({@link #resume}; with variants where records then dominated are freed,
 * {@link CoverFrontier#items}), after a probe of {@link #PROBE} nodes from the root. A cover the
 * probe finds leaves the frontier as it was (it still holds every cover not ruled out).
 * <p>
 * Exact when it answers: {@link Outcome#FOUND} with a cover, {@link Outcome#NONE} when the tree was
 * searched to the end; {@link Outcome#GAVE_UP} when the node limit ran out first.
 */
final class CoverBranch {
    enum Outcome { FOUND, NONE, GAVE_UP }

    /**
     * Nodes (over all the sizes tried on one tree) after which the {@link CoverDual} bound replaces
     * the packing. Small trees do not repay its LP and its dearer nodes.
     */
    static final long DUAL_AFTER = 1_000;
    /** Nodes of one size's search on this thread before it is split into items ({@link CoverSplit}). */
    static final long SPLIT_AFTER = 10_000;
    /**
     * Nodes of the search from the root (packing bound only) tried before a frontier: the previous
     * cover, tried first, often needs a record or two changed only.
     */
    static final long PROBE = 1_000;
    /**
     * The clock is read every CLOCK + 1 nodes (a mask). Every 4,096 nodes, as before 2026-11-27, let
     * EIA's fourth master (21,006 cuts, about 3,000 records, some milliseconds a node) run 16 s past
     * the run's limit; reading System.nanoTime() costs tens of nanoseconds, a node microseconds.
     */
    private static final long CLOCK = 63;
    /** The samples' position of the tree's own search (before any split): before every item's. */
    private static final int[] OWN = {};

    /**
     * A node of the first levels, as a search of its own: these records taken, these forbidden (besides
     * the records forbidden at the root).
     */
    record Item(int[] taken, int[] forbidden) {
    }

    /** What {@link #smallest} ended with: FOUND at {@code size}, NONE (size: the first not tried), GAVE_UP at size. */
    record Smallest(Outcome outcome, long size) {
    }

    private final CoverProblem problem;
    /** The node's state, changed in place down and back; the arrays below are its own, read in the hot loops. */
    private final CoverNode node;
    /** The node's bounds, and the records its dual bound forbids. */
    private final CoverBound bounds;
    private final int m;
    private final boolean[] given;
    private final int givenCount;
    private final int[] hit;
    private final boolean[] chosen;
    private final int maxSize;
    private long nodes;
    private long nodeLimit;
    private double deadline;
    /** The last {@link #expand} met its deadline and left its items incomplete. */
    private boolean expandStopped;
    private boolean[] prefer;
    private final long dualAfter;
    private CoverDual dual;
    /** The covering LP kept between the master's solves (null: solved afresh; {@link #lp}). */
    private CoverLp lp;
    /** The covering LP's dual (GLOP), once per tree, shared with the split's workers. */
    private double[] start;
    private int threads = Runtime.getRuntime().availableProcessors();
    private long splitAfter = SPLIT_AFTER;
    private long probe = PROBE;
    private int itemsWanted = CoverSplit.ITEMS;
    /** The branch indices from the item's root down to the node searched. */
    private final CoverPath path = new CoverPath();
    private int[] stoppedAt;
    /** Asked every 4,096 nodes whether to stop (a split's worker; null on the tree's own thread). */
    private BooleanSupplier halt;
    /**
     * Halted from another thread ({@link CoverSearch#halt}): the search ends as at its deadline and
     * the dual's LP is interrupted; shared with the workers.
     */
    private Halt halted = new Halt();
    /** The path of the cover the last {@link #searchItem} found. */
    private int[] foundAt;
    /** Where the workers put a node's linked records every {@link NodeSamples#EVERY} nodes (null: nowhere). */
    private NodeSamples samples;
    /** The samples' key of the search under way: its number in the solve, its item's position ({@link NodeSamples}). */
    private int sampleSearch;
    /** The item's position of the search under way ({@link #OWN} for the tree's own search). */
    private int[] samplePosition = OWN;
    /** {@link #nodes} when the search of the item (or the tree's own) began: samples count from there. */
    private long itemStart;
    /**
     * Nodes of the searches the answers depend on (the tree's own, and the items of a split up to the
     * one with the cover, {@link CoverSplit}): the same whatever the threads, unlike {@link #nodes}.
     */
    private long steady;
    /** The previous solve's frontier, to resume from (null: none). */
    private CoverFrontier resume;
    /** This solve's frontier, when its last size's split search found a cover. */
    private CoverFrontier frontier;
    /** Sizes searched from the previous solve's frontier. */
    private int resumedSizes;

    /**
     * @param records number of records
     * @param cuts    the cuts (records in each); cuts hit by {@code given} are ignored
     * @param given   records already in the cover (fixed ones)
     */
    CoverBranch(int records, int[][] cuts, int cutCount, boolean[] given) {
        this(records, cuts, cutCount, given, DUAL_AFTER);
    }

    /** As above, with the dual bound switched on after {@code dualAfter} nodes (0: from the start). */
    CoverBranch(int records, int[][] cuts, int cutCount, boolean[] given, long dualAfter) {
        this(new CoverProblem(records, cuts, cutCount, given), dualAfter);
    }

    /** As the first, with group rows ({@link CoverProblem#groupOf}; null: none). */
    CoverBranch(int records, int[][] cuts, int cutCount, boolean[] given, int[] groupOf, int[] need, long dualAfter) {
        this(new CoverProblem(records, cuts, cutCount, given, groupOf, need), dualAfter);
    }

    /**
     * A search of {@code p} with its dominated records forbidden; a split's worker ({@link #worker})
     * has the dual bound on from the start, with the tree's LP start.
     */
    private CoverBranch(CoverProblem p, long dualAfter) {
        problem = p;
        node = new CoverNode(p);
        m = p.records;
        given = p.given;
        givenCount = p.givenCount;
        maxSize = p.maxSize;
        bounds = new CoverBound(node, p.active);
        this.dualAfter = dualAfter;
        hit = node.hit;
        chosen = node.chosen;
    }

    /** Threads of a split search (default: one per core); the answer does not depend on them. */
    CoverBranch threads(int count) {
        threads = Math.max(1, count);
        return this;
    }

    /**
     * Nodes of one size's search before it is split (default {@link #SPLIT_AFTER}; MAX_VALUE: never)
     * and the items wanted (default {@link CoverSplit#ITEMS}).
     */
    CoverBranch split(long after, int items) {
        splitAfter = after;
        itemsWanted = items;
        return this;
    }

    int records() {
        return m;
    }

    /**
     * The dual bound starts from this LP's dual (null: from {@link CoverDual#lpStart}, solved afresh),
     * synced by the caller to this tree's cuts and given records.
     */
    CoverBranch lp(CoverLp covering) {
        lp = covering;
        return this;
    }

    /** Resume from the frontier of the previous solve (null: none) where it still applies. */
    CoverBranch resume(CoverFrontier f) {
        resume = f;
        return this;
    }

    /** Nodes of the probe from the root before a frontier is searched (0: none); for tests. */
    CoverBranch probe(long nodes) {
        probe = nodes;
        return this;
    }

    /** The frontier this solve left (null: none). */
    CoverFrontier frontier() {
        return frontier;
    }

    /** Set by {@link CoverSplit}: the items left when its search for {@code budget} found a cover. */
    void frontier(int budget, List<Item> items) {
        frontier = new CoverFrontier(budget + givenCount, given, problem.dominator, items);
    }

    /** The path, from its item, of the cover the last {@link #searchItem} found (null: none). */
    int[] foundAt() {
        return foundAt;
    }

    /** Sizes this tree searched from the previous solve's frontier rather than from the root. */
    int resumedSizes() {
        return resumedSizes;
    }

    /** A worker of a split: this problem, the dual bound on from the start (this tree's must be). */
    CoverBranch worker() {
        CoverBranch w = new CoverBranch(problem, 0);
        w.halted = halted;
        w.start = start;
        w.samples = samples;
        w.sampleSearch = sampleSearch;
        w.useDual(new CoverDual(m, problem.cuts, problem.cutCount, maxSize, start));
        return w;
    }

    /** The tree and its workers put a sample of their nodes there ({@link NodeSamples}; null: nowhere). */
    CoverBranch sampleInto(NodeSamples s) {
        samples = s;
        return this;
    }

    /** Ends the searches of this tree and its workers, as at the deadline, once {@code halt} is halted. */
    CoverBranch haltOn(Halt halt) {
        halted = halt;
        return this;
    }

    /** Halted ({@link #haltOn}). */
    boolean halted() {
        return halted.halted();
    }

    /** Past the deadline, or halted. */
    private boolean late() {
        return StopRequest.now() > deadline || halted.halted();
    }

    /** Nodes searched so far, over all calls. */
    long nodes() {
        return nodes;
    }

    /**
     * Nodes searched so far in the searches the answers depend on: the tree's own, and each split's
     * items up to the one whose cover was the answer (all of them when none had one); unlike
     * {@link #nodes}, which also counts the items that other threads abandoned part-way, the same on
     * any number of threads.
     */
    long steadyNodes() {
        return steady;
    }

    /** A search begins (the tree's own, or a split's): its samples carry a number of their own ({@link NodeSamples#begin}). */
    void beginSamples() {
        sampleSearch = samples == null ? 0 : samples.begin();
    }

    /** The split's samples: those after {@code position} dropped ({@link NodeSamples#dropAfter}). */
    void dropSamplesAfter(int[] position) {
        if (samples != null) {
            samples.dropAfter(sampleSearch, position);
        }
    }

    /**
     * The smallest cover, the given records counted: sizes max(from, given) .. to in turn, each by
     * {@link #find} with the budget size - given, so the first size with a cover is the smallest
     * (smaller ones are ruled out by the sizes before, and {@code from} must itself be proven). On
     * FOUND the cover, given records included, is in {@code cover} (overwritten). At most
     * {@code limit} nodes over all the sizes.
     */
    Smallest smallest(long from, long to, long limit, double deadline, boolean[] cover, boolean[] prefer) {
        long deepest = to - givenCount;
        if (deepest <= SHALLOW) {
            return smallestHere(from, to, limit, deadline, cover, prefer);
        }
        Smallest[] out = new Smallest[1];
        Throwable[] failed = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = smallestHere(from, to, limit, deadline, cover, prefer);
            } catch (RuntimeException | Error e) {
                failed[0] = e;
            }
        }, DEEP_THREAD, stackFor(deepest));
        t.start();
        boolean interrupted = false;
        while (true) { // the search ends by its own clock, limit or halt; an interrupt is passed on after it
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failed[0] instanceof RuntimeException e) {
            throw e;
        } else if (failed[0] instanceof Error e) {
            throw e;
        }
        return out[0];
    }

    /**
     * Budgets up to this many records search on the calling thread. The search recurses one level
     * per record it takes ({@link #search}, {@link #branch}), so a budget of thousands overflows a
     * thread's default stack (1 MB): the whole run of a 10,000-record file (`learn --aggregator wm`,
     * stop 82) ended in a StackOverflowError in round 25, at a budget of about 8,400; seeded pairs
     * over 20,000 records overflowed within a second (`CoverBranchTest`).
     */
    static final long SHALLOW = 1_000;
    /** The name of the thread a deeper search runs on (its own stack, {@link #stackFor}). */
    private static final String DEEP_THREAD = "reident-cover-tree";

    /**
     * Stack bytes for a search of up to {@code budget} levels: 1 KB a level (a level takes two
     * frames of some 150 bytes each when compiled, more when interpreted) over 16 MB, at most 512 MB.
     * Reserved, not committed: the memory is used only as deep as the search goes.
     */
    static long stackFor(long budget) {
        return Math.min(512L << 20, (16L << 20) + 1024L * budget);
    }

    private Smallest smallestHere(long from, long to, long limit, double deadline, boolean[] cover, boolean[] prefer) {
        long end = limit > Long.MAX_VALUE - nodes ? Long.MAX_VALUE : nodes + limit;
        this.deadline = deadline; // also the dual's LP's, which may be built before any node
        frontier = null;
        long size = Math.max(from, givenCount);
        for (; size <= to; size++) {
            System.arraycopy(given, 0, cover, 0, m);
            List<Item> start = resume == null ? null : resume.items(size, problem);
            Outcome o;
            if (start != null) {
                o = probe == 0 ? Outcome.GAVE_UP
                        : findHere((int) (size - givenCount), Math.min(probe, end - nodes), deadline, cover, prefer);
                if (o == Outcome.FOUND) {
                    frontier = resume; // still holds what this cover's search did not rule out
                } else if (o == Outcome.GAVE_UP && nodes < end) {
                    resumedSizes++;
                    ensureDual();
                    long[] spent = new long[2];
                    o = CoverSplit.search(this, (int) (size - givenCount), end - nodes, deadline, cover, prefer,
                            spent, start);
                    nodes += spent[0];
                    steady += spent[1];
                }
            } else {
                o = find((int) (size - givenCount), end - nodes, deadline, cover, prefer);
            }
            if (o != Outcome.NONE) {
                return new Smallest(o, size);
            }
        }
        return new Smallest(Outcome.NONE, size);
    }

    /**
     * Looks for at most {@code budget} records hitting every cut; on {@link Outcome#FOUND} they are
     * set in {@code cover} (which is not cleared first). Until the dual is on, branches try the
     * records of {@code prefer} (may be null) first, then those hitting the most unhit cuts; with it,
     * by the dual's slack ({@link CoverNode#branchOrder}). Gives up after {@code limit}
     * nodes or at {@code deadline} (seconds, System.nanoTime() / 1e9). After {@code splitAfter} nodes
     * the search starts again, split into items ({@link CoverSplit}).
     */
    Outcome find(int budget, long limit, double deadline, boolean[] cover, boolean[] prefer) {
        long before = nodes;
        long here = Math.min(limit, splitAfter);
        Outcome o = findHere(budget, here, deadline, cover, prefer);
        long used = nodes - before;
        if (o == Outcome.GAVE_UP && here < limit && used < limit && !late()) {
            ensureDual();
            long[] spent = new long[2];
            o = CoverSplit.search(this, budget, limit - used, deadline, cover, prefer, spent, null);
            nodes += spent[0];
            steady += spent[1];
        }
        return o;
    }

    private Outcome findHere(int budget, long limit, double deadline, boolean[] cover, boolean[] prefer) {
        this.prefer = prefer;
        nodeLimit = limit > Long.MAX_VALUE - nodes ? Long.MAX_VALUE : nodes + limit;
        this.deadline = deadline;
        if (dual != null) {
            dual.reset(hit);
        }
        beginSamples();
        samplePosition = OWN;
        itemStart = nodes;
        Outcome o = search(budget);
        steady += nodes - itemStart;
        if (o == Outcome.FOUND) {
            for (int r = 0; r < m; r++) {
                cover[r] |= chosen[r];
            }
        }
        node.clearChosen();
        return o;
    }

    private void ensureDual() {
        if (dual == null) {
            start = lp == null ? CoverDual.lpStart(m, problem.cuts, problem.cutCount, deadline, halted) : lpStart();
            useDual(new CoverDual(m, problem.cuts, problem.cutCount, maxSize, start));
        }
    }

    /** The dual start from {@link #lp}, in this problem's order of the cuts (null as {@link CoverLp#duals}). */
    private double[] lpStart() {
        double[] all = lp.duals(deadline, halted);
        if (all == null) {
            return null;
        }
        double[] own = new double[problem.cutCount];
        for (int c = 0; c < own.length; c++) {
            own[c] = all[problem.source[c]];
        }
        return own;
    }

    private void useDual(CoverDual d) {
        dual = d;
        node.dual(d);
    }

    int threads() {
        return threads;
    }

    long splitAfter() {
        return splitAfter;
    }

    int itemsWanted() {
        return itemsWanted;
    }

    /**
     * A split's worker: the nodes of the first levels below {@code item} in the search for
     * {@code budget} (the item's taken records included), in the tree's order, as items of their own:
     * all of one depth, the first depth with at least {@code target} of them (or the deepest), and
     * the covers found above it. Pruned nodes are left out, and so are those that {@link #searchItem}
     * of the item searched to the end before it stopped at the path {@code done} (null: none), so
     * the items' searches together are the rest of the item's. Each has at least one record more
     * taken than {@code item}, or is a cover. Null when {@code deadline} (read every CLOCK + 1
     * nodes) passed first: the items would not be the whole rest, so the caller must give up. Before
     * this check a split's re-expansion of an item on a vertex-cover master (whole Census, 8
     * variables, 40% noise, WM, `--time-limit 30s`) ran 1-2 s past the limit.
     */
    List<Item> expand(Item item, int budget, int target, boolean[] prefer, int[] done, double deadline) {
        this.prefer = prefer;
        double before = this.deadline;
        this.deadline = deadline;
        expandStopped = false;
        int[] root = node.forbidden.clone();
        apply(item, true);
        List<Item> items = new ArrayList<>();
        for (int depth = 1; ; depth++) {
            items.clear();
            dual.restart(hit);
            path.clear();
            boolean deeper = expand(budget - item.taken().length, depth, root, done, items);
            if (items.size() >= target || !deeper || expandStopped) {
                break;
            }
        }
        apply(item, false);
        this.deadline = before;
        return expandStopped ? null : items;
    }

    /** One level of {@link #expand}: true when some node at {@code depth} was left to branch. */
    private boolean expand(int budget, int depth, int[] root, int[] done, List<Item> items) {
        if (expandStopped || (nodes & CLOCK) == 0 && late()) {
            expandStopped = true;
            return false;
        }
        nodes++;
        int trail = dual.mark();
        int fixed = bounds.mark();
        boolean deeper = false;
        int pick = bounds.bound(budget, dual);
        if (pick == CoverBound.FOUND || pick >= 0 && depth == 0) {
            if (!path.before(done)) {
                items.add(node.snapshot(root));
            }
            deeper = pick >= 0;
        } else if (pick >= 0) {
            int[] order = node.branchOrder(pick, prefer, dual);
            int forbade = 0;
            for (int r : order) {
                node.take(r, true);
                path.enter(forbade);
                deeper |= expand(budget - 1, depth - 1, root, done, items);
                path.leave();
                node.take(r, false);
                node.forbid(r, true);
                order[forbade++] = r;
            }
            for (int q = 0; q < forbade; q++) {
                node.forbid(order[q], false);
            }
        }
        bounds.undo(fixed);
        dual.undo(trail);
        return deeper;
    }

    /** Where the last {@link #searchItem} stopped (the path of branch indices), or null if it did not. */
    int[] stoppedAt() {
        return stoppedAt;
    }

    private void apply(Item item, boolean on) {
        if (on) {
            for (int r : item.forbidden()) {
                node.forbid(r, true);
            }
            for (int r : item.taken()) {
                node.take(r, true);
            }
        } else {
            node.clearChosen();
            for (int r : item.forbidden()) {
                node.forbid(r, false);
            }
        }
    }

    /**
     * A split's worker searches one item for a cover within {@code budget} (the item's taken records
     * included), the dual started afresh, at most {@code cap} nodes; on FOUND the cover, given records
     * included, is in {@code cover} (overwritten). Stops (GAVE_UP) at the cap, at the deadline, or
     * when {@code halt} says so. The item's {@code position} in the split keys its samples
     * ({@link NodeSamples}), which count its nodes from 0.
     */
    Outcome searchItem(Item item, int[] position, int budget, long cap, double deadline, BooleanSupplier halt,
            boolean[] cover, boolean[] prefer) {
        this.prefer = prefer;
        samplePosition = position;
        itemStart = nodes;
        this.deadline = deadline;
        this.halt = halt;
        nodeLimit = cap > Long.MAX_VALUE - nodes ? Long.MAX_VALUE : nodes + cap;
        stoppedAt = null;
        foundAt = null;
        path.clear();
        apply(item, true);
        dual.restart(hit);
        Outcome o = search(budget - item.taken().length);
        if (o == Outcome.FOUND) {
            for (int r = 0; r < m; r++) {
                cover[r] = given[r] || chosen[r];
            }
        }
        apply(item, false);
        return o;
    }

    private Outcome search(int budget) {
        if (++nodes > nodeLimit || (nodes & CLOCK) == 0 && late()
                || (nodes & 4095) == 0 && halt != null && halt.getAsBoolean()) {
            if (stoppedAt == null) {
                stoppedAt = path.copy();
            }
            return Outcome.GAVE_UP;
        }
        if (samples != null && samples.due(nodes - itemStart)) {
            samples.offer(sampleSearch, samplePosition, nodes - itemStart, node, given);
        }
        if (dual == null && nodes > dualAfter) {
            ensureDual();
            dual.reset(hit);
        }
        assert dual == null || dual.consistent(hit, node.forbidden);
        int trail = dual == null ? 0 : dual.mark();
        int fixed = bounds.mark();
        Outcome result = Outcome.NONE;
        int pick = bounds.bound(budget, dual);
        if (pick == CoverBound.FOUND) {
            result = Outcome.FOUND;
            foundAt = path.copy();
        } else if (pick >= 0) {
            result = branch(pick, budget);
        }
        bounds.undo(fixed);
        if (dual != null) {
            dual.undo(trail);
        }
        return result;
    }

    private Outcome branch(int pick, int budget) {
        int[] order = node.branchOrder(pick, prefer, dual);
        int forbade = 0;
        Outcome result = Outcome.NONE;
        for (int r : order) {
            node.take(r, true);
            path.enter(forbade);
            Outcome o = search(budget - 1);
            path.leave();
            if (o == Outcome.FOUND) {
                result = o; // r stays chosen: find reads the cover, then clears
                break;
            }
            node.take(r, false);
            if (o == Outcome.GAVE_UP) {
                result = o;
                break;
            }
            node.forbid(r, true);
            order[forbade++] = r;
        }
        for (int q = 0; q < forbade; q++) {
            node.forbid(order[q], false);
        }
        return result;
    }
}

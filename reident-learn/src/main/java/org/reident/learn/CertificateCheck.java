package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.reident.data.LinkageData;
import org.reident.distance.Distances;

/**
 * Checks the certificate a run of the cuts formulation left in its conflicts file
 * ({@code learn --conflicts FILE}), without trusting the learner's search: `reident verify`.
 * <ol>
 * <li>Every conflict is proven again ({@link SetCheck}): an LP built afresh for its records, its
 * duals turned into an exact lower bound on the margin they lack ({@link SafeDualBound}); a positive
 * bound proves that no parameter value of the family links them all with margin eps.</li>
 * <li>Every training record in no conflict is checked alone the same way (but those the file's best
 * parameters link, which are linkable): those proven are records no parameter value links.</li>
 * <li>When the file holds the conflicts of groups learned alone ({@link GroupBound}), the least covers
 * of those conflicts alone, piece by piece ({@link CoverPieces}; the groups are disjoint, so each is
 * one piece or more), plus the lone records: tried first, since the pieces close in seconds where the
 * union below may hold its solver to the time limit (stop 91).</li>
 * <li>When that falls short of the file's bound (or there are no groups): at least one record of
 * every proven conflict is lost, so the most records any parameter value links is the training
 * records less a minimum hitting set of the proven conflicts, itself at least the lone records plus
 * the best lower bound of a general solver (SCIP's MILP by default, or CP-SAT; or the learner's own
 * tree on these conflicts alone, {@link Cover}) within the time given, and at least a packing of
 * disjoint conflicts.</li>
 * <li>For WM, WM_m and OWA, when that falls short of the file's bound (the weight cells, which may have
 * given it, keep no conflicts): a search over the weights of its own to the file's bound
 * ({@link WeightCheck}), the lone records left out and the proven conflicts counted in each cell,
 * within the time given again.</li>
 * <li>The file's best parameters are counted again: records linked with margin eps
 * ({@link Margin}).</li>
 * </ol>
 * The bound proven so is the file's bound or weaker: weaker when the run's bound rested on more than
 * its conflicts and the weights, or when a solver or the search ran out of time. Exact relative to
 * the family's rows as {@link Features} computes them in floating point from
 * the standardised values.
 */
public final class CertificateCheck {
    /**
     * What the check found for one eps's block of the file; {@code hittingSolved} false when the union's
     * hitting set was not solved (the groups' pieces proved the file's bound), {@code hittingLower} then the lone records.
     */
    public record Outcome(double eps, int records, int cuts, int cutsProven, List<int[]> failed, int alone,
            boolean hittingSolved, int hittingLower, boolean hittingExact, int packing, Groups groups, Weights weights,
            int bound, int fileBound, int fileBest, int bestLinked, String solver, double seconds) {
        /** The file's bound is proven: every conflict holds and the cover reaches it. */
        public boolean boundVerified() {
            return bound <= fileBound;
        }

        /** Proven optimal: the best parameters link as many records with margin eps as the bound proven. */
        public boolean optimal() {
            return bestLinked >= bound;
        }
    }

    /**
     * The search over the weights ({@link WeightCheck}) run when the conflicts alone do not reach the
     * file's bound (WM, WM_m and OWA): the bound it proved, its cells, whether every cell was closed.
     */
    public record Weights(int bound, long cells, long unproven, double seconds) {
        /** Every cell was closed: the bound holds on the whole simplex. */
        public boolean complete() {
            return unproven == 0;
        }
    }

    /**
     * The groups' conflicts alone, piece by piece ({@link CoverPieces}), tried before the union of all
     * conflicts when the file holds them: the records lost by their least covers (the lone
     * records included), the groups' proven conflicts, their pieces and how many were closed.
     */
    public record Groups(int lower, int conflicts, int pieces, int closed, double seconds) {
    }

    /** Who bounds the hitting set of the proven conflicts. */
    public enum Cover {
        /** SCIP's MILP through OR-Tools (the default): a general solver's LP bounds and cuts, not the learner's tree. */
        SCIP("SCIP (MILP)"),
        /** CP-SAT. */
        CP_SAT("CP-SAT"),
        /** The learner's own search tree, given only the proven conflicts. */
        TREE("the learner's search tree (CoverBranch)");

        final String label;

        Cover(String label) {
            this.label = label;
        }
    }

    private CertificateCheck() {
    }

    /**
     * Checks the file's block at {@code o.eps()} (null when it holds none); {@code seconds} for the
     * hitting set {@code by} bounds, {@code o.threads()} workers for the LPs, progress to {@code o.progress()} when set.
     */
    public static Outcome check(LearnOptions o, LinkageData data, int[] train, ConflictFile file, double seconds, Cover by)
            throws InterruptedException {
        ConflictFile.Block block = file.blockAt(o.eps());
        return block == null ? null : check(o, data, train, block, seconds, by);
    }

    /** {@link #check(LearnOptions, LinkageData, int[], ConflictFile, double, Cover)} of one block (tests: blocks made by hand). */
    static Outcome check(LearnOptions o, LinkageData data, int[] train, ConflictFile.Block block, double seconds, Cover by)
            throws InterruptedException {
        return check(o, data, train, block, seconds, seconds, by);
    }

    /** As above, the union of the conflicts given {@code unionSeconds} (0: not solved; a test's), the rest {@code seconds}. */
    static Outcome check(LearnOptions o, LinkageData data, int[] train, ConflictFile.Block block, double unionSeconds,
            double seconds, Cover by) throws InterruptedException {
        long start = System.nanoTime();
        double[][] z = Distances.standardized(data, o.standardization());
        Features features = new Features(o.aggregator(), z[0], z[1], data.dimension());
        SetCheck check = new SetCheck(o, data, train, features, z);
        List<int[]> cuts = new ArrayList<>(block.cuts());
        DistinctCuts seen = new DistinctCuts();
        for (int[] c : block.cuts()) {
            seen.add(c);
        }
        DistinctCuts ofGroups = new DistinctCuts();
        for (int[] c : block.groupCuts()) { // the groups' conflicts are conflicts of the whole (GroupBound.Learned)
            ofGroups.add(c);
            if (seen.add(c)) {
                cuts.add(c);
            }
        }
        boolean[] inCut = new boolean[train.length];
        for (int[] c : cuts) {
            for (int r : c) {
                inCut[r] = true;
            }
        }
        List<int[]> sets = new ArrayList<>(cuts);
        List<Integer> lone = new ArrayList<>();
        double[] theta = block.theta();
        for (int r = 0; r < train.length; r++) {
            // a record the file's parameters link is linkable: its LP could only say so, after a long separation
            if (!inCut[r] && (theta == null || !check.linkedAlone(theta, r))) {
                lone.add(r);
                sets.add(new int[] {r});
            }
        }
        BigDecimal[] bounds = SetBatches.bounds(check, sets, o, start);
        boolean[] proven = new boolean[bounds.length];
        for (int s = 0; s < bounds.length; s++) {
            proven[s] = bounds[s] != null && bounds[s].signum() > 0;
        }
        List<int[]> good = new ArrayList<>();
        List<int[]> failed = new ArrayList<>();
        for (int s = 0; s < cuts.size(); s++) {
            (proven[s] ? good : failed).add(cuts.get(s));
        }
        int alone = 0;
        for (int q = 0; q < lone.size(); q++) {
            alone += proven[cuts.size() + q] ? 1 : 0;
        }
        int packing = alone + disjoint(good, train.length);
        say(o, String.format(java.util.Locale.ROOT, "verify: %d of %d conflicts proven, %d records alone, %.1f s",
                good.size(), cuts.size(), alone, elapsed(start)));
        Groups groups = null;
        if (!block.groupCuts().isEmpty() && !StopRequest.requested()) {
            // first: their pieces close in seconds where the union may hold SCIP to its limit (stop 91)
            List<int[]> theirs = new ArrayList<>();
            for (int s = 0; s < cuts.size(); s++) {
                if (proven[s] && ofGroups.holds(cuts.get(s))) {
                    theirs.add(cuts.get(s));
                }
            }
            try (Heartbeat beat = beat(o, "the groups' conflicts piece by piece", seconds)) {
                groups = groups(o, theirs, alone, train.length, seconds, by);
            }
        }
        // the union is not needed when the groups' pieces already lose what the file's bound needs
        boolean union = unionSeconds > 0 && (groups == null || train.length - groups.lower() > block.bound());
        // each a least cover of the proven conflicts alone: the lone records are in none and add to it
        String[] solver = {by.label};
        long[] hit = {0, 0};
        if (union) {
            say(o, "verify: the hitting set of the proven conflicts by " + by.label);
            try (Heartbeat beat = beat(o, "the hitting set by " + by.label, unionSeconds)) {
                hit = cover(o, by, good, train.length, packing - alone, train.length - alone - block.bound() - 1,
                        unionSeconds, solver);
            }
        }
        int hitting = (int) Math.min(train.length, alone + hit[0]);
        boolean exact = hit[1] == 1;
        int lower = Math.max(hitting, packing);
        if (groups != null) {
            lower = Math.max(lower, groups.lower());
        }
        int bound = train.length - lower;
        Weights weights = null;
        if (bound > block.bound() && simplex(o.aggregator()) && !StopRequest.requested()) {
            weights = weights(o, data, train, features, good, lone, proven, cuts.size(), block.bound(), seconds);
            bound = Math.min(bound, weights.bound());
        }
        int bestLinked = block.theta() == null ? -1 : check.linked(block.theta());
        return new Outcome(o.eps(), train.length, cuts.size(), good.size(), failed, alone, union, hitting,
                exact, packing, groups, weights, bound, block.bound(), block.best(),
                bestLinked, solver[0], elapsed(start));
    }

    /**
     * The groups' proven conflicts alone, piece by piece, within {@code seconds}, each piece's least
     * cover bounded by {@code by}: the lone records plus the pieces' sum.
     */
    private static Groups groups(LearnOptions o, List<int[]> theirs, int alone, int records, double seconds, Cover by) {
        long start = System.nanoTime();
        CoverPieces.Result r = CoverPieces.bound(theirs, records, seconds,
                (cuts, k, s) -> cover(o, by, cuts, k, 0, k, s, new String[1]));
        Groups g = new Groups((int) Math.min(records, alone + r.lower()), theirs.size(), r.pieces(), r.exact(), elapsed(start));
        say(o, String.format(java.util.Locale.ROOT, "verify: the groups' %d conflicts in %d pieces (%d closed): at least %d"
                + " records lost, %.1f s", g.conflicts(), g.pieces(), g.closed(), g.lower(), g.seconds()));
        return g;
    }

    /**
     * The least cover of {@code cuts} over records 0..records-1 bounded by {@code by} within
     * {@code seconds}: {lower bound, 1 when optimal}; the tree searches sizes {@code from} to
     * {@code to} only; CP-SAT's version into {@code solver[0]}.
     */
    private static long[] cover(LearnOptions o, Cover by, List<int[]> cuts, int records, long from, long to, double seconds,
            String[] solver) {
        return switch (by) {
            case TREE -> tree(cuts, records, from, to, seconds, o.threads());
            case CP_SAT -> cpSat(cuts, records, seconds, solver);
            default -> scip(o, cuts, records, seconds);
        };
    }

    /**
     * A line every {@link Heartbeat#QUIET} seconds while a solver that reports nothing runs (SCIP on
     * the union may take all of {@code seconds}): what runs and for how long so far.
     */
    private static Heartbeat beat(LearnOptions o, String what, double seconds) {
        double began = System.nanoTime() / 1e9; // not StopRequest.now(): +infinity once Ctrl-C is pressed
        return Heartbeat.start(o.progress(), () -> String.format(java.util.Locale.ROOT, "verify: %s, %.0f s of at most %.0f s",
                what, System.nanoTime() / 1e9 - began, seconds), began);
    }

    private static boolean simplex(Aggregator a) {
        return a == Aggregator.WM || a == Aggregator.WM_M || a == Aggregator.OWA;
    }

    /**
     * {@link WeightCheck} to the file's bound, within {@code seconds}: the proven lone records are in no
     * cell, the proven conflicts bound each cell's cover.
     */
    private static Weights weights(LearnOptions o, LinkageData data, int[] train, Features features, List<int[]> good,
            List<Integer> lone, boolean[] proven, int first, int target, double seconds) {
        long start = System.nanoTime();
        boolean[] gone = new boolean[train.length];
        for (int q = 0; q < lone.size(); q++) {
            gone[lone.get(q)] = proven[first + q];
        }
        say(o, "verify: weights: gathering every record's rivals");
        double delta = o.aggregator() == Aggregator.WM_M ? o.delta() : 0;
        WeightThreats threats = new WeightThreats(features, data, train, gone, o.eps(), delta);
        WeightCheck search = new WeightCheck(threats, train.length, o.eps(), good);
        WeightCheck.Result r = search.prove(target, StopRequest.now() + seconds, o.threads(), o.progress());
        Weights w = new Weights(r.bound(), r.cells(), r.unproven(), elapsed(start));
        say(o, String.format(java.util.Locale.ROOT, "verify: weights: bound %d after %d cells%s, %.1f s", w.bound(), w.cells(),
                w.complete() ? "" : " (" + w.unproven() + " left open)", w.seconds()));
        return w;
    }

    /**
     * SCIP's least cover as a MILP (min sum K_r, sum of K over each conflict >= 1): {lower bound, 1 when optimal}. The bound is SCIP's dual bound rounded up
     * less 1e-6 (the objective is a count), the one trust in SCIP's tolerances left.
     */
    private static long[] scip(LearnOptions o, List<int[]> cuts, int records, double seconds) {
        MPSolver s = MilpModel.createSolver(o.withSolver("scip"));
        try {
            MPVariable[] k = new MPVariable[records];
            for (int r = 0; r < records; r++) {
                k[r] = s.makeBoolVar("K" + r);
                s.objective().setCoefficient(k[r], 1);
            }
            s.objective().setMinimization();
            for (int[] c : cuts) {
                MPConstraint row = s.makeConstraint(1, MPSolver.infinity());
                for (int r : c) {
                    row.setCoefficient(k[r], 1);
                }
            }
            s.setTimeLimit((long) Math.max(1, seconds * 1000));
            MPSolver.ResultStatus st;
            try (StopRequest.Registration g = StopRequest.during(s::interruptSolve)) {
                st = s.solve();
            }
            boolean optimal = st == MPSolver.ResultStatus.OPTIMAL;
            double bound = optimal ? s.objective().value() : s.objective().bestBound();
            if (!Double.isFinite(bound) || st == MPSolver.ResultStatus.NOT_SOLVED
                    || st == MPSolver.ResultStatus.ABNORMAL) {
                return new long[] {0, 0};
            }
            return new long[] {(long) Math.ceil(bound - 1e-6), optimal ? 1 : 0};
        } finally {
            s.delete();
        }
    }

    /** CP-SAT's least cover ({@link CpSatCoverMaster}): {lower bound, 1 when optimal}; its version into {@code solver[0]}. */
    private static long[] cpSat(List<int[]> cuts, int records, double seconds, String[] solver) {
        CpSatCoverMaster cover = new CpSatCoverMaster(records);
        for (int[] c : cuts) {
            cover.cut(c);
        }
        solver[0] = cover.version();
        boolean[] keep = new boolean[records];
        CoverMaster.Solved solved = cover.solve(seconds, keep, 0, records);
        return solved == null ? new long[] {0, 0} : new long[] {solved.bestBound(), solved.optimal() ? 1 : 0};
    }

    /**
     * The learner's search tree over the proven conflicts alone (lone records left out: they are in no
     * conflict), sizes from {@code from} (the packing, proven) to {@code to} (one below what the file's
     * bound needs) in turn: {lower bound, 1 when it is the least cover}. No cover up to {@code to}
     * proves the file's bound; a cover found is the least; a search stopped at its deadline at size s
     * has ruled out every size below s.
     */
    private static long[] tree(List<int[]> cuts, int records, long from, long to, double seconds, int threads) {
        if (to < from) {
            return new long[] {from, 0};
        }
        int[][] all = cuts.toArray(new int[0][]);
        CoverBranch b = new CoverBranch(records, all, all.length, new boolean[records], CoverBranch.DUAL_AFTER);
        b.threads(threads);
        CoverLp covering = new CoverLp(records);
        try {
            covering.sync(all, all.length, new boolean[records]);
            b.lp(covering);
            CoverBranch.Smallest found = b.smallest(from, to, Long.MAX_VALUE, StopRequest.now() + seconds, new boolean[records], null);
            switch (found.outcome()) {
                case FOUND:
                    return new long[] {found.size(), 1};
                case NONE:
                    return new long[] {to + 1, 0};
                default:
                    return new long[] {found.size(), 0};
            }
        } finally {
            covering.delete();
        }
    }

    /** How many conflicts, taken in order of size, share no record with one taken before: each needs its own record. */
    static int disjoint(List<int[]> cuts, int records) {
        List<int[]> bySize = new ArrayList<>(cuts);
        bySize.sort(java.util.Comparator.comparingInt(c -> c.length));
        boolean[] used = new boolean[records];
        int count = 0;
        for (int[] c : bySize) {
            boolean free = true;
            for (int r : c) {
                free &= !used[r];
            }
            if (free) {
                for (int r : c) {
                    used[r] = true;
                }
                count++;
            }
        }
        return count;
    }

    private static void say(LearnOptions o, String line) {
        Consumer<String> p = o.progress();
        if (p != null) {
            p.accept(line);
        }
    }

    private static double elapsed(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}

package org.reident.learn;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * {@link CoverMaster} in three tiers, the cheapest first:
 * <ol>
 * <li>a tabu local search for a set G of exactly {@code atLeast} records hitting every cut
 * (sum_{r in C} K_r >= 1 for each cut C). Because atLeast is a proven lower bound on the master's
 * optimum, such a G is an optimal master solution. The search starts from the previous master
 * solution, which misses only the cuts added since, and gives up after {@value #MOVES} moves;</li>
 * <li>{@link CoverBranch}, an exact bounded search tree for sizes atLeast, atLeast + 1, ...
 * atMost, which proves bounds and infeasibility itself, within {@value #BRANCH_NODES} nodes;</li>
 * <li>the exact solver (SCIP by default), only when the branching ran out of nodes.</li>
 * </ol>
 * Every tier either answers exactly or passes on, so the master stays exact. The branching replaced
 * SCIP on the 400-record files: the master's share of seed-1 M5-38 SB went from 2.5 s to 0.2 s and
 * SB_NC from 10.1 s to 0.3 s (`./reident learn ... --aggregator bilinear|bilinear-nc`, master time
 * on the progress line, 2026-11-26). On the whole Census it answers the early rounds and hands the
 * later, harder ones to SCIP.
 * <p>
 * The local search was measured before the branching existed (development runs with it switched
 * off by hand): seed-1 M5-38 SB_NC 27.7 s -> 14.1 s, SB 14.2 s -> 11.1 s. Skipping searches after
 * failures lost more than it saved (SB_NC 14 s -> 23 s).
 * <p>
 * Moves: take a cut nobody in G hits, add its record that hits the most unhit cuts, then drop the
 * record of G whose removal un-hits the fewest cuts; records moved recently are tabu for
 * {@value #TENURE} moves. Seeded, and the branching counts nodes rather than time, so runs are
 * reproducible (except when the time limit cuts a solve short).
 */
final class CoverSearch implements CoverMaster {
    private static final int TENURE = 7;
    private static final int MOVES = 5_000;
    private static final long BRANCH_NODES = 1_000_000;

    private final CoverMaster exact;
    private final int m;
    private final boolean[] fixed;
    private int[][] cuts = new int[64][];
    private int cutCount;
    /** Cut indices of each record, in growable arrays. */
    private final int[][] byRecord;
    private final int[] degree;
    private boolean[] last;
    private final SplittableRandom random = new SplittableRandom(0x5eed);
    private int shortcuts;
    private int branched;
    private int branchGaveUp;
    private long branchBound;

    CoverSearch(CoverMaster exact, int records) {
        this.exact = exact;
        this.m = records;
        fixed = new boolean[records];
        byRecord = new int[records][4];
        degree = new int[records];
    }

    /** Master solves answered by the search instead of the exact solver. */
    int shortcuts() {
        return shortcuts;
    }

    /** Master solves answered by {@link CoverBranch}. */
    int branched() {
        return branched;
    }

    /** Master solves left to the exact solver. */
    int exactSolves() {
        return branchGaveUp;
    }

    /** How the master solves were answered: by the local search, by the branching, by the exact solver. */
    String notes() {
        return shortcuts + " by search, " + branched + " by branching, " + branchGaveUp + " by " + exact.version().split(" ")[0];
    }

    @Override
    public void fix(int r) {
        fixed[r] = true;
        exact.fix(r);
    }

    @Override
    public void cut(int[] records) {
        if (cutCount == cuts.length) {
            cuts = Arrays.copyOf(cuts, 2 * cutCount);
        }
        cuts[cutCount] = records.clone();
        for (int r : records) {
            if (degree[r] == byRecord[r].length) {
                byRecord[r] = Arrays.copyOf(byRecord[r], 2 * degree[r]);
            }
            byRecord[r][degree[r]++] = cutCount;
        }
        cutCount++;
        exact.cut(records);
    }

    @Override
    public Solved solve(double seconds, boolean[] keep, long atLeast, long atMost) {
        if (last != null && atLeast <= atMost) {
            boolean[] g = search(last.clone(), (int) atLeast);
            if (g != null) {
                shortcuts++;
                last = g;
                for (int r = 0; r < m; r++) {
                    keep[r] = !g[r];
                }
                return new Solved(true, atLeast, false);
            }
        }
        double deadline = System.nanoTime() / 1e9 + seconds;
        Solved s = branch(deadline, keep, (int) atLeast, (int) atMost);
        if (s == null) { // the sizes the branching ruled out stay ruled out
            atLeast = Math.max(atLeast, branchBound);
            double left = deadline - System.nanoTime() / 1e9;
            if (left <= 0) {
                return null;
            }
            s = exact.solve(left, keep, atLeast, atMost);
        }
        if (s != null && !s.infeasible()) {
            last = new boolean[m];
            for (int r = 0; r < m; r++) {
                last[r] = !keep[r];
            }
        }
        return s;
    }

    /**
     * {@link CoverBranch} for sizes atLeast, atLeast + 1, ... atMost: the first size with a cover is
     * the optimum (none smaller exists: proven by the previous size, or by the bound atLeast). Null
     * when the node budget ran out; then no cover smaller than {@link #branchBound} exists.
     */
    private Solved branch(double deadline, boolean[] keep, int atLeast, int atMost) {
        CoverBranch b = new CoverBranch(m, cuts, cutCount, fixed);
        int given = 0;
        for (boolean f : fixed) {
            given += f ? 1 : 0;
        }
        for (int size = Math.max(atLeast, given); size <= atMost; size++) {
            boolean[] cover = fixed.clone();
            CoverBranch.Outcome o = b.find(size - given, BRANCH_NODES - b.nodes(), deadline, cover);
            if (o == CoverBranch.Outcome.GAVE_UP) {
                branchGaveUp++;
                branchBound = size;
                return null;
            }
            if (o == CoverBranch.Outcome.FOUND) {
                branched++;
                int out = 0;
                for (int r = 0; r < m; r++) {
                    out += cover[r] ? 1 : 0;
                }
                for (int r = 0; r < m && out < atLeast; r++) { // only when atLeast was no proven bound
                    if (!cover[r]) {
                        cover[r] = true;
                        out++;
                    }
                }
                for (int r = 0; r < m; r++) {
                    keep[r] = !cover[r];
                }
                return new Solved(true, size, false);
            }
        }
        branched++;
        return new Solved(true, atMost + 1L, true);
    }

    /** A set of exactly {@code size} records (the fixed ones among them) hitting every cut, or null. */
    private boolean[] search(boolean[] g, int size) {
        int[] hit = new int[cutCount];
        int inG = 0;
        for (int r = 0; r < m; r++) {
            g[r] |= fixed[r];
            inG += g[r] ? 1 : 0;
        }
        for (int c = 0; c < cutCount; c++) {
            for (int r : cuts[c]) {
                hit[c] += g[r] ? 1 : 0;
            }
        }
        int[] tabu = new int[m];
        while (inG > size) { // drop the least useful records first
            int out = bestToDrop(g, hit, tabu, 0, -1);
            if (out < 0) {
                return null;
            }
            move(out, false, g, hit);
            inG--;
        }
        for (int step = 1; step <= MOVES; step++) {
            int unhit = randomUnhit(hit);
            if (unhit < 0) {
                return inG == size ? g : null;
            }
            int in = -1;
            int inGain = -1;
            for (int r : cuts[unhit]) {
                if (!g[r] && tabu[r] < step) {
                    int gain = 0;
                    for (int q = 0; q < degree[r]; q++) {
                        gain += hit[byRecord[r][q]] == 0 ? 1 : 0;
                    }
                    if (gain > inGain || gain == inGain && random.nextBoolean()) {
                        in = r;
                        inGain = gain;
                    }
                }
            }
            if (in < 0) {
                in = cuts[unhit][random.nextInt(cuts[unhit].length)]; // all tabu: aspiration
            }
            move(in, true, g, hit);
            tabu[in] = step + TENURE;
            if (inG < size) {
                inG++;
                continue;
            }
            int out = bestToDrop(g, hit, tabu, step, in);
            if (out < 0) {
                return null;
            }
            move(out, false, g, hit);
            tabu[out] = step + TENURE;
        }
        return null;
    }

    /** The record of G, neither fixed nor tabu nor {@code except}, whose removal un-hits the fewest cuts. */
    private int bestToDrop(boolean[] g, int[] hit, int[] tabu, int step, int except) {
        int best = -1;
        int bestLoss = Integer.MAX_VALUE;
        for (int r = 0; r < m; r++) {
            if (!g[r] || fixed[r] || r == except || tabu[r] >= step && step > 0) {
                continue;
            }
            int loss = 0;
            for (int q = 0; q < degree[r] && loss < bestLoss; q++) {
                loss += hit[byRecord[r][q]] == 1 ? 1 : 0;
            }
            if (loss < bestLoss || loss == bestLoss && random.nextBoolean()) {
                best = r;
                bestLoss = loss;
            }
        }
        return best;
    }

    private void move(int r, boolean into, boolean[] g, int[] hit) {
        g[r] = into;
        for (int q = 0; q < degree[r]; q++) {
            hit[byRecord[r][q]] += into ? 1 : -1;
        }
    }

    /** A cut hit by no record of G, drawn at random, or -1. */
    private int randomUnhit(int[] hit) {
        int count = 0;
        int chosen = -1;
        for (int c = 0; c < cutCount; c++) {
            if (hit[c] == 0 && random.nextInt(++count) == 0) {
                chosen = c;
            }
        }
        return chosen;
    }

    @Override
    public String version() {
        return exact.version();
    }

    @Override
    public void delete() {
        exact.delete();
    }
}

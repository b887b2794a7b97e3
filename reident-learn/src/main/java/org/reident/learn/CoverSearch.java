package org.reident.learn;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * {@link CoverMaster} shortcut: before the exact solver, a tabu local search looks for a set G of
 * exactly {@code atLeast} records hitting every cut (sum_{r in C} K_r >= 1 for each cut C). Because
 * atLeast is a proven lower bound on the master's optimum, such a G is an optimal master solution,
 * found without a branch-and-bound; only when the search fails within its move budget is the exact
 * solver called (and it alone proves bounds or infeasibility). The search starts from the previous
 * master solution, which misses only the cuts added since. The search fails while the bound is
 * still moving (no cover of that size exists) and, on the whole Census with CI, where few records
 * are free to swap; a failure costs its {@value #MOVES} moves (successful searches on M5-38 SB_NC:
 * median 348 moves, 90th percentile 3,249). Skipping searches after failures was tried and lost
 * more (SB_NC 14 s -> 23 s: the exact solves it forced cost more than the failures it saved).
 * <p>
 * Measured (`./reident learn ... --time-limit 120s`, development runs with the search switched off
 * by hand; move counts from instrumentation that was not kept):
 * seed-1 M5-38 SB_NC 27.7 s -> 14.1 s (102 of 120 master solves by search), SB 14.2 s -> 11.1 s,
 * MD* 84.6 s -> 76.4 s; CI unchanged (1.4 s).
 * <p>
 * Moves: take a cut nobody in G hits, add its record that hits the most unhit cuts, then drop the
 * record of G whose removal un-hits the fewest cuts; records moved recently are tabu for
 * {@value #TENURE} moves. Seeded, so runs are reproducible.
 */
final class CoverSearch implements CoverMaster {
    private static final int TENURE = 7;
    private static final int MOVES = 5_000;

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
        Solved s = exact.solve(seconds, keep, atLeast, atMost);
        if (s != null && !s.infeasible()) {
            last = new boolean[m];
            for (int r = 0; r < m; r++) {
                last[r] = !keep[r];
            }
        }
        return s;
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

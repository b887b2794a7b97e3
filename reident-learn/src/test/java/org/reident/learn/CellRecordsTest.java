package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link CellRecords} and {@link CellKept}: along seeded random paths of splits from the root
 * simplex, the records a cell keeps, which of them are sure and each open record's crossing rivals
 * all equal what a plain check of every rival at every vertex of that cell gives (no pairs, so the
 * single-rival rule decides). The paths count each centre exactly as the search does, so rivals are
 * appended on the way and the records they touch must be checked again; and each open record's quick
 * count at the centre over its crossing rivals ({@link CellRivals#linksAmong}) equals a plain
 * count over all of them.
 */
class CellRecordsTest {
    private static final double ROUND = 1e-12;

    @Test
    void aCellsRecordsAreWhatEveryRivalAtEveryVertexSays() {
        long sure = 0;
        long open = 0;
        long appended = 0;
        long lows = 0;
        long crossingCounts = 0;
        for (long seed = 1; seed <= 3; seed++) {
            for (Aggregator a : new Aggregator[] {Aggregator.WM, Aggregator.OWA}) {
                LinkageData d = LearnFixtures.cellsFile(seed);
                int[] all = LearnFixtures.all(250);
                LearnOptions o = LearnOptions.defaults(a);
                ConflictSlave slave = new ConflictSlave(o, d, all);
                CellRivals rivals;
                try { // two first rivals: the exact counts append many more
                    rivals = new CellRivals(slave.features(), d, all, slave.unlinkable(), o.eps(),
                            Double.POSITIVE_INFINITY, 2);
                } finally {
                    slave.delete();
                }
                int n = slave.features().dimension();
                CellRecords records = new CellRecords(n, o.eps(), ROUND, rivals);
                RivalPairs pairs = new RivalPairs(n, o.eps(), ROUND);
                int[] linkable = Arrays.stream(all).filter(q -> rivals.of(q) != null).toArray();
                double[][] root = new double[n][n];
                for (int k = 0; k < n; k++) {
                    root[k][k] = 1;
                }
                Random random = new Random(seed);
                int before = rivals.version();
                for (int path = 0; path < 40; path++) {
                    double[][] v = root;
                    boolean whole = true; // no pairs so far: every record left out has a rival below eps everywhere
                    CellKept kept = records.possible(v, linkable, pairs);
                    String what = a + " seed " + seed + " path " + path;
                    lows += check(kept, v, rivals, o.eps(), n, true, true, what + " root");
                    for (int depth = 1; depth <= 30 && kept.size() > 0; depth++) {
                        int[] edge = {random.nextInt(n), 0};
                        edge[1] = (edge[0] + 1 + random.nextInt(n - 1)) % n;
                        double[] mid = new double[n];
                        for (int k = 0; k < n; k++) {
                            mid[k] = 0.5 * (v[edge[0]][k] + v[edge[1]][k]);
                        }
                        double[][][] kids = {v.clone(), v.clone()};
                        kids[0][edge[0]] = mid;
                        kids[1][edge[1]] = mid;
                        int s = random.nextInt(2);
                        CellKept[] halves = records.possibleInHalves(v, edge, mid, kids, kept, pairs);
                        v = kids[s];
                        kept = halves[s];
                        lows += check(kept, v, rivals, o.eps(), n, true, whole, what + " depth " + depth);
                        if (depth % 7 == 0) { // the pairs leave some out, and the rest as they were
                            CellKept paired = new CellRecords(n, o.eps(), ROUND, rivals).pairedOut(v, kept, pairs); // its pair witnesses apart
                            check(paired, v, rivals, o.eps(), n, true, false, what + " depth " + depth + ", pairs");
                            assertTrue(paired.size() <= kept.size() && paired.sure() == kept.sure(), what);
                            kept = paired;
                            whole = false;
                        }
                        double[] centre = new double[n];
                        for (double[] vertex : v) {
                            for (int k = 0; k < n; k++) {
                                centre[k] += vertex[k] / n;
                            }
                        }
                        for (int q : kept.ids()) {
                            rivals.linksExactly(q, centre); // may append a rival that beats q there
                        }
                        kept = kept.current(rivals);
                        for (int p = 0; p < kept.open().length; p++) { // no value within ROUND of eps here
                            int q = kept.open()[p];
                            assertEquals(linksAll(rivals.of(q), centre, o.eps(), n), rivals.linksAmong(q, centre, kept.crossing(p)),
                                    what + " depth " + depth + ": record " + q + " at the centre");
                            crossingCounts++;
                        }
                        lows += check(kept, v, rivals, o.eps(), n, false, whole, what + " depth " + depth + ", rivals appended");
                        sure += kept.sure();
                        open += kept.open().length;
                    }
                }
                appended += rivals.version() - before;
            }
        }
        assertTrue(sure > 10_000 && open > 10_000 && appended > 100 && lows > 10_000 && crossingCounts > 10_000,
                "both kinds, appends, low vertices and centres: " + sure + " sure, " + open + " open, " + appended
                + " appended, " + lows + " low, " + crossingCounts + " counted");
    }

    /**
     * The cell's records, its sure ones and the open ones' crossing rivals and their low vertices
     * (where known), as every rival at every vertex says; not {@code exact}: a record with a rival
     * appended since its check has all its rivals to check ({@link CellKept#current}) and is not
     * checked here; not {@code all}: records may be left out (by pairs of rivals). Returns how many
     * low-vertex masks it checked.
     */
    private static int check(CellKept kept, double[][] v, CellRivals rivals, double eps, int n, boolean exact,
            boolean all, String what) {
        int lows = 0;
        int[] ids = kept.ids();
        boolean[] in = new boolean[rivals.records()];
        for (int p = 0; p < ids.length; p++) {
            int q = ids[p];
            in[q] = true;
            int crossing = crossing(rivals.of(q), v, eps, n);
            if (!exact && p >= kept.sure() && kept.crossing(p - kept.sure()) == CellKept.ALL) {
                continue; // a rival appended since: checked again at the next split (it may rule q out)
            }
            assertTrue(crossing >= 0, what + ": record " + q + " kept, but a rival is below eps at every vertex");
            if (p < kept.sure()) {
                assertEquals(0, crossing, what + ": record " + q + " sure, but a rival crosses the cell");
            } else {
                assertEquals(crossing, kept.crossing(p - kept.sure()), what + ": record " + q + "'s crossing rivals");
                for (int k = 0; k < 31 && k * n < rivals.of(q).length; k++) {
                    int low = kept.low(p - kept.sure(), k);
                    if ((crossing & CellKept.bit(k)) != 0 && n <= CellKept.LOW_VERTICES) {
                        assertTrue(low != 0, what + ": record " + q + " rival " + k + "'s low vertices not known");
                    }
                    if (low != 0) {
                        assertEquals(lowOf(rivals.of(q), k * n, v, eps, n), low, what + ": record " + q + " rival " + k);
                        lows++;
                    }
                }
            }
        }
        for (int q = 0; q < in.length && all; q++) {
            if (!in[q] && rivals.of(q) != null) {
                assertEquals(-1, crossing(rivals.of(q), v, eps, n), what + ": record " + q + " left out");
            }
        }
        return lows;
    }

    /** Every rival of r at eps or beyond at w: the plain count of a record at a centre. */
    private static boolean linksAll(double[] r, double[] w, double eps, int n) {
        for (int o = 0; o < r.length; o += n) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += w[k] * r[o + k];
            }
            if (s < eps) {
                return false;
            }
        }
        return true;
    }

    /** The vertices of v (bit b: vertex b) where the rival at offset o of r is below eps - ROUND. */
    private static int lowOf(double[] r, int o, double[][] v, double eps, int n) {
        int below = 0;
        for (int b = 0; b < v.length; b++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += v[b][k] * r[o + k];
            }
            below |= s < eps - ROUND ? 1 << b : 0;
        }
        return below;
    }

    /** -1 when a rival of r is below eps - ROUND at every vertex; else the mask of those below it at some. */
    private static int crossing(double[] r, double[][] v, double eps, int n) {
        int mask = 0;
        for (int o = 0; o < r.length; o += n) {
            int below = 0;
            for (double[] vertex : v) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += vertex[k] * r[o + k];
                }
                below += s < eps - ROUND ? 1 : 0;
            }
            if (below == v.length) {
                return -1;
            }
            mask |= below > 0 ? CellKept.bit(o / n) : 0;
        }
        return mask;
    }
}

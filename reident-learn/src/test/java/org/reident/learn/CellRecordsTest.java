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
 * appended on the way and the records they touch must be checked again.
 */
class CellRecordsTest {
    private static final double ROUND = 1e-12;

    @Test
    void aCellsRecordsAreWhatEveryRivalAtEveryVertexSays() {
        long sure = 0;
        long open = 0;
        long appended = 0;
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
                    CellKept kept = records.possible(v, linkable, pairs);
                    String what = a + " seed " + seed + " path " + path;
                    check(kept, v, rivals, o.eps(), n, true, what + " root");
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
                        check(kept, v, rivals, o.eps(), n, true, what + " depth " + depth);
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
                        check(kept, v, rivals, o.eps(), n, false, what + " depth " + depth + ", rivals appended");
                        sure += kept.sure();
                        open += kept.open().length;
                    }
                }
                appended += rivals.version() - before;
            }
        }
        assertTrue(sure > 10_000 && open > 10_000 && appended > 100,
                "both kinds and appends: " + sure + " sure, " + open + " open, " + appended + " appended");
    }

    /**
     * The cell's records, its sure ones and the open ones' crossing rivals, as every rival at every
     * vertex says; not {@code exact}: a record with a rival appended since its check has all its
     * rivals to check ({@link CellKept#current}) and is not checked here.
     */
    private static void check(CellKept kept, double[][] v, CellRivals rivals, double eps, int n, boolean exact,
            String what) {
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
            }
        }
        for (int q = 0; q < in.length; q++) {
            if (!in[q] && rivals.of(q) != null) {
                assertEquals(-1, crossing(rivals.of(q), v, eps, n), what + ": record " + q + " left out");
            }
        }
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

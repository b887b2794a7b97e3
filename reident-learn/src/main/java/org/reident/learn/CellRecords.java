package org.reident.learn;

import java.util.Arrays;

/**
 * Which of a record set can still be linked somewhere in a cell of weights ({@link SimplexCells}):
 * record i is ruled out of the cell with vertices v_1 .. v_n when a rival j has
 * max_v v . e_ij < eps (a linear function on a simplex is largest at a vertex), or when a pair of
 * rivals does so together ({@link RivalPairs}). The rival (or pair) that last ruled a record out is
 * kept as its witness and tried first in the next cell. The witnesses are shared by the search's
 * workers and written without a lock: a stale or foreign one is only a hint, checked against the
 * record's rivals before use (they are only ever appended to). The rest is read-only, so the
 * methods may run on several threads at once, each with its own {@link RivalPairs}.
 */
final class CellRecords {
    private final int n;
    private final double eps;
    /** Slack for rounding in v . e: a cell is ruled out for a record only below eps by this much. */
    private final double round;
    private final CellRivals rivals;
    /** Per record, the offset of the rival that last ruled it out of a cell (-1: none yet), tried first. */
    private final int[] witness;
    /** Per record, the pair of rivals that last ruled it out of a cell (-1: none yet), tried next. */
    private final long[] pairWitness;

    CellRecords(int n, double eps, double round, CellRivals rivals) {
        this.n = n;
        this.eps = eps;
        this.round = round;
        this.rivals = rivals;
        witness = new int[rivals.records()];
        Arrays.fill(witness, -1);
        pairWitness = new long[rivals.records()];
        Arrays.fill(pairWitness, -1);
    }

    /** The records of {@code from} that no pair of rivals rules out of the cell ({@link RivalPairs}). */
    int[] pairedOut(double[][] v, int[] from, RivalPairs pairs) {
        int[] out = new int[from.length];
        int count = 0;
        for (int q : from) {
            long pair = pairs.find(v, rivals.of(q));
            if (pair >= 0) {
                pairWitness[q] = pair;
            } else {
                out[count++] = q;
            }
        }
        return Arrays.copyOf(out, count);
    }

    /** A witness offset, or -1 when it lies beyond the rivals r (set by a worker that saw more of them). */
    private static int hint(int offset, double[] r) {
        return offset < r.length ? offset : -1;
    }

    /** A pair witness, or -1 when either offset lies beyond the rivals r. */
    private static long pairHint(long pair, double[] r) {
        return pair >= 0 && (int) (pair >>> 32) < r.length && (int) pair < r.length ? pair : -1;
    }

    /** The records of {@code from} with no rival below eps at every vertex. */
    int[] possible(double[][] v, int[] from, RivalPairs pairs) {
        int[] out = new int[from.length];
        int count = 0;
        for (int q : from) {
            double[] r = rivals.of(q);
            int w = hint(witness[q], r);
            if (w >= 0 && !reaches(v, r, w)) {
                continue; // the rival that ruled q out of an earlier cell rules it out here too
            }
            long pair = pairHint(pairWitness[q], r);
            if (pair >= 0 && pairs.holds(v, r, pair)) {
                continue; // so does the pair that did
            }
            boolean ok = true;
            for (int o = 0; o < r.length && ok; o += n) {
                if (o != w && !reaches(v, r, o)) {
                    witness[q] = o;
                    ok = false;
                }
            }
            if (ok) {
                out[count++] = q;
            }
        }
        return Arrays.copyOf(out, count);
    }

    /**
     * {@link #possible} for both halves of a split at once: {@code kids[s]} is v with vertex
     * {@code edge[s]} replaced by {@code mid}. The vertices the halves share are tried once for
     * both (about 1.3 vertices are tried per rival, so this halves the work of the split); the
     * records kept are the same as two separate calls would keep.
     */
    int[][] possibleInHalves(double[][] v, int[] edge, double[] mid, double[][][] kids, int[] from,
            RivalPairs pairs) {
        int[][] out = {new int[from.length], new int[from.length]};
        int[] count = new int[2];
        for (int q : from) {
            double[] r = rivals.of(q);
            int w = hint(witness[q], r);
            int in = w >= 0 ? reachesInHalves(v, edge, mid, r, w) : 3; // bit s: possible in half s
            long pair = pairHint(pairWitness[q], r);
            for (int s = 0; s < 2 && pair >= 0; s++) {
                if ((in & (1 << s)) != 0 && pairs.holds(kids[s], r, pair)) {
                    in &= ~(1 << s);
                }
            }
            for (int o = 0; o < r.length && in != 0; o += n) {
                if (o != w) {
                    int reached = reachesInHalves(v, edge, mid, r, o);
                    if ((in & ~reached) != 0) {
                        witness[q] = o;
                        in &= reached;
                    }
                }
            }
            for (int s = 0; s < 2; s++) {
                if ((in & (1 << s)) != 0) {
                    out[s][count[s]++] = q;
                }
            }
        }
        return new int[][] {Arrays.copyOf(out[0], count[0]), Arrays.copyOf(out[1], count[1])};
    }

    /**
     * Which halves of the split ({@link #possibleInHalves}) have a vertex putting the rival at offset
     * o of r at eps or beyond: bit s for the half without vertex {@code edge[s]}.
     */
    private int reachesInHalves(double[][] v, int[] edge, double[] mid, double[] r, int o) {
        for (int k = 0; k < n; k++) {
            if (k != edge[0] && k != edge[1] && reachedAt(v[k], r, o)) {
                return 3;
            }
        }
        if (reachedAt(mid, r, o)) {
            return 3;
        }
        return (reachedAt(v[edge[1]], r, o) ? 1 : 0) | (reachedAt(v[edge[0]], r, o) ? 2 : 0);
    }

    private boolean reachedAt(double[] vertex, double[] r, int o) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += vertex[k] * r[o + k];
        }
        return s >= eps - round;
    }

    /** Some vertex of v puts the rival at offset o of r at eps or beyond: max_v v . e >= eps. */
    private boolean reaches(double[][] v, double[] r, int o) {
        for (double[] vertex : v) {
            if (reachedAt(vertex, r, o)) {
                return true;
            }
        }
        return false;
    }
}

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
 * <p>
 * <b>Rivals that cross a cell, and sure records.</b> A rival with min_v v . e_ij >= eps (every
 * vertex reaches it) is beaten by every w of the cell, and so of every cell inside it (each w there
 * is a convex combination of the same vertices): it can rule the record out of none of them, alone
 * or in a pair. So each record carries the set of its rivals that cross the cell (some vertex below
 * eps), as a bit mask, and a split checks only those. A record whose mask is empty is sure: linked,
 * as far as its rivals go, by every w of the cell; it is kept before the others
 * ({@link CellKept}) and not checked again in the cells split from it. A record that had a rival
 * appended since its cell was checked ({@link CellKept#current}) is checked against all its
 * rivals again. The methods take a cell's records as of the rivals held now. Near the optimum most
 * records are sure and the others cross one or two rivals
 * (docs/learning.md, "Rivals that cross a cell").
 * <p>
 * <b>Low vertices.</b> On up to {@link CellKept#LOW_VERTICES} variables each crossing rival (0 .. 30)
 * also carries the set L of the cell's vertices where it is below eps. A split replaces vertex
 * edge[s] by the midpoint m in half s and keeps the others at their indices, so the half's set is
 * L less edge[s], plus edge[s] if the rival is below eps at m: one product per crossing rival and
 * split, where finding a vertex on each side of eps took 3.8 on average (the record is ruled out
 * of the half when the set is every vertex, and the rival stops crossing it when the set is empty).
 * A record opened again after an append gets its rivals' sets from every vertex; rivals 31 and
 * later, and files of more variables, carry none and are checked as before (a vertex on each side
 * of eps sought among the shared vertices, the midpoint and the ends).
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
    /** Whether the cells keep their open records' low vertices ({@link CellKept#LOW_VERTICES}). */
    private final boolean lows;
    /** Every vertex of a cell: the low-vertex mask of a rival that no vertex reaches. */
    private final int full;

    CellRecords(int n, double eps, double round, CellRivals rivals) {
        this.n = n;
        this.eps = eps;
        this.round = round;
        this.rivals = rivals;
        witness = new int[rivals.records()];
        Arrays.fill(witness, -1);
        pairWitness = new long[rivals.records()];
        lows = n <= CellKept.LOW_VERTICES;
        full = (1 << n) - 1;
        Arrays.fill(pairWitness, -1);
    }

    /**
     * The same records less the open ones that a pair of their crossing rivals rules out of the cell
     * ({@link RivalPairs}).
     */
    CellKept pairedOut(double[][] v, CellKept from, RivalPairs pairs) {
        int[] open = from.open();
        CellKept.Builder out = new CellKept.Builder(from, open.length, from.version(), lows);
        int at = 0; // record p's first low-vertex mask
        for (int p = 0; p < open.length; p++) {
            int q = open[p];
            int m = from.crossing(p);
            long pair = pairs.find(v, rivals.of(q), m);
            if (pair >= 0) {
                pairWitness[q] = pair;
            } else {
                out.open(q, m, from.lows(), at);
            }
            at += CellKept.lowsOf(m);
        }
        return out.kept();
    }

    /** A witness offset, or -1 when it lies beyond the rivals r (set by a worker that saw more of them). */
    private static int hint(int offset, double[] r) {
        return offset < r.length ? offset : -1;
    }

    /** A pair witness, or -1 when either offset lies beyond the rivals r. */
    private static long pairHint(long pair, double[] r) {
        return pair >= 0 && (int) (pair >>> 32) < r.length && (int) pair < r.length ? pair : -1;
    }

    /**
     * The records of {@code from} with no rival below eps at every vertex and no pair witness
     * holding, each checked against all its rivals, the sure ones first.
     */
    CellKept possible(double[][] v, int[] from, RivalPairs pairs) {
        CellKept.Builder out = new CellKept.Builder(null, from.length, rivals.version(), lows); // read before the rivals
        int[] low = new int[31]; // per rival 0 .. 30 crossing the cell, its low vertices
        for (int q : from) {
            double[] r = rivals.of(q);
            long pair = pairHint(pairWitness[q], r);
            if (pair >= 0 && pairs.holds(v, r, pair)) {
                continue; // the pair that ruled q out of an earlier cell rules it out here too
            }
            int w = hint(witness[q], r);
            boolean in = true;
            int m = 0;
            int count = r.length / n;
            for (int k = -1; k < count && in; k++) {
                int o = k < 0 ? w : k * n;
                if (o < 0 || (k >= 0 && o == w)) {
                    continue;
                }
                int below = lowIn(v, r, o);
                if (below == full) {
                    witness[q] = o;
                    in = false;
                } else if (below != 0) {
                    m |= CellKept.bit(o / n);
                    if (o / n < 31) {
                        low[o / n] = below;
                    }
                }
            }
            if (in) {
                out.add(q, m, low);
            }
        }
        return out.kept();
    }

    /**
     * {@link #possible} for both halves of a split at once: {@code kids[s]} is v with vertex
     * {@code edge[s]} replaced by {@code mid}. Only the rivals that cross the cell are checked (the
     * others reach every vertex of both halves), and the vertices the halves share are tried once
     * for both; the records kept are the same as two separate calls would keep.
     */
    CellKept[] possibleInHalves(double[][] v, int[] edge, double[] mid, double[][][] kids, CellKept from,
            RivalPairs pairs) {
        int[] open = from.open();
        CellKept.Builder[] out = {new CellKept.Builder(from, open.length, from.version(), lows),
            new CellKept.Builder(from, open.length, from.version(), lows)}; // from's sure records: sure in both halves
        byte[] fromLows = from.lows();
        int[][] low = new int[2][31]; // per half, per rival 0 .. 30 crossing it, its low vertices
        int at = 0; // record p's first low-vertex mask in fromLows
        for (int p = 0; p < open.length; p++) {
            int q = open[p];
            int m = from.crossing(p);
            int first = at;
            at += CellKept.lowsOf(m);
            double[] r = rivals.of(q);
            int in = 3; // bit s: possible in half s
            long pair = pairHint(pairWitness[q], r);
            boolean bothCross = pair >= 0 && (m & CellKept.bit((int) (pair >>> 32) / n)) != 0
                    && (m & CellKept.bit((int) pair / n)) != 0; // otherwise one rival alone decides
            if (bothCross) {
                for (int s = 0; s < 2; s++) {
                    if (pairs.holds(kids[s], r, pair)) {
                        in &= ~(1 << s);
                    }
                }
            }
            int m0 = 0; // the rivals that cross half 0
            int m1 = 0;
            int count = r.length / n;
            int w = hint(witness[q], r);
            int wk = w >= 0 && (m & CellKept.bit(w / n)) != 0 ? w / n : -1; // the witness, tried first
            for (int k = wk >= 0 ? wk : CellKept.next(m, -1, count); k >= 0 && in != 0; k = after(m, k, wk, count)) {
                int bits;
                if (lows && k < 31) {
                    int was = fromLows == null ? 0 : fromLows[first + Integer.bitCount(m & ((1 << k) - 1))] & 0xff;
                    bits = lowsInHalves(v, edge, mid, r, k, was == 0 ? lowIn(v, r, k * n) : was, low);
                } else {
                    bits = reachedInHalves(v, edge, mid, r, k * n);
                }
                int reached = bits & 3;
                if ((in & ~reached) != 0) {
                    witness[q] = k * n;
                    in &= reached;
                }
                int b = CellKept.bit(k);
                m0 |= (bits & 4) == 0 ? b : 0;
                m1 |= (bits & 8) == 0 ? b : 0;
            }
            if ((in & 1) != 0) {
                out[0].add(q, m0, low[0]);
            }
            if ((in & 2) != 0) {
                out[1].add(q, m1, low[1]);
            }
        }
        return new CellKept[] {out[0].kept(), out[1].kept()};
    }

    /**
     * The crossing rival (of the {@code count} that mask m holds) to try after rival k, when rival wk
     * (-1: none) was tried first: the others in order, wk skipped.
     */
    private static int after(int m, int k, int wk, int count) {
        int next = CellKept.next(m, k == wk ? -1 : k, count);
        return next == wk && next >= 0 ? CellKept.next(m, next, count) : next;
    }

    /**
     * Which halves of the split ({@link #possibleInHalves}) have a vertex putting the rival at offset
     * o of r at eps or beyond (bit s for the half without vertex {@code edge[s]}), and which have
     * all their vertices so (bit 2 + s).
     */
    private int reachedInHalves(double[][] v, int[] edge, double[] mid, double[] r, int o) {
        boolean any = false;
        boolean shared = true;
        for (int k = 0; k < n && (shared || !any); k++) {
            if (k != edge[0] && k != edge[1]) {
                boolean at = reachedAt(v[k], r, o);
                any |= at;
                shared &= at;
            }
        }
        if (!any || shared) {
            boolean at = reachedAt(mid, r, o);
            any |= at;
            shared &= at;
        }
        if (any && !shared) {
            return 3; // a vertex of both halves reaches it, another is below eps
        }
        int ends = (reachedAt(v[edge[1]], r, o) ? 1 : 0) | (reachedAt(v[edge[0]], r, o) ? 2 : 0);
        return shared ? 3 | ends << 2 : ends;
    }

    /**
     * {@link #reachedInHalves} for rival k of r from its low vertices in the cell ({@code was}): the
     * halves keep the cell's vertices but one, and the one replaced ({@code edge[s]} in half s) is
     * the split edge's midpoint in both, so only the rival's value there is needed. Writes each
     * half's low vertices of the rival to {@code low[s][k]}.
     */
    private int lowsInHalves(double[][] v, int[] edge, double[] mid, double[] r, int k, int was, int[][] low) {
        int atMid = reachedAt(mid, r, k * n) ? 0 : 1;
        int l0 = was & ~(1 << edge[0]) | atMid << edge[0];
        int l1 = was & ~(1 << edge[1]) | atMid << edge[1];
        low[0][k] = l0;
        low[1][k] = l1;
        return (l0 != full ? 1 : 0) | (l1 != full ? 2 : 0) | (l0 == 0 ? 4 : 0) | (l1 == 0 ? 8 : 0);
    }

    /** The vertices of v (bit b: vertex b) that put the rival at offset o of r below eps. */
    private int lowIn(double[][] v, double[] r, int o) {
        int below = 0;
        for (int b = 0; b < v.length; b++) {
            below |= reachedAt(v[b], r, o) ? 0 : 1 << b;
        }
        return below;
    }

    private boolean reachedAt(double[] vertex, double[] r, int o) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += vertex[k] * r[o + k];
        }
        return s >= eps - round;
    }
}

package org.reident.learn;

import java.util.ArrayList;
import java.util.List;

/**
 * A lower bound on the least hitting set of some conflicts, piece by piece: conflicts that share no
 * record, directly or through others, form separate pieces (the components of the graph that joins
 * two records when a conflict holds both), and a least cover of the whole is the sum of the pieces'
 * least covers. So a sum of lower bounds of the pieces is one of the whole.
 * <p>
 * Verify's use ({@link CertificateCheck}): the conflicts of the groups learned alone ({@link GroupBound})
 * fall apart into one piece per group, a few dozen records each, which a solver closes at once, where
 * the union with the run's own conflicts (one piece of thousands of conflicts) is not closed in a
 * minute (the whole Census released by JPEG q = 50, CI: 477 records proven against the groups' 407,
 * stop 89).
 */
final class CoverPieces {
    /** Bounds one piece: its conflicts over records 0..records-1, the seconds it may take; {lower bound, 1 when exact}. */
    interface Solver {
        long[] bound(List<int[]> cuts, int records, double seconds);
    }

    /** The sum of the pieces' bounds, the pieces, and how many of them were closed (their least cover found). */
    record Result(long lower, int pieces, int exact) {
    }

    private CoverPieces() {
    }

    /** Splits {@code cuts} (over records 0..records-1) into pieces and bounds each within its share of {@code seconds}. */
    static Result bound(List<int[]> cuts, int records, double seconds, Solver solver) {
        List<List<int[]>> pieces = pieces(cuts, records);
        double deadline = StopRequest.now() + seconds;
        long lower = 0;
        int exact = 0;
        int[] local = new int[records];
        java.util.Arrays.fill(local, -1);
        for (int p = 0; p < pieces.size(); p++) {
            List<int[]> piece = pieces.get(p);
            int k = 0;
            List<int[]> mapped = new ArrayList<>(piece.size());
            for (int[] c : piece) {
                int[] m = new int[c.length];
                for (int q = 0; q < c.length; q++) {
                    if (local[c[q]] < 0) {
                        local[c[q]] = k++;
                    }
                    m[q] = local[c[q]];
                }
                mapped.add(m);
            }
            for (int[] c : piece) {
                for (int r : c) {
                    local[r] = -1;
                }
            }
            double share = (deadline - StopRequest.now()) / (pieces.size() - p);
            long[] b = share > 0 && !StopRequest.requested() ? solver.bound(mapped, k, share) : new long[] {1, 0};
            lower += Math.max(1, b[0]); // a piece holds a conflict: at least one record
            exact += b[1] == 1 ? 1 : 0;
        }
        return new Result(lower, pieces.size(), exact);
    }

    /** The conflicts grouped by piece, in the order of each piece's first conflict. */
    static List<List<int[]>> pieces(List<int[]> cuts, int records) {
        int[] parent = new int[records];
        for (int r = 0; r < records; r++) {
            parent[r] = r;
        }
        for (int[] c : cuts) {
            for (int q = 1; q < c.length; q++) {
                int a = root(parent, c[0]);
                int b = root(parent, c[q]);
                if (a != b) {
                    parent[a] = b;
                }
            }
        }
        int[] pieceOf = new int[records];
        java.util.Arrays.fill(pieceOf, -1);
        List<List<int[]>> pieces = new ArrayList<>();
        for (int[] c : cuts) {
            if (c.length == 0) {
                continue;
            }
            int root = root(parent, c[0]);
            if (pieceOf[root] < 0) {
                pieceOf[root] = pieces.size();
                pieces.add(new ArrayList<>());
            }
            pieces.get(pieceOf[root]).add(c);
        }
        return pieces;
    }

    private static int root(int[] parent, int r) {
        while (parent[r] != r) {
            parent[r] = parent[parent[r]];
            r = parent[r];
        }
        return r;
    }
}

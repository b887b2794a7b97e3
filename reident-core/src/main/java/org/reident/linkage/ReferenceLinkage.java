package org.reident.linkage;

import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;

/**
 * Naive reference implementation of distance-based record linkage: single-threaded, a plain double
 * loop over (query, reference) pairs, every distance computed from its textbook definition by
 * {@link ReferenceDistances}, the full row of distances of a query record stored before counting.
 * It is the baseline of the benchmarks and the oracle of the tests of {@link LinkageEngine}, whose
 * counting rules and tie tolerance it follows (see the class comment there and {@link LinkageResult}):
 * <ul>
 * <li>tol = {@link LinkageEngine#RELATIVE_TIE_TOLERANCE} times the median |d| over the same sample of
 * up to 512 pairs (q = s nq / samples, j = (7919 s + 13) mod nr), with this class's distances; for
 * the kernel, per query, the same times the true match's distance, at least a floor
 * ({@link ReferenceDistances#tieScale});</li>
 * <li>rank = 1 + #{j != t : d_j &lt; d_t - tol}, ties = 1 + #{j != t : |d_j - d_t| &lt;= tol},
 * margin = min_{j != t} d_j - d_t (t the true match), rival = the lowest j != t at that minimum;</li>
 * <li>re-identified strictly iff rank = 1 and ties = 1; expected credit 1/ties iff rank = 1;</li>
 * <li>linked = the lowest j with d_j &lt;= min + tol, tiesAtMin = #{j : d_j &lt;= min + tol}.</li>
 * </ul>
 */
public final class ReferenceLinkage {
    private ReferenceLinkage() {
    }

    /**
     * Links every query record (original records, or protected ones when {@code options.reverse()})
     * to the reference file.
     *
     * @param model parameters of WM, OWA, CI or SB; null means {@link DistanceModel#neutral}; ignored
     *              by the other methods
     */
    public static LinkageResult link(Method method, DistanceModel model, LinkageData data, DistanceOptions options) {
        return link(ReferenceDistances.of(method, model, data, options));
    }

    /** Links the query records of prepared reference distances, with their own ground truth. */
    public static LinkageResult link(ReferenceDistances d) {
        int nq = d.queryCount();
        int nr = d.referenceCount();
        int[] truth = d.truth();
        double tol = tolerance(d);
        int[] linked = new int[nq];
        int[] rank = new int[nq];
        int[] ties = new int[nq];
        int[] tiesAtMin = new int[nq];
        double[] margin = new double[nq];
        int[] rival = new int[nq];
        double[] row = new double[nr];
        double global = tol;
        for (int q = 0; q < nq; q++) {
            double scale = d.tieScale(q, truth[q] >= 0 ? d.distance(q, truth[q]) : Double.NaN);
            tol = Double.isNaN(scale) ? global : LinkageEngine.RELATIVE_TIE_TOLERANCE * scale;
            double min = Double.POSITIVE_INFINITY;
            for (int j = 0; j < nr; j++) {
                row[j] = d.distance(q, j);
                min = Math.min(min, row[j]);
            }
            linked[q] = -1;
            for (int j = 0; j < nr; j++) {
                if (row[j] <= min + tol) {
                    if (linked[q] < 0) {
                        linked[q] = j;
                    }
                    tiesAtMin[q]++;
                }
            }
            int t = truth[q];
            rival[q] = -1;
            if (t < 0) {
                margin[q] = Double.NaN;
                continue;
            }
            double dt = row[t];
            double minOther = Double.POSITIVE_INFINITY;
            rank[q] = 1;
            ties[q] = 1;
            for (int j = 0; j < nr; j++) {
                if (j == t) {
                    continue;
                }
                if (row[j] < dt - tol) {
                    rank[q]++;
                }
                if (Math.abs(row[j] - dt) <= tol) {
                    ties[q]++;
                }
                if (row[j] < minOther) {
                    minOther = row[j];
                    rival[q] = j;
                }
            }
            margin[q] = minOther - dt;
        }
        return new LinkageResult(linked, rank, ties, tiesAtMin, margin, rival);
    }

    /** The absolute tie tolerance: the engine's rule, with this class's distances. */
    public static double tolerance(ReferenceDistances d) {
        return LinkageEngine.tolerance(d.queryCount(), d.referenceCount(), d::distance);
    }
}

package org.reident.distance;

import java.util.List;

/**
 * Parameters of a parametrised distance, as read from (and, by {@code learn}, written to) a model
 * file. Exactly one of the arrays is used, by {@link #method()}:
 * WM and OWA: {@code weights} (n values on the simplex); CI: {@code measure} (2^n values, index =
 * subset bit mask, bit k = variable k); SB and MD*: {@code matrix} (n x n row-major, symmetric).
 * Instances are validated on construction by {@link ModelFile} (the front door).
 *
 * @param method         WM, OWA, CHOQUET, BILINEAR or MD_STAR
 * @param aggregator     the aggregator name as written (e.g. "wm-m", "bilinear-nc")
 * @param variables      the quasi-identifiers the parameters refer to, in order
 * @param standardization the standardisation the parameters were learned with, or null
 * @param values         the weights, the measure or the matrix
 */
public record DistanceModel(Method method, String aggregator, List<String> variables,
        Standardization standardization, double[] values) {

    public int dimension() {
        return variables.size();
    }

    /** Equal weights / the equilibrium measure |A|/n / I/n: the parametrisation that equals AM. */
    public static DistanceModel neutral(Method method, List<String> variables) {
        int n = variables.size();
        double[] v;
        switch (method) {
            case WM:
            case OWA:
                v = new double[n];
                java.util.Arrays.fill(v, 1.0 / n);
                break;
            case CHOQUET:
                v = new double[1 << n];
                for (int mask = 0; mask < v.length; mask++) {
                    v[mask] = Integer.bitCount(mask) / (double) n;
                }
                break;
            case BILINEAR:
            case MD_STAR:
                v = new double[n * n];
                for (int k = 0; k < n; k++) {
                    v[k * n + k] = 1.0 / n;
                }
                break;
            default:
                throw new IllegalArgumentException(method + " takes no parameters");
        }
        return new DistanceModel(method, method.label(), List.copyOf(variables), null, v);
    }
}

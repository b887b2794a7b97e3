package org.reident.measure;

/**
 * IL1s, the mean absolute error scaled by each variable's spread (Yancey, Winkler and Creecy,
 * "Disclosure risk assessment in perturbative microdata protection", 2002):
 *
 * <pre>IL1s = 1 / (p n) * sum_j sum_i |x_ij - y_ij| / (sqrt(2) S_j)</pre>
 *
 * over the n matched pairs and p variables, with S_j the standard deviation (divisor n - 1) of
 * original variable j. 0 when nothing is masked; additive noise of sd c S_j gives about
 * c / sqrt(pi) (the mean of |N(0, c^2 S_j^2)| is c S_j sqrt(2 / pi)).
 */
public final class InformationLoss {
    private InformationLoss() {
    }

    /** IL1s of the matched pairs: the mean of {@link #byVariable}; every original column must vary. */
    public static double il1s(PairedColumns c) {
        return Moments.mean(byVariable(c));
    }

    /** Each variable's share: (1 / n) sum_i |x_ij - y_ij| / (sqrt(2) S_j). */
    public static double[] byVariable(PairedColumns c) {
        int p = c.original().length;
        int n = c.pairs();
        double[] out = new double[p];
        for (int j = 0; j < p; j++) {
            double[] x = c.original()[j];
            double[] y = c.masked()[j];
            double sd = Math.sqrt(Moments.centralMoment(x, Moments.mean(x), 2) * n / (n - 1));
            if (!(sd > 0)) {
                throw new IllegalArgumentException("variable " + c.variables().get(j) + " is constant in the original file");
            }
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += Math.abs(x[i] - y[i]);
            }
            out[j] = sum / (Math.sqrt(2) * sd * n);
        }
        return out;
    }
}

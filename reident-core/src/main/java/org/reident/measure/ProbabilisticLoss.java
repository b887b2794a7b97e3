package org.reident.measure;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Probabilistic information loss (PIL; Mateo-Sanz, Domingo-Ferrer and Sebé, "Probabilistic
 * information loss measures in confidentiality protection of continuous microdata", 2005), the
 * information-loss half of the score in Table 5 of symmetric-bilinear-form.txt.
 *
 * <p>A statistic theta estimated on the original records (theta_X) and on their protected versions
 * (theta_Y) differs by a discrepancy that, were the protected file just another sample, would be
 * about normal with the estimator's variance. Its loss is the probability mass that discrepancy
 * covers:
 *
 * <pre>pil(theta) = 2 * (Phi(|theta_Y - theta_X| / sqrt(Var(theta_X))) - 1/2)   in [0, 1)</pre>
 *
 * (0 for no change; 1 for any change of a statistic whose estimated variance is 0). The measure is
 * the mean of five groups, each the mean of its statistics, in percent: means, variances,
 * covariances (pairs j &lt; k), Pearson correlations (j &lt; k) and the quantiles at 5, 10, ..., 95
 * percent of every variable; with one variable the two pair groups do not exist and the mean is
 * over three. The estimators' variances, from the original records' sample moments m_rs
 * (Cramér 1946, sections 27.4-27.8 and 28.5):
 * <ul>
 *   <li>mean: m_2 / (n - 1);</li>
 *   <li>variance m_2: ((n-1)^2 / n^3) (m_4 - m_2^2) + (2 (n-1) / n^3) m_2^2;</li>
 *   <li>covariance m_11: ((n-1)^2 / n^3) (m_22 - m_11^2) + ((n-1) / n^3) (m_11^2 + m_20 m_02);</li>
 *   <li>correlation r = m_11 / sqrt(m_20 m_02): (1/n) [ (r^2/4) (m_40/m_20^2 + m_04/m_02^2 +
 *       2 m_22/(m_20 m_02)) + m_22/(m_20 m_02) - r (m_31/(m_20^1.5 m_02^0.5) + m_13/(m_20^0.5 m_02^1.5)) ],
 *       the delta method without a normality assumption ((1 - r^2)^2 / n for normal data; a negative
 *       value, possible on odd samples since the moments are estimates, is taken as 0);</li>
 *   <li>quantile Q(a): a (1 - a) / (n f(Q(a))^2), with 1 / f estimated by the difference quotient
 *       (Q(a + b) - Q(a - b)) / (2 b) (Siddiqui) and Hall and Sheather's bandwidth
 *       b = n^(-1/3) 1.96^(2/3) (1.5 phi(z_a)^2 / (2 z_a^2 + 1))^(1/3), the quantile levels clipped
 *       to [0, 1]. The paper's own estimator is not in our sources; this is ours.</li>
 * </ul>
 * Quantiles are Hyndman and Fan's type 7 (linear interpolation between order statistics).
 */
public final class ProbabilisticLoss {
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);
    private static final int QUANTILES = 19;

    /**
     * The five groups' losses and their mean, each in percent; a group without statistics is NaN.
     *
     * @param means        PIL over the variables' means
     * @param variances    over their variances
     * @param covariances  over the covariances of pairs of variables
     * @param correlations over their correlations
     * @param quantiles    over the quantiles at 5, 10, ..., 95 percent of every variable
     * @param total        the mean of the groups that exist: the PIL
     * @param byVariable   each variable's loss on its mean, its variance and its quantiles (the mean
     *                     of its 19), in percent: {@code byVariable[j] = {mean, variance, quantiles}}
     */
    public record Result(double means, double variances, double covariances, double correlations, double quantiles,
            double total, double[][] byVariable) {
    }

    private ProbabilisticLoss() {
    }

    /** PIL of the matched pairs. */
    public static Result of(PairedColumns c) {
        int p = c.original().length;
        int n = c.pairs();
        double[][] x = c.original();
        double[][] y = c.masked();
        double[] mx = new double[p];
        double[] my = new double[p];
        double[] vx = new double[p];
        double[] vy = new double[p];
        double[] m4 = new double[p];
        double means = 0;
        double variances = 0;
        double quantiles = 0;
        double[][] byVariable = new double[p][];
        for (int j = 0; j < p; j++) {
            mx[j] = Moments.mean(x[j]);
            my[j] = Moments.mean(y[j]);
            vx[j] = Moments.centralMoment(x[j], mx[j], 2);
            vy[j] = Moments.centralMoment(y[j], my[j], 2);
            m4[j] = Moments.centralMoment(x[j], mx[j], 4);
            double mean = loss(my[j] - mx[j], vx[j] / (n - 1));
            double variance = loss(vy[j] - vx[j], varianceOfVariance(vx[j], m4[j], n));
            double quantile = quantileLoss(x[j], y[j]);
            means += mean;
            variances += variance;
            quantiles += quantile;
            byVariable[j] = new double[] {100 * mean, 100 * variance, 100 * quantile / QUANTILES};
        }
        double covariances = 0;
        double correlations = 0;
        int pairs = 0;
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                double m11 = Moments.centralMoment(x[j], mx[j], 1, x[k], mx[k], 1);
                double m22 = Moments.centralMoment(x[j], mx[j], 2, x[k], mx[k], 2);
                double m31 = Moments.centralMoment(x[j], mx[j], 3, x[k], mx[k], 1);
                double m13 = Moments.centralMoment(x[j], mx[j], 1, x[k], mx[k], 3);
                double c11 = Moments.centralMoment(y[j], my[j], 1, y[k], my[k], 1);
                covariances += loss(c11 - m11, varianceOfCovariance(m11, vx[j], vx[k], m22, n));
                double rx = m11 / Math.sqrt(vx[j] * vx[k]);
                double ry = c11 / Math.sqrt(vy[j] * vy[k]);
                correlations += loss(ry - rx, varianceOfCorrelation(rx, vx[j], vx[k], m22, m31, m13, m4[j], m4[k], n));
                pairs++;
            }
        }
        double gm = 100 * means / p;
        double gv = 100 * variances / p;
        double gq = 100 * quantiles / (p * (double) QUANTILES);
        if (pairs == 0) {
            return new Result(gm, gv, Double.NaN, Double.NaN, gq, (gm + gv + gq) / 3, byVariable);
        }
        double gc = 100 * covariances / pairs;
        double gr = 100 * correlations / pairs;
        return new Result(gm, gv, gc, gr, gq, (gm + gv + gc + gr + gq) / 5, byVariable);
    }

    /** 2 (Phi(|d| / sqrt(var)) - 1/2); 0 or 1 when the variance is 0 (or not a number). */
    static double loss(double difference, double variance) {
        double d = Math.abs(difference);
        if (d == 0) {
            return 0;
        }
        if (!(variance > 0)) {
            return 1;
        }
        // 2 Phi(z) - 1 = 1 - 2 Phi(-z), the latter without cancellation for large z
        return 1 - 2 * NORMAL.cumulativeProbability(-d / Math.sqrt(variance));
    }

    static double varianceOfVariance(double m2, double m4, int n) {
        double nn = n;
        return (nn - 1) * (nn - 1) / (nn * nn * nn) * (m4 - m2 * m2) + 2 * (nn - 1) / (nn * nn * nn) * m2 * m2;
    }

    static double varianceOfCovariance(double m11, double m20, double m02, double m22, int n) {
        double nn = n;
        return (nn - 1) * (nn - 1) / (nn * nn * nn) * (m22 - m11 * m11) + (nn - 1) / (nn * nn * nn) * (m11 * m11 + m20 * m02);
    }

    static double varianceOfCorrelation(double r, double m20, double m02, double m22, double m31, double m13, double m40,
            double m04, int n) {
        double v = r * r / 4 * (m40 / (m20 * m20) + m04 / (m02 * m02) + 2 * m22 / (m20 * m02)) + m22 / (m20 * m02)
                - r * (m31 / (Math.pow(m20, 1.5) * Math.sqrt(m02)) + m13 / (Math.sqrt(m20) * Math.pow(m02, 1.5)));
        return Math.max(0, v) / n;
    }

    /** The sum over a = 0.05, ..., 0.95 of pil(Q(a)). */
    private static double quantileLoss(double[] x, double[] y) {
        double[] sx = x.clone();
        double[] sy = y.clone();
        Arrays.sort(sx);
        Arrays.sort(sy);
        int n = x.length;
        double sum = 0;
        for (int q = 1; q <= QUANTILES; q++) {
            double a = q / 20.0;
            double b = hallSheather(a, n);
            double lo = Math.max(0, a - b);
            double hi = Math.min(1, a + b);
            double sparsity = (quantile(sx, hi) - quantile(sx, lo)) / (hi - lo);
            sum += loss(quantile(sy, a) - quantile(sx, a), a * (1 - a) / n * sparsity * sparsity);
        }
        return sum;
    }

    /** Hall and Sheather's bandwidth for the sparsity at level a (95% confidence). */
    static double hallSheather(double a, int n) {
        double z = NORMAL.inverseCumulativeProbability(a);
        double phi = NORMAL.density(z);
        return Math.pow(n, -1.0 / 3) * Math.pow(1.959963984540054, 2.0 / 3) * Math.cbrt(1.5 * phi * phi / (2 * z * z + 1));
    }

    /** Hyndman and Fan type 7: x_(floor(h)) + (h - floor(h)) (x_(floor(h)+1) - x_(floor(h))), h = (n - 1) a. */
    static double quantile(double[] sorted, double a) {
        double h = (sorted.length - 1) * a;
        int i = (int) Math.floor(h);
        if (i >= sorted.length - 1) {
            return sorted[sorted.length - 1];
        }
        return sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
    }
}

package org.reident.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ProbabilisticLossTest {

    @Test
    void lossIsTheCoveredNormalMass() {
        assertEquals(0, ProbabilisticLoss.loss(0, 0));
        assertEquals(1, ProbabilisticLoss.loss(1e-9, 0));
        assertEquals(0.9500042097, ProbabilisticLoss.loss(-1.96 * 3, 9), 1e-9); // 2 Phi(1.96) - 1
        assertEquals(0.6826894921, ProbabilisticLoss.loss(2, 4), 1e-9); // one sd
    }

    @Test
    void unmaskedLosesNothing() {
        Random r = new Random(3);
        double[][] x = new double[3][300];
        for (int i = 0; i < 300; i++) {
            x[0][i] = r.nextGaussian();
            x[1][i] = x[0][i] + r.nextDouble();
            x[2][i] = Math.exp(r.nextGaussian());
        }
        ProbabilisticLoss.Result p = ProbabilisticLoss.of(InformationLossTest.columns(x, x));
        assertEquals(0, p.total());
        assertEquals(0, p.correlations());
    }

    /** A shift of 1.96 standard errors of the mean costs 95% on the means and nothing on the second moments. */
    @Test
    void aShiftCostsTheMeans() {
        int n = 100;
        double[][] x = new double[2][n];
        double[][] y = new double[2][n];
        double shift = 1.96 * Math.sqrt(1.0 / (n - 1)); // m_2 = 1 below
        for (int i = 0; i < n; i++) {
            x[0][i] = i % 2 == 0 ? 1 : -1;
            x[1][i] = i % 4 < 2 ? 2 : -2;
            y[0][i] = x[0][i] + shift;
            y[1][i] = x[1][i];
        }
        ProbabilisticLoss.Result p = ProbabilisticLoss.of(InformationLossTest.columns(x, y));
        assertEquals(100 * (0.9500042097 + 0) / 2, p.means(), 1e-6);
        assertEquals(0, p.variances(), 1e-9);
        assertEquals(0, p.covariances(), 1e-9);
        assertEquals(0, p.correlations(), 1e-9);
        assertEquals((p.means() + p.variances() + p.covariances() + p.correlations() + p.quantiles()) / 5, p.total(), 1e-12);
    }

    @Test
    void oneVariableAveragesThreeGroups() {
        double[][] x = {{1, 2, 3, 4, 6}};
        double[][] y = {{1, 2, 3, 5, 6}};
        ProbabilisticLoss.Result p = ProbabilisticLoss.of(InformationLossTest.columns(x, y));
        assertTrue(Double.isNaN(p.covariances()) && Double.isNaN(p.correlations()));
        assertEquals((p.means() + p.variances() + p.quantiles()) / 3, p.total(), 1e-12);
        assertTrue(p.means() > 0 && p.variances() > 0);
    }

    /**
     * The variance of m_2 (exact for every n) against 1,000,000 samples of 5 exponential values (so
     * small that the 1/n^2 terms are 6% of it).
     */
    @Test
    void varianceOfVarianceMatchesSimulation() {
        int n = 5;
        int samples = 1_000_000;
        Random r = new Random(23);
        double[] m2 = new double[samples];
        double[] v = new double[n];
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                v[i] = -Math.log(1 - r.nextDouble());
            }
            m2[s] = Moments.centralMoment(v, Moments.mean(v), 2);
        }
        double simulated = Moments.centralMoment(m2, Moments.mean(m2), 2);
        // Exp(1): mu_2 = 1, mu_4 = 9
        assertEquals(ProbabilisticLoss.varianceOfVariance(1, 9, n), simulated, 0.025 * simulated);
    }

    /** The variance of m_11 against simulation of a skewed, correlated pair of 5 records. */
    @Test
    void varianceOfCovarianceMatchesSimulation() {
        int n = 5;
        int samples = 1_000_000;
        Random r = new Random(29);
        double[] m11 = new double[samples];
        double[] a = new double[n];
        double[] b = new double[n];
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                double e = -Math.log(1 - r.nextDouble());
                a[i] = e;
                b[i] = e + r.nextGaussian();
            }
            m11[s] = Moments.centralMoment(a, Moments.mean(a), 1, b, Moments.mean(b), 1);
        }
        double simulated = Moments.centralMoment(m11, Moments.mean(m11), 2);
        // a ~ Exp(1), b = a + N(0,1): mu_11 = 1, mu_20 = 1, mu_02 = 2, mu_22 = E[(a-1)^2 ((a-1) + z)^2] = mu_4 + mu_2 = 10
        assertEquals(ProbabilisticLoss.varianceOfCovariance(1, 1, 2, 10, n), simulated, 0.025 * simulated);
    }

    /** Normal moments reduce the correlation's variance to (1 - rho^2)^2 / n. */
    @Test
    void varianceOfCorrelationIsTheNormalOneForNormalMoments() {
        for (double rho : new double[] {-0.9, -0.3, 0, 0.5, 0.99}) {
            double sx = 2;
            double sy = 0.5;
            double m20 = sx * sx;
            double m02 = sy * sy;
            double m22 = m20 * m02 * (1 + 2 * rho * rho);
            double m31 = 3 * rho * Math.pow(sx, 3) * sy;
            double m13 = 3 * rho * sx * Math.pow(sy, 3);
            double v = ProbabilisticLoss.varianceOfCorrelation(rho, m20, m02, m22, m31, m13, 3 * m20 * m20, 3 * m02 * m02, 50);
            assertEquals(Math.pow(1 - rho * rho, 2) / 50, v, 1e-15, "rho " + rho);
        }
    }

    /** The correlation's variance from sample moments against simulation of a skewed pair. */
    @Test
    void varianceOfCorrelationMatchesSimulation() {
        int n = 400;
        int samples = 20_000;
        Random r = new Random(31);
        double[] rs = new double[samples];
        double[] a = new double[n];
        double[] b = new double[n];
        double predicted = 0;
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                a[i] = -Math.log(1 - r.nextDouble());
                b[i] = a[i] + 0.7 * r.nextGaussian();
            }
            double ma = Moments.mean(a);
            double mb = Moments.mean(b);
            double m20 = Moments.centralMoment(a, ma, 2);
            double m02 = Moments.centralMoment(b, mb, 2);
            double m11 = Moments.centralMoment(a, ma, 1, b, mb, 1);
            rs[s] = m11 / Math.sqrt(m20 * m02);
            if (s < 200) { // the formula on the sample's own moments, as PIL uses it
                predicted += ProbabilisticLoss.varianceOfCorrelation(rs[s], m20, m02, Moments.centralMoment(a, ma, 2, b, mb, 2),
                        Moments.centralMoment(a, ma, 3, b, mb, 1), Moments.centralMoment(a, ma, 1, b, mb, 3),
                        Moments.centralMoment(a, ma, 4), Moments.centralMoment(b, mb, 4), n) / 200;
            }
        }
        double simulated = Moments.centralMoment(rs, Moments.mean(rs), 2);
        assertEquals(simulated, predicted, 0.12 * simulated);
        // and far from the normal-theory value, which a skewed pair does not follow
        double rho = Moments.mean(rs);
        assertTrue(Math.abs(Math.pow(1 - rho * rho, 2) / n - simulated) > 0.2 * simulated);
    }

    /** The quantile's variance a (1 - a) / (n f^2) with the sparsity estimate, against simulation. */
    @Test
    void quantileVarianceMatchesSimulation() {
        int n = 400;
        int samples = 20_000;
        Random r = new Random(37);
        double a = 0.25;
        double[] q = new double[samples];
        double[] v = new double[n];
        double predicted = 0;
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < n; i++) {
                v[i] = r.nextGaussian();
            }
            java.util.Arrays.sort(v);
            q[s] = ProbabilisticLoss.quantile(v, a);
            if (s < 500) {
                double b = ProbabilisticLoss.hallSheather(a, n);
                double sparsity = (ProbabilisticLoss.quantile(v, a + b) - ProbabilisticLoss.quantile(v, a - b)) / (2 * b);
                predicted += a * (1 - a) / n * sparsity * sparsity / 500;
            }
        }
        double simulated = Moments.centralMoment(q, Moments.mean(q), 2);
        assertEquals(simulated, predicted, 0.1 * simulated);
    }

    @Test
    void quantileIsTypeSeven() {
        double[] s = {1, 2, 4, 8};
        assertEquals(1, ProbabilisticLoss.quantile(s, 0));
        assertEquals(8, ProbabilisticLoss.quantile(s, 1));
        assertEquals(3, ProbabilisticLoss.quantile(s, 0.5)); // h = 1.5
        assertEquals(2 + 0.2 * (4 - 2), ProbabilisticLoss.quantile(s, 0.4), 1e-12); // h = 1.2
    }
}

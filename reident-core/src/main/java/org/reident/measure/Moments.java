package org.reident.measure;

/** Sample means and central moments m_rs = (1/n) sum_i (x_i - xbar)^r (y_i - ybar)^s. */
final class Moments {
    private Moments() {
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** m_r of one column around its mean {@code mx}. */
    static double centralMoment(double[] x, double mx, int r) {
        double s = 0;
        for (double v : x) {
            s += power(v - mx, r);
        }
        return s / x.length;
    }

    /** m_rs of two columns around their means. */
    static double centralMoment(double[] x, double mx, int r, double[] y, double my, int s) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += power(x[i] - mx, r) * power(y[i] - my, s);
        }
        return sum / x.length;
    }

    /** v^r for a small r >= 0 by multiplication (Math.pow costs tens of nanoseconds). */
    static double power(double v, int r) {
        double p = 1;
        for (int k = 0; k < r; k++) {
            p *= v;
        }
        return p;
    }
}

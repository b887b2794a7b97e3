package org.reident.learn;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A lower bound on a minimisation LP's optimum that does not trust the solver's arithmetic: weak
 * duality evaluated exactly from the solver's row duals (Neumaier and Shcherbina, "Safe bounds in
 * linear and mixed-integer linear programming", Math. Program. 99, 2004). For the LP
 * min c.x subject to L <= A x <= U, l <= x <= u, and any vector y,
 * <pre>
 *   c.x = y.(A x) + d.x,  d = c - A^T y,
 *   so  c.x >= sum_i (y_i > 0 ? y_i L_i : y_i U_i) + sum_k (d_k > 0 ? d_k l_k : d_k u_k)
 * </pre>
 * for every feasible x. The sum is computed in exact decimal arithmetic from the doubles the model
 * holds ({@link BigDecimal} of a double is exact, and so are its sums and products), so the bound is
 * valid whatever the solver's tolerances were; the solver's duals only decide how good it is. A dual
 * that would multiply an infinite side is set to 0 first (any y is allowed). When d then has the wrong
 * sign on a variable with an infinite bound (the margin variable t of {@link CertificateCheck}, whose
 * column the duals may overshoot by a rounding), y is scaled down to make that column's d_k zero or
 * positive; if that fails the bound is minus infinity ({@code null}).
 */
final class SafeDualBound {
    private static final MathContext DOWN = new MathContext(40, RoundingMode.DOWN);

    private SafeDualBound() {
    }

    /**
     * The bound of {@code lp}, a minimisation just solved (its duals read), or null when it is minus
     * infinity (a dual meets an infinite bound that no scaling removes).
     */
    static BigDecimal of(MPSolver lp) {
        MPConstraint[] rows = lp.constraints();
        MPVariable[] vars = lp.variables();
        double[] y = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            double v = rows[i].dualValue();
            boolean lowerOk = Double.isFinite(rows[i].lb());
            boolean upperOk = Double.isFinite(rows[i].ub());
            y[i] = v > 0 && lowerOk || v < 0 && upperOk ? v : 0;
        }
        double[][] a = new double[rows.length][vars.length];
        for (int i = 0; i < rows.length; i++) {
            if (y[i] != 0) { // a row without a dual adds nothing: its coefficients are not read (calls into the solver)
                for (int k = 0; k < vars.length; k++) {
                    a[i][k] = rows[i].getCoefficient(vars[k]);
                }
            }
        }
        double[] c = new double[vars.length];
        for (int k = 0; k < vars.length; k++) {
            c[k] = lp.objective().getCoefficient(vars[k]);
        }
        double[] lo = new double[vars.length];
        double[] hi = new double[vars.length];
        double[] rl = new double[rows.length];
        double[] ru = new double[rows.length];
        for (int k = 0; k < vars.length; k++) {
            lo[k] = vars[k].lb();
            hi[k] = vars[k].ub();
        }
        for (int i = 0; i < rows.length; i++) {
            rl[i] = rows[i].lb();
            ru[i] = rows[i].ub();
        }
        return of(c, lo, hi, a, rl, ru, y, lp.objective().offset());
    }

    /**
     * The bound for min c.x + offset subject to rl <= a x <= ru, lo <= x <= hi, from the duals y (a
     * dual on an infinite side must already be 0); null for minus infinity. Plain arrays, so that a
     * test can state an LP by hand.
     */
    static BigDecimal of(double[] c, double[] lo, double[] hi, double[][] a, double[] rl, double[] ru, double[] y,
            double offset) {
        BigDecimal[] by = new BigDecimal[y.length];
        for (int i = 0; i < y.length; i++) {
            by[i] = new BigDecimal(y[i]);
        }
        BigDecimal[] d = reduced(c, a, by);
        // scale y down where d_k < 0 meets hi_k = +inf (or d_k > 0 meets lo_k = -inf): d_k = c_k - s (A^T y)_k
        BigDecimal scale = BigDecimal.ONE;
        for (int k = 0; k < c.length; k++) {
            boolean bad = d[k].signum() < 0 && !Double.isFinite(hi[k]) || d[k].signum() > 0 && !Double.isFinite(lo[k]);
            if (bad) {
                BigDecimal aty = new BigDecimal(c[k]).subtract(d[k]);
                if (aty.signum() == 0 || new BigDecimal(c[k]).signum() != aty.signum()) {
                    return null;
                }
                BigDecimal s = new BigDecimal(c[k]).divide(aty, DOWN);
                scale = scale.min(s);
            }
        }
        if (scale.compareTo(BigDecimal.ONE) < 0) {
            for (int i = 0; i < by.length; i++) {
                by[i] = by[i].multiply(scale);
            }
            d = reduced(c, a, by);
        }
        BigDecimal sum = new BigDecimal(offset);
        for (int i = 0; i < by.length; i++) {
            int s = by[i].signum();
            if (s != 0) {
                double side = s > 0 ? rl[i] : ru[i];
                if (!Double.isFinite(side)) {
                    return null;
                }
                sum = sum.add(by[i].multiply(new BigDecimal(side)));
            }
        }
        for (int k = 0; k < c.length; k++) {
            int s = d[k].signum();
            if (s != 0) {
                double bound = s > 0 ? lo[k] : hi[k];
                if (!Double.isFinite(bound)) {
                    return null;
                }
                sum = sum.add(d[k].multiply(new BigDecimal(bound)));
            }
        }
        return sum;
    }

    /** d = c - A^T y, exactly. */
    private static BigDecimal[] reduced(double[] c, double[][] a, BigDecimal[] y) {
        BigDecimal[] d = new BigDecimal[c.length];
        for (int k = 0; k < c.length; k++) {
            BigDecimal s = new BigDecimal(c[k]);
            for (int i = 0; i < y.length; i++) {
                if (a[i][k] != 0 && y[i].signum() != 0) {
                    s = s.subtract(y[i].multiply(new BigDecimal(a[i][k])));
                }
            }
            d[k] = s;
        }
        return d;
    }
}

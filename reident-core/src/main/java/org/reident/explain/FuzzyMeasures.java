package org.reident.explain;

/**
 * Summaries of a fuzzy measure that say which variables, and which pairs of variables, a learned
 * Choquet distance relies on (DESIGN.md section 1, item 5).
 *
 * <p>A measure (more generally, a set function or "game") on the n variables V = {0, ..., n-1} is a
 * {@code double[]} of length 2^n indexed by subset bit mask: bit k of the mask stands for variable k,
 * so {@code mu[0]} is mu(empty) and {@code mu[(1 << n) - 1]} is mu(V), the convention of
 * {@link org.reident.distance.ChoquetDistance} and {@link org.reident.distance.DistanceModel}. A fuzzy
 * measure has mu(empty) = 0, mu(V) = 1 and is monotone; the transforms below do not require it
 * (they are defined for any set function) and the predicates test the properties.
 *
 * <ul>
 *   <li>Shapley value (Shapley 1953, "A value for n-person games"; for fuzzy measures Grabisch 1997):
 *       phi_k = sum_{A subset of V\{k}} (n-|A|-1)! |A|! / n! (mu(A u {k}) - mu(A)). The average
 *       marginal contribution of variable k; efficiency: sum_k phi_k = mu(V) - mu(empty) (= 1 for a
 *       fuzzy measure). The Shapley value of an additive measure is its weight vector.</li>
 *   <li>Interaction index (Murofushi and Soneda 1993, "Techniques for reading fuzzy measures (III):
 *       interaction index"): I_kl = sum_{A subset of V\{k,l}} (n-|A|-2)! |A|! / (n-1)!
 *       (mu(A u {k,l}) - mu(A u {k}) - mu(A u {l}) + mu(A)). Positive: k and l are complementary (the
 *       pair counts more than its parts: synergy); negative: redundant; 0 for an additive measure.</li>
 *   <li>Moebius transform (Grabisch 1997, "k-order additive discrete fuzzy measures and their
 *       representation", Fuzzy Sets and Systems 92): m(A) = sum_{B subset of A} (-1)^{|A\B|} mu(B),
 *       with inverse mu(A) = sum_{B subset of A} m(B). In terms of m, phi_k = sum_{B containing k}
 *       m(B) / |B|, I_kl = sum_{B containing k,l} m(B) / (|B| - 1), and the Choquet integral is
 *       C_mu(x) = sum_A m(A) min_{k in A} x_k. A measure is additive iff m vanishes outside the
 *       singletons ("1-additive"), k-additive iff m vanishes on subsets of more than k variables.</li>
 * </ul>
 *
 * <p>Weights are the exact reciprocals (n-|A|-1)! |A|! / n! = 1 / (n C(n-1, |A|)) and
 * (n-|A|-2)! |A|! / (n-1)! = 1 / ((n-1) C(n-2, |A|)) from a table of binomial coefficients (exact
 * integers for n &lt;= {@link #MAX_VARIABLES}), so no factorial ever overflows. Costs: Shapley and
 * Moebius O(n 2^n), interaction O(n^2 2^n).
 */
public final class FuzzyMeasures {
    /** Largest number of variables accepted (2^20 subsets). */
    public static final int MAX_VARIABLES = 20;

    /** BINOMIAL[a][b] = C(a, b), exact for a <= MAX_VARIABLES. */
    private static final double[][] BINOMIAL = binomials(MAX_VARIABLES);

    private FuzzyMeasures() {
    }

    /**
     * Shapley value phi_k = sum_{A subset of V\{k}} (n-|A|-1)! |A|! / n! (mu(A u {k}) - mu(A)),
     * k = 0..n-1. The values sum to mu(V) - mu(empty), i.e. to 1 for a fuzzy measure.
     *
     * @param mu set function, length 2^n, bit k of the index = variable k
     * @param n  number of variables, 1..{@value #MAX_VARIABLES}
     * @return the n Shapley values
     */
    public static double[] shapley(double[] mu, int n) {
        check(mu, n);
        double[] w = new double[n]; // w[a] = (n-a-1)! a! / n! = 1 / (n C(n-1, a))
        for (int a = 0; a < n; a++) {
            w[a] = 1.0 / (n * BINOMIAL[n - 1][a]);
        }
        final int full = (1 << n) - 1;
        double[] phi = new double[n];
        for (int k = 0; k < n; k++) {
            final int bit = 1 << k;
            final int rest = full ^ bit;
            double s = 0;
            int a = rest;
            while (true) { // every subset A of V\{k}, from rest down to the empty set
                s += w[Integer.bitCount(a)] * (mu[a | bit] - mu[a]);
                if (a == 0) {
                    break;
                }
                a = (a - 1) & rest;
            }
            phi[k] = s;
        }
        return phi;
    }

    /**
     * Pairwise interaction indices as an n x n row-major symmetric matrix with zero diagonal:
     * I_kl = sum_{A subset of V\{k,l}} (n-|A|-2)! |A|! / (n-1)!
     * (mu(A u {k,l}) - mu(A u {k}) - mu(A u {l}) + mu(A)).
     * Positive entries are complementary pairs (synergy), negative entries redundant pairs.
     * For n = 1 the result is the 1 x 1 zero matrix.
     *
     * @param mu set function, length 2^n
     * @param n  number of variables, 1..{@value #MAX_VARIABLES}
     * @return I, row-major n x n
     */
    public static double[] interaction(double[] mu, int n) {
        check(mu, n);
        double[] out = new double[n * n];
        if (n < 2) {
            return out;
        }
        double[] w = new double[n - 1]; // w[a] = (n-a-2)! a! / (n-1)! = 1 / ((n-1) C(n-2, a))
        for (int a = 0; a <= n - 2; a++) {
            w[a] = 1.0 / ((n - 1) * BINOMIAL[n - 2][a]);
        }
        final int full = (1 << n) - 1;
        for (int k = 0; k < n; k++) {
            final int bk = 1 << k;
            for (int l = k + 1; l < n; l++) {
                final int bl = 1 << l;
                final int bkl = bk | bl;
                final int rest = full ^ bkl;
                double s = 0;
                int a = rest;
                while (true) {
                    s += w[Integer.bitCount(a)] * (mu[a | bkl] - mu[a | bk] - mu[a | bl] + mu[a]);
                    if (a == 0) {
                        break;
                    }
                    a = (a - 1) & rest;
                }
                out[k * n + l] = s;
                out[l * n + k] = s;
            }
        }
        return out;
    }

    /**
     * Moebius transform m(A) = sum_{B subset of A} (-1)^{|A\B|} mu(B), by the fast subset-sum
     * (Yates) transform: for each variable k, m(A) -= m(A\{k}) for every A containing k; O(n 2^n).
     *
     * @param mu set function, length 2^n
     * @param n  number of variables, 1..{@value #MAX_VARIABLES}
     * @return m, same indexing as mu
     */
    public static double[] moebius(double[] mu, int n) {
        check(mu, n);
        double[] m = mu.clone();
        final int size = 1 << n;
        for (int k = 0; k < n; k++) {
            final int bit = 1 << k;
            for (int a = 0; a < size; a++) {
                if ((a & bit) != 0) {
                    m[a] -= m[a ^ bit];
                }
            }
        }
        return m;
    }

    /**
     * Inverse Moebius transform (zeta transform) mu(A) = sum_{B subset of A} m(B); O(n 2^n).
     *
     * @param m Moebius representation, length 2^n
     * @param n number of variables, 1..{@value #MAX_VARIABLES}
     * @return mu, same indexing as m
     */
    public static double[] fromMoebius(double[] m, int n) {
        check(m, n);
        double[] mu = m.clone();
        final int size = 1 << n;
        for (int k = 0; k < n; k++) {
            final int bit = 1 << k;
            for (int a = 0; a < size; a++) {
                if ((a & bit) != 0) {
                    mu[a] += mu[a ^ bit];
                }
            }
        }
        return mu;
    }

    /**
     * Monotonicity: mu(A u {k}) &gt;= mu(A) - tol for every A and k not in A (so
     * mu(B) &gt;= mu(A) - |B\A| tol whenever A is a subset of B). Does not test mu(empty) = 0 or
     * mu(V) = 1. NaN values make the result false.
     *
     * @param tol non-negative absolute tolerance
     */
    public static boolean isMonotone(double[] mu, int n, double tol) {
        check(mu, n);
        checkTolerance(tol);
        final int size = 1 << n;
        for (int a = 0; a < size; a++) {
            for (int k = 0; k < n; k++) {
                final int bit = 1 << k;
                if ((a & bit) == 0 && !(mu[a | bit] >= mu[a] - tol)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Submodularity in its pairwise form (equivalent to mu(A) + mu(B) &gt;= mu(A u B) + mu(A n B) for
     * all A, B): mu(A u {k}) + mu(A u {l}) &gt;= mu(A u {k,l}) + mu(A) - tol for every A and distinct
     * k, l not in A. This is the CI_m (metric) constraint of DESIGN.md section 2; all interaction
     * indices of a submodular measure are &lt;= 0. NaN values make the result false.
     *
     * @param tol non-negative absolute tolerance
     */
    public static boolean isSubmodular(double[] mu, int n, double tol) {
        check(mu, n);
        checkTolerance(tol);
        final int size = 1 << n;
        for (int a = 0; a < size; a++) {
            for (int k = 0; k < n; k++) {
                final int bk = 1 << k;
                if ((a & bk) != 0) {
                    continue;
                }
                for (int l = k + 1; l < n; l++) {
                    final int bl = 1 << l;
                    if ((a & bl) != 0) {
                        continue;
                    }
                    if (!(mu[a | bk] + mu[a | bl] >= mu[a | bk | bl] + mu[a] - tol)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * Additivity: |mu(A) - mu(empty) - sum_{k in A} (mu({k}) - mu(empty))| &lt;= tol for every A, i.e.
     * the Moebius transform vanishes on every subset of two or more variables. For a fuzzy measure
     * (mu(empty) = 0) this is mu(A) = sum_{k in A} mu({k}): the Choquet integral is then the
     * weighted mean with weights mu({k}). NaN values make the result false.
     *
     * @param tol non-negative absolute tolerance
     */
    public static boolean isAdditive(double[] mu, int n, double tol) {
        check(mu, n);
        checkTolerance(tol);
        final int size = 1 << n;
        final double base = mu[0];
        for (int a = 1; a < size; a++) {
            double s = base;
            for (int k = 0; k < n; k++) {
                final int bit = 1 << k;
                if ((a & bit) != 0) {
                    s += mu[bit] - base;
                }
            }
            if (!(Math.abs(mu[a] - s) <= tol)) {
                return false;
            }
        }
        return true;
    }

    private static void check(double[] mu, int n) {
        if (n < 1 || n > MAX_VARIABLES) {
            throw new IllegalArgumentException(
                    "number of variables must be 1.." + MAX_VARIABLES + ", got " + n);
        }
        if (mu == null || mu.length != 1 << n) {
            throw new IllegalArgumentException("a set function on " + n + " variables needs "
                    + (1 << n) + " values, got " + (mu == null ? "null" : mu.length));
        }
    }

    private static void checkTolerance(double tol) {
        if (!(tol >= 0)) {
            throw new IllegalArgumentException("tolerance must be >= 0, got " + tol);
        }
    }

    private static double[][] binomials(int max) {
        double[][] c = new double[max + 1][];
        for (int a = 0; a <= max; a++) {
            c[a] = new double[a + 1];
            c[a][0] = 1;
            c[a][a] = 1;
            for (int b = 1; b < a; b++) {
                c[a][b] = c[a - 1][b - 1] + c[a - 1][b];
            }
        }
        return c;
    }
}

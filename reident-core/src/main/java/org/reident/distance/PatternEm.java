package org.reident.distance;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * EM for {@link FellegiSunter} on counted comparison patterns, each cut into two halves: the first
 * h = ceil(n/2) variables (A) and the rest (B). The E-step needs, per pattern gamma with count c,
 * the odds o = ln((1 - p0) / p0) + sum_k ln(u_k(gamma_k) / m_k(gamma_k)) and the expected matched
 * count c / (1 + e^o); the M-step needs those counts summed per variable and level. Both go through
 * the halves: o = prior + S_A(gamma_A) + S_B(gamma_B), with S computed once per distinct half
 * (far fewer than patterns), and the expected counts summed per distinct half, then spread to its
 * variables' levels. The exponential is taken per half too, e^o = e^(prior + S_A) e^(S_B), so a
 * pattern costs one look-up, one product and two sums, where the direct E-step costs n look-ups,
 * 2n sums and an exponential. Patterns come in runs of one B half (ascending codes
 * keep a B half together, its high bits), so S_B and the B sum are once per run.
 * <p>
 * Expected unmatched counts are not summed: per variable and level they are the pairs at that
 * level less the expected matched ones. The E-step runs in parts fixed by the data, each with its
 * own A sums, added in part order, so the result does not depend on the number of threads.
 * <p>
 * EIA file with 10% noise (4,092 x 4,092 pairs, 11 variables, 5.5 million patterns, 261,161 A
 * halves, 55,162 B halves, 127 iterations, 2 cores, 2026-11-27): EM 12.7 s with every pattern's
 * n levels summed, 10.7 s with the unmatched counts taken from the pairs, 8.7 s with the halves
 * summed in a second pass over the patterns, 7.0-9.0 s with the one-pass parts, and with the work
 * arrays kept from one iteration to the next (the parts' A sums were 8 x 261,161 doubles allocated
 * per iteration) 5.3-7.3 s against 6.4-7.5 s, three runs each in turn (a development harness;
 * whole runs in docs/design.md). An exponential per half instead of per pattern (2026-11-29, `link
 * --method prl` on that file, run in turn three times): 16.8-18.5 s -> 11.7-14.8 s, 792
 * re-identified each time. (Tried before and dropped: e^-o as e^-S_A e^-S_B only where o > 37,
 * beside the exponential: no faster within the noise.)
 */
final class PatternEm {
    /**
     * Parts of the E-step, run in parallel, each with its own sums per A half, added in part order:
     * at most this many, fewer when the A halves are many (at most PART_CELLS sums in all).
     */
    private static final int PARTS = 8;
    /**
     * A half's log-odds is clamped to +-700 before its exponential, so that the product of two halves'
     * e^S is never inf x 0 (NaN). It never binds: u and m are at least PRIOR over the pairs, so each
     * ln(u/m) lies within about +-45 up to a million records, and a half of at most 8 variables with
     * the prior odds stays below 400.
     */
    private static final double ODDS_CLAMP = 700;
    private static final int PART_CELLS = 1 << 23;
    /** The product of the factors (1 + e^o)^count is brought back to [1, 2) once above this. */
    private static final double PRODUCT_MAX = 0x1p512;
    /** A factor of count 1 joins the product only below this (so the product stays finite). */
    private static final double FACTOR_MAX = 0x1p500;
    /** Counts up to this many join the product when 1 + e^o is below 2^64 (so their factor below 2^448). */
    static final int SMALL_POWER = 7;
    private static final double SMALL_BASE_MAX = 0x1p64;
    private static final double LN2 = Math.log(2);

    private final int n;
    private final int h;
    private final long[] counts;
    /** Each pattern's A half, as an index into the distinct A halves. */
    private final int[] a;
    /** Distinct halves' levels: half x's level of its variable k at x * width + k. */
    private final byte[] levelsA;
    private final byte[] levelsB;
    private final int countA;
    private final int countB;
    /** The E-step's parts: runs of B halves [startParts[p], startParts[p + 1]). */
    private final int[] startParts;
    /**
     * Runs of patterns with the same B half (the code's high bits; one run per half when the codes
     * are ascending): run x is [startB[x], startB[x + 1]).
     */
    private final int[] startB;
    /** Work arrays of the E-step, kept from one iteration to the next: e^(prior + S_A) and e^S_B per half, the parts' sums per A half, the sum per B run. */
    private final double[] sa;
    private final double[] sb;
    private final double[][] accA;
    private final double[] accB;
    /** The parts' sums of count x ln(1 + e^o), and their total, when the E-step is asked for them. */
    private final double[] logParts;
    private double logOnePlusOdds;
    /** Pairs at level l of variable k, at k * LEVELS + l (integers, exact in a double), and in all. */
    final double[] pairs;
    final double total;

    /** @param codes distinct patterns, 4 bits per variable, best ascending; @param counts their pairs */
    PatternEm(long[] codes, long[] counts, int n) {
        int levels = FellegiSunter.LEVELS;
        this.n = n;
        this.h = (n + 1) / 2;
        this.counts = counts;
        int np = codes.length;
        long low = (1L << (4 * h)) - 1; // h <= 8
        long[] halves = new long[np];
        for (int i = 0; i < np; i++) {
            halves[i] = codes[i] & low;
        }
        long[] distinctA = distinct(halves);
        countA = distinctA.length;
        a = new int[np];
        int[] starts = new int[np + 1];
        int nb = 0;
        double sum = 0;
        pairs = new double[n * levels];
        for (int i = 0; i < np; i++) {
            a[i] = Arrays.binarySearch(distinctA, halves[i]);
            if (i == 0 || codes[i] >>> (4 * h) != codes[i - 1] >>> (4 * h)) {
                starts[nb++] = i;
            }
            sum += counts[i];
            for (int k = 0; k < n; k++) {
                pairs[k * levels + (int) (codes[i] >>> (4 * k) & 15)] += counts[i];
            }
        }
        total = sum;
        starts[nb] = np;
        countB = nb;
        startB = Arrays.copyOf(starts, nb + 1);
        levelsA = new byte[countA * h];
        for (int x = 0; x < countA; x++) {
            for (int k = 0; k < h; k++) {
                levelsA[x * h + k] = (byte) (distinctA[x] >>> (4 * k) & 15);
            }
        }
        int wb = n - h;
        levelsB = new byte[countB * wb];
        for (int x = 0; x < countB; x++) {
            long code = codes[startB[x]] >>> (4 * h);
            for (int k = 0; k < wb; k++) {
                levelsB[x * wb + k] = (byte) (code >>> (4 * k) & 15);
            }
        }
        int parts = Math.max(1, Math.min(PARTS, PART_CELLS / Math.max(1, countA)));
        startParts = new int[parts + 1];
        for (int p = 1; p <= parts; p++) { // about np / parts patterns each, cut between runs
            int x = startParts[p - 1];
            while (x < countB && startB[x] < (long) np * p / parts) {
                x++;
            }
            startParts[p] = p == parts ? countB : x;
        }
        sa = new double[countA];
        sb = new double[countB];
        accA = new double[parts][countA];
        accB = new double[countB];
        logParts = new double[parts];
    }

    private static long[] distinct(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int w = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[w++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, w);
    }

    /** Sum of count x ln(1 + e^o) over the patterns of the last E-step asked for it (0 otherwise). */
    double logOnePlusOdds() {
        return logOnePlusOdds;
    }

    /**
     * A part of the E-step as in {@link #expect}, which also returns the part's sum of count x
     * ln(1 + e^o). A logarithm per pattern, in a second pass, cost as much as the E-step itself
     * (an EIA file with 10% noise, 2026-12-01, docs/design.md); so the factors (1 + e^o)^count
     * are multiplied in the E-step's own loop, the product's binary exponent moved into an integer
     * whenever it passes 2^512 (each factor taken in is below 2^500, so nothing overflows), and one
     * logarithm is taken at the end: ln P = ln(mantissa) + exponent ln 2. A factor that does not
     * fit (a count above {@link #SMALL_POWER} or 1 + e^o beyond 2^64, or beyond 2^500 for a count
     * of 1) gets its own logarithm. Rounding: a relative error of at most 2^-53 per product, so at
     * most patterns x 1.1e-16 in the sum (about 6e-10 on EIA's 5.5 million patterns, against a sum
     * of some 1e8), far below {@link SquaredEm#OBJECTIVE_SLACK} of it.
     */
    private double expectWithLog(int part, double[] acc) {
        double logs = 0; // the factors that do not fit
        double product = 1;
        long exponent = 0;
        for (int x = startParts[part]; x < startParts[part + 1]; x++) {
            double s = 0;
            double eb = sb[x];
            for (int i = startB[x]; i < startB[x + 1]; i++) {
                double e = sa[a[i]] * eb;
                double d = 1 + e;
                long count = counts[i];
                double c = count / d;
                s += c;
                acc[a[i]] += c;
                if (count == 1 && d < FACTOR_MAX) {
                    product *= d;
                } else if (count <= SMALL_POWER && d < SMALL_BASE_MAX) {
                    double f = d;
                    for (long j = 1; j < count; j++) {
                        f *= d;
                    }
                    product *= f;
                } else {
                    // Math.log(1 + e): an intrinsic, log1p is not
                    logs += count * (e < 1e300 ? Math.log(d) : Math.log(sa[a[i]]) + Math.log(eb));
                    continue;
                }
                if (product > PRODUCT_MAX) {
                    int k = Math.getExponent(product);
                    exponent += k;
                    product = Math.scalb(product, -k);
                }
            }
            accB[x] = s;
        }
        return logs + Math.log(product) + exponent * LN2;
    }

    /**
     * One E-step: from ratio[k * LEVELS + l] = ln(u_k(l) / m_k(l)) and the prior odds, the expected
     * matched pairs per variable and level into {@code em}; returns the expected matched pairs in all.
     */
    double expect(double[] ratio, double prior, double[] em) {
        return expect(ratio, prior, em, false);
    }

    /**
     * As {@link #expect(double[], double, double[])}; with {@code withLog} it also sums, per pattern,
     * count x ln(1 + e^o), o the pattern's log-odds against a match, for {@link #logOnePlusOdds()}: the
     * part of the log-likelihood that is not a sum over levels (a product of the factors 1 + e^o in
     * the E-step's loop, see {@link #expectWithLog}).
     */
    double expect(double[] ratio, double prior, double[] em, boolean withLog) {
        int levels = FellegiSunter.LEVELS;
        int wb = n - h;
        for (int x = 0; x < countA; x++) {
            double s = prior;
            for (int k = 0; k < h; k++) {
                s += ratio[k * levels + levelsA[x * h + k]];
            }
            sa[x] = Math.exp(Math.max(-ODDS_CLAMP, Math.min(ODDS_CLAMP, s)));
        }
        for (int x = 0; x < countB; x++) {
            double s = 0;
            for (int k = 0; k < wb; k++) {
                s += ratio[(h + k) * levels + levelsB[x * wb + k]];
            }
            sb[x] = Math.exp(Math.max(-ODDS_CLAMP, Math.min(ODDS_CLAMP, s)));
        }
        int parts = startParts.length - 1;
        IntStream.range(0, parts).parallel().forEach(part -> {
            double[] acc = accA[part];
            Arrays.fill(acc, 0);
            if (withLog) {
                logParts[part] = expectWithLog(part, acc);
                return;
            }
            for (int x = startParts[part]; x < startParts[part + 1]; x++) {
                double s = 0;
                double eb = sb[x];
                for (int i = startB[x]; i < startB[x + 1]; i++) {
                    double c = counts[i] / (1 + sa[a[i]] * eb); // c / (1 + e^o)
                    s += c;
                    acc[a[i]] += c;
                }
                accB[x] = s;
            }
            logParts[part] = 0;
        });
        logOnePlusOdds = 0;
        for (int part = 0; part < parts; part++) {
            logOnePlusOdds += logParts[part];
        }
        Arrays.fill(em, 0);
        double matched = 0;
        for (int x = 0; x < countB; x++) {
            matched += accB[x];
            for (int k = 0; k < wb; k++) {
                em[(h + k) * levels + levelsB[x * wb + k]] += accB[x];
            }
        }
        for (int x = 0; x < countA; x++) {
            double s = 0;
            for (int part = 0; part < parts; part++) { // in part order: the same sum on any number of threads
                s += accA[part][x];
            }
            for (int k = 0; k < h; k++) {
                em[k * levels + levelsA[x * h + k]] += s;
            }
        }
        return matched;
    }

}

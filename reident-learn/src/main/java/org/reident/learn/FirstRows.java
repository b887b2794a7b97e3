package org.reident.learn;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.reident.data.LinkageData;

/**
 * The first round shared by both formulations: which training records no parameter value can link
 * (their K_i = 1 from the start), and each other record's first rivals.
 * <ul>
 * <li><b>Unlinkable.</b> Record i (true match t) is unlinkable when a rival j cannot be pushed
 * beyond its true match by any theta in the family: for WM, WM_m, OWA and CI when
 * max_k e_k &lt; eps with e_k = c_k(i, j) - c_k(i, t), since theta . Delta_ij &lt;= max_k e_k for every
 * normalised monotone Choquet integral; for SB, SB_NC and MD* when the exact maximum of
 * theta . Delta_ij over the box with trace 1 ({@link Features#bilinearLowerBound}) is below eps. An
 * identical protected record is the common case. On large files also when a set of its rivals
 * together cannot be pushed away ({@link LoneRecords}: a small LP per record).</li>
 * <li><b>First rivals.</b> The {@code rivals} nearest under AM; for the monotone families only among
 * rivals not dominated by another ({@link #paretoRivals}).</li>
 * </ul>
 */
final class FirstRows {
    private final boolean[] unlinkable;
    private final int[][] rivals;
    private final int scanned;
    private final int otherSolves;

    private FirstRows(boolean[] unlinkable, int[][] rivals, int scanned, int otherSolves) {
        this.unlinkable = unlinkable;
        this.rivals = rivals;
        this.scanned = scanned;
        this.otherSolves = otherSolves;
    }

    /**
     * Computes both for every training record: O(N^2 n), and no solver but {@link LoneRecords}' before
     * the deadline. The records are shared out in blocks among {@code o.threads()} threads
     * ({@link RecordBlocks}; each record's answer depends on that record alone, so the result does not
     * depend on the threads: a witness of {@link LoneRecords}, which depends on the records a thread
     * saw before, proves a record linkable, where the LP it saves would say the same).
     * No block of records is taken after the deadline (the time limit covers the whole run: on 10,000
     * records the scan takes seconds): the records from the first one not scanned on are then neither
     * unlinkable nor given rivals, and {@link #complete()} is false. The blocks are taken in order
     * and each one taken is finished, so the records scanned are the first {@link #scanned()}.
     */
    static FirstRows of(LearnOptions o, Features features, LinkageData data, int[] train, double deadline) {
        boolean[] unlinkable = new boolean[train.length];
        int[][] rivals = new int[train.length][];
        boolean lone = LoneRecords.applies(o, features, train.length);
        AtomicInteger others = new AtomicInteger();
        int scanned = RecordBlocks.run(train.length, o.threads(), "reident-first-rows", () -> StopRequest.now() >= deadline,
                () -> new Scan(o, features, data, train, lone, deadline, unlinkable, rivals, others::incrementAndGet));
        for (int r = scanned; r < train.length; r++) {
            rivals[r] = new int[0];
        }
        return new FirstRows(unlinkable, rivals, scanned, others.get());
    }

    /**
     * The lone records' LP solves with GLOP's other settings after their own failed or stalled
     * ({@link GlopFallback#solveSmall}, stops 73 and 74): 1 to 3 a run on EIA's 11 variables released by rank swapping
     * p = 5, WM.
     */
    int otherSolves() {
        return otherSolves;
    }

    /** For a progress line: empty, or how many of the lone records' LPs were solved with other settings. */
    static String otherSolvesNote(int solves) {
        return solves == 0 ? "" : ", " + solves + " LPs of the lone records solved with other settings";
    }

    /** The training records scanned before the deadline: the first {@code scanned()} of them. */
    int scanned() {
        return scanned;
    }

    /** For a progress line: empty, or where the deadline stopped the scan of {@code records}. */
    static String stoppedAt(int scanned, int records) {
        return scanned == records ? "" : " (the time limit stopped the scan after " + scanned + " of " + records + " records)";
    }

    /** True when every training record was scanned (the deadline did not stop the scan). */
    boolean complete() {
        return scanned == unlinkable.length;
    }

    /** One thread's scratch for the first rows' scan. */
    private static final class Scan implements RecordBlocks.Job {
        private final LearnOptions o;
        private final Features features;
        private final int[] truth;
        private final double deadline;
        private final int[] train;
        private final boolean[] unlinkable;
        private final int[][] rivals;
        private final boolean lone;
        /** Run once per LP solve of {@link LoneRecords} with GLOP's other settings. */
        private final Runnable otherSolved;
        /** The thread's LP of {@link LoneRecords}, made at its first use when the check applies. */
        private LoneRecords lp;
        private final boolean bilinear;
        private final Features.Accumulator acc;
        private final double[] c1;
        private final double[] c2;
        private final int[] order;
        private final double[] amMargin;
        /** Per reference record, min_k and max_k of e_k ({@link Features#spreads}). */
        private final double[] lows;
        private final double[] worst;

        Scan(LearnOptions o, Features features, LinkageData data, int[] train, boolean lone, double deadline,
                boolean[] unlinkable, int[][] rivals, Runnable otherSolved) {
            this.o = o;
            this.otherSolved = otherSolved;
            this.train = train;
            this.unlinkable = unlinkable;
            this.rivals = rivals;
            this.features = features;
            this.truth = data.truth();
            this.lone = lone;
            this.deadline = deadline;
            int n = features.dimension();
            bilinear = o.aggregator().isBilinear();
            acc = new Features.Accumulator(features.parameters());
            c1 = new double[n];
            c2 = new double[n];
            order = new int[n];
            amMargin = new double[data.maskedCount()];
            lows = new double[data.maskedCount()];
            worst = new double[data.maskedCount()];
        }

        @Override
        public void close() {
            if (lp != null) {
                lp.close();
            }
        }

        /** Training record r: whether it is unlinkable, and its first rivals. */
        @Override
        public void run(int r) {
            int i = train[r];
            int tr = truth[i];
            features.squaredDifferences(i, tr, c2);
            features.spreads(i, c2, amMargin, lows, worst); // sums first, made means below
            int n = c2.length;
            double amMin = Double.POSITIVE_INFINITY;
            boolean fixed = false;
            for (int j = 0; j < amMargin.length; j++) {
                if (j == tr) {
                    amMargin[j] = Double.POSITIVE_INFINITY;
                    continue;
                }
                amMargin[j] /= n;
                amMin = Math.min(amMin, amMargin[j]);
                if (worst[j] < o.eps() && !fixed) {
                    // for SB, max_k e_k < eps is necessary but not sufficient: check the exact maximum
                    fixed = !bilinear || upperBound(features, i, tr, j, acc, c1, order) < o.eps();
                }
            }
            // AM (equal weights, the additive measure) is in every family LoneRecords runs for:
            // a record it links with margin eps is linkable, and its LP would only say so
            if (!fixed && lone && amMin < o.eps() && StopRequest.now() < deadline) {
                int[] many = paretoRivals(features, i, amMargin, Math.max(LoneRecords.RIVALS, o.rivals()));
                if (lp == null) {
                    lp = new LoneRecords(o, features, otherSolved);
                }
                fixed = lp.unlinkable(features, i, tr, many, acc, c1, c2, order, deadline);
                unlinkable[r] = fixed;
                rivals[r] = fixed ? new int[0] : Arrays.copyOf(many, Math.min(many.length, o.rivals()));
                return; // the walk is the same, so its first o.rivals() are the first rivals
            }
            unlinkable[r] = fixed;
            rivals[r] = fixed ? new int[0]
                    : bilinear ? MinIndexHeap.smallest(amMargin, o.rivals()) : paretoRivals(features, i, amMargin, o.rivals());
        }
    }

    /** True when no parameter value links record r (the r-th training record). */
    boolean unlinkable(int r) {
        return unlinkable[r];
    }

    /** The first rivals of record r; empty when it is unlinkable. */
    int[] rivals(int r) {
        return rivals[r];
    }

    int unlinkableCount() {
        int c = 0;
        for (boolean u : unlinkable) {
            c += u ? 1 : 0;
        }
        return c;
    }

    /** max of theta . (phi(i, j) - phi(i, t)) over the bilinear box with trace 1. */
    private static double upperBound(Features features, int i, int tr, int j, Features.Accumulator acc, double[] c,
            int[] order) {
        acc.clear();
        features.add(i, tr, 1, acc, c, order);
        features.add(i, j, -1, acc, c, order);
        return -features.bilinearLowerBound(acc);
    }

    /**
     * The rivals of query record i whose vector of squared differences c(i, j) is not dominated by
     * another rival's (c(i, j') &lt;= c(i, j) in every variable). For a monotone aggregator (WM, OWA,
     * CI) the row of a dominated rival is implied by the row of the rival that dominates it, since
     * C(c(i, j)) >= C(c(i, j')); so these rows are the whole model. Adding them all at once was
     * measured slower (M5-38, WM: 14,724 rows, 91 s in one solve, against 34 s for four lazy rounds),
     * so the first round takes the {@code limit} nearest of them (by AM) and lazy rounds add more.
     * Rivals are visited by increasing AM distance: a dominating rival has a smaller sum, so it is
     * visited first, and a rival dominated by a visited non-front rival is dominated by the front
     * rival that dominates that one; the walk can therefore stop after {@code limit} front rivals.
     * Of rivals with equal vectors only the first is kept.
     */
    static int[] paretoRivals(Features f, int i, double[] amMargin, int limit) {
        int n = f.dimension();
        MinIndexHeap byAm = new MinIndexHeap(amMargin, 2 * limit); // 10,000 records: 1.3 pops per front rival
        double[] front = new double[limit * n];
        int[] frontIdx = new int[limit];
        int size = 0;
        double[] c = new double[n];
        int j;
        while (size < limit && (j = byAm.pop()) >= 0) {
            f.squaredDifferences(i, j, c);
            boolean dominated = false;
            for (int q = 0; q < size && !dominated; q++) {
                boolean all = true;
                for (int k = 0; k < n && all; k++) {
                    all = front[q * n + k] <= c[k];
                }
                dominated = all;
            }
            if (!dominated) {
                System.arraycopy(c, 0, front, size * n, n);
                frontIdx[size++] = j;
            }
        }
        return Arrays.copyOf(frontIdx, size);
    }
}

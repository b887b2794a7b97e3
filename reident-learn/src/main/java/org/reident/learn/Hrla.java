package org.reident.learn;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.Standardization;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;

/**
 * HRLA, the heuristic record-linkage algorithm of hrla-heuristic-choquet.txt section 3.2 (Algorithm
 * 1): Grabisch's HLMS gradient method for identifying a fuzzy measure, adapted to linkage, learning
 * the measure mu of the Choquet distance CI_mu((a - b)^2) on standardised values.
 * <ul>
 * <li>mu starts at the equilibrium measure mu(A) = |A|/n, which makes CI equal to AM.</li>
 * <li>Each epoch visits the training records (the "blocks") in an order shuffled with the seed. For
 * block i with true match t, d_j = c(i, j) the squared differences with reference record j and
 * s = {j != t : CI_mu(d_j) <= CI_mu(d_t)} (ties within the engine's tolerance included); for each j in s still in s (the rivals' updates are
 * applied one after another), with phi(d) the gradient of CI_mu(d) in mu (the increments
 * d_s(i) - d_s(i-1) on the subsets A_s(i) of d's chain, 0 elsewhere), S the largest squared
 * difference in the block's true pair and rivals (inputs scaled to [0, 1] as in HLMS), and
 * e = CI_mu(d_t) - CI_mu(d_j) + margin * S the error of the pair:
 * <pre>    mu &lt;- mu - rate * (e / S) * (phi(d_t) - phi(d_j)) / S</pre>
 * the HLMS step on the squared error e^2 / 2: it lowers mu on the true match's chain and raises it
 * on the rival's, so that CI(d_t) - CI(d_j) decreases. mu(V) stays 1.</li>
 * <li>After each block monotonicity is restored ({@link HrlaKernel#restore}): a valid normalised
 * monotone measure, unchanged if already one.</li>
 * <li>At the end of each epoch the linkage engine recomputes the strict count on the training
 * records; the best measure seen, starting from the equilibrium one, is returned, so the result
 * links at least as many training records as AM (the paper's "at least as good as AM").</li>
 * </ul>
 * Choices the paper leaves open: the step normalisation and the margin (without a margin the step
 * vanishes at ties and a rival is never pushed strictly behind); blocks that no monotone measure
 * can link (a rival at most as far as the true match in every variable) are skipped; the run stops
 * early when an epoch makes no update or every linkable training record is linked.
 */
public final class Hrla {
    /** A learning rate that worked on the tests' files (MDAV- and noise-masked, 4-5 variables). */
    public static final double DEFAULT_LEARNING_RATE = 0.1;
    /** Passes over the training records by default. */
    public static final int DEFAULT_EPOCHS = 30;
    /** The margin, in units of the block's scale S. */
    static final double MARGIN = 0.2;

    private final double rate;
    private final int epochs;
    private final long seed;
    private final Standardization std;
    private final Consumer<String> progress;
    private final double margin;

    /**
     * @param learningRate the HLMS step size (positive; {@link #DEFAULT_LEARNING_RATE})
     * @param epochs       passes over the training records (0: the equilibrium measure only)
     * @param seed         seeds the block order; same seed, same result
     * @param std          how the files are standardised (as the learned model will be applied)
     * @param progress     receives one line per epoch (null: silent)
     */
    public Hrla(double learningRate, int epochs, long seed, Standardization std, Consumer<String> progress) {
        this(learningRate, epochs, seed, std, progress, MARGIN);
    }

    Hrla(double learningRate, int epochs, long seed, Standardization std, Consumer<String> progress, double margin) {
        if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
            throw new IllegalArgumentException("learning rate must be positive and finite, got " + learningRate);
        }
        if (epochs < 0) {
            throw new IllegalArgumentException("epochs must be at least 0, got " + epochs);
        }
        if (std == null) {
            throw new IllegalArgumentException("standardization is required");
        }
        this.rate = learningRate;
        this.epochs = epochs;
        this.seed = seed;
        this.std = std;
        this.progress = progress;
        this.margin = margin;
    }

    /**
     * @param data  the linkage problem (original records are the query side)
     * @param train indices of the original records to learn on (each must have a true match)
     */
    public HrlaResult learn(LinkageData data, int[] train) {
        long t0 = System.nanoTime();
        int n = data.dimension();
        if (n < 1 || n > 20) {
            throw new IllegalArgumentException("HRLA needs 1 to 20 variables (2^n measure values), got " + n);
        }
        int[] truth = data.truth();
        for (int i : train) {
            if (i < 0 || i >= truth.length || truth[i] < 0) {
                throw new IllegalArgumentException("training record " + i + " has no true match");
            }
        }
        double[][] z = Distances.standardized(data, std);
        HrlaKernel kernel = new HrlaKernel(z[0], z[1], n, data.maskedCount());
        int[] blocks = new int[train.length];
        int live = 0;
        for (int i : train) {
            if (!kernel.hopeless(i, truth[i])) {
                blocks[live++] = i;
            }
        }
        int unlinkable = train.length - live;
        double[] mu = DistanceModel.neutral(Method.CHOQUET, data.variables()).values();
        DistanceModel bestModel = model(mu, data.variables());
        LinkageResult bestLinkage = link(bestModel, data);
        int am = LearnedModels.strictCount(bestLinkage, train);
        int best = am;
        int bestEpoch = 0;
        int bound = train.length - unlinkable;
        progress(String.format(Locale.ROOT, "equilibrium measure (AM): %d of %d training records linked, %d cannot be linked",
                am, train.length, unlinkable));
        SplittableRandom random = new SplittableRandom(seed);
        int[] counts = new int[epochs];
        int run = 0;
        while (run < epochs && best < bound && !StopRequest.requested()) { // Ctrl-C: the best epoch so far
            for (int p = live - 1; p > 0; p--) { // Fisher-Yates on the linkable blocks
                int q = random.nextInt(p + 1);
                int tmp = blocks[p];
                blocks[p] = blocks[q];
                blocks[q] = tmp;
            }
            int updates = 0;
            for (int b = 0; b < live; b++) {
                int i = blocks[b];
                kernel.chains(i);
                int u = kernel.block(truth[i], mu, rate, margin);
                if (u > 0) {
                    kernel.restore(mu);
                    updates += u;
                }
            }
            DistanceModel m = model(mu, data.variables());
            LinkageResult l = link(m, data);
            int count = LearnedModels.strictCount(l, train);
            counts[run++] = count;
            if (count > best) {
                best = count;
                bestEpoch = run;
                bestModel = m;
                bestLinkage = l;
            }
            progress(String.format(Locale.ROOT, "epoch %d: %d rival updates, %d of %d linked (best %d, AM %d), %.1f s",
                    run, updates, count, train.length, best, am, (System.nanoTime() - t0) / 1e9));
            if (updates == 0) {
                break; // the measure no longer changes
            }
        }
        double gap = bound == 0 ? 0 : Math.max(0, (bound - (double) best) / bound);
        String name = String.format(Locale.ROOT, "hrla (learning rate %s, %d epochs, seed %d)", rate, epochs, seed);
        LearnResult r = new LearnResult(bestModel, "FEASIBLE", train.length, best, bound, gap, bestLinkage, best,
                unlinkable, run, 0, (System.nanoTime() - t0) / 1e9, name);
        return new HrlaResult(r, am, bestEpoch, java.util.Arrays.copyOf(counts, run));
    }

    private DistanceModel model(double[] mu, List<String> variables) {
        return new DistanceModel(Method.CHOQUET, Aggregator.CHOQUET.label(), List.copyOf(variables), std, mu.clone());
    }

    private LinkageResult link(DistanceModel m, LinkageData data) {
        return LinkageEngine.withAllCores().with(LinkageEngine.Ranks.TOP).link(
                Distances.prepare(Method.CHOQUET, m, data, new DistanceOptions(std, 2, false)), data.truth());
    }

    private void progress(String line) {
        if (progress != null) {
            progress.accept(line);
        }
    }
}

package org.reident.learn;

import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceModel;
import org.reident.distance.Distances;
import org.reident.distance.PairwiseDistance;
import org.reident.linkage.LinkageResult;

/**
 * The {@code big-m} formulation ({@link Formulation#BIG_M}; the default is {@link ConflictLearner}):
 * learns the parameters of an aggregator that link the most training records to their true
 * matches, exactly, by the MILP of symmetric-bilinear-form.txt section 5, made fast by:
 * <ul>
 * <li><b>per-row big-M.</b> For WM, WM_m, OWA and CI, with e_k = c_k(i, j) - c_k(i, t_i) the
 * per-variable differences of squared differences, theta . Delta_ij >= min_k e_k for every feasible
 * theta (a normalised monotone Choquet integral, of which WM and OWA are special cases, satisfies
 * min_k (x_k - y_k) <= CI(x) - CI(y) <= max_k (x_k - y_k), by monotonicity and
 * CI(y + c 1) = CI(y) + c). So M_ij = eps - min_k e_k makes the row void when K_i = 1. For SB,
 * M_ij = eps - {@link Features#bilinearLowerBound}, the exact minimum over the box with trace 1.</li>
 * <li><b>dropping rows that always hold</b> (lower bound >= eps) and <b>fixing K_i = 1</b> for records
 * with a rival that no parameter value can push away (upper bound &lt; eps, e.g. an identical
 * protected record; {@link FirstRows}, shared with the cuts formulation);</li>
 * <li><b>lazy constraint generation.</b> The first round holds each record's {@code rivals} nearest
 * rivals under AM; after each solve the linkage engine evaluates the learned distance against every
 * record, and the most violated rows are added, until none is violated. The relaxed model's bound
 * is valid for the full model, and a solution violating no row is optimal for it.</li>
 * <li><b>warm start</b> from the previous round's solution.</li>
 * </ul>
 * The time limit covers the whole run: the solver stops early by the time of two engine linkages
 * ({@link #reserve}, measured on AM's linkage before the first round), so that the last round's
 * solution is still checked (on every core) and linked by the engine inside the limit; a check the
 * deadline stops ends the run.
 * A row is added when its margin is below eps ({@link Margin#separation}): a record the MILP counts
 * is then linked with margin eps by the engine too, up to the MILP solver's feasibility tolerance
 * on its rows ({@link Margin#rowScale}). Where a converged solution's parameters fall short of its
 * count, the slave of the cuts formulation learns its records again or cuts them off
 * ({@link BigMPolish}); the result is OPTIMAL only when the engine's count reaches the bound.
 */
public final class SupervisedLearner {
    private final LearnOptions o;
    /** Parameters to start from (null: none), and what they are ({@link #start}). */
    private final DistanceModel start;
    private final String startWhat;
    /** Whether the run ends once its parameters advise a smaller eps ({@link #untilEpsAdvised}). */
    private final boolean epsCheck;

    public SupervisedLearner(LearnOptions options) {
        this(options, null, null, false);
    }

    private SupervisedLearner(LearnOptions options, DistanceModel start, String startWhat, boolean epsCheck) {
        this.o = options;
        this.start = start;
        this.startWhat = startWhat;
        this.epsCheck = epsCheck;
    }

    /**
     * The same, starting from {@code model} (a model of the family, e.g. the previous eps pass's,
     * {@link EpsPasses}): linked by the engine, the result unless a round's solution links more, and
     * the MILP's first hint. Said as "start: " + what.
     */
    public SupervisedLearner start(DistanceModel model, String what) {
        return new SupervisedLearner(o, model, what, epsCheck);
    }

    /**
     * The same, ending after the round whose best parameters so far link so many records by a margin
     * below eps that the result would advise a smaller one ({@link EpsAdvice}), while the time left
     * is enough for another pass ({@link EpsPasses#timeFor}); the result is then eps-stopped, and
     * {@link EpsPasses} goes on with the smaller eps, as for the cuts formulation
     * ({@link ConflictLearner#untilEpsAdvised}).
     */
    public SupervisedLearner untilEpsAdvised() {
        return new SupervisedLearner(o, start, startWhat, true);
    }

    /**
     * @param data  the linkage problem (original records are the query side)
     * @param train indices of the original records to learn on (each must have a true match)
     */
    public LearnResult learn(LinkageData data, int[] train) {
        long t0 = System.nanoTime();
        int n = data.dimension();
        double[][] z = Distances.standardized(data, o.standardization());
        Features features = new Features(o.aggregator(), z[0], z[1], n);
        int[] truth = data.truth();
        int nr = data.maskedCount();
        MilpModel milp = new MilpModel(features, train.length, o);
        Features.Accumulator acc = new Features.Accumulator(features.parameters());
        double[] c1 = new double[n];
        double[] c2 = new double[n];
        int[] order = new int[n];
        Set<Long> added = new HashSet<>();
        // round 0: fix unlinkable records, add each record's first rivals
        double deadline = t0 / 1e9 + o.timeLimit();
        FirstRows first = FirstRows.of(o, features, data, train, deadline);
        int unlinkable = first.unlinkableCount();
        for (int r = 0; r < train.length; r++) {
            if (first.unlinkable(r)) {
                milp.k[r].setBounds(1, 1);
            }
            for (int j : first.rivals(r)) {
                addRow(milp, features, acc, c1, c2, order, r, train[r], truth[train[r]], j, added, nr);
            }
        }

        milp.hint(LearnedModels.neutral(o.aggregator(), features));
        progress(String.format(Locale.ROOT, "model: %d records (%d cannot be linked), %d parameters, %d first rows%s, %.1f s",
                train.length, unlinkable, features.parameters(), milp.rows(), FirstRows.stoppedAt(first.scanned(), train.length)
                        + FirstRows.otherSolvesNote(first.otherSolves()),
                (System.nanoTime() - t0) / 1e9));
        // The neutral parameters (AM) belong to every family: the result unless a round's solution,
        // linked by the engine, does better. The time of this linkage sets the reserve.
        long linking = System.nanoTime();
        DistanceModel model = DistanceModel.neutral(o.aggregator().method(), data.variables());
        LinkageResult linkage = LearnedModels.link(o, model, data);
        int bestCount = LearnedModels.strictCount(linkage, train);
        double reserve = reserve((System.nanoTime() - linking) / 1e9, o.timeLimit());
        progress(String.format(Locale.ROOT, "start: AM links %d records strictly, %.1f s", bestCount,
                (System.nanoTime() - t0) / 1e9));
        double[] given = startParameters(features);
        if (given != null) {
            DistanceModel m = start != null ? start : LearnedModels.toModel(o, given, features, data);
            LinkageResult l = LearnedModels.link(o, m, data);
            int count = LearnedModels.strictCount(l, train);
            progress(String.format(Locale.ROOT, "start: %s links %d records strictly, %.1f s",
                    start != null ? startWhat : "the given weighted mean", count, (System.nanoTime() - t0) / 1e9));
            if (count > bestCount) {
                model = m;
                linkage = l;
                bestCount = count;
            }
            milp.hint(given);
        }
        boolean epsStopped = false;
        String status = "TIME_LIMIT";
        int rounds = 0;
        BigMPolish polish = new BigMPolish(o, data, train);
        boolean converged = false;
        int bound = train.length - unlinkable;
        int milpLinked = 0;
        AtomicIntegerArray shown = new AtomicIntegerArray(new int[] {0, bound}); // round and bound, for the heartbeat
        Heartbeat beat = Heartbeat.start(o.progress(), () -> String.format(Locale.ROOT, "round %d: solving the MILP (%s, %d rows); "
                + "bound %d, %.1f s", shown.get(0), o.solver(), milp.rows(), shown.get(1), (System.nanoTime() - t0) / 1e9),
                System.nanoTime() / 1e9);
        try {
            while (true) {
                double remaining = deadline - reserve - StopRequest.now();
                if (remaining <= 0) {
                    break;
                }
                rounds++;
                shown.set(0, rounds);
                milp.solver.setTimeLimit((long) Math.max(1, remaining * 1000));
                MPSolver.ResultStatus st = milp.solve();
                boolean hasSolution = st == MPSolver.ResultStatus.OPTIMAL || st == MPSolver.ResultStatus.FEASIBLE;
                if (st == MPSolver.ResultStatus.INFEASIBLE) {
                    // never so: K_r = 1 for every record satisfies every row (each big-M is valid), and AM
                    // every sign row (CBC on the scaled rows of a small eps said so)
                    failed(rounds, "answered INFEASIBLE, which this MILP never is (K = 1 for every record satisfies every row)", t0);
                    break;
                }
                boolean bounded = hasSolution || st == MPSolver.ResultStatus.NOT_SOLVED;
                int solveBound = train.length - (int) Math.ceil(Math.max(0, milp.solver.objective().bestBound()) - 1e-6);
                int found = atLeastEps(linkage, train);
                if (bounded && solveBound < found) {
                    // the best parameters so far satisfy every row of the records they link with a margin
                    // of eps or more, so no valid bound is below their count (HiGHS on scaled rows, MilpModel)
                    failed(rounds, String.format(Locale.ROOT, "bounds the records linked by %d, but parameters found already link %d"
                            + " with margin eps", solveBound, found), t0);
                    break;
                }
                if (bounded) {
                    bound = Math.min(bound, solveBound);
                }
                if (!hasSolution) {
                    break;
                }
                double[] last = values(milp.theta);
                double[] kValues = values(milp.k);
                milpLinked = train.length - (int) Math.round(milp.solver.objective().value());
                Separation cut = separate(milp, features, data, train, last, kValues, deadline, added);
                converged = cut.complete && cut.rows == 0;
                // A solution of a relaxed round may link fewer records than AM (it ignores rows it has
                // not seen): it is linked by the engine and kept only if it links more; a converged one
                // is optimal for the full model and is the result. SB's must be non-negative on the data.
                boolean valid = converged || !o.aggregator().signConstrained() || (cut.complete && !cut.negative);
                if (valid) {
                    DistanceModel m = LearnedModels.toModel(o, last, features, data);
                    LinkageResult l = LearnedModels.link(o, m, data);
                    int count = LearnedModels.strictCount(l, train);
                    if (converged || count > bestCount) {
                        model = m;
                        linkage = l;
                        bestCount = count;
                    }
                }
                progress(String.format(Locale.ROOT, "round %d: %s, %d of %d linked by the MILP, bound %d, %s, %.1f s", rounds, st,
                        milpLinked, train.length, bound, cut.complete ? cut.rows + " rows added"
                                : "stopped by the time limit while checking the rows", (System.nanoTime() - t0) / 1e9));
                shown.set(1, bound);
                beat.said(System.nanoTime() / 1e9);
                if (converged) {
                    // a solve stopped by the clock still proves optimality when its solution, valid
                    // for the full model, links as many records with margin eps as the bound allows
                    boolean proven = st == MPSolver.ResultStatus.OPTIMAL || milpLinked >= bound;
                    int engine = Margin.count(linkage, train, o.eps());
                    if (proven && engine < milpLinked) {
                        BigMPolish.Answer p = polish.learnAgain(kValues, deadline);
                        progress(String.format(Locale.ROOT, "the solver's parameters link %d of the %d records it counts with "
                                + "margin eps (its tolerances); the slave's LP: %s, %.1f s", engine, milpLinked, p.says(),
                                (System.nanoTime() - t0) / 1e9));
                        if (p.cut() != null) {
                            milp.addCover(p.cut());
                            continue; // solve again without that set
                        }
                        if (p.linkage() != null && p.linked() > engine) {
                            model = p.model();
                            linkage = p.linkage();
                        }
                    }
                    // the engine's count, not the MILP's, must reach the bound (the solver's tolerances)
                    status = proven && Margin.count(linkage, train, o.eps()) >= bound ? "OPTIMAL" : "FEASIBLE";
                    break;
                }
                if (epsCheck && EpsPasses.timeFor(deadline - StopRequest.now(), o.timeLimit())
                        && EpsAdvice.of(linkage, train, o.eps(), bound).advised()) {
                    epsStopped = true;
                    progress(String.format(Locale.ROOT, "round %d: the best parameters link many records by a margin below eps;"
                            + " stopped for a smaller eps, %.1f s", rounds, (System.nanoTime() - t0) / 1e9));
                    break;
                }
                if (!cut.complete) {
                    break;
                }
                milp.hint(last);
            }
        } finally {
            beat.close();
            polish.close();
        }
        int trainingLinked = LearnedModels.strictCount(linkage, train);
        String version = milp.version();
        milp.solver.delete(); // native memory
        double gap = LearnedModels.gap(bound, linkage, train, o.eps());
        return new LearnResult(model, status, train.length, milpLinked, bound, gap, linkage, trainingLinked, unlinkable,
                rounds, milp.rows(), (System.nanoTime() - t0) / 1e9, o.solver() + " (" + version + ")",
                epsStopped && !status.equals("OPTIMAL"));
    }

    /**
     * Says that round {@code round}'s solve failed numerically ({@code answer}: what the backend
     * said): the run ends as a limit would end it, with the rounds before and their bound.
     */
    private void failed(int round, String answer, long t0) {
        progress(String.format(Locale.ROOT, "round %d: %s %s: a numerical failure; the result is the best of the rounds before,"
                + " with their bound, %.1f s", round, o.solver(), answer, (System.nanoTime() - t0) / 1e9));
    }

    /**
     * Records of {@code train} the linkage links with a margin of at least eps itself (not eps (1 -
     * {@link Margin#SLACK})): with such parameters and K_r = 0 for those records every row holds
     * exactly, so no bound of a correct solve is below this count.
     */
    private int atLeastEps(LinkageResult l, int[] train) {
        int c = 0;
        for (int i : train) {
            c += l.margin(i) >= o.eps() ? 1 : 0;
        }
        return c;
    }

    /**
     * The parameters to start from: {@link #start}'s, else the weights of {@code --start}
     * ({@link LearnOptions#startWeights}) embedded in the family; null when there are none or they
     * do not fit the family ({@link LearnedModels#parameters}, {@link LearnedModels#embed}).
     */
    private double[] startParameters(Features features) {
        if (start != null) {
            return LearnedModels.parameters(o, start, features);
        }
        return o.startWeights() == null ? null : LearnedModels.embed(o, o.startWeights(), features);
    }

    /**
     * The time kept back from the solver after the first linkage took {@code linkSeconds}: the last
     * round's check of the rows and the engine's linkage of its solution, each about one linkage (the
     * check runs on every core too), at most {@link #RESERVE_SHARE} of the limit.
     */
    static double reserve(double linkSeconds, double timeLimit) {
        return Math.min(2 * linkSeconds, RESERVE_SHARE * timeLimit);
    }

    /** The most of the time limit kept back for the last round's check and linkage ({@link #reserve}). */
    static final double RESERVE_SHARE = 0.5;

    /** Adds the row of (record r = query i, rival j), unless it always holds or is already there. */
    private void addRow(MilpModel milp, Features f, Features.Accumulator acc, double[] c1, double[] c2, int[] order, int r,
            int i, int t, int j, Set<Long> added, int nr) {
        if (!added.add((long) i * nr + j)) {
            return;
        }
        double lower = f.rivalRow(i, t, j, acc, c1, c2, order);
        if (lower >= o.eps()) {
            return; // holds for every parameter value
        }
        milp.addRow(acc, r, o.eps() - lower, o.eps());
    }

    /**
     * What the check of a round's solution found: the rows it added, whether it saw every training
     * record (not stopped by the deadline), and whether the distance was negative on a training pair
     * (SB's constraint: theta . phi(i, j) >= 0 for every training record i and reference record j).
     */
    record Separation(int rows, boolean complete, boolean negative) {
    }

    /**
     * Evaluates the learned distance on every rival of every training record, on every core
     * ({@link RecordBlocks}), and adds, record by record in the order of {@code train} (so the model
     * does not depend on the threads), for SB the most negative distances as theta . phi(i, j) >= 0
     * rows, and for each record the MILP does not give up its most violated rows (margin below
     * eps). No record is taken after the deadline (nanoTime seconds); the rows of a check stopped
     * so are still added, but the check is not complete.
     */
    private Separation separate(MilpModel milp, Features f, LinkageData data, int[] train, double[] theta, double[] kValues,
            double deadline, Set<Long> added) {
        DistanceModel model = LearnedModels.toModel(o, theta, f, data);
        PairwiseDistance d = LearnedModels.distance(o, model, data);
        int nr = d.referenceCount();
        int[][] negatives = new int[train.length][];
        int[][] violated = new int[train.length][];
        boolean signed = o.aggregator().signConstrained();
        int done = RecordBlocks.run(train.length, o.threads(), "reident-separate", () -> StopRequest.now() >= deadline, () -> {
            double[] row = new double[nr];
            double[] margin = new double[nr];
            return r -> {
                int i = train[r];
                int t = data.truth()[i];
                d.block(i, 0, nr, row);
                if (signed) {
                    negatives[r] = MinIndexHeap.smallestBelow(row, -1e-9, o.rivals());
                }
                if (kValues[r] <= 0.5) {
                    for (int j = 0; j < nr; j++) {
                        margin[j] = j == t ? Double.POSITIVE_INFINITY : row[j] - row[t];
                    }
                    violated[r] = MinIndexHeap.smallestBelow(margin, Margin.separation(o.eps()), o.rivals());
                }
            };
        });
        Features.Accumulator acc = new Features.Accumulator(f.parameters());
        int n = f.dimension();
        double[] c1 = new double[n];
        double[] c2 = new double[n];
        int[] order = new int[n];
        int before = milp.rows();
        boolean negative = false;
        for (int r = 0; r < train.length; r++) {
            int i = train[r];
            if (negatives[r] != null) {
                negative |= negatives[r].length > 0;
                addNonNegative(milp, f, acc, c1, order, i, negatives[r], added, nr);
            }
            if (violated[r] != null) {
                for (int j : violated[r]) {
                    addRow(milp, f, acc, c1, c2, order, r, i, data.truth()[i], j, added, nr);
                }
            }
        }
        return new Separation(milp.rows() - before, done == train.length, negative);
    }

    /** SB: theta . phi(i, j) >= 0 for these rivals j of query i (lazy "PSD on the data"). */
    private void addNonNegative(MilpModel milp, Features f, Features.Accumulator acc, double[] c1, int[] order, int i,
            int[] rivals, Set<Long> added, int nr) {
        for (int j : rivals) {
            if (added.add(-1 - ((long) i * nr + j))) {
                acc.clear();
                f.add(i, j, 1, acc, c1, order);
                milp.addRow(acc, -1, 0, 0);
            }
        }
    }

    private static double[] values(MPVariable[] vars) {
        double[] v = new double[vars.length];
        for (int f = 0; f < v.length; f++) {
            v[f] = vars[f].solutionValue();
        }
        return v;
    }

    private void progress(String line) {
        if (o.progress() != null) {
            o.progress().accept(line);
        }
    }
}

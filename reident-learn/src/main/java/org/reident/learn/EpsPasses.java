package org.reident.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.LinkageData;

/**
 * The passes of {@code --eps auto}. The first eps comes from AM's margins ({@link Margin#auto}), but
 * parameters learned far from AM can link many records by smaller margins, which neither the MILP
 * nor its bound then counts: a file whose protection released one variable unchanged (IPSO with a
 * confidential attribute among the quasi-identifiers) is linked by AM at a few per cent, and the
 * learned weights, nearly all on that variable, link most records, by the gaps between its values.
 * A pass of either formulation stops after the round where its incumbent would advise a smaller eps
 * ({@link EpsAdvice}, {@link ConflictLearner#untilEpsAdvised}, {@link SupervisedLearner#untilEpsAdvised}
 * since stop 48); then, or when a pass ends proven
 * (OPTIMAL) with that advice, the learner runs again with the suggested eps in the time left, from
 * the parameters just learned (an incumbent of the next pass: they link at least as many records
 * with the smaller margin), until no advice follows, the time runs short ({@link #timeFor}), or a
 * stop is asked. Each eps suggested is a power of ten below the last and at least
 * {@link Margin#FLOOR}, so the passes end. The result is the last pass's, with its eps. A pass that
 * ran out of time is not followed: its time is gone. Measured on the whole Census released by IPSO
 * (docs/learning.md, "The default eps"): SB FEASIBLE at eps 1e-4 after 20 s, with the passes
 * OPTIMAL at 1e-5 in 5.1 s (2.8 s at 1e-6 before stop 47 mended the slave's check, {@link Margin#separation}),
 * every record re-identified.
 */
public final class EpsPasses {
    /** Another pass starts only with at least this many seconds of the time limit left ... */
    static final double MIN_LEFT = 1.0;
    /**
     * ... and at least this share of the limit: a pass at a smaller eps proves its bound afresh, and
     * with little time its bound is weaker than the pass before it had. On 20,000 generated records
     * with 25% noise and one variable released unchanged (WM, 60 s), the advice came at 55 s; a pass
     * at 1e-6 in the 4.7 s left re-identified the same 7,356 records with a bound of 19,119, where
     * the first pass's stood at 14,555 (development build without this share, 2026-12-02).
     */
    static final double MIN_SHARE = 0.25;

    private EpsPasses() {
    }

    /**
     * One pass: its eps, status, bound (the most records any parameter value links with margin eps),
     * the records its parameters link with margin eps ({@code withMargin}) and by a smaller positive
     * one ({@code below}), its seconds, and whether it ended early for a smaller eps
     * ({@link ConflictLearner#untilEpsAdvised}).
     */
    public record Pass(double eps, String status, int bound, int withMargin, int below, double seconds, boolean epsStopped) {
    }

    /**
     * The last pass's result (its seconds: all the passes'), options (with its eps) and advice, and
     * every pass in order.
     */
    public record Outcome(LearnResult result, LearnOptions options, EpsAdvice advice, List<Pass> passes) {
    }

    /**
     * Whether {@code left} seconds of a pass's limit of {@code limit} are enough for another pass
     * ({@link #MIN_SHARE}); the run that stops for the advice ({@code ConflictRun.stopForEps}) asks the
     * same of its own limit (less the time it keeps back for its last linkage).
     */
    static boolean timeFor(double left, double limit) {
        return left >= Math.max(MIN_LEFT, MIN_SHARE * limit);
    }

    /**
     * Learns with {@code o} (its eps the first pass's), then again while the result advises a smaller
     * eps and {@code again} (false: one pass, as for a given eps).
     */
    public static Outcome learn(Formulation form, LearnOptions o, LinkageData data, int[] train, boolean again) {
        return learn(form, o, data, train, again, null);
    }

    /** The same, each pass starting from the conflicts {@code conflicts} keeps at its eps and keeping its own there (null: none). */
    public static Outcome learn(Formulation form, LearnOptions o, LinkageData data, int[] train, boolean again,
            ConflictFile conflicts) {
        long t0 = System.nanoTime();
        List<Pass> passes = new ArrayList<>();
        LearnOptions cur = o;
        LearnResult r = form.learn(cur, data, train, null, null, again, conflicts);
        while (true) {
            EpsAdvice advice = EpsAdvice.of(r.linkage(), train, cur.eps(), r.bound());
            passes.add(new Pass(cur.eps(), r.status(), r.bound(), advice.withMargin(), advice.below(), r.seconds(),
                    r.epsStopped()));
            double left = o.timeLimit() - (System.nanoTime() - t0) / 1e9;
            boolean ended = r.status().equals("OPTIMAL") || r.epsStopped();
            if (!again || !advice.advised() || !ended || !timeFor(left, cur.timeLimit()) || StopRequest.requested()) {
                double total = (System.nanoTime() - t0) / 1e9;
                LearnResult last = new LearnResult(r.model(), r.status(), r.trainingRecords(), r.milpLinked(), r.bound(),
                        r.gap(), r.linkage(), r.trainingLinked(), r.unlinkable(), r.rounds(), r.rows(), total, r.solver(),
                        r.epsStopped(), r.boundNote());
                return new Outcome(last, cur, advice, List.copyOf(passes));
            }
            String from = String.format(Locale.ROOT, "the parameters learned with eps %s (%s, bound %d)",
                    EpsAdvice.format(cur.eps()), r.status(), r.bound());
            if (o.progress() != null) {
                o.progress().accept(String.format(Locale.ROOT, "eps %s (auto, pass %d: %s re-identify %d records by a margin"
                        + " below it; %.1f s left)", EpsAdvice.format(advice.suggested()), passes.size() + 1, from,
                        advice.below(), left));
            }
            cur = cur.withEps(advice.suggested()).withTimeLimit(left);
            r = form.learn(cur, data, train, r.model(), from, true, conflicts);
        }
    }
}

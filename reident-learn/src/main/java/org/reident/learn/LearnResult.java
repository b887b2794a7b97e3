package org.reident.learn;

import org.reident.distance.DistanceModel;
import org.reident.linkage.LinkageResult;

/**
 * Outcome of a supervised learning run. The re-identification count that matters, {@link #linkage()},
 * is recomputed by the linkage engine with the learned parameters; {@link #milpLinked()} is what the
 * solver's K variables claim (N - sum K), reported beside it.
 *
 * @param model          the learned parameters
 * @param status         OPTIMAL (proven), FEASIBLE (a checked solution with a bound and a gap: the
 *                       MILP stopped by the time limit, or the HRLA heuristic), TIME_LIMIT (stopped before a solution survived the
 *                       check against every record: the parameters returned are then the best, by the
 *                       recomputed count, of the rounds' solutions and the neutral AM parameters; also
 *                       when a MILP backend fails), INFEASIBLE (in the JSON contract; no learner reports
 *                       it: giving up every record is always a solution, so a backend's INFEASIBLE is a
 *                       numerical failure and ends the run as TIME_LIMIT)
 * @param trainingRecords records the parameters were learned on
 * @param milpLinked     N - sum K of the last solve
 * @param bound          the most training records any parameter value could link with margin eps
 * @param gap            (bound - linked) / bound, linked = the training records the returned parameters link with
 *                       margin eps by the engine, as the bound counts them (HRLA: its strict count against
 *                       its bound of records some measure could link)
 * @param linkage        the engine's linkage of every query record with the learned parameters
 * @param trainingLinked strict re-identifications among the training records, recomputed
 * @param unlinkable     training records no parameter value can link (fixed K = 1)
 * @param rounds         lazy constraint-generation rounds (the cuts formulation counts those whose set was
 *                       checked: 0 when the limit ends the first check)
 * @param rows           separation rows in the final model
 * @param seconds        wall-clock time
 * @param solver         backend name and version
 * @param epsStopped     the run ended early because its parameters link many records by a margin below eps
 *                       ({@link EpsAdvice}; asked for by {@link EpsPasses}, which then learns with a smaller eps)
 * @param boundNote      where a bound not proven optimal came from, when that says how far to trust it (null:
 *                       nothing to say; {@link ConflictRun}: the groups learned alone)
 */
public record LearnResult(DistanceModel model, String status, int trainingRecords, int milpLinked, int bound, double gap,
        LinkageResult linkage, int trainingLinked, int unlinkable, int rounds, int rows, double seconds, String solver,
        boolean epsStopped, String boundNote) {

    /** A result with nothing to say of its bound. */
    public LearnResult(DistanceModel model, String status, int trainingRecords, int milpLinked, int bound, double gap,
            LinkageResult linkage, int trainingLinked, int unlinkable, int rounds, int rows, double seconds, String solver,
            boolean epsStopped) {
        this(model, status, trainingRecords, milpLinked, bound, gap, linkage, trainingLinked, unlinkable, rounds, rows, seconds,
                solver, epsStopped, null);
    }

    /** A result of a run that went its whole course. */
    public LearnResult(DistanceModel model, String status, int trainingRecords, int milpLinked, int bound, double gap,
            LinkageResult linkage, int trainingLinked, int unlinkable, int rounds, int rows, double seconds, String solver) {
        this(model, status, trainingRecords, milpLinked, bound, gap, linkage, trainingLinked, unlinkable, rounds, rows, seconds,
                solver, false);
    }
}

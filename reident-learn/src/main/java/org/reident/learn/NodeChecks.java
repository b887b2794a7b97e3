package org.reident.learn;

import java.util.List;

/**
 * The slave's checks of the master's nodes (stop 55, "Conflicts at the tree's nodes" in
 * docs/learning.md): after a master solve, the sets of its sampled nodes ({@link NodeSamples}) are
 * checked, and each unlinkable one gives a conflict, a cut at the next round like any other (the
 * conflict is unlinkable whatever set it came from). Counts what the checks did, for the result's
 * and the rounds' lines.
 */
final class NodeChecks {
    /**
     * Master solves that left fewer samples of their nodes than this ({@link NodeSamples}, one every
     * 512 nodes of a search) have them dropped unchecked: on the 400-record files, whose solves take
     * milliseconds, the checks cost more than they gave (seed-1 M5-38 SB_NC 5.9-6.6 s -> 7.7-8.1 s
     * with every solve's nodes checked). A count, not the solve's seconds, so that which solves are
     * checked does not depend on the machine's speed.
     */
    static final int FROM = 16;
    /**
     * The checks of a solve's samples stop once they have taken this many times the solve's own time
     * (never on an idle machine on the files measured, where they take about as long: 0.7-1.5 times on
     * the whole Census's SB), so that a file whose checks cost far more than its nodes keeps its
     * rounds. At 4 it fired once in the whole Census's SB proof of stop 58, when a test run started
     * beside the learner in its first minute (the solve timed idle, its checks under load), and the
     * path went another way from round 12: hence 10, far from the ratios seen.
     */
    static final double VALVE = 10;

    private final ConflictRun run;
    private int from = FROM;
    /** Sets of the master's nodes checked by the slave, and the conflicts they gave. */
    private int checks;
    private int conflicts;
    /** Solves whose samples were not all checked by {@link #VALVE}. */
    private int cut;

    NodeChecks(ConflictRun run) {
        this.run = run;
    }

    /** Solves that left fewer samples than {@code samples} are not checked ({@link #FROM}, or a test's). */
    void from(int samples) {
        this.from = samples;
    }

    /** Conflicts the checks have given so far. */
    int conflicts() {
        return conflicts;
    }

    /**
     * The master solve's sampled nodes ({@link NodeSamples}), taking {@code seconds}, checked by the
     * slave, all of them (at most {@link NodeSamples#CAPACITY}), in the tree's order, when there are
     * at least {@link #from} of them: each unlinkable set's conflict goes to the deletion filters
     * ({@link ConflictRun#cut}). The samples, and so the conflicts, do not depend on the threads or
     * the machine's speed; only the run's deadline, and {@link #VALVE} times the solve's own time, end
     * the checks sooner (the latter counted: a run where it happens may take another path on another
     * machine). On the whole Census's SB the checks take about as long as the solve did (0.7-1.5
     * times, stop 58).
     */
    void after(List<boolean[]> sets, double seconds) {
        if (sets.size() < from) {
            return; // a short solve's nodes are not worth a check
        }
        double until = StopRequest.now() + VALVE * seconds;
        run.phase = "checking the master's nodes";
        for (boolean[] linked : sets) {
            if (StopRequest.now() >= until) {
                cut++;
                break;
            }
            int[] c = run.slave.check(linked, run.deadline);
            if (c == null) {
                break; // out of time
            }
            checks++;
            if (c.length > 0) {
                conflicts++;
                run.cut(c);
            }
        }
    }

    /** The result's words on the checks, e.g. " (12 conflicts from 40 of the master's nodes)"; empty if none gave one. */
    String resultNote() {
        if (conflicts == 0) {
            return "";
        }
        return " (" + conflicts + " conflicts from " + checks + " of the master's nodes"
                + (cut > 0 ? "; the checks of " + cut + " solve" + (cut == 1 ? "" : "s") + " cut short by the clock" : "")
                + ")";
    }

    /** A round line's words, ", N from the master's nodes"; empty if none. */
    String roundNote() {
        return conflicts > 0 ? ", " + conflicts + " from the master's nodes" : "";
    }
}

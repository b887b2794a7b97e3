package org.reident.learn;

import java.util.ArrayList;
import java.util.List;

/**
 * The slave's part of a round of a {@link ConflictRun}: the master's set is made linkable by giving
 * up one record per conflict (each conflict a cut), and the records given up are then tried again
 * one by one (kept when the set stays linkable, a better incumbent; one more cut otherwise).
 */
final class SlaveRound {
    private final ConflictRun run;
    /** When the round's {@link #repair} began: the pause within a round counts from it. */
    private double roundFrom = StopRequest.now();

    SlaveRound(ConflictRun run) {
        this.run = run;
    }

    /**
     * Gives up records of s, one a conflict (the one with the largest dual), until the rest is
     * linkable; each conflict becomes a cut. Returns the records given up (empty: s was
     * linkable as it was), or null when the time ran out or the weight cells proved the optimum.
     * Reads the cells (their bound and incumbents) at each conflict, and once the round has run
     * {@link ConflictLearner#ROUND_PAUSE} s while the cells lead, hands them the conflicts found so far as cuts
     * and waits ({@link BesideReader#pauseForCells}); it goes on if their search ends without a proof.
     * Tells the reader each record given up ({@link BesideReader#givenUp}: many in the first round
     * start the searches beside).
     */
    List<Integer> repair(boolean[] s) {
        List<Integer> removed = new ArrayList<>();
        roundFrom = StopRequest.now();
        while (StopRequest.now() < run.deadline) {
            if (readBeside(true)) {
                return null; // the cells' proof, a stop or the deadline: the loop's end finds it
            }
            run.phase = "slave: " + removed.size() + " records given up for conflicts so far";
            int[] conflict = run.slave.check(s, run.deadline);
            if (conflict == null) {
                return null;
            }
            if (conflict.length == 0) {
                run.offer(s);
                return removed;
            }
            s[conflict[0]] = false;
            removed.add(conflict[0]);
            run.cut(conflict);
            run.beside.givenUp(removed.size());
        }
        return null;
    }

    /**
     * Tries each record given up by {@link #repair} again: kept when the set stays linkable (a
     * better incumbent), otherwise one more cut, around the incumbent where the proof needs them.
     * Pauses for the cells as {@link #repair} does ({@link #readBeside}), and then ends early on their
     * proof, a stop or the deadline. (Seeking several disjoint conflicts per record was
     * measured: no fewer rounds.)
     */
    void reinsert(boolean[] s, List<Integer> removed) {
        int done = 0;
        for (int r : removed) {
            run.phase = "slave: trying records again, " + done++ + " of " + removed.size();
            if (StopRequest.now() >= run.deadline || readBeside(false)) {
                return;
            }
            s[r] = true;
            int[] conflict = run.slave.check(s, run.deadline);
            if (conflict != null && conflict.length == 0) {
                run.offer(s);
            } else {
                s[r] = false;
                if (conflict != null) {
                    run.cut(conflict);
                }
            }
        }
    }

    /**
     * Between two checks of a round: with {@code read}, reads the searches beside
     * ({@link BesideReader#fromBeside}); and once the round has run {@link ConflictRun#roundPause} s
     * while the cells lead, hands them the conflicts found so far as cuts and waits
     * ({@link BesideReader#pauseForCells}). True when the round must end: the cells' proof, the
     * deadline or a stop. Until stop 76 only {@link #repair} came here: a round whose repair ended
     * within its first second and whose tries again took 3 s never paused (the full suite once met it
     * in {@code SimplexCellsTest.theCutsPauseWithinALongFirstRound}: 1,906 conflicts, round 1 ended
     * at 4.3 s). {@link #reinsert} comes without {@code read}: reading the cells' incumbents and bound
     * at each record tried again made the cuts overtake the cells on the 600-record file of
     * {@code SimplexCellsTest.theCutsPauseWhileTheCellsLead} (no pause in 2 of 4 runs, against 0 of 4),
     * a change of the run's course this fix is not meant to make.
     */
    private boolean readBeside(boolean read) {
        if (read && run.beside.fromBeside()) {
            return true;
        }
        run.beside.weighTurn(); // within a round too: a slave's part longer than a slice ends the turn (no bound moved)
        if (StopRequest.now() - roundFrom >= run.roundPause && run.beside.cellsLead()) {
            run.takeCuts(); // the cells get the conflicts found so far
            run.beside.pauseForCells();
            return StopRequest.now() >= run.deadline || run.beside.fromBeside() || run.stopForEps();
        }
        return false;
    }

    /**
     * The records the master gave up (other than the unlinkable ones and those in removed), to be
     * tried again after a hard master solve: its cover is far from the bound's, and {@link #reinsert}
     * alone never tries them. On the whole Census, SB, `./reident learn ... --time-limit 120s`
     * (2026-11-26, against the same run without it, both before the dual bound in the master's
     * tree; development runs, the "without" side set by hand): best 969 -> 972, bound 984 -> 983.
     */
    List<Integer> droppedByMaster(boolean[] keep, List<Integer> removed) {
        boolean[] skip = new boolean[run.m];
        for (int r : removed) {
            skip[r] = true;
        }
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < run.m; r++) {
            if (!keep[r] && !skip[r] && !run.slave.unlinkable(r)) {
                out.add(r);
            }
        }
        return out;
    }
}

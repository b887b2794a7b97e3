package org.reident.learn;

import java.util.Locale;

/**
 * The cuts' turns beside leading weight cells (stop 83; {@link BesideReader#waitForCells}). While the
 * cells' bound leads the cuts' by {@link BesideReader#pauseLead} records the cuts wait, so that the
 * cells have the cores; after {@link #TURN_AFTER} s of one wait, if their bound is then within
 * {@link #TURN_GAP} of the linkable records of the cells' ({@link #within}), the cuts take a turn, the
 * cells searching on. At the start of each round and between the checks of one the turn is weighed
 * ({@link #weigh}): it goes on while the cuts' own bound falls faster than the cells' fell in the wait
 * before it, records a second; else it ends, the cuts pause again while the cells lead, and the next
 * wait before a turn is twice as long.
 * Not thread-safe but for {@link #inTurn}, which the master's watch reads.
 */
final class CutsTurns {
    /**
     * Seconds the cuts wait for leading cells before their first turn; doubled after each turn they
     * lose. Until stop 83 the cuts waited for the cells' proof, the deadline or (since stop 82) the
     * cells' end at their share of the heap. On the whole Census's OWA runs whose cuts never paused
     * reached a bound of 773-779 at 120 s, runs whose cuts paused at 7 s 787-799; with a turn after
     * 20 s of waiting 771-779 (learning.md, "The cuts take turns beside the leading cells").
     */
    static final double TURN_AFTER = 20;
    /** The least seconds of a turn (or of its last slice) before it is weighed. */
    static final double TURN_LEAST = 5;
    /**
     * The cuts take a turn only when their bound is within this share of the linkable records of the
     * cells' ({@link #within}). Without it, on the whole Census on 8 variables with 40% noise (WM,
     * 60 s), where the cells' bound fell 136 records in the 20 s wait and the cuts' stood 287 above
     * it, the turn cost 14-15 records of bound, 577-581 against 563-566 in three runs each (learning.md).
     */
    static final double TURN_GAP = 0.05;

    private double after;
    /** When the turn under way (or its last slice) began, {@link StopRequest#now} seconds; negative: none. */
    private volatile double from = -1;
    /** The cuts' own bound when the turn or its last slice began. */
    private int cutsFrom;
    /** Records a second the cells' bound fell in the last wait. */
    private double cellsRate;
    private int turns;
    private double seconds;

    /** @param after seconds of waiting before the first turn ({@link #TURN_AFTER}, or a test's) */
    CutsTurns(double after) {
        this.after = after;
    }

    /**
     * Whether the cuts, their own bound {@code cutsBound}, are near enough the cells' {@code cellsBound}
     * for a turn: within {@link #TURN_GAP} of the {@code linkable} records, at least one.
     */
    static boolean within(int cutsBound, int cellsBound, int linkable) {
        return cutsBound - cellsBound <= Math.max(1, (int) Math.ceil(TURN_GAP * linkable));
    }

    /** Seconds of one wait after which the cuts take a turn. */
    double after() {
        return after;
    }

    /** Whether the cuts are in a turn (from any thread). */
    boolean inTurn() {
        return from >= 0;
    }

    /**
     * A turn from {@code now}, the cuts' own bound {@code cutsBound}, the cells' bound having fallen
     * {@code cellsRate} records a second in the wait before it.
     */
    void start(double now, int cutsBound, double cellsRate) {
        this.cellsRate = cellsRate;
        from = now;
        cutsFrom = cutsBound;
        turns++;
    }

    /**
     * At the start of a round and between the checks of one ({@link BesideReader#weighTurn}): a turn
     * (or its last slice) of at least {@link #TURN_LEAST} s goes on, from {@code now} as a
     * new slice, when the cuts' bound fell faster in it than {@link #cellsRate}; else it ends and the
     * next wait is twice as long. Returns the line saying that the turn ended, else null.
     */
    String weigh(double now, int cutsBound) {
        if (from < 0 || now - from < TURN_LEAST) {
            return null;
        }
        double took = now - from;
        int fell = cutsFrom - cutsBound;
        seconds += took;
        if (fell / took > cellsRate) {
            from = now;
            cutsFrom = cutsBound;
            return null;
        }
        from = -1;
        after *= 2;
        return String.format(Locale.ROOT, "cuts: their turn ends, their bound having fallen %d records in %.1f s (the"
                + " cells' %.2f a second alone); the next after %.0f s of waiting", fell, took, cellsRate, after);
    }

    /** The engine line's part ("" when no turn was taken), a turn under way counted to {@code now}. */
    String note(double now) {
        if (turns == 0) {
            return "";
        }
        double all = seconds + (from >= 0 ? Math.max(0, now - from) : 0);
        return String.format(Locale.ROOT, "; the cuts took %d turn%s beside the leading cells (%.1f s)", turns,
                turns == 1 ? "" : "s", all);
    }
}

package org.reident.learn;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the exact master behind {@link CoverSearch} in tests: it takes fixes and cuts
 * without a model, counts the solves it is asked for, and leaves the solve itself ({@link #answer})
 * and the halt to the test's kind.
 */
abstract class StubMaster implements CoverMaster {
    /** The solves asked for. */
    final AtomicInteger solves = new AtomicInteger();

    @Override
    public void fix(int r) {
    }

    @Override
    public void cut(int[] records) {
    }

    @Override
    public final Solved solve(double seconds, boolean[] keep, long atLeast, long atMost) {
        solves.incrementAndGet();
        return solveAsked(seconds, keep, atLeast, atMost);
    }

    /** The solve itself: {@link #answer} unless a kind needs the whole problem. */
    Solved solveAsked(double seconds, boolean[] keep, long atLeast, long atMost) {
        return answer(seconds);
    }

    /** The solve's answer (null: none in time), given its time limit. */
    abstract Solved answer(double seconds);

    @Override
    public void halt() {
    }

    @Override
    public void resume() {
    }

    @Override
    public String version() {
        return "stub 1";
    }

    @Override
    public void delete() {
    }
}

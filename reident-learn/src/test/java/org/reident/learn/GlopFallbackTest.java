package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPModelProto;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import com.google.protobuf.TextFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GLOP's other settings tried in turn where a solve fails ({@link GlopFallback}), on a hand-made
 * LP of the slave's form: min t subject to w1 d1 + w2 d2 + t >= eps for two rivals, w1 + w2 = 1,
 * w >= 0. With eps = 1 and the rivals' gaps (2, -2) and (-1, 3), the best w = (5/8, 3/8) gives both
 * rows 1/2, so t* = 1/2. The failures are a solve stand-in's (GLOP's own cannot be called up on
 * demand); each counted solve is a real one.
 */
class GlopFallbackTest {
    private static final String OWN = GlopFallback.dualOwn(1e-4);
    private MPSolver lp;
    private MPVariable t;

    @BeforeEach
    void lp() {
        MilpModel.loadNative();
        lp = MPSolver.createSolver("GLOP");
        lp.suppressOutput();
        assertTrue(lp.setSolverSpecificParametersAsString(OWN));
        MPVariable w1 = lp.makeNumVar(0, 1, "w1");
        MPVariable w2 = lp.makeNumVar(0, 1, "w2");
        t = lp.makeNumVar(0, MPSolver.infinity(), "t");
        MPConstraint sum = lp.makeConstraint(1, 1);
        sum.setCoefficient(w1, 1);
        sum.setCoefficient(w2, 1);
        double[][] gaps = {{2, -2}, {-1, 3}};
        for (double[] g : gaps) {
            MPConstraint row = lp.makeConstraint(1, MPSolver.infinity());
            row.setCoefficient(w1, g[0]);
            row.setCoefficient(w2, g[1]);
            row.setCoefficient(t, 1);
        }
        lp.objective().setCoefficient(t, 1);
        lp.objective().setMinimization();
    }

    @AfterEach
    void delete() {
        lp.delete();
    }

    @Test
    void theFirstSettingThatSolvesIsKept() {
        List<Integer> solves = new ArrayList<>();
        AtomicInteger counted = new AtomicInteger();
        // the first two settings "fail", the third solves
        MPSolver.ResultStatus st = GlopFallback.solve(lp, OWN, "", StopRequest.now() + 60, Double.POSITIVE_INFINITY, () -> {
            solves.add(solves.size());
            return solves.size() <= 2 ? MPSolver.ResultStatus.ABNORMAL : lp.solve();
        }, counted::incrementAndGet);
        assertEquals(MPSolver.ResultStatus.OPTIMAL, st);
        assertEquals(3, counted.get(), "two failed settings and the one that solved");
        assertEquals(3, solves.size());
        assertEquals(0.5, t.solutionValue(), 1e-9);
        // the LP solves again after the fallback, to the same optimum (the restore itself: everySettingIsOneGlopTakes)
        assertEquals(MPSolver.ResultStatus.OPTIMAL, lp.solve());
        assertEquals(0.5, t.solutionValue(), 1e-9);
    }

    @Test
    void everySettingIsTriedBeforeGivingUp() {
        AtomicInteger counted = new AtomicInteger();
        MPSolver.ResultStatus st = GlopFallback.solve(lp, OWN, "", StopRequest.now() + 60, Double.POSITIVE_INFINITY,
                () -> MPSolver.ResultStatus.INFEASIBLE, counted::incrementAndGet);
        assertEquals(MPSolver.ResultStatus.INFEASIBLE, st, "the last status");
        assertEquals(GlopFallback.OTHER_SETTINGS.length, counted.get());
        assertEquals(4, GlopFallback.OTHER_SETTINGS.length);
    }

    @Test
    void noTimeLeftNoSolve() {
        AtomicInteger counted = new AtomicInteger();
        MPSolver.ResultStatus st = GlopFallback.solve(lp, OWN, "", StopRequest.now() - 1, 1, lp::solve, counted::incrementAndGet);
        assertEquals(MPSolver.ResultStatus.ABNORMAL, st);
        assertEquals(0, counted.get());
    }

    @Test
    void everySettingIsOneGlopTakes() {
        for (String s : GlopFallback.OTHER_SETTINGS) {
            assertTrue(lp.setSolverSpecificParametersAsString(s + " " + Margin.glopTolerance(1e-6)), s);
        }
        assertTrue(lp.setSolverSpecificParametersAsString(GlopFallback.defaultsOwn(1e-6)), "the lone records' own");
        assertThrows(IllegalStateException.class, () -> GlopFallback.solve(lp, "no_such_field: 1", "",
                StopRequest.now() + 60, 1, lp::solve, () -> { }), "refused own settings are an internal error");
    }

    /**
     * The solver's own failures; a solve cut short (NOT_SOLVED) is not one, though the small LPs' solves
     * fall back on it while time is left ({@link GlopFallback#solveSmall}: below).
     */
    @Test
    void theFiltersFallBackOnFailuresOnly() {
        assertTrue(GlopFallback.failed(MPSolver.ResultStatus.ABNORMAL));
        assertTrue(GlopFallback.failed(MPSolver.ResultStatus.INFEASIBLE));
        assertTrue(GlopFallback.failed(MPSolver.ResultStatus.UNBOUNDED));
        assertFalse(GlopFallback.failed(MPSolver.ResultStatus.NOT_SOLVED));
        assertFalse(GlopFallback.failed(MPSolver.ResultStatus.FEASIBLE));
        assertFalse(GlopFallback.failed(MPSolver.ResultStatus.OPTIMAL));
    }

    /** The stalled filter LP of stop 74 (the fixture's header says where it came from), loaded into a fresh GLOP. */
    private static MPSolver stalledLp() throws IOException {
        MPModelProto.Builder b = MPModelProto.newBuilder();
        try (InputStream in = GlopFallbackTest.class.getResourceAsStream("stalled-filter-lp.txtpb")) {
            TextFormat.getParser().merge(new String(in.readAllBytes(), StandardCharsets.UTF_8), b);
        }
        MPSolver s = MPSolver.createSolver("GLOP");
        s.suppressOutput();
        assertEquals("", s.loadModelFromProto(b.build()));
        return s;
    }

    /**
     * A setting that stalls is stopped after {@link GlopFallback#SMALL_LP_SECONDS} and the next one
     * solves: on the LP of stop 74, the presolve with the dual simplex (the first other setting) still
     * runs after 1.5 s, and the fallback answers OPTIMAL with t* = 0 from the second. Stop 73's fallback
     * waited for the first until the deadline (here 20 s away) and answered NOT_SOLVED.
     */
    @Test
    void aSettingThatStallsIsStoppedAndTheNextSolves() throws IOException {
        MPSolver s = stalledLp();
        try {
            assertTrue(s.setSolverSpecificParametersAsString(GlopFallback.OTHER_SETTINGS[0]));
            s.setTimeLimit(1500);
            assertEquals(MPSolver.ResultStatus.NOT_SOLVED, s.solve(), "GLOP no longer stalls on the fixture: it tests nothing");
            AtomicInteger counted = new AtomicInteger();
            MPSolver.ResultStatus st = GlopFallback.solve(s, OWN, "", StopRequest.now() + 20, GlopFallback.SMALL_LP_SECONDS,
                    s::solve, counted::incrementAndGet);
            assertEquals(MPSolver.ResultStatus.OPTIMAL, st);
            assertEquals(2, counted.get(), "the stalled setting and the next");
            assertEquals(0.0, s.objective().value(), 1e-9);
        } finally {
            s.delete();
        }
    }

    /**
     * A small LP's own solve that stalls falls back too ({@link GlopFallback#solveSmall}): with the
     * stalling setting as the LP's own, its solve is stopped after a second, the same setting is
     * stopped again, and the next solves. Fails when NOT_SOLVED with time left is not taken for a stall.
     */
    @Test
    void aSmallLpsStalledOwnSolveFallsBack() throws IOException {
        MPSolver s = stalledLp();
        try {
            String own = GlopFallback.OTHER_SETTINGS[0] + " use_scaling: true";
            assertTrue(s.setSolverSpecificParametersAsString(own));
            AtomicInteger counted = new AtomicInteger();
            MPSolver.ResultStatus st = GlopFallback.solveSmall(s, own, "", StopRequest.now() + 20, s::solve,
                    counted::incrementAndGet);
            assertEquals(MPSolver.ResultStatus.OPTIMAL, st);
            assertEquals(2, counted.get());
            assertEquals(MPSolver.ResultStatus.NOT_SOLVED, GlopFallback.solveSmall(s, own, "", StopRequest.now() - 1, s::solve,
                    counted::incrementAndGet), "no time left: no solve");
            assertEquals(2, counted.get());
        } finally {
            s.delete();
        }
    }
}

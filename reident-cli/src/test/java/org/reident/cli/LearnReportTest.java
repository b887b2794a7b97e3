package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.distance.DistanceModel;
import org.reident.distance.Method;

/** The text of a learned fuzzy measure: every subset up to six variables, the readable part beyond. */
class LearnReportTest {

    private static List<String> lines(int n) {
        List<String> vars = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            vars.add("V" + k);
        }
        StringWriter w = new StringWriter();
        try (PrintWriter out = new PrintWriter(w)) {
            LearnReport.measure(out, DistanceModel.neutral(Method.CHOQUET, vars));
        }
        return List.of(w.toString().split("\n"));
    }

    @Test
    void sixVariablesShowEverySubset() {
        List<String> l = lines(6);
        assertEquals(1 + 63, l.size()); // header and the 63 non-empty subsets of the equilibrium measure (mu = |A| / 6)
        assertEquals("  mu({V0}) = 0.16667", l.get(1));
        assertEquals("  mu({V0,V1,V2,V3,V4,V5}) = 1.00000", l.get(63));
    }

    @Test
    void elevenVariablesShowSmallAndLeaveOneOutSubsetsAndSayWhereTheRestIs() {
        List<String> l = lines(11);
        // 11 singletons, 55 pairs, 11 subsets of 10 variables; 2047 - 77 = 1970 not shown (mu(V) = 1 among them)
        assertEquals(1 + 11 + 55 + 11 + 1, l.size());
        assertTrue(l.get(0).startsWith("fuzzy measure (2048 subsets;"), l.get(0));
        assertEquals("  mu({V0}) = 0.09091", l.get(1));
        assertEquals("  mu({V0,V1}) = 0.18182", l.get(12));
        assertEquals("  mu({V0,V1,V2,V3,V4,V5,V6,V7,V8,V9}) = 0.90909", l.get(67)); // leaving V10 out
        assertEquals("  mu({V1,V2,V3,V4,V5,V6,V7,V8,V9,V10}) = 0.90909", l.get(77)); // leaving V0 out
        assertTrue(l.get(78).contains("(1970 further values of mu"), l.get(78));
    }

    /**
     * A learned matrix with a small negative eigenvalue: the eigenvalues line shows it (not as
     * -0.00000) beside the verdict that the matrix is not positive semidefinite. diag(0.6, 0.4)
     * with off-diagonal sqrt(0.24) + 1e-7 has determinant about -9.8e-8: eigenvalues 1.0000001 and -9.8e-8.
     */
    @Test
    void aSmallNegativeEigenvalueIsShownBesideTheVerdict() {
        double off = Math.sqrt(0.24) + 1e-7;
        DistanceModel m = new DistanceModel(Method.BILINEAR, "bilinear", List.of("A", "B"),
                org.reident.distance.Standardization.OWN, new double[] {0.6, off, off, 0.4});
        StringWriter w = new StringWriter();
        try (PrintWriter out = new PrintWriter(w)) {
            LearnReport.explain(out, m, org.reident.learn.Aggregator.BILINEAR);
        }
        String text = w.toString();
        assertTrue(text.contains("eigenvalues: 1.00000 -"), text);
        assertTrue(text.contains("e-0"), text);
        assertTrue(text.contains("the matrix is NOT positive semidefinite"), text);
    }

    private static org.reident.learn.LearnResult result(String status, int training, int bound, int unlinkable) {
        return new org.reident.learn.LearnResult(null, status, training, 10, bound, 0.5, null, 10, unlinkable, 0, 100, 60.0, "scip");
    }

    /**
     * A run stopped with the bound it started from (every training record that some parameter value
     * links alone) says so; one whose bound fell below it, or that is proven, does not.
     */
    @Test
    void aBoundThatNeverMovedIsNamed() {
        String note = LearnReport.untouchedBound(result("FEASIBLE", 4092, 4001, 91));
        assertTrue(note != null && note.contains("links on its own (4001)"), String.valueOf(note));
        assertEquals(null, LearnReport.untouchedBound(result("FEASIBLE", 4092, 4000, 91)));
        assertEquals(null, LearnReport.untouchedBound(result("TIME_LIMIT", 4092, 3999, 91)));
        assertTrue(LearnReport.untouchedBound(result("TIME_LIMIT", 100, 100, 0)) != null);
        assertEquals(null, LearnReport.untouchedBound(result("OPTIMAL", 100, 100, 0))); // every record linked together
    }

    /**
     * The learner's own note on its bound (the groups hold it) is shown for a run not proven, never for
     * an OPTIMAL one; a bound that never moved is named first.
     */
    @Test
    void theLearnersBoundNoteIsShownUnlessProven() {
        String groups = "the bound is the sum of 5 groups of 30 records";
        assertEquals(groups, LearnReport.boundNote(noted("FEASIBLE", 150, 78, 0, groups)));
        assertEquals(null, LearnReport.boundNote(noted("OPTIMAL", 150, 78, 0, groups)));
        assertEquals(null, LearnReport.boundNote(noted("FEASIBLE", 150, 78, 0, null)));
        assertTrue(LearnReport.boundNote(noted("FEASIBLE", 150, 150, 0, groups)).contains("links on its own (150)"));
    }

    /**
     * A run that closed less than 5% of the gap it started with (every record some parameter value links
     * alone, down to the records found) says that its bound fell only so far; one that closed more, a
     * proven one, and one whose bound never moved (named otherwise) do not. EIA's SB at 60 s: 4,090
     * of 4,092 against 958 found; the whole Census's SB at 120 s: 977 of 1,004 against 974.
     */
    @Test
    void aBoundThatBarelyMovedIsNamed() {
        String note = LearnReport.barelyMovedBound(found("FEASIBLE", 4092, 4090, 0, 958));
        assertTrue(note != null && note.startsWith("the bound has fallen only 2 records below every record some"
                + " parameter value links on its own (4092)"), String.valueOf(note));
        assertEquals(note, LearnReport.boundNote(found("FEASIBLE", 4092, 4090, 0, 958)));
        assertTrue(LearnReport.barelyMovedBound(found("TIME_LIMIT", 4092, 4091, 0, 0)).contains("only 1 record below"));
        assertEquals(null, LearnReport.barelyMovedBound(found("FEASIBLE", 1080, 977, 76, 974)));
        assertEquals(null, LearnReport.barelyMovedBound(found("OPTIMAL", 4092, 4090, 0, 958)));
        assertEquals(null, LearnReport.barelyMovedBound(found("FEASIBLE", 4092, 4092, 0, 958)), "never moved: named otherwise");
        // at the threshold: 100 linkable, 60 found, a gap of 40; 5% of it is 2 records
        assertTrue(LearnReport.barelyMovedBound(found("FEASIBLE", 100, 99, 0, 60)) != null);
        assertEquals(null, LearnReport.barelyMovedBound(found("FEASIBLE", 100, 98, 0, 60)));
        // the groups' own note comes first
        String groups = "the bound is the sum of 5 groups of 30 records";
        assertEquals(groups, LearnReport.boundNote(new org.reident.learn.LearnResult(null, "FEASIBLE", 4092, 958, 4090, 0.5,
                null, 958, 0, 0, 100, 60.0, "scip", false, groups)));
    }

    private static org.reident.learn.LearnResult found(String status, int training, int bound, int unlinkable, int found) {
        return new org.reident.learn.LearnResult(null, status, training, found, bound, 0.5, null, found, unlinkable, 0, 100, 60.0,
                "scip");
    }

    private static org.reident.learn.LearnResult noted(String status, int training, int bound, int unlinkable, String note) {
        return new org.reident.learn.LearnResult(null, status, training, 10, bound, 0.5, null, 10, unlinkable, 0, 100, 60.0, "scip",
                false, note);
    }

    private static String explained(DistanceModel m, org.reident.learn.Aggregator a) {
        StringWriter w = new StringWriter();
        try (PrintWriter out = new PrintWriter(w)) {
            LearnReport.explain(out, m, a);
        }
        return w.toString();
    }

    /** An additive measure has no interacting pair: the report says so rather than listing nothing. */
    @Test
    void anAdditiveMeasureSaysNoPairInteracts() {
        String text = explained(DistanceModel.neutral(Method.CHOQUET, List.of("A", "B", "C")), org.reident.learn.Aggregator.CHOQUET);
        assertTrue(text.contains("pairwise interaction indices"), text);
        assertTrue(text.contains("  none: every pair's index is 0"), text);
        String one = explained(DistanceModel.neutral(Method.CHOQUET, List.of("A")), org.reident.learn.Aggregator.CHOQUET);
        assertTrue(one.contains("  none: one variable, no pairs"), one);
    }

    /**
     * mu(S) = (|S| / 4 + 0.25 [S contains A and B]) / 1.25: the bump's second difference is 0.25 for the
     * pair (A, B) on every S and 0 for every other pair, and the weights sum to 1, so I_AB = 0.25 / 1.25 = 0.2
     * and the other five indices are 0 (the additive part has none).
     */
    @Test
    void oneInteractingPairIsListedAndTheRestCounted() {
        double[] mu = new double[16];
        for (int s = 0; s < 16; s++) {
            mu[s] = (Integer.bitCount(s) / 4.0 + ((s & 3) == 3 ? 0.25 : 0)) / 1.25;
        }
        DistanceModel m = new DistanceModel(Method.CHOQUET, "choquet", List.of("A", "B", "C", "D"),
                org.reident.distance.Standardization.OWN, mu);
        String text = explained(m, org.reident.learn.Aggregator.CHOQUET);
        assertTrue(text.matches("(?s).*\\n  A +B +\\+0\\.20000\\n.*"), text);
        assertTrue(text.contains("  (the other 5 pairs' indices are 0 within 1e-6)"), text);
        assertTrue(!text.contains("none:"), text);
    }
}

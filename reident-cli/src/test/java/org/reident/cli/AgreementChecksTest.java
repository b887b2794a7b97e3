package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.learn.Aggregator;

/** What bench-check asks of a file's runs, on runs made by hand: each fact broken alone is caught, and named. */
class AgreementChecksTest {
    private static AgreementChecks.Run optimal(int n) {
        return new AgreementChecks.Run("OPTIMAL", n, n, 1);
    }

    private static AgreementChecks.Family ok(Aggregator a, int n) {
        return new AgreementChecks.Family(a, optimal(n), optimal(n), new AgreementChecks.Verified(true, true, n));
    }

    /** A consistent file: WM_m 14 <= WM 14 <= CI_m 15 <= CI 16, OWA 12, SB 18 <= SB_NC 18, MD* anything; AM 11. */
    private static List<AgreementChecks.Family> consistent() {
        return List.of(ok(Aggregator.WM, 14), ok(Aggregator.WM_M, 14), ok(Aggregator.OWA, 12), ok(Aggregator.CHOQUET, 16),
                ok(Aggregator.CHOQUET_M, 15), ok(Aggregator.BILINEAR, 18), ok(Aggregator.BILINEAR_NC, 18), ok(Aggregator.MD_STAR, 9));
    }

    @Test
    void aConsistentFileHasNoProblemAndItsComparisonsAreCounted() {
        assertEquals(List.of(), AgreementChecks.problems(consistent(), 11));
        // containments: CI 4, CI_m 2, WM 1, SB_NC 3, SB 2 = 12; AM against the 7 families but MD* = 7
        assertEquals(19, AgreementChecks.comparisons(consistent(), true));
        assertEquals(12, AgreementChecks.comparisons(consistent(), false));
        // a run not proven, its bound above the optimum and its found below, is consistent too
        AgreementChecks.Family open = new AgreementChecks.Family(Aggregator.WM, optimal(14),
                new AgreementChecks.Run("FEASIBLE", 20, 13, 20), new AgreementChecks.Verified(true, true, 14));
        assertEquals(List.of(), AgreementChecks.problems(List.of(open), 11));
    }

    @Test
    void twoFormulationsThatDisagreeAreCaught() {
        AgreementChecks.Family f = new AgreementChecks.Family(Aggregator.BILINEAR, optimal(39), optimal(40),
                new AgreementChecks.Verified(true, true, 39));
        List<String> p = AgreementChecks.problems(List.of(f), -1);
        assertEquals(List.of("bilinear: cuts OPTIMAL 39, the big-M run's parameters link 40", "bilinear: big-M OPTIMAL 40, the cuts run's bound 39 below it"), p);
        // a bound not proven but below the other's proven optimum
        AgreementChecks.Family g = new AgreementChecks.Family(Aggregator.WM, optimal(14), new AgreementChecks.Run("FEASIBLE", 13, 12, 20),
                null);
        assertEquals(List.of("wm: cuts OPTIMAL 14, the big-M run's bound 13 below it"), AgreementChecks.problems(List.of(g), -1));
    }

    @Test
    void aRunAtOddsWithItselfIsCaught() {
        AgreementChecks.Family over = new AgreementChecks.Family(Aggregator.OWA, new AgreementChecks.Run("FEASIBLE", 10, 11, 5), null, null);
        assertEquals(List.of("owa cuts: its parameters link 11, above its own bound 10"), AgreementChecks.problems(List.of(over), -1));
        AgreementChecks.Family claim = new AgreementChecks.Family(Aggregator.OWA, new AgreementChecks.Run("OPTIMAL", 10, 9, 5), null, null);
        assertEquals(List.of("owa cuts: OPTIMAL 10, but its parameters link 9 with margin eps"), AgreementChecks.problems(List.of(claim), -1));
    }

    @Test
    void aCertificateVerifyRefusesIsCaught() {
        AgreementChecks.Family bound = new AgreementChecks.Family(Aggregator.BILINEAR, optimal(39), null,
                new AgreementChecks.Verified(false, false, 40));
        assertEquals(List.of("bilinear: verify proves only 40, the cuts run's bound is 39"), AgreementChecks.problems(List.of(bound), -1));
        AgreementChecks.Family best = new AgreementChecks.Family(Aggregator.BILINEAR, optimal(39), null,
                new AgreementChecks.Verified(true, false, 39));
        assertEquals(List.of("bilinear: verify does not prove the cuts run's optimum 39"), AgreementChecks.problems(List.of(best), -1));
    }

    /** A verify left open (its hitting set not closed in the limit) gives no verdict: listed apart, not a disagreement. */
    @Test
    void aVerifyLeftOpenIsNoDisagreement() {
        AgreementChecks.Family open = new AgreementChecks.Family(Aggregator.BILINEAR, new AgreementChecks.Run("FEASIBLE", 83, 70, 45),
                null, new AgreementChecks.Verified(false, false, 86, true, "tree"));
        assertEquals(List.of(), AgreementChecks.problems(List.of(open), -1));
        assertEquals(List.of("bilinear: verify proved 86 by the limit, the cuts run's bound is 83 (tree)"),
                AgreementChecks.open(List.of(open)));
        AgreementChecks.Family closed = new AgreementChecks.Family(Aggregator.BILINEAR, new AgreementChecks.Run("FEASIBLE", 83, 70, 45),
                null, new AgreementChecks.Verified(false, false, 86, false, "SCIP"));
        assertEquals(List.of("bilinear: verify proves only 86, the cuts run's bound is 83"), AgreementChecks.problems(List.of(closed), -1));
        assertEquals(List.of(), AgreementChecks.open(List.of(closed)));
        // nor when the run claims OPTIMAL: the claim is neither confirmed nor refuted
        AgreementChecks.Family claimed = new AgreementChecks.Family(Aggregator.BILINEAR, optimal(83), null,
                new AgreementChecks.Verified(false, false, 86, true, "tree"));
        assertEquals(List.of(), AgreementChecks.problems(List.of(claimed), -1));
        assertEquals(1, AgreementChecks.open(List.of(claimed)).size());
    }

    @Test
    void aFamilyBoundedBelowWhatAFamilyItContainsFoundIsCaught() {
        List<AgreementChecks.Family> runs = new java.util.ArrayList<>(consistent());
        runs.set(5, ok(Aggregator.BILINEAR, 13)); // SB's optimum below WM's 14
        assertEquals(List.of("bilinear's bound 13 is below wm's 14 found, a family it contains",
                "bilinear's bound 13 is below wm-m's 14 found, a family it contains"), AgreementChecks.problems(runs, 11));
        runs = new java.util.ArrayList<>(consistent());
        runs.set(3, ok(Aggregator.CHOQUET, 13)); // CI below WM, WM_m, CI_m; OWA's 12 is fine
        List<String> p = AgreementChecks.problems(runs, 11);
        assertEquals(3, p.size(), p.toString());
        assertTrue(p.contains("choquet's bound 13 is below choquet-m's 15 found, a family it contains"), p.toString());
        // AM: every family but MD* contains it
        List<String> am = AgreementChecks.problems(consistent(), 13);
        assertEquals(List.of("owa: bound 12 below AM's 13 records with margin eps"), am);
    }
}

package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link SimplexCells}: searched to the end it is exact, so on seeded files its bound and its
 * incumbent both equal the optimum the cuts prove (WM, WM_m, OWA); cut short, its bound is never
 * below that optimum; inside the learner it tightens the bound of a run the cuts do not prove (and
 * the climb beside it, {@link LinkClimb}, gives that run an incumbent).
 */
class SimplexCellsTest {
    static SimplexCells cells(Aggregator a, LinkageData d, int[] train, double deadline) {
        return cells(a, d, train, deadline, SimplexCells.FIRST_RIVALS);
    }

    private static SimplexCells cells(Aggregator a, LinkageData d, int[] train, double deadline, int first) {
        LearnOptions o = LearnOptions.defaults(a);
        ConflictSlave slave = new ConflictSlave(o, d, train);
        try {
            return new SimplexCells(slave.features(), d, train, slave.unlinkable(), o.eps(),
                    a == Aggregator.WM_M ? o.delta() : 0, deadline, first);
        } finally {
            slave.delete();
        }
    }

    /**
     * The same at a small eps (noise files with one record far out, eps chosen from AM's margins:
     * 1e-8 or 1e-9), where the cells' rounding slack (1e-12) is a thousandth of eps at most.
     */
    @Test
    void searchedToTheEndAtASmallEpsItFindsTheOptimum() {
        for (long seed = 61; seed <= 63; seed++) {
            LinkageData d = LearnFixtures.farOutNoise(80, 3, 25, seed);
            int[] all = LearnFixtures.all(80);
            double eps = LearnFixtures.smallEps(d, "seed " + seed);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
                LearnOptions o = LearnOptions.defaults(a).withTimeLimit(60).withEps(eps);
                LearnResult exact = new ConflictLearner(o).learn(d, all);
                String what = a + " seed " + seed + ", eps " + eps;
                assertEquals("OPTIMAL", exact.status(), what);
                ConflictSlave slave = new ConflictSlave(o, d, all);
                SimplexCells c;
                try {
                    c = new SimplexCells(slave.features(), d, all, slave.unlinkable(), eps, 0, Double.POSITIVE_INFINITY).pairsAlways();
                } finally {
                    slave.delete();
                }
                c.run(Double.POSITIVE_INFINITY, 1_000_000);
                assertEquals(exact.milpLinked(), c.bound(), what + ": bound (" + c.cells() + " cells)");
                assertEquals(exact.milpLinked(), c.found().linked(), what + ": incumbent");
                System.out.println(what + ": optimum " + exact.milpLinked() + " of 80, " + c.cells() + " cells");
            }
        }
    }

    @Test
    void searchedToTheEndItFindsTheOptimumTheCutsProve() {
        int checked = 0;
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.WM_M, Aggregator.OWA)) {
                LearnResult exact = LearnFixtures.learn(a, d, all);
                assertEquals("OPTIMAL", exact.status(), a + " seed " + seed);
                // pairs on every cell: the same search every run; these take 2,200 to 20,194 cells (16
                // first rivals), and a cap turns a search that would not end into a failure rather than a full heap
                SimplexCells c = cells(a, d, all, Double.POSITIVE_INFINITY).pairsAlways();
                c.run(Double.POSITIVE_INFINITY, 1_000_000);
                String what = a + " seed " + seed + " (" + c.cells() + " cells)";
                assertEquals(exact.milpLinked(), c.bound(), what + ": bound");
                assertEquals(exact.milpLinked(), c.found().linked(), what + ": incumbent");
                double sum = 0;
                for (double w : c.found().weights()) {
                    assertTrue(w >= (a == Aggregator.WM_M ? LearnOptions.defaults(a).delta() - 1e-12 : 0), what + ": weight " + w);
                    sum += w;
                }
                assertEquals(1, sum, 1e-12, what + ": weights on the simplex");
                checked++;
            }
        }
        assertEquals(12, checked);
    }

    /**
     * The open cells' share of the heap ({@link SimplexCells#maxBytes}): one worker, pairs on every
     * cell, so that every cap follows the same path and ends it sooner. A search that meets its cap
     * ends {@link SimplexCells#full}, not proven, with a bound at least the optimum (the open cells
     * still cover every weight) and no lower than a larger cap's; it stops within a split of the cap.
     * Uncapped, the same search proves the optimum the cuts prove. Mutation-checked: a cap never met,
     * or met without ending the search, fails it.
     */
    @Test
    void aSearchEndsAtItsShareOfTheHeapWithAValidBound() {
        int capped = 0;
        for (long seed = 1; seed <= 3; seed++) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
                int optimum = LearnFixtures.learn(a, d, all).milpLinked();
                String what = a + " seed " + seed;
                int before = Integer.MAX_VALUE;
                long cellsBefore = 0;
                for (long cap : new long[] {8 << 10, 64 << 10, 512 << 10, Long.MAX_VALUE}) {
                    SimplexCells c = cells(a, d, all, Double.POSITIVE_INFINITY).pairsAlways().maxBytes(cap);
                    c.run(Double.POSITIVE_INFINITY, 1_000_000);
                    String at = what + ", cap " + cap + " (" + c.cells() + " cells)";
                    assertTrue(c.bound() >= optimum, at + ": bound " + c.bound() + " below the optimum " + optimum);
                    assertTrue(c.bound() <= before, at + ": bound " + c.bound() + " above a smaller cap's " + before);
                    assertTrue(c.cells() >= cellsBefore, at);
                    if (c.full()) {
                        capped++;
                        assertFalse(c.proven(), at);
                        assertTrue(c.openBytes() > cap && c.openBytes() < cap + (32 << 10), at + ": " + c.openBytes() + " bytes open");
                    } else {
                        assertTrue(c.openBytes() <= cap, at);
                    }
                    before = c.bound();
                    cellsBefore = c.cells();
                    if (cap == Long.MAX_VALUE) {
                        assertFalse(c.full(), at);
                        assertEquals(optimum, c.bound(), at);
                        assertTrue(c.proven(), at);
                    }
                }
            }
        }
        assertTrue(capped >= 6, capped + " capped searches");
    }

    /**
     * With 1 or 2 rivals gathered per record, the rest entering only when a would-be incumbent is
     * checked against every rival: the same optimum, as bound and as an exact incumbent.
     */
    @Test
    void withFewRivalsGatheredTheSearchIsStillExact() {
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
                int optimum = LearnFixtures.learn(a, d, all).milpLinked();
                for (int first : new int[] {1, 2}) {
                    SimplexCells c = cells(a, d, all, Double.POSITIVE_INFINITY, first).pairsAlways();
                    c.run(Double.POSITIVE_INFINITY, 1_000_000);
                    String what = a + " seed " + seed + ", " + first + " first rivals (" + c.cells() + " cells)";
                    assertEquals(optimum, c.bound(), what + ": bound");
                    assertEquals(optimum, c.found().linked(), what + ": incumbent");
                    assertEquals(optimum, PlainMilp.linkedWithMargin(a, d, all, c.found().weights(),
                            LearnOptions.defaults(a).eps(), 0), what + ": the incumbent's weights, counted pair by pair");
                }
            }
        }
    }

    /**
     * On two or three workers sharing one queue, with 2 rivals gathered per record (so rivals are
     * appended while the workers read them, and one worker's witnesses are another's hints): the same
     * optimum, as bound and as an exact incumbent; cut short, a bound never below it.
     */
    @Test
    void onSeveralWorkersTheSearchIsStillExact() {
        for (long seed = 1; seed <= 4; seed++) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            for (Aggregator a : List.of(Aggregator.WM, Aggregator.OWA)) {
                int optimum = LearnFixtures.learn(a, d, all).milpLinked();
                for (int workers : new int[] {2, 3}) {
                    SimplexCells c = cells(a, d, all, Double.POSITIVE_INFINITY, 2).pairsAlways().workers(workers);
                    c.run(Double.POSITIVE_INFINITY, 1_000_000);
                    String what = a + " seed " + seed + ", " + workers + " workers (" + c.cells() + " cells)";
                    assertTrue(c.proven(), what + ": proven");
                    assertEquals(optimum, c.bound(), what + ": bound");
                    assertEquals(optimum, c.found().linked(), what + ": incumbent");
                    assertEquals(optimum, PlainMilp.linkedWithMargin(a, d, all, c.found().weights(),
                            LearnOptions.defaults(a).eps(), 0), what + ": the incumbent's weights, counted pair by pair");
                    SimplexCells shortRun = cells(a, d, all, Double.POSITIVE_INFINITY, 2).workers(workers);
                    shortRun.run(Double.POSITIVE_INFINITY, 40);
                    assertTrue(shortRun.bound() >= optimum, what + ", 40 cells: bound " + shortRun.bound());
                }
            }
        }
    }

    /**
     * A cell about to be set aside for its size is checked again against the rivals held by then
     * (one rival gathered per record, the rest joining as centres are checked): on these seeded
     * files, with cells of edges below 0.01 set aside, the search still proves the optimum; without
     * that check the bound stays one above it (seed 1: 182 against 181, seed 3: 168 against 167,
     * seed 4: 30 against 29). On several workers the same happened with edges of 1e-9, in 2 to 3% of
     * the runs on seed 4.
     */
    @Test
    void aCellSetAsideIsFirstCheckedAgainstTheRivalsHeldNow() {
        for (long seed : new long[] {1, 3, 4}) {
            LinkageData d = LearnFixtures.cellsFile(seed);
            int[] all = LearnFixtures.all(250);
            int optimum = LearnFixtures.learn(Aggregator.WM, d, all).milpLinked();
            SimplexCells c = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY, 1).pairsAlways().minEdge(0.01);
            c.run(Double.POSITIVE_INFINITY, 1_000_000);
            String what = "seed " + seed + " (" + c.cells() + " cells)";
            assertEquals(optimum, c.bound(), what + ": bound");
            assertEquals(optimum, c.found().linked(), what + ": incumbent");
            assertTrue(c.proven(), what + ": proven");
        }
    }

    @Test
    void cutShortItsBoundStaysAboveTheOptimum() {
        LinkageData d = LearnFixtures.noise(300, 4, 60, 2);
        int[] all = LearnFixtures.all(300);
        LearnResult exact = LearnFixtures.learn(Aggregator.WM, d, all);
        assertEquals("OPTIMAL", exact.status());
        for (int limit : new int[] {0, 1, 5, 20, 100}) {
            SimplexCells c = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY);
            c.run(Double.POSITIVE_INFINITY, limit);
            assertTrue(c.bound() >= exact.milpLinked(), limit + " cells: bound " + c.bound() + " < " + exact.milpLinked());
            assertTrue(c.found().linked() <= exact.milpLinked(), limit + " cells: found " + c.found().linked());
        }
    }

    /**
     * Cells set aside for their size (here any edge below 0.05 to 0.4, instead of rounding size)
     * keep their bound: the search ends with its queue empty, and its bound is never below the
     * optimum, so a search that sets a cell aside is never reported proven by it.
     */
    @Test
    void cellsSetAsideForTheirSizeKeepTheirBound() {
        LinkageData d = LearnFixtures.noise(300, 4, 60, 2);
        int[] all = LearnFixtures.all(300);
        int optimum = LearnFixtures.learn(Aggregator.WM, d, all).milpLinked();
        for (double edge : new double[] {0.4, 0.2, 0.05}) {
            SimplexCells c = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY).pairsAlways().minEdge(edge);
            c.run(Double.POSITIVE_INFINITY, 1_000_000);
            String what = "edges below " + edge + " (" + c.cells() + " cells)";
            assertTrue(c.cells() < 1_000_000, what + ": the search ended");
            assertTrue(c.bound() > optimum, what + ": bound " + c.bound() + ", optimum " + optimum);
            assertTrue(c.found().linked() <= optimum, what + ": found " + c.found().linked());
        }
    }

    /**
     * Records the first rows fixed are left out of every cell: marking records fixed (here, for the
     * test, records some w links) takes exactly them out of the root's possible records.
     */
    @Test
    void fixedRecordsAreInNoCell() {
        LinkageData d = LearnFixtures.noise(300, 4, 60, 2);
        int[] all = LearnFixtures.all(300);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM);
        ConflictSlave slave = new ConflictSlave(o, d, all);
        try {
            boolean[] none = slave.unlinkable();
            boolean[] half = none.clone();
            int marked = 0;
            for (int r = 0; r < half.length; r += 2) {
                marked += half[r] ? 0 : 1;
                half[r] = true;
            }
            SimplexCells c = new SimplexCells(slave.features(), d, all, none, o.eps(), 0, Double.POSITIVE_INFINITY);
            SimplexCells h = new SimplexCells(slave.features(), d, all, half, o.eps(), 0, Double.POSITIVE_INFINITY);
            c.run(Double.POSITIVE_INFINITY, 0);
            h.run(Double.POSITIVE_INFINITY, 0);
            assertTrue(marked > 50, marked + " marked");
            // the root cell is the whole simplex: a record is possible there unless a rival beats it for every w
            assertTrue(c.bound() - h.bound() > 0 && c.bound() - h.bound() <= marked, c.bound() + " vs " + h.bound());
        } finally {
            slave.delete();
        }
    }

    /**
     * The cuts' cover bound of a cell, found from an index of the cuts' first records and raised over
     * the cell's records only, equals the plain computation (every cut scanned, raised over every
     * training record), also after the cuts handed over grow and after an unrelated set replaces them.
     */
    @Test
    void theCellsCoverBoundEqualsThePlainOne() {
        LinkageData d = LearnFixtures.noise(250, 4, 60, 2);
        int[] all = LearnFixtures.all(250);
        SimplexCells c = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY);
        java.util.Random random = new java.util.Random(5);
        int[][] first = randomCuts(random, 250, 400);
        int[][] grown = java.util.Arrays.copyOf(first, 700);
        System.arraycopy(randomCuts(random, 250, 300), 0, grown, 400, 300);
        int lowered = 0;
        for (int[][] cuts : new int[][][] {first, grown, randomCuts(random, 250, 500)}) {
            c.cuts(cuts);
            for (int t = 0; t < 60; t++) {
                int[] possible = random.ints(0, 250).distinct().limit(20 + random.nextInt(200)).sorted().toArray();
                int plain = plainCoverBound(possible, cuts, 250);
                assertEquals(plain, c.coverBound(possible), "cell of " + possible.length + " records");
                lowered += plain < possible.length ? 1 : 0;
            }
        }
        assertTrue(lowered > 100, lowered + " of 180 cells lowered by the cuts");
    }

    private static int[][] randomCuts(java.util.Random random, int records, int count) {
        int[][] cuts = new int[count][];
        for (int k = 0; k < count; k++) {
            cuts[k] = random.ints(0, records).distinct().limit(2 + random.nextInt(2)).toArray();
        }
        return cuts;
    }

    private static int plainCoverBound(int[] possible, int[][] cuts, int records) {
        boolean[] in = new boolean[records];
        for (int q : possible) {
            in[q] = true;
        }
        int[][] inside = new int[cuts.length][];
        int count = 0;
        for (int[] cut : cuts) {
            boolean within = true;
            for (int q : cut) {
                within &= in[q];
            }
            if (within) {
                inside[count++] = cut;
            }
        }
        return (int) (possible.length - (count == 0 ? 0 : CoverRaise.bound(records, new boolean[records], inside, count)));
    }

    /** With the cuts of a learning run handed over, a search to the end still proves the optimum. */
    @Test
    void withTheCutsHandedOverTheSearchIsStillExact() {
        LinkageData d = LearnFixtures.noise(250, 4, 60, 2);
        int[] all = LearnFixtures.all(250);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(60);
        List<MasterReplay.Problem> problems = MasterReplay.record(o, d, all);
        int optimum = LearnFixtures.learn(Aggregator.WM, d, all).milpLinked();
        int[][] cuts = problems.get(problems.size() - 1).cuts();
        assertTrue(cuts.length > 20, cuts.length + " cuts");
        SimplexCells c = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY).pairsAlways();
        c.cuts(cuts);
        c.run(Double.POSITIVE_INFINITY, 1_000_000);
        assertEquals(optimum, c.bound(), c.cells() + " cells");
        assertEquals(optimum, c.found().linked());
    }

    /**
     * 3,000 records on 6 variables with 60% noise: the cuts do not prove WM in 10 s; the cells bring
     * the bound down and, with the climb, the incumbent up.
     */
    @Test
    void theLearnerTakesTheCellsBound() {
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnResult r = LearnFixtures.lowRateWm(10, lines);
        int last = -1;
        boolean fromCells = false;
        for (String l : lines) {
            if (l.matches("(round \\d+|cells|end): bound \\d+.*")) {
                last = Integer.parseInt(l.replaceAll("^[^:]*: bound (\\d+).*", "$1"));
                fromCells |= l.startsWith("cells: ");
            }
        }
        assertTrue(fromCells, "the cells lowered the bound: " + lines);
        assertCellsLinesSpaced(lines);
        // the cells are read during the cuts' first round, so their centres (from 1 s) often beat AM
        // before the climb starts (3 s), and the climb from there may find nothing better in 10 s
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("climb: weights from a local search links")
                || l.startsWith("cells: the centre of a weight cell links")), "the searches beside the cuts gave an incumbent: " + lines);
        assertEquals(last, r.bound(), "the bound is the last one reported: " + lines);
        assertTrue(r.solver().contains("weight cells:"), r.solver());
    }

    /**
     * The cells' bound lines come at most every {@link BesideReader#CELLS_LINE_EVERY}, or a share of
     * the time so far (their times are printed to 0.1 s), but for the last, which may give a bound held back; and more than one
     * came, so the check has pairs to look at (without the hold-back this file gives dozens of lines,
     * several within a tenth of a second).
     */
    static void assertCellsLinesSpaced(List<String> lines) {
        List<Double> at = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("cells: bound ")) {
                at.add(Double.parseDouble(l.replaceAll(".*, ([0-9.]+) s$", "$1")));
            }
        }
        assertTrue(at.size() >= 2, "cells' bound lines: " + lines);
        for (int i = 1; i < at.size() - 1; i++) {
            double least = Math.max(BesideReader.CELLS_LINE_EVERY, BesideReader.CELLS_LINE_SHARE * at.get(i - 1));
            assertTrue(at.get(i) - at.get(i - 1) >= least - 0.15, "spaced: " + at);
        }
    }

    /**
     * On a well-protected file the cells lead the cuts' bound after the cuts' first round: the cuts
     * pause, and the run ends OPTIMAL at the optimum the cells alone prove on one worker. The pause
     * within a round comes after 1 s here, not {@link ConflictLearner#ROUND_PAUSE}: on a slow run
     * (CI, 2026-12-02) the cells led from 1.1 s and proved at 5.8 s, all within the cuts' third
     * round (from 0.9 s), so with a 10 s pause the cuts never reached a point to pause at.
     */
    @Test
    void theCutsPauseWhileTheCellsLead() {
        LinkageData d = LearnFixtures.noise(600, 5, 40, 1);
        int[] all = LearnFixtures.all(d.originalCount());
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(120).withProgress(lines::add);
        LearnResult r = new ConflictLearner(o).roundPause(1).learn(d, all);
        SimplexCells alone = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY);
        alone.run(Double.POSITIVE_INFINITY, 5_000_000);
        assertTrue(alone.proven(), alone.cells() + " cells");
        assertEquals("OPTIMAL", r.status(), lines.toString());
        assertEquals(alone.bound(), r.milpLinked());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("cuts: paused while the weight cells lead")), lines.toString());
        assertTrue(r.solver().contains("cuts paused"), r.solver());
    }

    /**
     * The low-rate file's first round outlasts a 10 s run (the cuts' slave gives up records for
     * conflicts until the limit): with the round's pause at 1 s the slave waits within the round
     * while the cells lead, after handing them its conflicts as cuts, and the cells' bound is read
     * during the round. Without the pause within a round no round ends and nothing pauses.
     */
    @Test
    void theCutsPauseWithinALongFirstRound() {
        LinkageData d = LearnFixtures.noise(3000, 6, 60, 3);
        int[] all = LearnFixtures.all(3000);
        List<String> lines = new CopyOnWriteArrayList<>();
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(10).withProgress(lines::add);
        LearnResult r = new ConflictLearner(o).roundPause(1).learn(d, all);
        int paused = -1;
        int firstRound = -1;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            paused = paused < 0 && l.startsWith("cuts: paused while the weight cells lead") ? i : paused;
            firstRound = firstRound < 0 && l.matches("round \\d+: bound.*") ? i : firstRound;
        }
        assertTrue(paused >= 0 && (firstRound < 0 || paused < firstRound), "paused within the first round: " + lines);
        assertTrue(r.solver().contains("cuts paused"), r.solver());
        assertTrue(lines.get(paused).matches(".*; [1-9]\\d* cuts given to the cells\\).*"), "the conflicts so far became cuts: " + lines);
        int last = -1;
        for (String l : lines) {
            if (l.matches("(round \\d+|cells|end): bound \\d+.*")) {
                last = Integer.parseInt(l.replaceAll("^[^:]*: bound (\\d+).*", "$1"));
            }
        }
        assertEquals(last, r.bound(), "the bound is the last one reported: " + lines);
        LearnFixtures.checkResult("WM 3000x6, 10 s, paused within a round", r, d, all, o.eps());
    }

    /**
     * A worker that throws (here on cuts naming a record past the file's end, which the cuts' index
     * cannot hold) puts back the cell it held, so the bound keeps that cell's region: thrown on the
     * root cell, the bound stays every possible record (without the put-back the queue would be empty
     * and the bound the incumbent's, below the optimum); thrown mid-search, never below the optimum.
     * The other workers end too, and {@code run} rethrows once every worker has ended.
     */
    @Test
    void aWorkerThatThrowsPutsItsCellBack() throws InterruptedException {
        LinkageData d = LearnFixtures.cellsFile(1);
        int[] all = LearnFixtures.all(250);
        int optimum = LearnFixtures.learn(Aggregator.WM, d, all).milpLinked();
        int[][] broken = new int[all.length][];
        for (int q = 0; q < all.length; q++) {
            broken[q] = new int[] {q, all.length + 7}; // anchored at every record, so any cell's cuts reach one
        }
        for (int workers : new int[] {1, 2, 3}) {
            SimplexCells root = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY).pairsAlways().workers(workers);
            int possible = root.bound();
            root.cuts(broken);
            assertThrows(ArrayIndexOutOfBoundsException.class, () -> root.run(Double.POSITIVE_INFINITY, 1_000_000));
            assertTrue(root.bound() > optimum && root.bound() <= possible, workers + " workers, on the root: bound "
                    + root.bound() + " against " + optimum + " (" + root.cells() + " cells)");
            assertFalse(root.proven());
            assertNoWorkerLeft();

            SimplexCells mid = cells(Aggregator.WM, d, all, Double.POSITIVE_INFINITY).pairsAlways().workers(workers);
            AtomicBoolean ended = new AtomicBoolean();
            Thread breaker = new Thread(() -> {
                while (mid.cells() < 200 && !ended.get()) {
                    Thread.onSpinWait();
                }
                mid.cuts(broken);
            });
            breaker.start();
            try {
                assertThrows(ArrayIndexOutOfBoundsException.class, () -> mid.run(Double.POSITIVE_INFINITY, 1_000_000));
            } finally {
                ended.set(true);
                breaker.join();
            }
            assertTrue(mid.cells() >= 200 && mid.bound() >= optimum, workers + " workers, mid-search: bound "
                    + mid.bound() + " against " + optimum + " (" + mid.cells() + " cells)");
            assertFalse(mid.proven());
            assertNoWorkerLeft();
        }
    }

    private static void assertNoWorkerLeft() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertFalse(t.getName().startsWith("reident-weight-cells-") && t.isAlive(), t.getName() + " still running");
        }
    }
}

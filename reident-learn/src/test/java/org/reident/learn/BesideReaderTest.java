package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;

/**
 * {@link BesideReader#passing}: the run's best as the climb measures itself against it
 * ({@link LinkClimb#trail}) is the incumbent's count, except while the incumbent is the climb's own
 * parameters (the run counts those from eps (1 - 1e-3), so its figure can exceed the climb's and must
 * not read as the cuts passing it). Checked on a real run's incumbent, the climb's results handed in
 * by {@link BesideReader#take} as the run's loop does.
 */
class BesideReaderTest {
    private static final int RECORDS = 200;

    @Test
    void theClimbsOwnIncumbentIsLeftOutUntilTheCutsPassIt() {
        LinkageData d = LearnFixtures.noise(RECORDS, 4, 20, 3);
        LearnOptions o = LearnOptions.defaults(Aggregator.WM).withTimeLimit(60);
        ConflictRun run = new ConflictRun(o, CoverSearch.NODES, ConflictLearner.HARD_NODES, null,
                ConflictLearner.ROUND_PAUSE, d, LearnFixtures.all(RECORDS));
        try {
            BesideReader b = run.beside;
            assertEquals(-1, b.passing(), "no incumbent yet");
            assertTrue(run.seed(new double[] {1, 0, 0, 0}, "one variable"));
            int first = run.inc.kept();
            assertEquals(first, b.passing(), "the incumbent is not the climb's");

            b.take(new WeightsBeside.Climbed(first + 1, new double[] {0.7, 0.1, 0.1, 0.1}, "climb"));
            int climbed = run.inc.kept();
            assertTrue(climbed > first, "the climb's weights became the incumbent: " + climbed + " against " + first);
            assertEquals(-1, b.passing(), "the incumbent is the climb's own");

            // a climb's result that does not beat the incumbent leaves it, and the rule, as they were
            b.take(new WeightsBeside.Climbed(first + 2, new double[] {0, 0, 0, 1}, "climb"));
            assertEquals(climbed, run.inc.kept());
            assertEquals(-1, b.passing());

            // the cuts pass the climb: their count is what the climb reads
            assertTrue(run.seed(LearnedModels.neutral(o.aggregator(), run.slave.features()), "start: AM"));
            int am = run.inc.kept();
            assertTrue(am > climbed, "AM's weights link more than the climb's: " + am + " against " + climbed);
            assertEquals(am, b.passing());
        } finally {
            run.beside.close();
            run.heartbeat.close();
            run.master.delete();
            run.slave.delete();
        }
    }
}

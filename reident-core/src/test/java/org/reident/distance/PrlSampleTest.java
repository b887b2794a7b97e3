package org.reident.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.data.InputException;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.LinkageResult;

/**
 * PRL's EM fitted to a seeded sample of the query records ({@link QuerySample},
 * {@link FellegiSunter#fit(double[], double[], int, int, FitProgress)}): the sample is what it says, a
 * limit at or above the file's records is the full fit to the last bit, a sample is the fit to exactly
 * those records' pairs, and on a seeded file a half sample links about as many records as every pair.
 */
class PrlSampleTest {
    @Test
    void aSampleIsThatManyDistinctRecordsAscendingAndTheSameEveryTime() {
        for (int rows : new int[] {1, 7, 1000, 65_537}) {
            for (int size : new int[] {1, 5, 999, 50_000, 70_000}) {
                int[] picked = QuerySample.of(rows, size);
                assertEquals(Math.min(rows, size), picked.length, rows + ", " + size);
                for (int i = 0; i < picked.length; i++) {
                    assertTrue(picked[i] >= 0 && picked[i] < rows);
                    assertTrue(i == 0 || picked[i] > picked[i - 1], "ascending and distinct");
                }
                assertArrayEquals(picked, QuerySample.of(rows, size), "seeded");
            }
        }
        // spread over the file, not its first records: half of 10,000 has about 2,500 below 5,000
        int below = 0;
        for (int j : QuerySample.of(10_000, 5_000)) {
            below += j < 5_000 ? 1 : 0;
        }
        assertTrue(below > 2_350 && below < 2_650, "records below the middle: " + below);
    }

    @Test
    void aLimitAtLeastTheRecordsIsTheFullFitAndASampleIsTheFitToItsRecords() {
        SplittableRandom rnd = new SplittableRandom(41);
        int n = 4;
        int nq = 300;
        int nr = 280;
        double[] q = new double[nq * n];
        double[] r = new double[nr * n];
        for (int i = 0; i < q.length; i++) {
            q[i] = rnd.nextGaussian();
        }
        for (int i = 0; i < r.length; i++) {
            r[i] = q[i] + 0.05 * rnd.nextGaussian();
        }
        FellegiSunter full = FellegiSunter.fit(q, r, n);
        for (int limit : new int[] {0, nq, nq + 1}) {
            FellegiSunter f = FellegiSunter.fit(q, r, n, limit, null);
            assertSameModel(full, f, "limit " + limit);
            assertEquals(nq, f.fittedQueries());
            assertEquals(nq, f.queries());
        }
        int[] counted = new int[1];
        FellegiSunter sampled = FellegiSunter.fit(q, r, n, 120, new FitProgress() {
            @Override
            public void counting(int queries) {
                counted[0] = queries;
            }

            @Override
            public void counted(int queries) {
            }
        });
        assertEquals(120, counted[0], "the progress hears the sample's size");
        assertEquals(120, sampled.fittedQueries());
        assertEquals(nq, sampled.queries());
        assertEquals(1.0 / nr, sampled.matchShare(), 1e-18, "P(M): one match per sampled record among its nr pairs");
        assertSameModel(FellegiSunter.fit(QuerySample.rows(q, n, QuerySample.of(nq, 120)), r, n), sampled, "sample");
        assertTrue(Math.abs(sampled.m(0, 10) - full.m(0, 10)) > 0, "a sample of 120 of 300 is another fit");
    }

    @Test
    void halfTheRecordsLinkAboutAsManyAsEveryPair() {
        SplittableRandom rnd = new SplittableRandom(2026_12_01L);
        int n = 5;
        int rows = 4000;
        double[] x = new double[rows * n];
        double[] y = new double[rows * n];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextGaussian();
            y[i] = x[i] + 0.15 * rnd.nextGaussian();
        }
        int[] truth = new int[rows];
        for (int i = 0; i < rows; i++) {
            truth[i] = i;
        }
        LinkageEngine engine = new LinkageEngine(2).with(LinkageEngine.Ranks.TOP);
        LinkageResult full = engine.link(FellegiSunter.fit(x, y, n, 0, null).distance(x, y), truth);
        LinkageResult half = engine.link(FellegiSunter.fit(x, y, n, rows / 2, null).distance(x, y), truth);
        assertTrue(full.reidentified() > 800 && full.reidentified() < 3500, "every pair: " + full.reidentified());
        assertEquals(full.reidentified(), half.reidentified(), 0.02 * full.reidentified(),
                "half the records' pairs: " + half.reidentified() + " against " + full.reidentified());
    }

    @Test
    void theOptionsDefaultToTheLimitAndRefuseANegativeOne() {
        assertEquals(DistanceOptions.PRL_QUERIES, DistanceOptions.DEFAULT.prlQueries());
        assertEquals(0, DistanceOptions.DEFAULT.withPrlQueries(0).prlQueries());
        assertThrows(InputException.class, () -> DistanceOptions.DEFAULT.withPrlQueries(-1));
    }

    private static void assertSameModel(FellegiSunter expected, FellegiSunter actual, String what) {
        assertEquals(expected.iterations(), actual.iterations(), what);
        for (int k = 0; k < expected.variables(); k++) {
            for (int l = 0; l < FellegiSunter.LEVELS; l++) {
                assertEquals(expected.m(k, l), actual.m(k, l), 0.0, what + ": m(" + k + ", " + l + ")");
                assertEquals(expected.u(k, l), actual.u(k, l), 0.0, what + ": u(" + k + ", " + l + ")");
            }
        }
    }
}

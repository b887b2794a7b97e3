package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.reident.distance.GapDistance;

/**
 * {@link LinkageEngine#nearest}: each listed query's k nearest reference records other than its true
 * match are the first k of a sort of every pair by (distance, index), with the kernel's distances to
 * the last bit, whether found by the tree ({@link TreeRivals}) or the scan, on the files
 * {@link KdTreeLinkageTest} makes hard (integer levels, duplicated rows, near ties, magnitudes far from
 * 1, records without a true match) and for every distance the tree searches; the first rival and the
 * margin are the linkage's.
 */
class NearestRivalsTest {
    @Test
    void theRivalsAreTheFirstKOfASortOfEveryPair() {
        SplittableRandom random = new SplittableRandom(2026_12_04);
        int compared = 0;
        int tiedAtTheKth = 0;
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + random.nextInt(8);
            int nq = 20 + random.nextInt(300);
            int nr = 20 + random.nextInt(600);
            int kind = trial % 5;
            double[] ref = KdTreeLinkageTest.values(random, nr, n, kind);
            double[] query = new double[nq * n];
            int[] truth = new int[nq];
            for (int i = 0; i < nq; i++) {
                int j = random.nextInt(nr);
                truth[i] = random.nextInt(10) == 0 ? -1 : j;
                for (int k = 0; k < n; k++) {
                    double noise = kind == 1 ? 0 : 0.3 * random.nextGaussian();
                    query[i * n + k] = ref[j * n + k] + (random.nextInt(3) == 0 ? 0 : noise);
                }
            }
            GapDistance d = KdTreeLinkageTest.distance(trial % 4, query, ref, n, KdTreeLinkageTest.weights(random, n), random);
            int[] queries = new int[nq / 2];
            for (int s = 0; s < queries.length; s++) {
                queries[s] = random.nextInt(nq); // repeats allowed
            }
            int k = new int[] {1, 3, 16, nr + 5}[trial % 4];
            String what = "trial " + trial + " (n " + n + ", values " + kind + ", distance " + trial % 4 + ", k " + k + ")";
            NearestRivals tree = new LinkageEngine(2, LinkageEngine.Search.TREE).nearest(d, truth, queries, k);
            NearestRivals scan = new LinkageEngine(1, LinkageEngine.Search.SCAN).nearest(d, truth, queries, k);
            LinkageResult linked = new LinkageEngine(1, LinkageEngine.Search.SCAN).link(d, truth);
            double[] row = new double[nr];
            for (int s = 0; s < queries.length; s++) {
                int q = queries[s];
                int t = truth[q];
                d.block(q, 0, nr, row);
                Integer[] order = new Integer[nr];
                for (int j = 0; j < nr; j++) {
                    order[j] = j;
                }
                Arrays.sort(order, Comparator.<Integer>comparingDouble(j -> row[j]).thenComparingInt(j -> j));
                int[] expected = Arrays.stream(order).mapToInt(Integer::intValue).filter(j -> j != t).limit(k).toArray();
                for (NearestRivals found : new NearestRivals[] {tree, scan}) {
                    assertEquals(q, found.query(s), what);
                    assertEquals(expected.length, found.size(s), what + ", query " + q);
                    for (int r = 0; r < expected.length; r++) {
                        assertEquals(expected[r], found.rival(s, r), what + ", query " + q + ", rival " + r);
                        assertEquals(row[expected[r]], found.distance(s, r), 0.0, what + ", query " + q + ", rival " + r);
                    }
                    if (t >= 0) {
                        assertEquals(row[t], found.trueDistance(s), 0.0, what);
                        assertEquals(linked.margin(q), found.margin(s), 0.0, what + ", query " + q + ": the linkage's margin");
                        assertEquals(linked.rival(q), found.rival(s, 0), what + ", query " + q + ": the linkage's rival");
                    } else {
                        assertTrue(Double.isNaN(found.trueDistance(s)) && Double.isNaN(found.margin(s)), what);
                    }
                }
                if (expected.length == k && expected.length < nr - 1 && row[expected[k - 1]] == row[order[Math.min(nr - 1, k + 1)]]) {
                    tiedAtTheKth++; // the k-th is tied with one left out: the index decides
                }
                compared++;
            }
        }
        assertTrue(compared > 3000, "queries compared: " + compared);
        assertTrue(tiedAtTheKth > 100, "queries whose k-th rival ties with one left out: " + tiedAtTheKth);
    }

    /** The heap keeps the first k by (distance, index) whatever order the records come in. */
    @Test
    void theHeapKeepsTheFirstKInAnyOrderOfOffers() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 500; trial++) {
            int m = random.nextInt(60);
            int k = 1 + random.nextInt(20);
            double[] d = new double[m];
            Integer[] j = new Integer[m];
            for (int i = 0; i < m; i++) {
                d[i] = random.nextInt(8); // many ties
                j[i] = i;
            }
            Integer[] offered = j.clone();
            for (int i = m - 1; i > 0; i--) {
                int r = random.nextInt(i + 1);
                Integer x = offered[i];
                offered[i] = offered[r];
                offered[r] = x;
            }
            RivalHeap heap = new RivalHeap(k);
            heap.offer(-1, 99); // a record left over from before the clear
            heap.clear();
            for (Integer i : offered) {
                heap.offer(d[i], i);
            }
            Arrays.sort(j, Comparator.<Integer>comparingDouble(i -> d[i]).thenComparingInt(i -> i));
            int[] outJ = new int[k + 2];
            double[] outD = new double[k + 2];
            int size = heap.drain(outJ, outD, 2);
            assertEquals(Math.min(k, m), size, "trial " + trial);
            for (int r = 0; r < size; r++) {
                assertEquals(j[r], outJ[2 + r], "trial " + trial + ", rank " + r);
                assertEquals(d[j[r]], outD[2 + r], 0.0);
            }
        }
    }

    @Test
    void aQueryOutsideTheFileIsRefused() {
        GapDistance d = KdTreeLinkageTest.distance(0, new double[] {0, 1}, new double[] {0, 1, 2}, 1, new double[] {1},
                new SplittableRandom(1));
        LinkageEngine e = new LinkageEngine(1);
        assertThrows(IllegalArgumentException.class, () -> e.nearest(d, new int[] {0, 1}, new int[] {2}, 1));
        assertThrows(IllegalArgumentException.class, () -> e.nearest(d, new int[] {0, 1}, new int[] {0}, 0));
        NearestRivals one = e.nearest(d, new int[] {0, -1}, new int[] {0, 1}, 5);
        assertEquals(2, one.size(0)); // every other reference record
        assertEquals(3, one.size(1));
        assertEquals(1, one.rival(0, 0));
        assertEquals(1.0, one.margin(0), 0.0); // records 0, 1, 2 at 0, 1, 2 from query 0; its match 0
    }

    /**
     * A one-record reference file: a query matched to it has no rival at all, so its margin is
     * positive infinity (it is linked whatever the distance), one without a match NaN; the tree and
     * the scan say the same, as the linkage does.
     */
    @Test
    void aRecordWithNoRivalHasAnInfiniteMargin() {
        GapDistance d = KdTreeLinkageTest.distance(0, new double[] {0.5, 3}, new double[] {1}, 1, new double[] {1},
                new SplittableRandom(1));
        int[] truth = {0, -1};
        for (LinkageEngine.Search how : LinkageEngine.Search.values()) {
            NearestRivals none = new LinkageEngine(1, how).nearest(d, truth, new int[] {0, 1}, 3);
            assertEquals(0, none.size(0), how.toString());
            assertEquals(1, none.size(1), how + ": without a match, the one record is its rival");
            assertEquals(0, none.rival(1, 0), how.toString());
            assertEquals(0.25, none.trueDistance(0), 0.0, how + ": the squared gap 0.5");
            assertEquals(Double.POSITIVE_INFINITY, none.margin(0), how.toString());
            assertTrue(Double.isNaN(none.margin(1)), how.toString());
            assertEquals(Double.POSITIVE_INFINITY, new LinkageEngine(1, how).link(d, truth).margin(0), how + ": the linkage's margin");
        }
    }
}

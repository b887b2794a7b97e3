package org.reident.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sets a search tree's nodes offer ({@link NodeSamples}): the records every cover below the node
 * leaves linked, that is the forbidden ones and those in no cut, never a given one.
 */
class NodeSamplesTest {
    /**
     * Records 0-6; cuts {0, 1}, {1, 2}, {3, 4}, {4, 6}; record 5 in no cut; record 6 given. Cut {4, 6}
     * is hit by the given record and ignored. At the root nothing is chosen: the sample is record 5
     * (in no cut), 0 and 2 (dominated by 1: every cut holding them holds 1) and one of 3 and 4 (each
     * dominates the other; one is kept), never 1 (needed) nor 6 (given).
     */
    @Test
    void theRootsSampleIsTheRecordsInNoCutAndTheDominatedOnes() {
        int[][] cuts = {{0, 1}, {1, 2}, {3, 4}, {4, 6}};
        boolean[] given = new boolean[7];
        given[6] = true;
        NodeSamples samples = new NodeSamples();
        samples.every(0);
        CoverBranch tree = new CoverBranch(7, cuts, cuts.length, given).threads(1).sampleInto(samples);
        boolean[] cover = new boolean[7];
        CoverBranch.Smallest s = tree.smallest(0, 7, Long.MAX_VALUE, Double.MAX_VALUE, cover, null);
        assertEquals(CoverBranch.Outcome.FOUND, s.outcome());
        assertEquals(3, s.size(), "1, one of 3 and 4, and the given 6");
        List<boolean[]> got = samples.drain();
        assertFalse(got.isEmpty(), "a sample at every node");
        boolean[] root = got.get(0);
        assertTrue(root[5] && root[0] && root[2], "in no cut, and dominated by 1");
        assertFalse(root[1], "record 1 is in two cuts and dominates 0 and 2");
        assertTrue(root[3] ^ root[4], "one of the twins 3 and 4 kept");
        for (boolean[] linked : got) {
            assertFalse(linked[6], "a given record is never in a sample");
            assertTrue(linked[5], "a record in no cut is in every sample");
        }
        assertTrue(samples.drain().isEmpty(), "drained");
    }

    /**
     * A node sampled every mask + 1 nodes: with mask 0 one sample a node, up to
     * {@link NodeSamples#CAPACITY} a solve, on a seeded tree of more nodes than that (unsplit, one
     * thread, so the tree's own count is every node).
     */
    @Test
    void samplesComeEveryMaskNodesUpToTheCapacity() {
        NodeSamples samples = new NodeSamples();
        samples.every(3);
        assertTrue(samples.due(0) && samples.due(4) && samples.due(8));
        assertFalse(samples.due(1) || samples.due(2) || samples.due(3) || samples.due(7));
        samples.every(0);
        java.util.Random rnd = new java.util.Random(5);
        int records = 40;
        int[][] cuts = new int[70][];
        for (int c = 0; c < cuts.length; c++) {
            cuts[c] = rnd.ints(0, records).distinct().limit(3).toArray();
        }
        CoverBranch small = new CoverBranch(records, java.util.Arrays.copyOf(cuts, 12), 12, new boolean[records])
                .threads(1).split(Long.MAX_VALUE, 1).sampleInto(samples);
        small.smallest(0, records, Long.MAX_VALUE, Double.MAX_VALUE, new boolean[records], null);
        assertTrue(small.nodes() < NodeSamples.CAPACITY, small.nodes() + " nodes");
        assertEquals(small.nodes(), samples.drain().size(), "one sample a node");
        CoverBranch large = new CoverBranch(records, cuts, cuts.length, new boolean[records]).threads(1)
                .split(Long.MAX_VALUE, 1).sampleInto(samples);
        large.smallest(0, records, Long.MAX_VALUE, Double.MAX_VALUE, new boolean[records], null);
        assertTrue(large.nodes() > NodeSamples.CAPACITY, large.nodes() + " nodes");
        assertEquals(NodeSamples.CAPACITY, samples.drain().size(), "no more than the capacity");
    }
}

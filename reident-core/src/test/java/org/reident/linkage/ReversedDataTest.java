package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.Standardization;

/**
 * {@link LinkageData#reversed()}, which {@code learn --direction protected-to-original} relies on:
 * linking the reversed problem forward is linking the problem in reverse, record by record, for the
 * standardisations that treat both files alike (own, pooled); reversing twice changes nothing.
 */
class ReversedDataTest {
    @Test
    void forwardOnReversedEqualsReverseOnOriginal() {
        for (long seed = 1; seed <= 6; seed++) {
            LinkageData d = ReferenceLinkageTest.randomData(new Random(seed));
            LinkageData r = d.reversed();
            assertEquals(d.maskedCount(), r.originalCount());
            assertArrayEquals(d.reverseTruth(), r.truth());
            assertArrayEquals(d.truth(), r.reversed().truth());
            assertArrayEquals(d.original(), r.reversed().original());
            for (Method m : new Method[] {Method.AM, Method.WM, Method.CHOQUET}) {
                for (Standardization s : new Standardization[] {Standardization.OWN, Standardization.POOLED}) {
                    String what = "seed " + seed + " " + m + " " + s;
                    LinkageEngine e = new LinkageEngine(1);
                    LinkageResult back = e.link(Distances.prepare(m, null, d, new DistanceOptions(s, 2, true)), d.reverseTruth());
                    LinkageResult fwd = e.link(Distances.prepare(m, null, r, new DistanceOptions(s, 2, false)), r.truth());
                    assertEquals(back.reidentified(), fwd.reidentified(), what);
                    assertEquals(back.expected(), fwd.expected(), 1e-9, what);
                    for (int q = 0; q < back.queryCount(); q++) {
                        assertEquals(back.rank(q), fwd.rank(q), what + " record " + q);
                        assertEquals(back.tiesWithTrue(q), fwd.tiesWithTrue(q), what + " record " + q);
                    }
                }
            }
        }
    }
}

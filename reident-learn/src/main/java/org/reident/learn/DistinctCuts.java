package org.reident.learn;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The cuts a run has handed its master, as sets of records: {@link #add} tells a new cut from a
 * repeat. Different conflicts often shrink to the same cut in the deletion filter (the node samples
 * above all), and the master took each copy: on a 1,000-record file of 150% noise about half its
 * cuts were repeats (stop 89's note). A repeat changes no cover, but it costs the search tree, the
 * covering LP and the exact solver, and it halves {@link CoverRaise}'s uniform raise on its records
 * (two copies of a cut saturate them twice as fast), which weakens the quick bounds.
 * Also the one set of cuts of a conflicts file ({@link ConflictFile}) and of `reident verify`
 * ({@link CertificateCheck}).
 */
final class DistinctCuts {
    private final Set<Key> seen = new HashSet<>();
    private int repeats;

    /** Whether {@code records} (in any order, each record once) is a cut not seen before; records it. */
    boolean add(int[] records) {
        if (seen.add(key(records))) {
            return true;
        }
        repeats++;
        return false;
    }

    /** Whether {@code records} (in any order) is a cut {@link #add} has seen. */
    boolean holds(int[] records) {
        return seen.contains(key(records));
    }

    private static Key key(int[] records) {
        int[] sorted = records.clone();
        Arrays.sort(sorted);
        return new Key(sorted);
    }

    /** The repeats {@link #add} turned away. */
    int repeats() {
        return repeats;
    }

    /** A sorted cut, compared by its records. */
    private record Key(int[] records) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(records, k.records);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(records);
        }

        @Override
        public String toString() {
            return Arrays.toString(records);
        }
    }
}

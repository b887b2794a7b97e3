package org.reident.learn;

import java.util.Arrays;

/**
 * Where a search of {@link CoverBranch} is: the branch indices from the root of the item searched
 * down to the node (the i-th branch of a node takes the i-th record of its order). Paths name the
 * same nodes in every search of an item (the tree below it depends on the problem alone: the dual
 * bound is exact and starts afresh at the item), so a search's stopping place and a cover's place
 * can be handed to another search.
 */
final class CoverPath {
    private int[] path = new int[64];
    private int level;

    /** Back at the item's root. */
    void clear() {
        level = 0;
    }

    /** One level down, to the branch of this index. */
    void enter(int index) {
        if (level == path.length) {
            path = Arrays.copyOf(path, 2 * level);
        }
        path[level++] = index;
    }

    /** One level up. */
    void leave() {
        level--;
    }

    /** The path to the node, as an array of its own. */
    int[] copy() {
        return Arrays.copyOf(path, level);
    }

    /**
     * Whether the node was searched to the end before a search stopped at {@code done} (null:
     * none): it lies before done's path in the tree's order and is not on it.
     */
    boolean before(int[] done) {
        if (done == null) {
            return false;
        }
        for (int q = 0; q < Math.min(level, done.length); q++) {
            if (path[q] != done[q]) {
                return path[q] < done[q];
            }
        }
        return false;
    }
}

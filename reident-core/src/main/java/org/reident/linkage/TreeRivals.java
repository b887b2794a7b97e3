package org.reident.linkage;

/**
 * One worker's search of a {@link KdTree} for a query record's k nearest reference records other
 * than its true match ({@link LinkageEngine#nearest}): depth first, nearer child first, a node
 * skipped once k records are kept and its lower bound exceeds the farthest of them. The lower bounds
 * never exceed the kernel's rounded distances, so the records kept are those of a sort of every pair
 * by (distance, index), the distances the kernel's to the last bit.
 */
final class TreeRivals extends TreeQuery {
    private final RivalHeap heap;
    private int t;

    TreeRivals(KdTree tree, int k) {
        super(tree);
        this.heap = new RivalHeap(k);
    }

    /**
     * Finds the nearest records other than t (-1: none excluded) and writes them, nearest first, to
     * {@code rivals} and {@code distances} from {@code off}; the number written.
     */
    int search(int t, int[] rivals, double[] distances, int off) {
        this.t = t;
        heap.clear();
        visit(tree.root(), lower(tree.root()));
        return heap.drain(rivals, distances, off);
    }

    @Override
    void visit(int v, double bound) {
        if (!heap.open(bound)) {
            return;
        }
        if (tree.isLeaf(v)) {
            for (int p = tree.start(v), e = tree.end(v); p < e; p++) {
                int j = tree.record(p);
                if (j != t) {
                    heap.offer(distanceAt(p), j);
                }
            }
            return;
        }
        childrenNearerFirst(v);
    }
}

package org.reident.linkage;

/**
 * One worker's search of a {@link KdTree} for a query record's k nearest reference records other
 * than its true match ({@link LinkageEngine#nearest}): depth first, nearer child first, a node
 * skipped once k records are kept and its lower bound exceeds the farthest of them. The lower bounds
 * never exceed the kernel's rounded distances, so the records kept are those of a sort of every pair
 * by (distance, index), the distances the kernel's to the last bit.
 */
final class TreeRivals {
    private final KdTree tree;
    private final RivalHeap heap;
    private final double[] a;
    private final double[] g;
    private final double[] scratch;
    private int t;

    TreeRivals(KdTree tree, int k) {
        this.tree = tree;
        this.heap = new RivalHeap(k);
        this.a = new double[tree.dimension()];
        this.g = new double[tree.dimension()];
        this.scratch = new double[tree.dimension()];
    }

    /** The query's coordinates, to be filled by the caller before {@link #search}. */
    double[] query() {
        return a;
    }

    /** The distance from the query in {@link #query()} to reference record j, the kernel's value. */
    double distanceTo(int j) {
        return tree.distance(a, tree.position(j), g, scratch);
    }

    /**
     * Finds the nearest records other than t (-1: none excluded) and writes them, nearest first, to
     * {@code rivals} and {@code distances} from {@code off}; the number written.
     */
    int search(int t, int[] rivals, double[] distances, int off) {
        this.t = t;
        heap.clear();
        visit(tree.root(), tree.lower(a, tree.root(), g, scratch));
        return heap.drain(rivals, distances, off);
    }

    private void visit(int v, double bound) {
        if (!heap.open(bound)) {
            return;
        }
        if (tree.isLeaf(v)) {
            for (int p = tree.start(v), e = tree.end(v); p < e; p++) {
                int j = tree.record(p);
                if (j != t) {
                    heap.offer(tree.distance(a, p, g, scratch), j);
                }
            }
            return;
        }
        int l = tree.left(v);
        int r = tree.right(v);
        double bl = tree.lower(a, l, g, scratch);
        double br = tree.lower(a, r, g, scratch);
        if (bl <= br) {
            visit(l, bl);
            visit(r, br);
        } else {
            visit(r, br);
            visit(l, bl);
        }
    }
}

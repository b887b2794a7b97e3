package org.reident.linkage;

/**
 * A worker's query against a {@link KdTree}: the query's coordinates and the scratch arrays the
 * tree's distance and bounds need, shared by the searches of one tree ({@link TreeScan},
 * {@link TreeRivals}).
 */
abstract class TreeQuery {
    final KdTree tree;
    final double[] a;
    private final double[] g;
    private final double[] scratch;

    TreeQuery(KdTree tree) {
        this.tree = tree;
        this.a = new double[tree.dimension()];
        this.g = new double[tree.dimension()];
        this.scratch = new double[tree.dimension()];
    }

    /** The query's coordinates, to be filled by the caller before a search. */
    final double[] query() {
        return a;
    }

    /** The distance from the query to reference record j, the kernel's value. */
    final double distanceTo(int j) {
        return tree.distance(a, tree.position(j), g, scratch);
    }

    /** The distance from the query to the record at tree position p. */
    final double distanceAt(int p) {
        return tree.distance(a, p, g, scratch);
    }

    /** A lower bound on the distance from the query to node v's records. */
    final double lower(int v) {
        return tree.lower(a, v, g, scratch);
    }

    /** Visits node v, whose lower bound is {@code bound}: the search's own step. */
    abstract void visit(int v, double bound);

    /** Visits inner node v's children, the one of lower bound first. */
    final void childrenNearerFirst(int v) {
        int l = tree.left(v);
        int r = tree.right(v);
        double bl = lower(l);
        double br = lower(r);
        if (bl <= br) {
            visit(l, bl);
            visit(r, br);
        } else {
            visit(r, br);
            visit(l, bl);
        }
    }

    /** An upper bound on the distance from the query to node v's records. */
    final double upper(int v) {
        return tree.upper(a, v, g, scratch);
    }
}

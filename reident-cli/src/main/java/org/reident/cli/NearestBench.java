package org.reident.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.reident.data.LinkageData;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Distances;
import org.reident.distance.Method;
import org.reident.distance.PairwiseDistance;
import org.reident.linkage.LinkageEngine;
import org.reident.linkage.NearestRivals;

/**
 * {@code reident bench --nearest K}'s table: every record's K nearest rivals ({@link LinkageEngine#nearest},
 * what `learn`'s climbs keep from their first count) found by the k-d tree against every pair in blocks,
 * both on all cores in the same run after a warm-up on the first {@value #WARM_UP} records, and whether
 * they found the same rivals at the same distances.
 * Only the methods whose distance the engine searches a tree for are timed.
 */
final class NearestBench {
    /** Records each way is run on before it is timed. */
    private static final int WARM_UP = 1000;

    private NearestBench() {
    }

    static void table(MarkdownReport report, PrintWriter err, LinkageData data, List<Method> methods, int k) {
        int cores = Runtime.getRuntime().availableProcessors();
        LinkageEngine tree = new LinkageEngine(cores);
        LinkageEngine scan = new LinkageEngine(cores, LinkageEngine.Search.SCAN);
        int[] all = new int[data.originalCount()];
        for (int q = 0; q < all.length; q++) {
            all[q] = q;
        }
        List<String> rows = new ArrayList<>();
        for (Method m : methods) {
            PairwiseDistance d = Distances.prepare(m, m.isParametrised() ? BenchCommand.randomModel(m, data.variables(), 11) : null, data,
                    DistanceOptions.DEFAULT);
            if (!tree.searchesTree(d)) {
                continue;
            }
            err.println("reident bench: " + k + " nearest rivals, " + m.label());
            int[] some = Arrays.copyOf(all, Math.min(all.length, WARM_UP)); // both warm the JIT up alike
            tree.nearest(d, data.truth(), some, k);
            scan.nearest(d, data.truth(), some, k);
            long t0 = System.nanoTime();
            NearestRivals byTree = tree.nearest(d, data.truth(), all, k);
            double treeS = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            NearestRivals byScan = scan.nearest(d, data.truth(), all, k);
            double scanS = (System.nanoTime() - t1) / 1e9;
            rows.add(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.1f | %s |", m.label(), treeS, scanS, scanS / treeS,
                    same(byTree, byScan) ? "yes" : "NO"));
        }
        if (rows.isEmpty()) {
            report.line("Nearest rivals: not timed, the engine searches no tree for these methods on this file (it needs at least "
                    + LinkageEngine.TREE_MIN_RECORDS + " records and at most " + LinkageEngine.TREE_MAX_VARIABLES + " variables).");
        } else {
            report.line("Every record's " + k + " nearest rivals (`LinkageEngine.nearest`: what `learn`'s climbs keep from their "
                    + "first count), all cores, by the tree and by every pair:");
            report.line("");
            report.line("| method | tree s | scan s | scan / tree | same rivals |");
            report.line("|---|---|---|---|---|");
            rows.forEach(report::line);
        }
        report.line("");
    }

    private static boolean same(NearestRivals a, NearestRivals b) {
        for (int s = 0; s < a.queries(); s++) {
            if (a.size(s) != b.size(s) || Double.compare(a.trueDistance(s), b.trueDistance(s)) != 0) {
                return false;
            }
            for (int r = 0; r < a.size(s); r++) {
                if (a.rival(s, r) != b.rival(s, r) || Double.compare(a.distance(s, r), b.distance(s, r)) != 0) {
                    return false;
                }
            }
        }
        return true;
    }
}

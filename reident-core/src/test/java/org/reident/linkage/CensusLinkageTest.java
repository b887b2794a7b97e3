package org.reident.linkage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.reident.data.CsvReader;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.distance.DistanceOptions;
import org.reident.distance.Method;
import org.reident.synth.AdditiveNoise;
import org.reident.testdata.SharedData;

/**
 * The CASC Census file: 400 records of a seeded sample, the first 4 variables, protected with 20%
 * additive noise. Every method runs; the Mahalanobis variants, which use the covariance structure,
 * give counts different from AM.
 */
class CensusLinkageTest {
    @Test
    void everyMethodRunsAndMahalanobisDiffersFromAm() {
        Path census = SharedData.file("census.csv");
        var t = CsvReader.read(census, "census.csv");
        List<String> vars = t.names().subList(0, 4);
        LinkageData all = new LinkageDataBuilder(t, t).variables(vars).build();
        assertEquals(1080, all.originalCount());
        assertEquals(List.of("AFNLWGT", "AGI", "EMCONTRB", "FEDTAX"), all.variables());

        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < all.originalCount(); i++) {
            rows.add(i);
        }
        Collections.shuffle(rows, new Random(400));
        int n = 4;
        int m = 400;
        double[] x = new double[m * n];
        for (int i = 0; i < m; i++) {
            System.arraycopy(all.original(), rows.get(i) * n, x, i * n, n);
        }
        double[] y = AdditiveNoise.apply(x, m, n, 20, 401);
        int[] truth = new int[m];
        String[] ids = new String[m];
        for (int i = 0; i < m; i++) {
            truth[i] = i;
            ids[i] = Integer.toString(i + 1);
        }
        LinkageData data = new LinkageData(List.copyOf(vars), x, m, y, m, truth, ids, ids, "census.csv", "noise", 0, List.of());

        Map<Method, LinkageResult> results = new EnumMap<>(Method.class);
        LinkageEngine engine = new LinkageEngine(2);
        for (Method method : Method.values()) {
            MethodOutcome o = Linkage.run(method, null, data, DistanceOptions.DEFAULT, engine);
            assertFalse(o.failed(), method + ": " + o.error());
            LinkageResult r = o.result();
            assertEquals(400, r.records());
            assertTrue(r.reidentified() > 0 && r.reidentified() <= 400, method + " " + r.reidentified());
            assertTrue(r.expected() >= r.reidentified() - 1e-9, method + " expected >= strict");
            results.put(method, r);
        }
        int am = results.get(Method.AM).reidentified();
        assertNotEquals(am, results.get(Method.MD).reidentified(), "MD-COV should differ from AM");
        assertNotEquals(am, results.get(Method.MD0).reidentified(), "MD-COV0 should differ from AM");
        // the neutral parametrisations are AM itself
        for (Method p : List.of(Method.WM, Method.OWA, Method.CHOQUET, Method.BILINEAR, Method.MD_STAR)) {
            assertEquals(am, results.get(p).reidentified(), p + " with neutral parameters equals AM");
        }
    }
}

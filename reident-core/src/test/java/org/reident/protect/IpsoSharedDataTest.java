package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reident.data.CsvReader;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.protect.Ipso.Variant;
import org.reident.testdata.SharedData;

/**
 * IPSO on the CASC files of mahalanobis-dbrl-synthetic.txt (read from ../shared/data, never
 * copied). Census: in that file PTOTVAL = PEARNVAL + POTHVAL exactly, so the paper's scenario S1
 * (quasi-identifiers v1, v3, v4, v6, v7, v9, v11, v12, v13) with all the other variables as
 * confidential attributes (v2, v5, v8, v10) has a singular X'X and must be refused; without
 * PTOTVAL it works. EIA: quasi-identifiers v1, v2, v7, v8, v9, the other five confidential.
 */
class IpsoSharedDataTest {
    private static final List<String> CENSUS_S1_QI = List.of(
            "AFNLWGT", "EMCONTRB", "FEDTAX", "STATETAX", "TAXINC", "INTVAL", "FICA", "WSALVAL", "ERNVAL");

    private static double[] load(String file, List<String> vars) {
        var t = CsvReader.read(SharedData.file(file), file);
        LinkageData d = new LinkageDataBuilder(t, t).variables(vars).build();
        return d.original();
    }

    private static void assertPreserved(double[] y, int rows, int m, double[] x, int p) {
        Ipso.Fit original = Ipso.fit(y, rows, m, x, p);
        Ipso.Fit b = Ipso.fit(Ipso.synthesize(Variant.B, y, rows, m, x, p, 1L), rows, m, x, p);
        Ipso.Fit c = Ipso.fit(Ipso.synthesize(Variant.C, y, rows, m, x, p, 1L), rows, m, x, p);
        assertTrue(IpsoFixtures.maxRelativeError(original.coefficients(), b.coefficients()) < 1e-8);
        assertTrue(IpsoFixtures.maxRelativeError(original.coefficients(), c.coefficients()) < 1e-8);
        assertTrue(IpsoFixtures.maxRelativeError(original.residualCovariance(), c.residualCovariance()) < 1e-8);
    }

    @Test
    void censusScenarioS1WithAllOtherVariablesConfidentialIsCollinear() {
        double[] y = load("census.csv", CENSUS_S1_QI);
        double[] x = load("census.csv", List.of("AGI", "PTOTVAL", "POTHVAL", "PEARNVAL"));
        int rows = y.length / 9;
        assertEquals(1080, rows);
        InputException e = assertThrows(InputException.class,
                () -> Ipso.synthesize(Variant.A, y, rows, 9, x, 4, 1L));
        assertTrue(e.getMessage().contains("collinear"), e.getMessage());

        double[] x3 = load("census.csv", List.of("AGI", "POTHVAL", "PEARNVAL"));
        assertPreserved(y, rows, 9, x3, 3);
    }

    @Test
    void eiaPreservesTheFit() {
        List<String> qi = List.of("RESREVENUE", "RESSALES", "OTHREVENUE", "OTHRSALES", "TOTREVENUE");
        List<String> conf = new ArrayList<>(List.of("COMREVENUE", "COMSALES", "INDREVENUE", "INDSALES", "TOTSALES"));
        double[] y = load("eia.csv", qi);
        double[] x = load("eia.csv", conf);
        int rows = y.length / 5;
        assertEquals(4092, rows);
        assertPreserved(y, rows, 5, x, 5);
    }
}

package org.reident.protect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reident.data.InputException;
import org.reident.protect.Ipso.Variant;
import org.reident.protect.IpsoFixtures.Data;

class IpsoErrorsTest {
    private static final Data D = IpsoFixtures.linear(200, 3L);

    private static String inputError(Executable call) {
        InputException e = assertThrows(InputException.class, call);
        String msg = e.getMessage();
        assertTrue(msg.startsWith("IPSO"), msg);
        assertFalse(msg.contains("\n") || msg.contains("\r"), "one line: " + msg);
        return msg;
    }

    /** X with a fourth column 2 x1 - x2 + 5: X_1'X_1 singular. */
    private static double[] collinearX() {
        double[] x = new double[D.rows * 4];
        for (int i = 0; i < D.rows; i++) {
            System.arraycopy(D.x, i * 3, x, i * 4, 3);
            x[i * 4 + 3] = 2 * D.x[i * 3] - D.x[i * 3 + 1] + 5;
        }
        return x;
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void collinearConfidentialAttributesAreRejected(Variant v) {
        double[] x = collinearX();
        String msg = inputError(() -> Ipso.synthesize(v, D.y, D.rows, D.m, x, 4, 1L));
        assertTrue(msg.contains("collinear") && msg.contains("--confidential"), msg);
        inputError(() -> Ipso.fit(D.y, D.rows, D.m, x, 4));
    }

    @Test
    void duplicatedConfidentialColumnIsRejected() {
        double[] x = IpsoFixtures.columns(D.x, D.rows, 3, 0, 1, 0);
        assertTrue(inputError(() -> Ipso.fit(D.y, D.rows, D.m, x, 3)).contains("collinear"));
    }

    @Test
    void constantConfidentialAttributeIsRejected() {
        double[] x = D.x.clone();
        for (int i = 0; i < D.rows; i++) {
            x[i * 3 + 1] = 0.1; // not exactly representable: its computed sd is tiny, not 0
        }
        String msg = inputError(() -> Ipso.synthesize(Variant.A, D.y, D.rows, D.m, x, 3, 1L));
        assertTrue(msg.contains("attribute 2 (of 3) is constant"), msg);
    }

    @Test
    void tooFewRecordsAreRejected() {
        int rows = D.p + D.m; // one fewer than p + m + 1
        double[] yShort = Arrays.copyOf(D.y, rows * D.m);
        double[] xShort = Arrays.copyOf(D.x, rows * D.p);
        assertTrue(inputError(() -> Ipso.synthesize(Variant.C, yShort, rows, D.m, xShort, D.p, 1L))
                .contains("too few records"));
        int fitRows = D.p + 1;
        double[] yFit = Arrays.copyOf(D.y, fitRows * D.m);
        double[] xFit = Arrays.copyOf(D.x, fitRows * D.p);
        assertTrue(inputError(() -> Ipso.fit(yFit, fitRows, D.m, xFit, D.p)).contains("too few records"));
    }

    @Test
    void quasiIdentifierThatIsAnExactFunctionOfTheConfidentialAttributesIsRejected() {
        double[] y = D.y.clone();
        for (int i = 0; i < D.rows; i++) {
            y[i * 3 + 2] = 3 * D.x[i * 3] - 0.5 * D.x[i * 3 + 2] + 7;
        }
        String msg = inputError(() -> Ipso.synthesize(Variant.B, y, D.rows, D.m, D.x, D.p, 1L));
        assertTrue(msg.contains("quasi-identifier 3 (of 3) is an exact linear function"), msg);
    }

    @Test
    void linearlyDependentResidualsAreRejected() {
        double[] y = D.y.clone();
        for (int i = 0; i < D.rows; i++) {
            y[i * 3 + 2] = y[i * 3] - 2 * y[i * 3 + 1] + D.x[i * 3];
        }
        String msg = inputError(() -> Ipso.synthesize(Variant.C, y, D.rows, D.m, D.x, D.p, 1L));
        assertTrue(msg.contains("residual covariance of the quasi-identifiers is singular"), msg);
    }

    @Test
    void constantQuasiIdentifierIsRejected() {
        double[] y = D.y.clone();
        for (int i = 0; i < D.rows; i++) {
            y[i * 3] = 4;
        }
        String msg = inputError(() -> Ipso.synthesize(Variant.A, y, D.rows, D.m, D.x, D.p, 1L));
        assertTrue(msg.contains("quasi-identifier 1 (of 3) is constant"), msg);
    }

    @Test
    void malformedArgumentsAreProgrammingErrors() {
        assertThrows(IllegalArgumentException.class, () -> Ipso.synthesize(null, D.y, D.rows, D.m, D.x, D.p, 1L));
        assertThrows(IllegalArgumentException.class,
                () -> Ipso.synthesize(Variant.A, D.y, D.rows + 1, D.m, D.x, D.p, 1L));
        assertThrows(IllegalArgumentException.class, () -> Ipso.fit(D.y, D.rows, D.m, D.x, D.p + 1));
        assertThrows(IllegalArgumentException.class, () -> Ipso.fit(D.y, D.rows, 0, D.x, D.p));
        double[] y = D.y.clone();
        y[17] = Double.NaN;
        assertThrows(IllegalArgumentException.class, () -> Ipso.synthesize(Variant.A, y, D.rows, D.m, D.x, D.p, 1L));
        double[] x = D.x.clone();
        x[5] = Double.POSITIVE_INFINITY;
        assertThrows(IllegalArgumentException.class, () -> Ipso.fit(D.y, D.rows, D.m, x, D.p));
    }
}

package org.reident.protect;

import java.util.List;
import java.util.Random;
import org.reident.data.CsvTable;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.LinkageDataBuilder;
import org.reident.data.RowSample;

/** Makes a preset's original sample and protected file from its CASC reference file. */
public final class PresetFiles {
    /**
     * @param variables the variables of both files
     * @param original  the original records (sample), row-major
     * @param masked    their protected versions, row-major, same order
     * @param rows      number of records
     * @param sourceRows 0-based data rows of the reference file the records come from
     * @param label     the masking's label
     */
    public record Made(List<String> variables, double[] original, double[] masked, int rows, int[] sourceRows,
            String label) {

        /** The pair as a linkage problem on the preset's link variables, aligned by row. */
        public LinkageData linkageData(List<String> linkVariables) {
            int n = variables.size();
            int m = linkVariables.size();
            int[] idx = new int[m];
            for (int k = 0; k < m; k++) {
                idx[k] = variables.indexOf(linkVariables.get(k));
            }
            double[] x = new double[rows * m];
            double[] y = new double[rows * m];
            int[] truth = new int[rows];
            String[] ids = new String[rows];
            for (int i = 0; i < rows; i++) {
                for (int k = 0; k < m; k++) {
                    x[i * m + k] = original[i * n + idx[k]];
                    y[i * m + k] = masked[i * n + idx[k]];
                }
                truth[i] = i;
                ids[i] = Integer.toString(i + 1);
            }
            return new LinkageData(List.copyOf(linkVariables), x, rows, y, rows, truth, ids, ids, "original", "protected", 0,
                    List.of());
        }
    }

    private PresetFiles() {
    }

    /**
     * Draws the preset's sample (seeded; rows kept in file order) and protects it (the masking seeded
     * with the same seed).
     */
    public static Made make(Preset preset, CsvTable table, long seed) {
        for (String v : preset.variables()) {
            if (table.column(v) == null) {
                throw new InputException(table.source() + ": preset " + preset.name() + " needs column '" + v
                        + "' of the CASC " + preset.dataset() + " file (columns here: " + String.join(", ", table.names()) + ")");
            }
        }
        LinkageData all = new LinkageDataBuilder(table, table).variables(preset.variables()).build();
        int n = all.dimension();
        int[] rows = sample(all.originalCount(), preset.sample(), seed);
        double[] x = new double[rows.length * n];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(all.original(), rows[i] * n, x, i * n, n);
        }
        Masking m = preset.masking().create(seed);
        double[] y = m.apply(x, rows.length, n);
        return new Made(all.variables(), x, y, rows.length, rows, m.label());
    }

    /** {@code size} of {@code total} row indices drawn without replacement, sorted; all when size is 0. */
    static int[] sample(int total, int size, long seed) {
        return RowSample.of(total, size, new Random(seed)::nextInt);
    }
}

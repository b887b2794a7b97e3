package org.reident.io;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.reident.data.CsvTable;

/**
 * Writes a protected file: the input table with the masked variables replaced by their new values
 * and every other column copied unchanged, as read.
 */
public final class MaskedCsv {
    private MaskedCsv() {
    }

    /**
     * @param names  the masked variables, columns of {@code table}
     * @param values their new values, row-major, {@code table.rows() x names.size()}
     */
    public static void write(Writer w, CsvTable table, List<String> names, double[] values) throws IOException {
        List<String> header = table.names();
        int n = names.size();
        int[] slot = new int[header.size()];
        for (int c = 0; c < slot.length; c++) {
            slot[c] = names.indexOf(header.get(c));
        }
        try (CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
            p.printRecord(header);
            String[] cells = new String[slot.length];
            for (int r = 0; r < table.rows(); r++) {
                for (int c = 0; c < slot.length; c++) {
                    cells[c] = slot[c] >= 0 ? NumericCsv.format(values[r * n + slot[c]]) : table.cell(r, c);
                }
                p.printRecord((Object[]) cells);
            }
        }
    }
}

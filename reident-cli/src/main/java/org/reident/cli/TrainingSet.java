package org.reident.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.reident.data.InputException;
import org.reident.data.LinkageData;
import org.reident.data.Utf8Text;

/**
 * The original records {@code learn} learns on (the labelled records of the papers' overfitting
 * experiment): every record with a true match, a seeded fraction of them ({@code --train-fraction}),
 * or the records listed in a file ({@code --train-ids}: one identifier per line, the value of the
 * {@code --id} column, or without {@code --id} the record number counted from 1 after the header;
 * blank lines and lines starting with '#' are skipped). The other matched records are the test set.
 */
final class TrainingSet {
    private TrainingSet() {
    }

    /** The options alone, before the files are read. */
    static void check(Double fraction, Path idsFile) {
        if (fraction != null && idsFile != null) {
            throw new InputException("--train-fraction and --train-ids exclude each other: give one");
        }
        if (fraction != null && !(fraction > 0 && fraction <= 1)) {
            throw new InputException("--train-fraction: expected a fraction in (0, 1], got " + fraction);
        }
    }

    static int[] select(LinkageData data, Double fraction, long seed, Path idsFile) {
        check(fraction, idsFile);
        if (idsFile != null) {
            return fromFile(data, idsFile);
        }
        List<Integer> matched = new ArrayList<>();
        for (int i = 0; i < data.originalCount(); i++) {
            if (data.truth()[i] >= 0) {
                matched.add(i);
            }
        }
        if (fraction != null) {
            Collections.shuffle(matched, new Random(seed));
            int m = Math.max(1, (int) Math.round(fraction * matched.size()));
            if (fraction < 1 && m >= matched.size()) { // a split was asked for, but rounding leaves no test record
                throw new InputException("--train-fraction " + fraction + " of " + matched.size() + " records with a true match"
                        + " leaves no record to test on: give a smaller fraction, or 1 to learn on every record");
            }
            matched = new ArrayList<>(matched.subList(0, m));
            Collections.sort(matched);
        }
        return toArray(matched);
    }

    private static int[] fromFile(LinkageData data, Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file (--train-ids)");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (--train-ids): " + e.getMessage());
        }
        Utf8Text.Decoded text = Utf8Text.decode(bytes);
        if (!text.ok()) {
            throw new InputException(file + ":" + text.line() + ":" + text.column() + ": not UTF-8 text: byte "
                    + text.badByteHex() + " (--train-ids expects one identifier per line, saved as UTF-8)");
        }
        List<String> lines = text.text().lines().toList(); // lines end as in a CSV file: \r\n, \n or \r
        Map<String, Integer> index = new HashMap<>();
        String[] ids = data.originalIds();
        for (int i = 0; i < ids.length; i++) {
            index.put(ids[i], i);
        }
        Map<Integer, Integer> seenOn = new HashMap<>();
        List<Integer> chosen = new ArrayList<>();
        for (int ln = 0; ln < lines.size(); ln++) {
            String raw = lines.get(ln);
            String id = raw.strip();
            if (ln == 0 && id.startsWith("\uFEFF")) {
                id = id.substring(1).strip();
            }
            if (id.isEmpty() || id.startsWith("#")) {
                continue;
            }
            int column = raw.indexOf(id.charAt(0)) + 1;
            Integer i = index.get(id);
            String where = file + ":" + (ln + 1) + ":" + column + ": ";
            if (i == null) {
                throw new InputException(where + "'" + id + "' is not a record of " + data.originalName()
                        + " (expected a value of the --id column, or a record number from 1 without --id;"
                        + " records dropped for missing values do not count)");
            }
            if (data.truth()[i] < 0) {
                throw new InputException(where + "record '" + id + "' has no true match in " + data.maskedName()
                        + ", so it cannot be a training record");
            }
            Integer before = seenOn.putIfAbsent(i, ln + 1);
            if (before != null) {
                throw new InputException(where + "'" + id + "' is listed twice (also on line " + before + ")");
            }
            chosen.add(i);
        }
        if (chosen.isEmpty()) {
            throw new InputException(file + ": lists no record (expected one identifier per line)");
        }
        Collections.sort(chosen);
        return toArray(chosen);
    }

    private static int[] toArray(List<Integer> l) {
        int[] t = new int[l.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = l.get(i);
        }
        return t;
    }
}

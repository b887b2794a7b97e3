package org.reident.cli;

import org.reident.data.InputException;
import org.reident.distance.DistanceOptions;

/** The {@code --prl-sample} option of link and measure: how many query records' pairs PRL's EM is fitted to. */
final class PrlSample {
    static final String DESCRIPTION = "PRL's EM is fitted to the pairs of at most N query records with every record of the other file: "
            + "a seeded random sample of N beyond (default " + DistanceOptions.PRL_QUERIES + "; the count of pairs grows as "
            + "N x records), or 'all' for every pair. The linkage itself always compares every record.";

    private PrlSample() {
    }

    /** The option's value as {@link DistanceOptions#prlQueries()}: null gives the default, 'all' 0. */
    static int parse(String value) {
        if (value == null) {
            return DistanceOptions.PRL_QUERIES;
        }
        String v = value.strip();
        if (v.equalsIgnoreCase("all")) {
            return 0;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InputException("--prl-sample: expected a number of records >= 1 or 'all', got '" + value + "'");
    }
}

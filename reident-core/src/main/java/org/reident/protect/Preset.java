package org.reident.protect;

import java.util.List;

/**
 * A protected file of the papers' experiments, made again from the CASC reference file it was made
 * from: which variables, how many records (a seeded random sample, or all), which masking, and the
 * re-identification rates the paper reports for it (percent; NaN where the paper gives none).
 *
 * @param name      the name used with {@code --preset}, as in the papers (e.g. "M4-28")
 * @param dataset   "census" or "eia": the CASC file it applies to
 * @param variables the variables written (for IPSO: quasi-identifiers and confidential attributes)
 * @param linkVariables the quasi-identifiers the paper links on (for IPSO: not the confidential ones,
 *                  which are released unchanged)
 * @param sample    records drawn at random without replacement; 0 for the whole file
 * @param masking   the protection, given the seed
 * @param source    where the paper describes it and reports its figures
 * @param paperAm   the paper's d^2AM re-identification rate, percent
 * @param paperMd   the paper's d^2MD re-identification rate, percent
 */
public record Preset(String name, String dataset, List<String> variables, List<String> linkVariables, int sample,
        MaskingFactory masking,
        String source, double paperAm, double paperMd) {

    /** Builds the masking for a seed. */
    @FunctionalInterface
    public interface MaskingFactory {
        Masking create(long seed);
    }
}

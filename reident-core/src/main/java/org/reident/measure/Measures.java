package org.reident.measure;

/**
 * The utility and attribute-disclosure side of a protected file, measured on its matched pairs,
 * and the combined score.
 *
 * @param pairs                  matched records measured
 * @param il1s                   {@link InformationLoss#il1s}
 * @param intervalDisclosure     interval disclosure ({@link IntervalDisclosure#table}) over the variables and
 *                               {@code percents}, in percent
 * @param percents               the rank-interval widths p averaged, in percent of the records
 * @param intervalByPercent      interval disclosure at each of {@code percents}
 * @param pil                    {@link ProbabilisticLoss#of}, in percent
 * @param il1sByVariable         {@link InformationLoss#byVariable}
 * @param intervalByVariable     each variable's interval disclosure, the mean over {@code percents}
 */
public record Measures(int pairs, double il1s, double intervalDisclosure, int[] percents, double[] intervalByPercent,
        ProbabilisticLoss.Result pil, double[] il1sByVariable, double[] intervalByVariable) {

    /** Every measure of the matched pairs, interval disclosure over the given percents (each in (0, 100]). */
    public static Measures of(PairedColumns c, int[] percents) {
        double[][] table = IntervalDisclosure.table(c, IntervalDisclosure.asDoubles(percents));
        double[] byVariable = new double[table.length];
        for (int j = 0; j < table.length; j++) {
            byVariable[j] = Moments.mean(table[j]);
        }
        double[] il = InformationLoss.byVariable(c);
        return new Measures(c.pairs(), Moments.mean(il), Moments.mean(byVariable), percents.clone(),
                IntervalDisclosure.meanOverVariables(table), ProbabilisticLoss.of(c), il, byVariable);
    }

    /**
     * The score of Table 5 of symmetric-bilinear-form.txt, after Domingo-Ferrer and Torra (2001):
     * the mean of a disclosure risk and an information loss, both in percent, lower is better.
     * There the risk is the average record-linkage rate (AvRL) and the loss is PIL
     * (e.g. M5-38: (26.01 + 31.92) / 2 = 28.96).
     */
    public static double score(double averageLinkageRate, double pil) {
        return (averageLinkageRate + pil) / 2;
    }
}

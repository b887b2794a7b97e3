package org.reident.protect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;

/**
 * The protected files of the papers' experiments (DESIGN.md section 3), as {@link Preset}s.
 * <ul>
 * <li>M4-33 ... M6-853: 400 Census records drawn at random, the first 4-6 variables, MDAV applied
 * to groups of consecutive variables independently (supervised-dbrl-overview.txt section 4,
 * symmetric-bilinear-form.txt section 6.1); paper rates from Table 2 of the former / Table 6 of the
 * latter. MDAV clusters raw values here: it reproduces the papers' AM rates, standardised MDAV does
 * not (see docs/reproduction.md).</li>
 * <li>Rankswap-p, Mic3-k, Mic4-k, Micz-3, MicMull-3, Noise-p, Jpeg-q: the whole Census file, all 13
 * variables (hrla-heuristic-choquet.txt section 4.2, Table 2). Mic3/Mic4 microaggregate consecutive
 * groups of 3/4 variables (a last remainder smaller than the group size joins the last group:
 * 13 variables = 3+3+3+4 or 4+4+5). The paper reports AM on a 200-record training and an
 * 880-record test part; the rate quoted here combines them, (200 train + 880 test) / 1080.</li>
 * <li>IPSO-A/B/C: Census scenario S1 of mahalanobis-dbrl-synthetic.txt (9 quasi-identifiers
 * v1, v3, v4, v6, v7, v9, v11, v12, v13 synthesised from the 4 other variables as confidential
 * attributes; paper Tables 3 and 5, last S1 row) and EIA (quasi-identifiers v1, v2, v7, v8, v9 from
 * the other 5; Table 6). The paper does not name the confidential attributes: they are taken as
 * the complement of the quasi-identifiers it lists, less PEARNVAL in Census, which equals
 * PTOTVAL - POTHVAL exactly (the regressors would be collinear).</li>
 * </ul>
 */
public final class Presets {
    static final List<String> CENSUS = List.of("AFNLWGT", "AGI", "EMCONTRB", "FEDTAX", "PTOTVAL", "STATETAX",
            "TAXINC", "POTHVAL", "INTVAL", "PEARNVAL", "FICA", "WSALVAL", "ERNVAL");
    static final List<String> EIA = List.of("RESREVENUE", "RESSALES", "COMREVENUE", "COMSALES", "INDREVENUE",
            "INDSALES", "OTHREVENUE", "OTHRSALES", "TOTREVENUE", "TOTSALES");
    private static final double NONE = Double.NaN;
    private static final List<Preset> ALL = build();

    private Presets() {
    }

    public static List<Preset> all() {
        return ALL;
    }

    public static Preset named(String name) {
        for (Preset p : ALL) {
            if (p.name().equalsIgnoreCase(name.strip())) {
                return p;
            }
        }
        List<String> names = new ArrayList<>();
        ALL.forEach(p -> names.add(p.name()));
        throw new InputException("--preset: unknown preset '" + name + "' (expected one of " + String.join(", ", names) + ")");
    }

    private static List<Preset> build() {
        List<Preset> l = new ArrayList<>();
        String sup = "supervised-dbrl-overview.txt Table 2; symmetric-bilinear-form.txt Table 6";
        l.add(micro("M4-33", new int[][] {{0, 1}, {2, 3}}, new int[] {3, 3}, sup, 84.00, 94.00));
        l.add(micro("M4-28", new int[][] {{0, 1}, {2, 3}}, new int[] {2, 8}, sup, 68.50, 90.00));
        l.add(micro("M4-82", new int[][] {{0, 1}, {2, 3}}, new int[] {8, 2}, sup, 71.00, 92.75));
        l.add(micro("M5-38", new int[][] {{0, 1, 2}, {3, 4}}, new int[] {3, 8}, sup, 39.75, 88.25));
        l.add(micro("M6-385", new int[][] {{0, 1}, {2, 3}, {4, 5}}, new int[] {3, 8, 5}, sup, 78.00, 98.50));
        l.add(micro("M6-853", new int[][] {{0, 1}, {2, 3}, {4, 5}}, new int[] {8, 5, 3}, sup, 84.75, 98.00));
        String hrla = "hrla-heuristic-choquet.txt Table 2 (train 200 + test 880 combined)";
        double[][] swap = {{20, 14.00, 2.61}, {15, 24.50, 9.89}, {12, 43.50, 17.50}, {5, 94.00, 78.86}, {4, 95.50, 85.23}};
        for (double[] s : swap) {
            int p = (int) s[0];
            l.add(whole("Rankswap-" + p, seed -> new RankSwapping(p, seed), hrla, combined(s[1], s[2])));
        }
        double[][] mic = {{3, 9, 83.00, 60.23}, {3, 5, 91.00, 77.39}, {3, 8, 82.50, 65.00}, {4, 4, 84.50, 61.48},
            {4, 8, 70.00, 37.27}, {4, 5, 80.00, 52.50}};
        for (double[] m : mic) {
            int g = (int) m[0];
            int k = (int) m[1];
            l.add(whole("Mic" + g + "-" + k, seed -> consecutiveGroups(CENSUS.size(), g, k, Mdav.Scale.RAW), hrla,
                    combined(m[2], m[3])));
        }
        l.add(whole("Micz-3", seed -> new Micz(3), hrla, combined(0.00, 0.23)));
        l.add(whole("MicMull-3", seed -> new Mdav(3, Mdav.Scale.RAW), hrla, combined(54.50, 22.50)));
        double[][] noise = {{16, 87.00, 70.11}, {12, 92.00, 86.59}, {1, 100.00, 100.00}};
        for (double[] s : noise) {
            int p = (int) s[0];
            l.add(whole("Noise-" + p, seed -> new Noise(p, seed), hrla, combined(s[1], s[2])));
        }
        l.add(whole("Jpeg-80", seed -> new JpegMasking(80), hrla, combined(84.50, 76.93)));
        l.add(whole("Jpeg-65", seed -> new JpegMasking(65), hrla, combined(58.50, 40.00)));
        List<String> s1 = List.of("AFNLWGT", "EMCONTRB", "FEDTAX", "STATETAX", "TAXINC", "INTVAL", "FICA", "WSALVAL", "ERNVAL");
        List<String> eiaQi = List.of("RESREVENUE", "RESSALES", "OTHREVENUE", "OTHRSALES", "TOTREVENUE");
        String ipso = "mahalanobis-dbrl-synthetic.txt Tables 3-6";
        double[][] census = {{23 / 10.80, 67 / 10.80}, {NONE, NONE}, {24 / 10.80, 11 / 10.80}};
        double[][] eia = {{65 / 40.92, 143 / 40.92}, {65 / 40.92, 135 / 40.92}, {53 / 40.92, 46 / 40.92}};
        // PTOTVAL = PEARNVAL + POTHVAL exactly in the Census file, so the paper's 4 confidential
        // attributes are collinear; PEARNVAL, redundant, is left out (same column space, same Y').
        List<String> censusIpso = new ArrayList<>(CENSUS);
        censusIpso.remove("PEARNVAL");
        for (Ipso.Variant v : Ipso.Variant.values()) {
            String suffix = v.name();
            l.add(ipso("IPSO-" + suffix + "-Census", "census", List.copyOf(censusIpso), s1, v, ipso, census[v.ordinal()]));
            l.add(ipso("IPSO-" + suffix + "-EIA", "eia", EIA, eiaQi, v, ipso, eia[v.ordinal()]));
        }
        return List.copyOf(l);
    }

    private static double combined(double train, double test) {
        return (200 * train + 880 * test) / 1080;
    }

    private static Preset micro(String name, int[][] groups, int[] k, String source, double am, double md) {
        int n = 0;
        for (int[] g : groups) {
            n += g.length;
        }
        List<String> vars = CENSUS.subList(0, n);
        return new Preset(name, "census", vars, vars, 400, seed -> {
            List<GroupedMasking.ColumnGroup> gs = new ArrayList<>();
            for (int i = 0; i < groups.length; i++) {
                gs.add(new GroupedMasking.ColumnGroup(groups[i], new Mdav(k[i], Mdav.Scale.RAW)));
            }
            return new GroupedMasking(gs);
        }, source, am, md);
    }

    private static Preset whole(String name, Preset.MaskingFactory m, String source, double am) {
        return new Preset(name, "census", CENSUS, CENSUS, 0, m, source, am, NONE);
    }

    private static Preset ipso(String name, String dataset, List<String> all, List<String> qi, Ipso.Variant v,
            String source, double[] paper) {
        List<Integer> conf = new ArrayList<>();
        for (int c = 0; c < all.size(); c++) {
            if (!qi.contains(all.get(c))) {
                conf.add(c);
            }
        }
        int[] confidential = conf.stream().mapToInt(Integer::intValue).toArray();
        return new Preset(name, dataset, all, qi, 0, seed -> new IpsoMasking(v, confidential, seed), source, paper[0], paper[1]);
    }

    /**
     * MDAV on consecutive groups of {@code size} of the n columns; a remainder smaller than the group
     * size joins the last group.
     */
    public static GroupedMasking consecutiveGroups(int n, int size, int k, Mdav.Scale scale) {
        if (size < 1) {
            throw new InputException("--group-size: expected at least 1, got " + size);
        }
        List<GroupedMasking.ColumnGroup> gs = new ArrayList<>();
        int groups = Math.max(1, n / size);
        for (int g = 0; g < groups; g++) {
            int from = g * size;
            int to = g == groups - 1 ? n : from + size;
            int[] cols = new int[to - from];
            for (int c = from; c < to; c++) {
                cols[c - from] = c;
            }
            gs.add(new GroupedMasking.ColumnGroup(cols, new Mdav(k, scale)));
        }
        return new GroupedMasking(gs);
    }

    /** The preset's name as a folder-friendly label. */
    public static String slug(Preset p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}

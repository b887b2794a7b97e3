package org.reident.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.reident.data.InputException;
import org.reident.protect.CorrelatedNoise;
import org.reident.protect.GroupedMasking;
import org.reident.protect.IndividualRanking;
import org.reident.protect.Ipso;
import org.reident.protect.IpsoMasking;
import org.reident.protect.JpegMasking;
import org.reident.protect.Masking;
import org.reident.protect.Mdav;
import org.reident.protect.Micz;
import org.reident.protect.Noise;
import org.reident.protect.Presets;
import org.reident.protect.RankSwapping;

/** Turns the options of {@code reident protect METHOD} into a {@link Masking}, checking each once. */
final class MaskingOptions {
    private MaskingOptions() {
    }

    static Masking build(ProtectCommand o, List<String> variables) {
        String m = o.method.strip().toLowerCase(Locale.ROOT);
        switch (m) {
            case "mdav":
                if (o.groups != null) {
                    return grouped(o.groups, variables, scale(o.scale));
                }
                if (o.groupSize != null) {
                    return Presets.consecutiveGroups(variables.size(), o.groupSize, need(o.k, "--k", m), scale(o.scale));
                }
                return new Mdav(need(o.k, "--k", m), scale(o.scale));
            case "mdav-all":
                return new Mdav(need(o.k, "--k", m), scale(o.scale));
            case "individual-ranking":
                return new IndividualRanking(need(o.k, "--k", m));
            case "micz":
                return new Micz(need(o.k, "--k", m));
            case "rankswap":
                return new RankSwapping(need(o.p, "--p", m), o.seed);
            case "noise":
                return new Noise(need(o.p, "--p", m), o.seed);
            case "correlated-noise":
                return new CorrelatedNoise(need(o.p, "--p", m), o.seed);
            case "jpeg":
                return new JpegMasking(need(o.quality, "--quality", m));
            case "ipso-a":
            case "ipso-b":
            case "ipso-c":
                return ipso(Ipso.Variant.valueOf(m.substring(5).toUpperCase(Locale.ROOT)), o, variables);
            default:
                throw new InputException("protect: unknown method '" + o.method + "' (expected mdav, mdav-all, individual-ranking, "
                        + "micz, rankswap, noise, correlated-noise, jpeg, ipso-a, ipso-b or ipso-c)");
        }
    }

    private static <T> T need(T value, String option, String method) {
        if (value == null) {
            throw new InputException(method + " needs " + option);
        }
        return value;
    }

    private static Mdav.Scale scale(String s) {
        switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "standardized":
            case "standardised":
                return Mdav.Scale.STANDARDIZED;
            case "raw":
                return Mdav.Scale.RAW;
            default:
                throw new InputException("--scale: expected standardized or raw, got '" + s + "'");
        }
    }

    /** The variables named in a --groups specification, in order. */
    static List<String> groupVariables(String spec) {
        List<String> vars = new ArrayList<>();
        for (String[] g : parseGroups(spec)) {
            for (int i = 0; i < g.length - 1; i++) {
                if (g[i].isEmpty()) {
                    throw new InputException("--groups: empty variable name in '" + spec + "'");
                }
                if (vars.contains(g[i])) {
                    throw new InputException("--groups: variable '" + g[i] + "' is in more than one group");
                }
                vars.add(g[i]);
            }
        }
        return vars;
    }

    /** "a,b:2;c,d:8" as arrays {a, b, "2"}, {c, d, "8"} (the group size last). */
    private static List<String[]> parseGroups(String spec) {
        List<String[]> out = new ArrayList<>();
        for (String part : spec.split(";")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new InputException("--groups: expected \"a,b:K1;c,d:K2\", got '" + p + "'");
            }
            String[] names = p.substring(0, colon).split(",");
            String[] g = new String[names.length + 1];
            for (int i = 0; i < names.length; i++) {
                g[i] = names[i].strip();
            }
            g[names.length] = p.substring(colon + 1).strip();
            out.add(g);
        }
        if (out.isEmpty()) {
            throw new InputException("--groups: no variable group given");
        }
        return out;
    }

    private static GroupedMasking grouped(String spec, List<String> variables, Mdav.Scale scale) {
        groupVariables(spec); // names: non-empty, each in one group only
        List<GroupedMasking.ColumnGroup> groups = new ArrayList<>();
        for (String[] g : parseGroups(spec)) {
            int k;
            try {
                k = Integer.parseInt(g[g.length - 1]);
            } catch (NumberFormatException e) {
                throw new InputException("--groups: group size '" + g[g.length - 1] + "' is not an integer");
            }
            if (k < 1) {
                throw new InputException("--groups: group size must be at least 1, got " + k + " in '" + String.join(",",
                        java.util.Arrays.copyOf(g, g.length - 1)) + ":" + g[g.length - 1] + "'");
            }
            int[] cols = new int[g.length - 1];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = variables.indexOf(g[i]);
                if (cols[i] < 0) {
                    throw new InputException("--groups: variable '" + g[i] + "' is not among the selected variables " + variables);
                }
            }
            groups.add(new GroupedMasking.ColumnGroup(cols, new Mdav(k, scale)));
        }
        return new GroupedMasking(groups, variables);
    }

    private static Masking ipso(Ipso.Variant v, ProtectCommand o, List<String> variables) {
        if (o.confidential == null || o.confidential.isEmpty()) {
            throw new InputException("ipso-" + v.name().toLowerCase(Locale.ROOT) + " needs --confidential a,b (the attributes the quasi-identifiers are regressed on)");
        }
        int[] conf = new int[o.confidential.size()];
        for (int i = 0; i < conf.length; i++) {
            if (o.confidential.indexOf(o.confidential.get(i)) != i) {
                throw new InputException("--confidential: '" + o.confidential.get(i) + "' is listed twice");
            }
            conf[i] = variables.indexOf(o.confidential.get(i));
            if (conf[i] < 0) {
                throw new InputException("--confidential: '" + o.confidential.get(i) + "' is not a numeric column of " + o.original);
            }
        }
        return new IpsoMasking(v, conf, o.seed);
    }
}

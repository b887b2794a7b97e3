package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reident verify}: a learn run's conflicts file checked again, and the user errors around it. */
class VerifyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path x;
    Path y;

    /** 60 generated records of 3 variables with 40% noise ({@link Cli#noisyPair}). */
    @BeforeEach
    void files() {
        Path[] pair = Cli.noisyPair(dir, 60);
        x = pair[0];
        y = pair[1];
    }

    private Cli verify(String aggregator, Path f, String... extra) {
        String[] base = {"verify", "--original", x.toString(), "--protected", y.toString(), "--aggregator", aggregator,
            "--conflicts", f.toString(), "--time-limit", "60s"};
        return Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                .toArray(String[]::new));
    }

    /**
     * SB proven optimal with its conflicts kept: verify proves every conflict, the learner's bound and
     * the optimum (exit 0), in the text and in the JSON, whose bound and best are the learn run's.
     */
    @Test
    void aLearnedProofIsVerified() throws IOException {
        Path f = dir.resolve("sb.conflicts");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "bilinear",
                "--time-limit", "60s", "--eps", "1e-4", "--conflicts", f.toString(), "--json");
        assertEquals(0, learn.status(), learn.err());
        JsonNode l = JSON.readTree(learn.out());
        assertEquals("OPTIMAL", l.get("status").asText());
        int bound = l.get("objective_bound").asInt();
        Cli text = verify("bilinear", f);
        assertEquals(0, text.status(), text.out() + text.err());
        assertTrue(text.out().contains("VERIFIED: the file's bound " + bound + " holds"), text.out());
        assertTrue(text.out().contains("; OPTIMAL, verified"), text.out());
        assertTrue(text.err().contains("reident verify: "), "progress on standard error: " + text.err());
        Cli json = verify("bilinear", f, "--json");
        assertEquals(0, json.status(), json.err());
        assertEquals("", json.err(), "silent with --json");
        JsonNode v = JSON.readTree(json.out());
        assertTrue(v.get("verified").asBoolean());
        JsonNode b = v.get("blocks").get(0);
        assertEquals(b.get("conflicts").asInt(), b.get("conflicts_proven").asInt(), b.toString());
        assertEquals(bound, b.get("bound").asInt());
        assertEquals(bound, b.get("file_bound").asInt());
        assertTrue(b.get("optimal_verified").asBoolean(), b.toString());
        assertEquals(0, b.get("conflicts_not_proven").size());
        JsonNode g = b.get("groups_cover");
        assertTrue(g != null && v.get("records").asInt() - g.get("lower_bound").asInt() > bound,
                "the groups' pieces, tried first, fall short of the run's bound: " + b);
        assertTrue(b.get("hitting_set_solved").asBoolean(), "so the union's hitting set is solved: " + b);
    }

    /**
     * A missing file, a file of another family (its fingerprint differs) and a bad --threads are user
     * errors: one line on standard error, exit status 2, no stack trace.
     */
    @Test
    void badInputIsOneLineAndStatusTwo() throws IOException {
        Path missing = dir.resolve("none.conflicts");
        Cli r = verify("bilinear", missing);
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("none.conflicts: no such file"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        Path f = dir.resolve("ci.conflicts");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "choquet",
                "--time-limit", "30s", "--conflicts", f.toString(), "--json");
        assertEquals(0, learn.status(), learn.err());
        assertTrue(Files.exists(f));
        Cli other = verify("bilinear", f);
        assertEquals(2, other.status(), other.err());
        assertEquals(1, other.err().strip().lines().count(), other.err());
        assertFalse(other.err().contains("Exception"), other.err());
        Cli threads = verify("choquet", f, "--threads", "0");
        assertEquals(2, threads.status(), threads.err());
        assertTrue(threads.err().contains("--threads: expected at least 1"), threads.err());
    }

    /**
     * WM's proof with its conflicts taken out, as a run whose bound the weight cells gave would leave
     * it (the cells keep no conflicts; the body's SHA-256 written again so that the file is accepted):
     * the conflicts prove nothing, and verify's own search over the weights proves the bound
     * (VERIFIED, OPTIMAL), in the text and in the JSON's weights_search. A bound one lower is refused.
     */
    @Test
    void aBoundWithoutConflictsIsProvenByTheWeights() throws Exception {
        Path f = dir.resolve("wm.conflicts");
        Cli learn = Cli.run("learn", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm",
                "--time-limit", "60s", "--conflicts", f.toString(), "--json");
        assertEquals(0, learn.status(), learn.err());
        JsonNode l = JSON.readTree(learn.out());
        assertEquals("OPTIMAL", l.get("status").asText());
        int bound = l.get("objective_bound").asInt();
        Path bare = dir.resolve("bare.conflicts");
        Files.writeString(bare, withoutCuts(Files.readString(f), 0));
        Cli text = verify("wm", bare);
        assertEquals(0, text.status(), text.out() + text.err());
        assertTrue(text.out().contains("conflicts: 0 of 0 proven"), text.out());
        assertTrue(text.out().contains("weights: a search over the weights proves at most " + bound + " records linked"), text.out());
        assertTrue(text.out().contains("VERIFIED: the file's bound " + bound + " holds"), text.out());
        assertTrue(text.out().contains("; OPTIMAL, verified"), text.out());
        Cli json = verify("wm", bare, "--json");
        assertEquals(0, json.status(), json.err());
        JsonNode w = JSON.readTree(json.out()).get("blocks").get(0).get("weights_search");
        assertTrue(w.get("complete").asBoolean(), w.toString());
        assertEquals(bound, w.get("bound").asInt());
        assertEquals(0, w.get("cells_left_open").asInt());
        Path low = dir.resolve("low.conflicts");
        Files.writeString(low, withoutCuts(Files.readString(f), 1));
        Cli refused = Cli.run("verify", "--original", x.toString(), "--protected", y.toString(), "--aggregator", "wm",
                "--conflicts", low.toString(), "--time-limit", "2s");
        assertEquals(1, refused.status(), refused.out() + refused.err());
        assertTrue(refused.out().contains("NOT VERIFIED: the file says " + (bound - 1)), refused.out());
    }

    /** A conflicts file's text with every cut line taken out and each best and bound lowered by {@code less}, its body's SHA-256 made again. */
    /**
     * A hitting set SCIP or CP-SAT left open points to the learner's tree (stop 95: SCIP left a group's
     * pieces open that the tree closed in 23 s); one the tree left open points to the time only.
     */
    @Test
    void anOpenHittingSetPointsToTheOtherCover() {
        org.reident.learn.CertificateCheck.Outcome open = new org.reident.learn.CertificateCheck.Outcome(1e-4, 150, 900, 900,
                java.util.List.of(), 3, true, 75, false, 60, null, null, 81, 78, 78, 78, "SCIP", 45.0);
        String scip = text(open, org.reident.learn.CertificateCheck.Cover.SCIP);
        assertTrue(scip.contains("NOT VERIFIED: the file says 78, its conflicts prove only 81 (the hitting set was not solved to "
                + "optimality: a longer --time-limit, or --cover tree, which closes large covers faster, may close it)"), scip);
        String tree = text(open, org.reident.learn.CertificateCheck.Cover.TREE);
        assertTrue(tree.contains("its conflicts prove only 81 (the hitting set was not solved to optimality: a longer --time-limit "
                + "may close it)"), tree);
        assertFalse(tree.contains("--cover tree"), tree);
    }

    private static String text(org.reident.learn.CertificateCheck.Outcome r, org.reident.learn.CertificateCheck.Cover by) {
        java.io.StringWriter w = new java.io.StringWriter();
        VerifyCommand.text(new java.io.PrintWriter(w, true), r, org.reident.learn.Aggregator.BILINEAR_NC, Path.of("nc.conflicts"), by);
        return w.toString();
    }

    private static String withoutCuts(String file, int less) throws java.security.NoSuchAlgorithmException {
        StringBuilder head = new StringBuilder();
        StringBuilder body = new StringBuilder();
        boolean inBody = false;
        for (String line : file.split("\n")) {
            if (!inBody) {
                if (line.startsWith("body ")) {
                    inBody = true;
                } else {
                    head.append(line).append('\n');
                }
            } else if (line.startsWith("eps ")) {
                String[] w = line.split(" ");
                w[3] = "0";
                w[5] = Integer.toString(Integer.parseInt(w[5]) - less);
                w[7] = Integer.toString(Integer.parseInt(w[7]) - less);
                body.append(String.join(" ", w)).append('\n');
            } else if (!line.startsWith("cut")) {
                body.append(line).append('\n');
            }
        }
        byte[] sha = java.security.MessageDigest.getInstance("SHA-256").digest(body.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return head + "body " + java.util.HexFormat.of().formatHex(sha) + "\n" + body;
    }
}

package org.reident.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reident.learn.StopRequest;
import sun.misc.Signal;

/**
 * Ctrl-C in {@code reident learn}: a real SIGINT reaches the handler, which asks the run to stop; a
 * learn stopped that way still reports and writes its model, says it was interrupted, and is not
 * called OPTIMAL.
 */
class LearnInterruptTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        StopRequest.clear();
    }

    @Test
    void theFirstSigintRequestsTheStopAndCloseGivesTheSignalBack() throws InterruptedException {
        StringWriter text = new StringWriter();
        try (StopOnInterrupt h = StopOnInterrupt.install(new PrintWriter(text, true))) {
            Signal.raise(new Signal("INT"));
            for (int waited = 0; !StopRequest.requested() && waited < 10_000; waited += 10) {
                Thread.sleep(10); // the JVM hands the signal to its handler thread
            }
            assertTrue(StopRequest.requested(), "the stop was requested");
            assertTrue(text.toString().startsWith("reident learn: interrupted: stopping as at the time limit"), text.toString());
        }
        assertFalse(StopRequest.requested(), "close forgets the request");
    }

    /** Whole-Census M5-38, SB by the big-M model: SCIP's first solve takes seconds; it is stopped inside it. */
    @Test
    void anInterruptedLearnReportsAndWritesItsModel() throws IOException, InterruptedException {
        Path files = dir.resolve("m5-38");
        Cli p = Cli.run("protect", "--preset", "M5-38", "--original", SharedDataFiles.file("census.csv").toString(), "--out",
                files.toString(), "--seed", "1");
        assertEquals(0, p.status(), p.err());
        Thread stopper = new Thread(() -> {
            while (!StopRequest.requested()) {
                if (StopRequest.registered() > 0) {
                    StopRequest.request();
                }
                Thread.onSpinWait();
            }
        });
        stopper.setDaemon(true);
        stopper.start();
        Path model = dir.resolve("model.json");
        Cli r = Cli.run("learn", "--original", files.resolve("original.csv").toString(), "--protected",
                files.resolve("protected.csv").toString(), "--vars", "AFNLWGT,AGI,EMCONTRB,FEDTAX,PTOTVAL", "--aggregator",
                "bilinear", "--formulation", "big-m", "--time-limit", "60s", "--json", "--out", model.toString());
        stopper.join(1000);
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertTrue(j.path("interrupted").asBoolean(), r.out());
        assertTrue(j.get("seconds").asDouble() < 30, "stopped, not at the limit: " + j.get("seconds"));
        assertFalse(j.get("status").asText().equals("OPTIMAL"), j.get("status").asText());
        assertTrue(Files.isRegularFile(model), "the model is written");
        assertTrue(new ObjectMapper().readTree(model.toFile()).path("learned").path("interrupted").asBoolean());
    }
    /**
     * EIA with 10% noise, Choquet on its 11 variables: GLOP's dual simplex stalls on the slave's first
     * LP (about 115 s alone, docs/learning-log.md). A stop requested 1.5 s into that solve ends the run
     * within seconds through GLOP's interrupt; without it the run would wait for the LP.
     */
    @Test
    void aStopInsideAStalledSlaveLpEndsTheRun() throws IOException, InterruptedException {
        Path noisy = dir.resolve("eia-noise.csv");
        Path eia = SharedDataFiles.file("eia.csv");
        Cli p = Cli.run("protect", "noise", "--p", "10", "--seed", "1", "--original", eia.toString(), "--out", noisy.toString());
        assertEquals(0, p.status(), p.err());
        long[] requestedAt = {0};
        boolean[] insideASolve = {false};
        Thread stopper = new Thread(() -> {
            while (StopRequest.registered() == 0) {
                Thread.onSpinWait();
            }
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                return;
            }
            insideASolve[0] = StopRequest.registered() > 0;
            requestedAt[0] = System.nanoTime();
            StopRequest.request();
        });
        stopper.setDaemon(true);
        stopper.start();
        Cli r = Cli.run("learn", "--original", eia.toString(), "--protected", noisy.toString(), "--aggregator", "choquet",
                "--time-limit", "300s", "--json");
        long ended = System.nanoTime();
        stopper.join(1000);
        assertEquals(0, r.status(), r.err());
        assertTrue(insideASolve[0], "the stop came while the slave's first LP was being solved");
        double afterRequest = (ended - requestedAt[0]) / 1e9;
        assertTrue(afterRequest < 10, "ended " + afterRequest + " s after the request");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertTrue(j.path("interrupted").asBoolean(), r.out());
        assertEquals("FEASIBLE", j.get("status").asText(), "AM's records are the incumbent; nothing is proven");
        assertTrue(j.get("solver").asText().contains(" 0 cuts"), "stopped in the first LP: " + j.get("solver"));
        assertTrue(j.get("reidentified").asInt() >= 900, "AM's links at least: " + j.get("reidentified"));
    }
}

package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.report.console.ConsoleReporter;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.testing.ReplicationLag;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Stages as a graph: branches overlap, joins wait, probes shadow load stages, failures stop what depends on them. */
class StageGraphTest {

    private static TestS3 s3;
    private static ReplicationLag lag;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("graph");
        lag = new ReplicationLag(s3.endpoint());
    }

    @AfterAll
    static void stop() {
        lag.close();
        s3.close();
    }

    private static StageResult stage(RunResult result, String name) {
        return result.stages().stream().filter(s -> s.stage().name().equals(name)).findFirst().orElseThrow();
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** The console report, without progress lines, into {@code console}. */
    private static ConsoleReporter printingTo(ByteArrayOutputStream console) {
        return new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, false);
    }

    /** Runs {@code stages} (YAML list items) in bucket graph, the console report going into {@code console}. */
    private static RunResult runPrinting(ByteArrayOutputStream console, String stages) throws Exception {
        return new Engine(s3.plan("bucket: graph\nstages:\n" + stages), List.of(printingTo(console))).run();
    }

    @Test
    void aDiamondRunsItsBranchesTogetherAndJoinsAfterBoth() throws Exception {
        RunResult result = new Engine(s3.plan("""
                bucket: graph
                stages:
                  - {name: a, kind: put, size: 4KiB, objects: 20, concurrency: 2}
                  - {name: b, kind: get, from: a, duration: 2s, concurrency: 2}
                  - {name: c, kind: get, from: a, duration: 2s, concurrency: 2, after: [a]}
                  - {name: d, kind: put, size: 4KiB, objects: 20, concurrency: 2, after: [b, c]}
                """), List.of()).run();

        StageResult a = stage(result, "a");
        StageResult b = stage(result, "b");
        StageResult c = stage(result, "c");
        StageResult d = stage(result, "d");
        assertTrue(b.startNanos() >= a.endNanos() && c.startNanos() >= a.endNanos(), "b and c wait for a");
        // both start as a ends and run 2 s each: they overlap unless one started 2 s after the other
        assertTrue(b.startNanos() < c.endNanos() && c.startNanos() < b.endNanos(),
                "b and c overlap: b " + seconds(b.startNanos()) + "-" + seconds(b.endNanos()) + " s, c "
                        + seconds(c.startNanos()) + "-" + seconds(c.endNanos()) + " s");
        assertTrue(d.startNanos() >= Math.max(b.endNanos(), c.endNanos()), "d waits for both");
        assertEquals(20, d.cells().get(0).operations());
    }

    @Test
    void aProbeWithALoadStageStartsAndStopsWithIt() throws Exception {
        RunResult result = new Engine(s3.plan("""
                bucket: graph
                stages:
                  - {name: load, kind: put, size: 4KiB, duration: 1500ms, concurrency: 2, rate: 100/s}
                  - {name: probe, kind: readAfterWrite, with: load, iterations: 100000, pollInterval: 10ms}
                """), List.of()).run();

        StageResult load = stage(result, "load");
        StageResult probe = stage(result, "probe");
        assertTrue(Math.abs(probe.startNanos() - load.startNanos()) < 1_000_000_000L, "starts with it");
        // Each stage's end is its start plus its own elapsed time, taken on its own thread: the probe, stopped by
        // the load's end, may still be placed a fraction of a millisecond before it (seen: 0.12 ms).
        assertTrue(probe.endNanos() >= load.endNanos() - 5_000_000L && probe.endNanos() - load.endNanos() < 1_000_000_000L,
                "stops with it: load ended at " + seconds(load.endNanos()) + " s, the probe at "
                        + seconds(probe.endNanos()) + " s");
        long iterations = ConvergencePairs.in(probe).get(0).iterations();
        assertTrue(iterations > 5 && iterations < 100000, iterations + " iterations");
        assertTrue(!probe.interrupted(), "stopping with its target is not an interruption");
    }

    @Test
    void overlappingStagesEachPrintTheirResultsUnderTheirOwnHeader() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result = runPrinting(console, """
                  - {name: seed, kind: put, size: 4KiB, objects: 10}
                  - {name: long, kind: get, from: seed, duration: 2500ms, concurrency: 1, after: [seed]}
                  - {name: short, kind: get, from: seed, duration: 800ms, concurrency: 2, after: [seed]}
                  - {name: last, kind: put, size: 4KiB, operations: 7, after: [long, short]}
                """);
        String text = console.toString(StandardCharsets.UTF_8);
        java.util.Map<String, Long> printedUnder = new java.util.HashMap<>();
        String owner = null;
        for (String line : text.lines().toList()) {
            java.util.regex.Matcher header = java.util.regex.Pattern.compile("^\\[\\d+/4\\] (\\S+) - ").matcher(line);
            if (header.find()) {
                owner = header.group(1);
            }
            java.util.regex.Matcher block = java.util.regex.Pattern.compile("^  (GET|PUT) 4 KiB  \\((\\d+) ")
                    .matcher(line);
            if (block.find()) {
                printedUnder.put(owner, Long.parseLong(block.group(2)));
            }
        }
        for (String name : List.of("seed", "long", "short", "last")) {
            assertEquals(stage(result, name).cells().get(0).attempted(), printedUnder.get(name),
                    "the block under " + name + "'s header is " + name + "'s:\n" + text);
        }
        assertTrue(text.contains("long - results (it ran alongside other stages)"), text);
    }

    @Test
    void aFailedStageSkipsWhatWaitsForItAndStopRunStopsEverything() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result = runPrinting(console, """
                  - {name: a, kind: put, size: 4KiB, operations: 20, failOn: {p50: 1us}}
                  - {name: b, kind: put, size: 4KiB, operations: 5, after: [a]}
                  - {name: c, kind: put, size: 4KiB, operations: 5, after: []}
                  - {name: listed, kind: put, size: 4KiB, operations: 5}
                """);

        assertEquals(Optional.of("stage a, which it runs after, failed (a failOn threshold was crossed)"),
                stage(result, "b").skipped());
        assertEquals(5, stage(result, "c").cells().get(0).operations(), "c needs nothing and runs");
        assertEquals(5, stage(result, "listed").cells().get(0).operations(),
                "a stage merely written after another runs as in a plain list");
        assertEquals(RunResult.EXIT_THRESHOLD, result.exitCode());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("Skipped stages:\n  b: stage a, which it runs"
                + " after, failed"), console.toString(StandardCharsets.UTF_8));

        RunResult stopped = new Engine(s3.plan("""
                bucket: graph
                stages:
                  - {name: a, kind: put, size: 4KiB, operations: 20, failOn: {p50: 1us}, onFailure: stopRun}
                  - {name: c, kind: put, size: 4KiB, operations: 5, after: [a]}
                  - {name: e, kind: put, size: 4KiB, operations: 5, after: [c]}
                """), List.of()).run();
        assertTrue(stage(stopped, "c").skipped().isPresent() && stage(stopped, "e").skipped().isPresent());
        assertEquals(RunResult.EXIT_THRESHOLD, stopped.exitCode(), "a stopRun is a threshold failure, not a Ctrl-C");
    }

    @Test
    void convergenceUnderLoadIsReportedPerLoadLevelAgainstALaggingReplica() throws Exception {
        String endpoint = "{url: \"%s\", credentials: {accessKey: \"${AK}\", secretKey: \"${SK}\"}}";
        String yaml = "endpoints:\n  global: " + endpoint.formatted(lag.primary()) + "\n  replica: "
                + endpoint.formatted(lag.replica(Duration.ofMillis(200))) + "\n" + """
                bucket: graph
                defaults: {endpoint: global}
                stages:
                  - {name: load-50, kind: put, size: 4KiB, duration: 3s, rate: 50/s, concurrency: 4}
                  - {name: raw-50, kind: readAfterWrite, with: load-50, writers: [global], readers: [replica],
                     iterations: 100000, pollInterval: 20ms, timeout: 5s}
                  - {name: load-150, kind: put, size: 4KiB, duration: 3s, rate: 150/s, concurrency: 8,
                     after: [load-50]}
                  - {name: raw-150, kind: readAfterWrite, with: load-150, writers: [global], readers: [replica],
                     iterations: 100000, pollInterval: 20ms, timeout: 5s}
                """;
        Plan plan = Planner.plan(new WorkloadLoader(Map.of("AK", s3.server().accessKey(), "SK",
                s3.server().secretKey()), List.of(), Optional.empty(), Optional.empty()).parse("lag.yaml", yaml));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result = new Engine(plan, List.of(printingTo(console))).run();

        for (String level : List.of("50", "150")) {
            StageResult load = stage(result, "load-" + level);
            StageResult probe = stage(result, "raw-" + level);
            ConvergenceStats pair = ConvergencePairs.in(probe).get(0);
            // an iteration is the 200 ms lag and a few polls: 3 s hold several, with seconds to spare
            assertTrue(pair.iterations() >= 3, pair.iterations() + " iterations at " + level + "/s");
            assertEquals(pair.iterations(), pair.eventual(), "every write seen late through the lagging replica");
            double p50 = pair.convergence().getValueAtPercentile(50) / 1e6;
            // the replica's 200 ms lag, from the server's commit (a little before the client's answer), plus polls:
            // bounds that hold on a loaded machine and still tell a lag from none
            assertTrue(p50 >= 100 && p50 < 1500, "convergence p50 " + p50 + " ms at " + level + "/s");
            assertTrue(probe.startNanos() >= load.startNanos() - 50_000_000L && probe.endNanos() < load.endNanos()
                    + 1_000_000_000L, "the probe ran during its load level");
        }
        assertTrue(stage(result, "load-150").startNanos() >= stage(result, "raw-50").endNanos() - 50_000_000L
                || stage(result, "load-150").startNanos() >= stage(result, "load-50").endNanos());
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.lines().anyMatch(l -> l.matches("raw-50 +global -> replica +cross +\\d+ .*"))
                && text.lines().anyMatch(l -> l.matches("raw-150 +global -> replica +cross +\\d+ .*")),
                "a row per load level in the consistency table:\n" + text);
    }
}

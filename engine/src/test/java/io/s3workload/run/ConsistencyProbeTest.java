package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.report.console.ConsoleReporter;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
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

/**
 * readAfterWrite and listAfterWrite against real replication lag: a primary front that writes through to the
 * in-process S3 server and replica fronts that show each write only after a lag ({@link ReplicationLag}).
 */
class ConsistencyProbeTest {

    private static TestS3 s3;
    private static ReplicationLag lag;
    private static String primary;
    private static String lag300;
    private static String lagZero;
    private static String lagLong;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("probes");
        lag = new ReplicationLag(s3.endpoint());
        primary = lag.primary().toString();
        lag300 = lag.replica(Duration.ofMillis(300)).toString();
        lagZero = lag.replica(Duration.ZERO).toString();
        lagLong = lag.replica(Duration.ofSeconds(5)).toString();
    }

    @AfterAll
    static void stop() {
        lag.close();
        s3.close();
    }

    /** A workload with endpoints global (the primary) and lagged, fast and slow replicas. */
    private static Plan plan(String stages) throws Exception {
        String endpoint = "{url: \"%s\", credentials: {accessKey: \"${AK}\", secretKey: \"${SK}\"}}";
        String yaml = "endpoints:\n"
                + "  global: " + endpoint.formatted(primary) + "\n"
                + "  lagged: " + endpoint.formatted(lag300) + "\n"
                + "  fast: " + endpoint.formatted(lagZero) + "\n"
                + "  slow: " + endpoint.formatted(lagLong) + "\n"
                + "bucket: probes\n" + stages;
        return Planner.plan(new WorkloadLoader(Map.of("AK", s3.server().accessKey(), "SK", s3.server().secretKey()),
                List.of(), Optional.empty(), Optional.empty()).parse("probes.yaml", yaml));
    }

    private static RunResult run(String stages) throws Exception {
        return new Engine(plan(stages), List.of(new RecordingReporter())).run();
    }

    private static ConvergenceStats pair(RunResult result, String writer, String reader) {
        return ConvergencePairs.in(result.stages().get(0)).stream()
                .filter(p -> p.writer().equals(writer) && p.reader().equals(reader)).findFirst().orElseThrow();
    }

    /**
     * A convergence time that shows the reader's 300 ms lag, however loaded the machine: the lag runs from the
     * server's commit, a little before the client's answer (so slightly less than 300 ms is seen), and polls add to it.
     * A read counted at once, or a stale one counted as converged, is near 0.
     */
    private static boolean lagged(double millis) {
        return millis >= 150 && millis <= 1500;
    }

    private static double p50Millis(ConvergenceStats pair) {
        return pair.convergence().getValueAtPercentile(50) / 1e6;
    }

    @Test
    void readAfterWriteMeasuresTheLagOfEachReaderAndCountsItsPollsApartFromReads() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result = new Engine(plan("""
                stages:
                  - name: raw
                    kind: readAfterWrite
                    writers: [global]
                    readers: [global, lagged, fast]
                    iterations: 8
                    pollInterval: 50ms
                """), List.of(new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false,
                false))).run();
        ConvergenceStats lagged = pair(result, "global", "lagged");
        assertEquals(8, lagged.iterations());
        assertEquals(100.0, lagged.eventualPercent(), "a reader 300 ms behind never has the object at once");
        assertTrue(lagged(p50Millis(lagged)), "P50 " + p50Millis(lagged) + " ms");
        assertTrue(lagged.notYet() >= 8 * 3 && lagged.notYet() <= 8 * 12,
                "polls 50 ms apart for 300 ms: about 6 'not yet' an iteration, " + lagged.notYet());
        assertEquals(lagged.polls(), lagged.notYet() + 8, "every poll but the one that showed it said 'not yet'");
        ConvergenceStats fast = pair(result, "global", "fast");
        assertEquals(100.0, fast.immediatePercent(), "no lag: the first read shows the object");
        assertEquals(100.0, pair(result, "global", "global").immediatePercent());
        assertEquals(0, fast.convergence().getMaxValue(), "an immediate read is no lag at all");
        assertEquals(8, fast.showingRead().getTotalCount(), "the read's own time is kept beside it");
        assertTrue(fast.showingRead().getMinValue() > 0);
        assertEquals(0, result.exitCode());

        List<CellStats> cells = result.stages().get(0).cells();
        CellStats puts = cells.stream().filter(c -> c.key().op() == Op.PUT).findFirst().orElseThrow();
        assertEquals(8, puts.operations(), "one PUT an iteration, shared by the three readers");
        assertEquals(List.of("global", "global", "lagged", "fast"), cells.stream().map(c -> c.key().endpoint())
                .toList(), "a PUT cell per writer, then a read cell per reader");
        assertEquals(8, result.cleanup().removed(), "the probe's objects are removed after the run");
        CellStats laggedReads = cells.get(2);
        assertEquals(8, laggedReads.operations(), "the lagged reader's 404s are polls, not reads: " + laggedReads);
        assertEquals(0, laggedReads.errors());
        assertEquals(puts.bytes(), laggedReads.bytes(), "only the reads that returned the object count bytes");
        CellStats fastReads = cells.get(3);
        assertEquals(8, fastReads.operations());
        assertEquals(puts.bytes(), fastReads.bytes(), "every read-back GET that found the object counts its bytes");

        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("global -> fast (8 iterations, cross endpoint)\n"
                + "    Convergence  - Avg: 0 s, P95: 0 s, P99: 0 s; the reads that showed it took Avg: "), printed);
        assertTrue(printed.contains("    Polls        - " + lagged.polls() + " reads: 8 returned the object, "
                + lagged.notYet() + " not yet (404), 0 failed"), printed);
    }

    @Test
    void aReaderPastTheTimeoutTimesOutAndFailOnFailsTheRun() throws Exception {
        long start = System.nanoTime();
        RunResult result = run("""
                stages:
                  - name: raw
                    kind: readAfterWrite
                    writers: [global]
                    readers: [slow]
                    iterations: 3
                    pollInterval: 20ms
                    timeout: 300ms
                    failOn: {timeoutRate: 0%}
                """);
        ConvergenceStats slow = pair(result, "global", "slow");
        assertEquals(100.0, slow.timeoutPercent());
        assertEquals(0, slow.convergence().getTotalCount(), "nothing converged, nothing timed");
        assertEquals(1, result.exitCode(), "failOn timeoutRate: 0% is crossed");
        assertEquals("timeout rate", result.breaches().get(0).metric());
        assertTrue((System.nanoTime() - start) / 1e9 < 15, "three iterations of 300 ms, not three of the 5 s lag");
    }

    @Test
    void anOverwriteSeenWithTheOldEtagIsStaleNotConverged() throws Exception {
        RunResult result = run("""
                stages:
                  - name: raw
                    kind: readAfterWrite
                    writers: [global]
                    readers: [lagged]
                    iterations: 4
                    overwrite: true
                    readWith: head
                    pollInterval: 20ms
                """);
        ConvergenceStats lagged = pair(result, "global", "lagged");
        assertEquals(100.0, lagged.eventualPercent());
        assertEquals(3, lagged.stale(), "after the first write, each overwrite is first seen with the old ETag");
        assertTrue(lagged(p50Millis(lagged)), "stale reads do not count as converged: " + p50Millis(lagged));
        assertEquals(Op.HEAD, result.stages().get(0).cells().get(1).key().op());
    }

    @Test
    void aCopyConvergesLikeAPutAndIsTimedAsACopy() throws Exception {
        RunResult result = run("""
                stages:
                  - name: raw
                    kind: readAfterWrite
                    writeWith: copy
                    writers: [global]
                    readers: [lagged, fast]
                    iterations: 6
                    pollInterval: 20ms
                """);
        ConvergenceStats lagged = pair(result, "global", "lagged");
        assertEquals(100.0, lagged.eventualPercent(), "the copy is hidden from the lagged reader for 300 ms");
        assertTrue(lagged(p50Millis(lagged)), "P50 " + p50Millis(lagged) + " ms");
        assertEquals(100.0, pair(result, "global", "fast").immediatePercent());
        List<CellStats> cells = result.stages().get(0).cells();
        assertEquals(Op.COPY, cells.get(0).key().op(), "the writer's cell times the copies");
        assertEquals(6, cells.get(0).operations());
        assertEquals(0, cells.get(0).errors());
        assertEquals(6, cells.get(2).operations(), "the fast reader's first GET shows each copy");
        assertEquals(12, result.cleanup().removed(), "each iteration's source and copy are removed");
        assertEquals(0, result.exitCode());
    }

    @Test
    void aVersionProbeOnABucketWithoutVersionsIsOneClearErrorAndWritesNothing() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        RunResult result = new Engine(plan("""
                stages:
                  - {name: raw, kind: readAfterWrite, writeWith: version, writers: [global], readers: [fast]}
                """), List.of(reporter)).run();
        List<CellStats> cells = result.stages().get(0).cells();
        assertEquals(Map.of(BucketVersioning.NOT_VERSIONED, 1L), cells.get(0).errorsByClass());
        assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("put-bucket-versioning --bucket probes")),
                reporter.notes.toString());
        assertEquals(0, result.cleanup().removed(), "nothing was written");
    }

    @Test
    void listAfterWriteWaitsForEveryKeyWithItsEtag() throws Exception {
        RunResult result = run("""
                stages:
                  - name: law
                    kind: listAfterWrite
                    writers: [global]
                    readers: [global, lagged]
                    iterations: 4
                    objects: 5
                    pollInterval: 20ms
                """);
        ConvergenceStats lagged = pair(result, "global", "lagged");
        assertEquals(100.0, lagged.eventualPercent());
        assertTrue(lagged(p50Millis(lagged)), "P50 " + p50Millis(lagged) + " ms");
        assertEquals(100.0, pair(result, "global", "global").immediatePercent());
        CellStats puts = result.stages().get(0).cells().get(0);
        assertEquals(20, puts.operations(), "5 keys an iteration");
        assertEquals(20, result.cleanup().removed());
    }

    @Test
    void pairsOneAfterAnotherEachGetTheirOwnWrites() throws Exception {
        RunResult result = run("""
                stages:
                  - name: seq
                    kind: readAfterWrite
                    writers: [global, fast]
                    readers: [global, fast]
                    iterations: 3
                    pairs: sequential
                """);
        assertEquals(4, ConvergencePairs.in(result.stages().get(0)).size());
        for (ConvergenceStats pair : ConvergencePairs.in(result.stages().get(0))) {
            assertEquals(3, pair.iterations(), pair.label());
            assertEquals(100.0, pair.immediatePercent(), pair.label());
        }
        long puts = result.stages().get(0).cells().stream().filter(c -> c.key().op() == Op.PUT)
                .mapToLong(CellStats::operations).sum();
        assertEquals(12, puts, "2 writers x 2 readers x 3 iterations, each with its own PUT");
    }

    @Test
    void aFailedWriteCountsAsFailedForEachOfItsReaders() throws Exception {
        java.util.concurrent.atomic.AtomicInteger puts = new java.util.concurrent.atomic.AtomicInteger();
        try (HttpFront flaky = HttpFront.start(s3.endpoint(), new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                return request.method().equals("PUT") && puts.incrementAndGet() % 2 == 0
                        ? HttpFront.Response.error(503, "Slow Down", "SlowDown", "Reduce your request rate.") : null;
            }
        })) {
            String endpoint = "{url: \"%s\", credentials: {accessKey: \"%s\", secretKey: \"%s\"}}";
            String yaml = "endpoints:\n"
                    + "  flaky: " + endpoint.formatted(flaky.endpoint(), s3.server().accessKey(),
                            s3.server().secretKey()) + "\n"
                    + "  direct: " + endpoint.formatted(s3.endpoint(), s3.server().accessKey(),
                            s3.server().secretKey()) + "\n"
                    + """
                    bucket: probes
                    stages:
                      - {name: raw, kind: readAfterWrite, writers: [flaky], readers: [flaky, direct], iterations: 6}
                    """;
            RunResult result = new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(),
                    Optional.empty()).parse("flaky.yaml", yaml)), List.of()).run();
            StageResult stage = result.stages().get(0);
            for (ConvergenceStats pair : ConvergencePairs.in(stage)) {
                assertEquals(6, pair.iterations(), pair.label());
                assertEquals(3, pair.failed(), "every second PUT answered 503: " + pair.label());
                assertEquals(3, pair.immediate(), pair.label());
            }
            CellStats writes = stage.cells().get(0);
            assertEquals(Map.of("HTTP 503 SlowDown", 3L), writes.errorsByClass());
            assertEquals(3, writes.operations());
        }
    }
}

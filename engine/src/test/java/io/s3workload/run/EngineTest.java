package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.Percentile;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.Breach;
import io.s3workload.result.RunResult;
import io.s3workload.s3.StoreException;
import io.s3workload.testing.Await;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Runs real plans against the in-process S3 server and checks what the server holds against what was counted. */
class EngineTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(String workload) throws Exception {
        return new Engine(s3.plan(workload), List.of(new RecordingReporter())).run();
    }

    private static CellStats cell(RunResult result, String stage, int index) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(index);
    }

    @Test
    void putWritesExactlyTheObjectsItCountsAtTheirSizes() throws Exception {
        RunResult result = run("""
                bucket: put-exact
                createBucket: true
                keep: true
                stages:
                  - {name: put, kind: put, sizes: [1KiB, 64KiB], objects: 25, concurrency: 4}
                """);
        String prefix = result.info().runPrefix();
        List<S3Object> held = s3.list("put-exact", prefix);
        assertEquals(50, held.size());
        Map<String, Long> sizes = held.stream().collect(Collectors.groupingBy(o -> o.key().split("/")[3],
                Collectors.counting()));
        assertEquals(Map.of("1KiB", 25L, "64KiB", 25L), sizes);
        held.forEach(o -> assertEquals(o.key().contains("/1KiB/") ? 1024 : 65536, o.size(), o.key()));
        CellStats small = cell(result, "put", 0);
        assertEquals(25, small.operations());
        assertEquals(25 * 1024, small.bytes());
        assertEquals(0, small.errors());
        assertEquals(25, small.latency().getTotalCount());
        assertEquals(Op.PUT, small.key().op());
        assertEquals(65536L * 25, cell(result, "put", 1).bytes());
        assertTrue(result.cleanup().skipped());
        assertEquals(0, result.exitCode());
    }

    @Test
    void operationsBeyondObjectsOverwriteRoundRobinAndCleanupRemovesEverything() throws Exception {
        RunResult result = run("""
                bucket: round-robin
                createBucket: true
                stages:
                  - {name: put, kind: put, sizes: [2KiB], objects: 5, operations: 40, concurrency: 8}
                """);
        assertEquals(40, cell(result, "put", 0).operations());
        assertEquals(5, result.cleanup().removed(), "40 PUTs over 5 keys leave 5 objects");
        assertEquals(0, s3.list("round-robin", result.info().runPrefix()).size());
    }

    @Test
    void getReadsEveryByteAndRecordsTimeToFirstByte() throws Exception {
        RunResult result = run("""
                bucket: get-bytes
                createBucket: true
                stages:
                  - {name: put, kind: put, sizes: [256KiB], objects: 10}
                  - {name: get, kind: get, from: put, operations: 40, concurrency: 4}
                """);
        CellStats get = cell(result, "get", 0);
        assertEquals(40, get.operations());
        assertEquals(40L * 256 * 1024, get.bytes());
        assertEquals(40, get.ttfb().getTotalCount());
        assertTrue(get.ttfb().getValueAtPercentile(50) <= get.latency().getValueAtPercentile(50));
        assertEquals(10, result.cleanup().removed());
    }

    @Test
    void aGetWithoutSourceSeedsItsOwnObjectsUnmeasured() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        RunResult result = new Engine(s3.plan("""
                bucket: get-seed
                createBucket: true
                stages:
                  - {name: get, kind: get, sizes: [4KiB], objects: 8, operations: 16}
                """), List.of(reporter)).run();
        assertEquals(16, cell(result, "get", 0).operations());
        assertEquals(1, result.stages().get(0).cells().size(), "seeding is not a measured cell");
        assertEquals(8, result.cleanup().removed());
        assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("seeding 8 objects of 4 KiB")),
                reporter.notes.toString());
    }

    @Test
    void deleteRemovesTheSourceStagesObjects() throws Exception {
        RunResult result = run("""
                bucket: deletes
                createBucket: true
                keep: true
                stages:
                  - {name: put, kind: put, sizes: [1KiB], objects: 30}
                  - {name: del, kind: delete, from: put, concurrency: 6}
                """);
        CellStats del = cell(result, "del", 0);
        assertEquals(30, del.operations());
        assertEquals(Op.DELETE, del.key().op());
        assertEquals(0, s3.list("deletes", result.info().runPrefix()).size());
    }

    /**
     * The cell runs its 1.5 s and starts nothing after them (its last requests may end later: how much later is the
     * machine's business, so the ops log's start times are checked, not the cell's wall time). Whether any PUT
     * started is not asserted: that is the machine's speed too; the count-bound tests show the PUTs' keys.
     */
    @Test
    void aDurationBoundPutStopsOnTimeAndWritesANewKeyPerOperation(@TempDir Path dir) throws Exception {
        RunResult result = new Engine(s3.plan("""
                bucket: timed
                createBucket: true
                stages:
                  - {name: put, kind: put, sizes: [1KiB], duration: 1500ms, concurrency: 4}
                """), io.s3workload.report.Reporters.create(List.of("ops"), new io.s3workload.report.Reporters
                .Settings(System.out, false, false, new io.s3workload.report.files.ResultsDirectory(Optional.of(dir)),
                "test"))).run();
        CellStats put = cell(result, "put", 0);
        assertTrue(put.wallNanos() >= 1_500_000_000L, "wall " + put.wallNanos());
        List<io.s3workload.opslog.OpsRecord> rows = new ArrayList<>();
        io.s3workload.opslog.OpsReader.read(dir.resolve("ops.csv.zst"), rows::add);
        long[] starts = rows.stream().filter(r -> r.stage().equals("put") && r.own().isEmpty())
                .mapToLong(io.s3workload.opslog.OpsRecord::startUs).sorted().toArray();
        assertEquals(put.operations() + put.errors(), starts.length, "a row an operation");
        // a worker checks the deadline, then takes the operation's start time: a loaded machine may preempt it
        // in between, so half a second is allowed beyond the 1.5 s (a loop that missed its deadline runs on)
        assertTrue(starts.length == 0 || starts[starts.length - 1] - starts[0] <= 2_000_000,
                "no operation started after the 1.5 s: the last " + (starts[starts.length - 1] - starts[0]) / 1e3
                        + " ms after the first");
        assertEquals(put.operations(), result.cleanup().removed(), "every PUT wrote its own key");
        assertEquals(put.operations(), rows.stream().filter(r -> r.stage().equals("put") && r.own().isEmpty())
                .map(io.s3workload.opslog.OpsRecord::key).distinct().count(), "a key of its own");
    }

    @Test
    void cleanupNeverTouchesKeysOutsideTheRunPrefix() throws Exception {
        s3.createBucket("decoys");
        List<String> decoys = List.of("root-object", "s3workload-neighbour", "s3workload/20990101-000000-0000/put/1KiB/0",
                "s3workloadx/put/1KiB/0", "other/s3workload/x");
        decoys.forEach(k -> s3.put("decoys", k, "keep me"));
        RunResult result = run("""
                bucket: decoys
                stages:
                  - {name: put, kind: put, sizes: [1KiB], objects: 12}
                  - {name: get, kind: get, sizes: [1KiB], objects: 3, operations: 3}
                """);
        assertEquals(15, result.cleanup().removed());
        List<String> left = s3.list("decoys", "").stream().map(S3Object::key).sorted().toList();
        assertEquals(decoys.stream().sorted().toList(), left);
    }

    @Test
    void errorsAreCountedByClassTheRunGoesOnAndThresholdsGiveExitCode1() throws Exception {
        RunResult result = run("""
                bucket: thresholds
                createBucket: true
                failOn: {errorRate: 1%}
                stages:
                  - {name: put, kind: put, sizes: [1KiB], objects: 6, failOn: {p50: 1us}}
                  - {name: del, kind: delete, from: put}
                  - {name: get, kind: get, from: put, operations: 12}
                """);
        CellStats get = cell(result, "get", 0);
        assertEquals(0, get.operations());
        assertEquals(12, get.errors());
        assertEquals(Map.of("HTTP 404 NoSuchKey", 12L), get.errorsByClass());
        Map<String, Breach> breaches = result.breaches().stream()
                .collect(Collectors.toMap(b -> b.stage() + " " + b.metric(), Function.identity()));
        assertEquals(2, breaches.size(), result.breaches().toString());
        assertEquals("100.00%", breaches.get("get error rate").measured());
        assertTrue(breaches.containsKey("put latency p50"));
        assertEquals(RunResult.EXIT_THRESHOLD, result.exitCode());
    }

    /** Ctrl-C once {@code cue} holds (or {@link Await#LIMIT} has passed: the test then fails on what it finds). */
    private static Thread cancelWhen(Engine engine, java.util.function.BooleanSupplier cue) {
        return Thread.ofVirtual().start(() -> {
            Await.until(cue);
            engine.cancel();
        });
    }

    @Test
    void anInterruptedRunSaysWhichStagesRanWhichWereCutShortAndWhichNeverStarted() throws Exception {
        RecordingReporter recorder = new RecordingReporter();
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        Engine engine = new Engine(s3.plan("""
                bucket: cancel
                createBucket: true
                stages:
                  - {name: first, kind: put, sizes: [1KiB], objects: 3, failOn: {errorRate: 0%}}
                  - {name: slow, kind: put, sizes: [1KiB], duration: 60s, concurrency: 2, failOn: {errorRate: 0%}}
                  - {name: later, kind: put, sizes: [1KiB], objects: 5, failOn: {errorRate: 0%}}
                """), List.of(new io.s3workload.report.console.ConsoleReporter(new java.io.PrintStream(console, true,
                java.nio.charset.StandardCharsets.UTF_8), false, false), recorder));
        // once slow has started (first ran to its end), however long a loaded machine took to get there
        Thread canceller = cancelWhen(engine, () -> recorder.started.contains("slow"));
        engine.run();
        canceller.join();
        String text = console.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(text.contains("Interrupted: ran to the end: first; cut short: slow; never started: later."), text);
        assertTrue(text.contains("Thresholds: held; judged on what ran of slow (cut short); not judged: later"
                + " (never started)."), text);
    }

    @Test
    void cancellingStopsTheStageSkipsTheRestAndStillCleansUp() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        Engine engine = new Engine(s3.plan("""
                bucket: cancel
                createBucket: true
                stages:
                  - {name: put, kind: put, sizes: [1KiB], duration: 60s, concurrency: 4}
                  - {name: later, kind: put, sizes: [1KiB], objects: 5}
                """), List.of(reporter));
        // once the stage's progress shows PUTs done, however long a loaded machine took to get there
        AtomicLong cancelledAt = new AtomicLong();
        Thread canceller = cancelWhen(engine, () -> {
            boolean due = reporter.operationsDone("put") > 0;
            cancelledAt.set(System.nanoTime());
            return due;
        });
        RunResult result = engine.run();
        long stoppedNanos = System.nanoTime() - cancelledAt.get();
        canceller.join();
        assertTrue(stoppedNanos < 30_000_000_000L, "stopped long before the planned 60 s, and cleaned up: "
                + stoppedNanos / 1e9 + " s after the stop");
        assertTrue(result.interrupted());
        assertEquals(RunResult.EXIT_INTERRUPTED, result.exitCode());
        assertEquals(2, result.stages().size());
        assertEquals(java.util.Optional.of("the run was stopped"), result.stages().get(1).skipped(),
                "the later stage was skipped");
        long ops = cell(result, "put", 0).operations();
        long interrupted = cell(result, "put", 0).errorsByClass().getOrDefault(StoreException.STOPPED, 0L);
        assertTrue(ops > 0);
        assertEquals(cell(result, "put", 0).errors(), interrupted, "the only errors are the PUTs the stop cut");
        assertTrue(result.cleanup().removed() >= ops && result.cleanup().removed() <= ops + interrupted,
                "removed " + result.cleanup().removed() + ": the PUTs that succeeded, and those the stop cut that"
                        + " the server had stored");
        assertTrue(result.cleanup().exact());
        assertEquals(0, s3.list("cancel", result.info().runPrefix()).size());
    }

    /**
     * A second apart at the least (the sampler sleeps a second between samples), with running totals. The stage
     * cannot end before 3 s, its PUTs held 300 ms each by a front, so a first sample is due long before its end.
     */
    @Test
    void progressIsReportedAboutOnceASecondWithRunningTotals() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        RunResult result;
        try (var slow = HttpFront.start(s3.endpoint(), Hold.each("PUT", Duration.ofMillis(300)))) {
            result = new Engine(s3.plan("""
                    bucket: progress
                    createBucket: true
                    stages:
                      - {name: put, kind: put, sizes: [1KiB], objects: 20, concurrency: 2}
                    """, s3.server().accessKey(), s3.server().secretKey(), slow.endpoint().toString()),
                    List.of(reporter)).run();
        }
        CellStats put = cell(result, "put", 0);
        assertTrue(put.wallNanos() >= 3_000_000_000L, "20 PUTs of 300 ms on 2 workers: " + put.wallNanos());
        assertTrue(!reporter.progress.isEmpty() && reporter.progress.size() <= put.wallNanos() / 1_000_000_000L,
                reporter.progress.size() + " in " + put.wallNanos() / 1e9 + " s");
        long previous = 0;
        long previousElapsed = 0;
        for (var p : reporter.progress) {
            assertTrue(p.operationsDone() >= previous);
            assertTrue(p.elapsedNanos() - previousElapsed >= 999_000_000L, "a second apart: " + p.elapsedNanos());
            previous = p.operationsDone();
            previousElapsed = p.elapsedNanos();
            assertEquals(20, p.plannedOperations().getAsLong());
        }
    }

    @Test
    void latencyStatisticsAreOrdered() throws Exception {
        RunResult result = run("""
                bucket: stats
                createBucket: true
                stages:
                  - {name: put, kind: put, sizes: [8KiB], objects: 50, concurrency: 4}
                """);
        var h = cell(result, "put", 0).latency();
        long p50 = h.getValueAtPercentile(Percentile.P50.percentile());
        long p99 = h.getValueAtPercentile(Percentile.P99.percentile());
        assertTrue(0 < p50 && p50 <= p99 && p99 <= h.getMaxValue());
        assertFalse(result.cleanup().skipped());
    }
}

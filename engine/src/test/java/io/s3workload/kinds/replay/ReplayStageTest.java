package io.s3workload.kinds.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.opslog.OpsReader;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.report.Reporters;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kind: replay} against the in-process server: a run's own ops log replayed gives its operations again (per
 * cell, sizes, keys mapped, per second within 1%); the shipped access-log sample replays every operation, its
 * multipart uploads completed and its recorded 404s met again; a sample of keys keeps every operation of each kept
 * key; hashed keys leave no recorded name in the store; and a trace that cannot be replayed stops the run before it
 * touches the store.
 */
class ReplayStageTest {

    private static final Path SAMPLE = Path.of("..", "workloads", "traces", "sample-access.log").toAbsolutePath()
            .normalize();
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("replay");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static StageResult replay(String settings) throws Exception {
        RunResult result = new Engine(s3.plan("bucket: replay\nstages:\n  - {name: r, kind: replay, " + settings
                + "}\n"), List.of()).run();
        return result.stages().get(0);
    }

    private static long ok(StageResult r, Op op) {
        return r.cells().stream().filter(c -> c.key().op() == op).mapToLong(CellStats::operations).sum();
    }

    @Test
    void aRunsOwnOpsLogReplayedGivesItsOperationsAgain(@TempDir Path dir) throws Exception {
        RunResult original;
        try (TestS3 source = new TestS3()) {
            source.createBucket("ops");
            List<Reporter> reporters = Reporters.create(List.of("ops"), new Reporters.Settings(System.out, false,
                    false, new ResultsDirectory(Optional.of(dir)), "test"));
            original = new Engine(source.plan("""
                    bucket: ops
                    stages:
                      - {name: w, kind: put, size: 4KiB, objects: 40, operations: 400, rate: 200/s, concurrency: 8}
                      - {name: r, kind: get, from: w, operations: 400, rate: 200/s, concurrency: 8}
                    """), reporters).run();
        }
        Path log = dir.resolve("ops.csv.zst");
        List<OpsRecord> rows = new ArrayList<>();
        OpsReader.read(log, rows::add);
        Map<String, Long> recordedKeys = new TreeMap<>();
        rows.stream().filter(r -> r.own().isEmpty()).forEach(r -> recordedKeys.merge(r.op() + " " + r.key(), 1L,
                Long::sum));

        Path replayDir = dir.resolve("replay");
        List<Reporter> logging = Reporters.create(List.of("ops"), new Reporters.Settings(System.out, false, false,
                new ResultsDirectory(Optional.of(replayDir)), "test"));
        StageResult r = new Engine(s3.plan("bucket: replay\nstages:\n  - {name: r, kind: replay, trace: \"" + log
                + "\", format: ops-log}\n"), logging).run().stages().get(0);
        Map<String, Long> replayedKeys = new TreeMap<>();
        List<OpsRecord> replayedRows = new ArrayList<>();
        OpsReader.read(replayDir.resolve("ops.csv.zst"), replayedRows::add);
        replayedRows.stream().filter(x -> x.own().isEmpty()).forEach(x -> replayedKeys.merge(x.op() + " "
                + x.key().substring(x.key().indexOf("/recorded/") + "/recorded/".length()), 1L, Long::sum));
        assertEquals(recordedKeys, replayedKeys, "every operation on its key, the key kept after the run's prefix");

        ReplayFidelity f = r.outcome(ReplayFidelity.TYPE).orElseThrow();
        assertEquals(800, f.played(), "the measured rows, not the tool's own");
        assertEquals(800, f.issued());
        assertEquals(ok(original.stages().get(0), Op.PUT), ok(r, Op.PUT));
        assertEquals(ok(original.stages().get(1), Op.GET), ok(r, Op.GET));
        assertEquals(0, r.errors(), "the objects the trace reads were written by it, in order");
        long bytes = r.cells().stream().filter(c -> c.key().op() == Op.PUT).mapToLong(CellStats::bytes).sum();
        assertEquals(400L * 4096, bytes, "every write at its recorded size");
        f.mix().forEach(m -> assertEquals(m.recorded(), m.replayed(), m.toString()));
        assertTrue(f.mix().stream().anyMatch(m -> m.op().equals("GET") && m.size().equals("0-4 KiB")
                && m.replayed() == 400), f.mix().toString());
        // each operation was due at its recorded start (from the first), or later where it waited for an earlier
        // operation on its key to end here: the replay's own log says when each was meant to start (how late it
        // then started is the machine's, and the fidelity report's)
        long[] recordedAt = offsets(rows.stream().filter(x -> x.own().isEmpty()).mapToLong(OpsRecord::startUs));
        long[] dueAt = offsets(replayedRows.stream().filter(x -> x.own().isEmpty()).mapToLong(OpsRecord::intendedUs));
        assertEquals(recordedAt.length, dueAt.length);
        for (int i = 0; i < dueAt.length; i++) {
            assertTrue(dueAt[i] >= recordedAt[i] - 2, "the " + i + "th operation due " + dueAt[i] + " µs in, recorded"
                    + " at " + recordedAt[i]);
        }
        assertTrue(matching(recordedAt, dueAt) >= dueAt.length - f.keyOrderOrNone().waited(), "every operation that"
                + " did not wait for its key was due at its recorded time, to the microsecond");
        assertTrue(recordedKeys.size() > 40, "the keys the log named");
    }

    /** The times of {@code micros}, sorted, from the first. */
    private static long[] offsets(java.util.stream.LongStream micros) {
        long[] sorted = micros.sorted().toArray();
        long first = sorted.length == 0 ? 0 : sorted[0];
        return java.util.Arrays.stream(sorted).map(t -> t - first).toArray();
    }

    /** How many of {@code due} are one of {@code recorded} (each used once) within 2 µs. */
    private static long matching(long[] recorded, long[] due) {
        boolean[] used = new boolean[recorded.length];
        long matched = 0;
        int from = 0;
        for (long t : due) {
            while (from < recorded.length && recorded[from] < t - 2) {
                from++;
            }
            for (int j = from; j < recorded.length && recorded[j] <= t + 2; j++) {
                if (!used[j]) {
                    used[j] = true;
                    matched++;
                    break;
                }
            }
        }
        return matched;
    }

    @Test
    void theShippedAccessLogSampleReplaysEveryOperation() throws Exception {
        StageResult r = replay("trace: \"" + SAMPLE + "\", speed: 4");
        ReplayFidelity f = r.outcome(ReplayFidelity.TYPE).orElseThrow();
        assertEquals(f.played(), f.issued());
        assertTrue(f.played() > 600, "the sample's operations, multipart parts included: " + f.played());
        f.mix().forEach(m -> assertEquals(m.recorded(), m.replayed(), m.toString()));
        long uploads = f.mix().stream().filter(m -> m.op().equals("MULTIPART_COMPLETE"))
                .mapToLong(ReplayFidelity.MixRow::recorded).sum();
        assertTrue(uploads > 0);
        assertEquals(uploads, ok(r, Op.COMPLETE_MULTIPART), "every upload completed: its parts found it");
        assertTrue(f.preparation().objects() > 0, "objects read before written, created first");
        assertFalse(f.outcomes().isEmpty(), "recorded 404s sent again");
        ReplayFidelity.RecordedFailure missing = f.outcomes().stream().filter(o -> o.op().equals("GET")).findFirst()
                .orElseThrow();
        assertTrue(missing.same() > missing.count() / 2, "most recorded 404s met a 404 here: " + missing);
        assertEquals(4.0, f.speed());
        assertTrue(f.traceSeconds() >= 8, "the sample lasts about 10 s as recorded: " + f.traceSeconds());
        assertTrue(f.recordedPerSecond().length <= 3, "and about 2.5 s at 4x: " + f.recordedPerSecond().length);
        assertEquals(0, r.errors(), "every recorded success a success here: each key in its recorded order");
        assertEquals(f.played(), java.util.Arrays.stream(f.replayedPerSecond()).sum());
    }

    @Test
    void oneWorkerAtFiftyTimesTheSpeedIsCappedAndTheLogKeepsEachOperationsDueTime(@TempDir Path dir)
            throws Exception {
        List<Reporter> logging = Reporters.create(List.of("ops"), new Reporters.Settings(System.out, false, false,
                new ResultsDirectory(Optional.of(dir)), "test"));
        // each request held 2 ms by a front: one worker makes at most 500 a second, and 50x asks some 3,000
        StageResult r;
        try (var front = HttpFront.start(s3.endpoint(), Hold.every(Duration.ofMillis(2)))) {
            r = new Engine(s3.plan("bucket: replay\nstages:\n  - {name: r, kind: replay, trace: \"" + SAMPLE
                    + "\", speed: 50, concurrency: 1}\n", s3.server().accessKey(), s3.server().secretKey(),
                    front.endpoint().toString()), logging).run().stages().get(0);
        }
        ReplayFidelity f = r.outcome(ReplayFidelity.TYPE).orElseThrow();
        assertEquals(f.played(), f.issued());
        assertTrue(f.capped() > f.played() / 2, "one worker cannot keep up: " + f.capped() + " capped of "
                + f.played() + " (" + f.late() + " late)");
        assertTrue(f.capped() <= f.late(), f.capped() + " capped, " + f.late() + " late");
        List<OpsRecord> rows = new ArrayList<>();
        OpsReader.read(dir.resolve("ops.csv.zst"), rows::add);
        List<OpsRecord> played = rows.stream().filter(x -> x.own().isEmpty()).toList();
        assertEquals(f.issued(), played.size());
        long maxLateUs = played.stream().mapToLong(x -> x.startUs() - x.intendedUs()).max().orElseThrow();
        assertEquals(f.latenessMaxMs(), maxLateUs / 1e3, f.latenessMaxMs() * 0.002 + 0.005,
                "the log's latest start (start_us - intended_us) is the stage's lateness max");
        // the due times are the trace's at 50x, whatever the worker managed: from the first, a quarter second of
        // the trace is 5 ms of the replay
        long first = played.stream().mapToLong(OpsRecord::intendedUs).min().orElseThrow();
        long last = played.stream().mapToLong(OpsRecord::intendedUs).max().orElseThrow();
        assertEquals(f.traceSeconds() * 1e6 / 50, last - first, 2.0, "the span of the due times");
    }

    @Test
    void aSampleOfKeysKeepsEveryOperationOfEachKeptKeyAndHashedKeysHideTheNames() throws Exception {
        StageResult all = replay("trace: \"" + SAMPLE + "\", speed: 10, keys: hashed");
        StageResult half = replay("trace: \"" + SAMPLE + "\", speed: 10, sample: {keys: 50%}");
        ReplayFidelity a = all.outcome(ReplayFidelity.TYPE).orElseThrow();
        ReplayFidelity h = half.outcome(ReplayFidelity.TYPE).orElseThrow();
        assertTrue(h.played() > a.played() / 4 && h.played() < a.played() * 3 / 4, h.played() + " of " + a.played());
        assertTrue(h.skipped().getOrDefault(io.s3workload.trace.scan.TraceScan.NOT_SAMPLED, 0L) > 0, h.skipped().toString());
        assertEquals(h.played(), replay("trace: \"" + SAMPLE + "\", speed: 10, sample: {keys: 50%}")
                .outcome(ReplayFidelity.TYPE).orElseThrow().played(), "the same keys every run");
        // a kept key's reads meet its writes: no more failures than the whole trace's
        assertTrue(half.errors() <= all.errors() + 2, half.errors() + " vs " + all.errors());
    }

    /**
     * An access log keeps whole seconds, so a key's PUT, HEAD and GET of one second are spread over it by their order
     * alone (at 10x, 33 ms apart) and cannot be told apart by their ends: each waits for the ones the log lists before
     * it. A front holds every PUT 300 ms: without the order, the HEAD and GET would reach the store before the object
     * (404 where the log recorded 200); with it, none does, however fast or slow the machine.
     */
    @Test
    void eachKeyKeepsItsRecordedOrderWhereTheLogCannotTellWhichEndedFirst(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        String owner = "79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be";
        String head = owner + " amzn-s3-demo-bucket1 [26/Nov/2026:10:00:%02d +0000] 192.0.2.3 " + owner
                + " 7F405BC8CFD3DD%02d ";
        String tail = " \"-\" \"trace-gen/1.0\" - hostid= SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader"
                + " amzn-s3-demo-bucket1.s3.us-east-1.amazonaws.com TLSv1.2 - -";
        for (int k = 0; k < 10; k++) {
            String key = "ordered/obj-" + k + ".bin";
            lines.add(head.formatted(k, 3 * k) + "REST.PUT.OBJECT " + key + " \"PUT /amzn-s3-demo-bucket1/" + key
                    + " HTTP/1.1\" 200 - - 1913 13 4" + tail);
            lines.add(head.formatted(k, 3 * k + 1) + "REST.HEAD.OBJECT " + key + " \"HEAD /amzn-s3-demo-bucket1/"
                    + key + " HTTP/1.1\" 200 - - 1913 3 2" + tail);
            lines.add(head.formatted(k, 3 * k + 2) + "REST.GET.OBJECT " + key + " \"GET /amzn-s3-demo-bucket1/" + key
                    + " HTTP/1.1\" 200 - 1913 1913 5 3" + tail);
        }
        Path trace = Files.write(dir.resolve("ordered.log"), lines);
        Hold slowPuts = Hold.each("PUT", Duration.ofMillis(300)).whereKey(k -> k.contains("ordered/"));
        StageResult r;
        try (var front = HttpFront.start(s3.endpoint(), slowPuts)) {
            r = new Engine(s3.plan("bucket: replay\nstages:\n  - {name: r, kind: replay, trace: \"" + trace
                    + "\", speed: 10, concurrency: 8}\n", s3.server().accessKey(), s3.server().secretKey(),
                    front.endpoint().toString()), Reporters.create(List.of("json"), new Reporters.Settings(
                    System.out, false, false, new ResultsDirectory(Optional.of(dir.resolve("out"))), "test")))
                    .run().stages().get(0);
        }
        ReplayFidelity f = r.outcome(ReplayFidelity.TYPE).orElseThrow();
        assertEquals(30, f.issued());
        assertEquals(0, r.errors(), "no read reached the store before its key's write: " + r.cells().stream()
                .map(c -> c.key().op() + " " + c.errorsByClass()).toList());
        assertEquals(10, ok(r, Op.HEAD));
        assertEquals(10, ok(r, Op.GET));
        assertTrue(f.keyOrderOrNone().waited() > 0, "the reads waited for their writes: " + f.keyOrderOrNone());
        assertTrue(f.keyOrderOrNone().waitMaxMs() >= 100, "a read due 33 ms after a PUT held 300 ms waited the"
                + " rest: " + f.keyOrderOrNone());
        Path summary = dir.resolve("out").resolve("summary.json");
        assertEquals(List.of(), io.s3workload.report.SummarySchema.missing(summary), "summary.json as its schema says");
        assertEquals(f.keyOrderOrNone().waited(), new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                summary.toFile()).at("/stages/0/replay/keyOrder/waited").asLong(), "the waits kept in summary.json");
    }

    @Test
    void aTraceThatCannotBeReplayedStopsTheRunBeforeItStarts(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.log");
        List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLE).subList(0, 50));
        lines.set(10, "not a record");
        lines.set(20, "nor this");
        Files.write(bad, lines);
        WorkloadException e = assertThrows(WorkloadException.class, () -> s3.plan(
                "bucket: replay\nstages:\n  - {name: r, kind: replay, trace: \"" + bad + "\"}\n"));
        assertTrue(e.getMessage().contains("2 of its 50 lines could not be read") && e.getMessage()
                .contains(bad + ":11: "), e.getMessage());
        Path none = dir.resolve("none.jsonl");
        Files.writeString(none, "{\"time\":\"2026-01-01T00:00:00Z\",\"api\":{\"name\":\"ListBuckets\"}}\n");
        WorkloadException empty = assertThrows(WorkloadException.class, () -> s3.plan(
                "bucket: replay\nstages:\n  - {name: r, kind: replay, trace: \"" + none + "\"}\n"));
        assertTrue(empty.getMessage().contains("no operation to replay in it: it holds 1 ListBuckets"),
                empty.getMessage());
    }
}

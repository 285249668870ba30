package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.RunResult;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.S3Object;

/** head, list and rangeRead stages, and the client settings, against the in-process S3 server. */
class ReadStagesTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("reads");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(RecordingReporter reporter, String workload) throws Exception {
        return new Engine(s3.plan("bucket: reads\n" + workload), List.of(reporter)).run();
    }

    private static CellStats cell(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(0);
    }

    @Test
    void headAndListCountWhatTheServerHolds() throws Exception {
        RunResult result = run(new RecordingReporter(), """
                stages:
                  - {name: put, kind: put, sizes: [1KiB, 2KiB], objects: 25}
                  - {name: head, kind: head, from: put}
                  - {name: list, kind: list, from: put, pageSize: 10, operations: 2}
                  - {name: list-run, kind: list}
                """);
        CellStats head = cell(result, "head");
        assertEquals(Op.HEAD, head.key().op());
        assertEquals(25, head.operations());
        assertEquals(2, result.stages().get(1).cells().size(), "one head cell per size");
        CellStats list = cell(result, "list");
        assertEquals(2 * 50, list.items(), "two complete listings of 50 keys");
        assertEquals(2 * 5, list.operations(), "50 keys in pages of 10 is 5 pages a listing");
        assertEquals(50, cell(result, "list-run").items(), "the run prefix holds the put stage's 50 objects");
        assertEquals(Map.of(), list.errorsByClass());
    }

    @Test
    void rangeReadReadsExactChunksAndReusesSourcesAcrossRuns() throws Exception {
        String workload = """
                prefix: rr
                stages:
                  - name: read
                    kind: rangeRead
                    sources: {count: 2, size: 7MiB, reuse: true}
                    chunk: 1MiB
                    operations: 30
                    verify: true
                    concurrency: 4
                    multipart: {threshold: 5MiB, partSize: 5MiB, parallel: 2}
                """;
        RecordingReporter first = new RecordingReporter();
        RunResult one = run(first, workload);
        CellStats read = cell(one, "read");
        assertEquals(Map.of(), read.errorsByClass());
        assertEquals(30, read.operations());
        assertEquals(30L * 1024 * 1024, read.bytes(), "every range is exactly one chunk (7 MiB is 7 chunks)");
        assertEquals(30, read.ttfb().getTotalCount());
        assertTrue(first.notes.stream().anyMatch(n -> n.contains("sources: 0 reused, 2 uploaded")), first.notes
                .toString());
        List<S3Object> sources = s3.list("reads", "rr/sources/7MiB/");
        assertEquals(2, sources.size(), "reusable sources survive the run's cleanup");

        RecordingReporter second = new RecordingReporter();
        RunResult two = run(second, workload);
        assertTrue(second.notes.stream().anyMatch(n -> n.contains("sources: 2 reused, 0 uploaded")), second.notes
                .toString());
        assertEquals(Map.of(), cell(two, "read").errorsByClass(), "a reused source is verified with the seed that"
                + " wrote it, not this run's");
        assertTrue(one.info().seed() != two.info().seed());
        sources.forEach(o -> s3.delete("reads", o.key()));
    }

    @Test
    void verifyWithSourcesNoSeedWroteFailsTheStageInsteadOfPassingUnchecked() throws Exception {
        // sources left by another tool: the right size, but no record of what they hold
        for (int i = 0; i < 2; i++) {
            s3.putBytes("reads", "nv/sources/1MiB/" + i, new byte[1024 * 1024]);
        }
        String workload = """
                prefix: nv
                stages:
                  - {name: read, kind: rangeRead, sources: {count: %d, size: 1MiB, reuse: true}, chunk: 256KiB,
                     operations: 40, verify: true, concurrency: 2}
                """;
        RecordingReporter reporter = new RecordingReporter();
        RunResult none = run(reporter, workload.formatted(2));
        CellStats refused = cell(none, "read");
        assertEquals(Map.of(SourceSet.NOTHING_VERIFIABLE, 1L), refused.errorsByClass());
        assertEquals(0, refused.bytes(), "nothing was measured");
        assertEquals(1, none.exitCode(), "verify: true with nothing to verify is a failure");
        assertEquals("failure", none.breaches().get(0).metric());
        assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("2 of 2 reused sources have no recorded seed")),
                reporter.notes.toString());

        // three sources, two of them unknown: the third is uploaded with a seed; reads of the others are counted
        RecordingReporter partly = new RecordingReporter();
        RunResult some = run(partly, workload.formatted(3));
        CellStats read = cell(some, "read");
        assertEquals(Map.of(), read.errorsByClass());
        assertEquals(40, read.operations());
        assertEquals(0, some.exitCode());
        long unverified = partly.notes.stream().filter(n -> n.contains("range reads were not verified"))
                .mapToLong(n -> Long.parseLong(n.replaceAll(".*?(\\d+) range reads were not verified.*", "$1")))
                .sum();
        assertTrue(unverified > 0 && unverified < 40, "about two thirds of 40 reads: " + partly.notes);
        s3.list("reads", "nv/").forEach(o -> s3.delete("reads", o.key()));
    }

    @Test
    void aRangeReadWhoseSourcesCannotBeUploadedStopsInsteadOfMeasuring404s() throws Exception {
        io.s3workload.testing.Faults refuse = new io.s3workload.testing.Faults(3, java.time.Duration.ZERO,
                io.s3workload.testing.Faults.Rule.of("PUT", ".*/sources/.*", 1.0,
                        io.s3workload.testing.Faults.Fault.INTERNAL_ERROR));
        try (io.s3workload.testing.HttpFront front = io.s3workload.testing.HttpFront.start(s3.endpoint(), refuse)) {
            RecordingReporter reporter = new RecordingReporter();
            RunResult result = new Engine(s3.plan("bucket: reads\n" + """
                    stages:
                      - {name: read, kind: rangeRead, sources: {count: 2, size: 64KiB}, chunk: 16KiB, duration: 60s}
                    """, s3.server().accessKey(), s3.server().secretKey(), front.endpoint().toString()),
                    List.of(reporter)).run();
            List<CellStats> cells = result.stages().get(0).cells();
            assertEquals(1, cells.size(), "no range-read cell: " + cells);
            assertEquals(Op.PUT, cells.get(0).key().op());
            assertEquals(2, cells.get(0).errors());
            assertTrue(cells.get(0).errorsByClass().keySet().stream().allMatch(c -> c.startsWith("HTTP 500")),
                    cells.get(0).errorsByClass().toString());
            assertTrue(result.stages().get(0).wallNanos() < 30_000_000_000L, "it did not read for its 60 s");
            assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("2 of 2 sources could not be made ready")),
                    reporter.notes.toString());
        }
    }

    @Test
    void sequentialRangeReadsWalkTheSourcesInOrderAndTheLastChunkIsShort() throws Exception {
        RunResult result = run(new RecordingReporter(), """
                stages:
                  - name: read
                    kind: rangeRead
                    sources: {count: 1, size: 2500KiB}
                    chunk: 1MiB
                    order: sequential
                    operations: 3
                    concurrency: 1
                    verify: true
                """);
        CellStats read = cell(result, "read");
        assertEquals(Map.of(), read.errorsByClass());
        assertEquals(2500L * 1024, read.bytes(), "1 MiB + 1 MiB + 452 KiB");
        assertEquals(1, result.cleanup().removed(), "sources without reuse are the run's and are removed");
    }

    @Test
    void checksumsAlwaysAndPerWorkerClientsStillMoveTheRightBytes() throws Exception {
        RunResult result = run(new RecordingReporter(), """
                defaults: {checksums: always, clients: per-worker}
                stages:
                  - {name: put, kind: put, sizes: [300KiB], objects: 12, concurrency: 3}
                  - {name: get, kind: get, from: put, verify: true, concurrency: 3}
                  - {name: crt, kind: get, from: put, verify: true, client: crt, concurrency: 2}
                """);
        assertEquals(12, cell(result, "put").operations());
        assertEquals(Map.of(), cell(result, "get").errorsByClass());
        assertEquals(12, cell(result, "get").operations());
        assertEquals(Map.of(), cell(result, "crt").errorsByClass());
        assertEquals(12, result.cleanup().removed());
    }

    @Test
    void anObjectThatVanishedIsACountedErrorAndTheRunGoesOn() throws Exception {
        RunResult result = run(new RecordingReporter(), """
                stages:
                  - {name: put, kind: put, sizes: [1KiB], objects: 4}
                  - {name: del, kind: delete, from: put}
                  - {name: head, kind: head, from: put}
                  - {name: get, kind: get, from: put, parallelRanges: {threshold: 1, chunk: 512}}
                """);
        assertEquals(Map.of("HTTP 404", 4L), cell(result, "head").errorsByClass());
        assertEquals(4, cell(result, "get").errors());
        assertEquals(0, result.exitCode());
    }
}

package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.plan.Plan;
import io.s3workload.result.RunResult;
import io.s3workload.testing.Await;
import io.s3workload.testing.Faults;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@code from: {prefix}} reads objects another hand left in the bucket — GETs by an access distribution, HEADs,
 * server-side copies, ranges — and never writes, deletes or verifies them: the decoys under the prefix (and beside
 * it) are all there, byte for byte, whichever way the run ends.
 */
class ExistingObjectsTest {

    private static final String BUCKET = "existing";
    private static final String PREFIX = "datasets/2024/";
    /** The objects read: 24 of 1 KiB to 300 KiB, and an empty one. */
    private static final int OBJECTS = 25;
    private static TestS3 s3;
    private static Map<String, String> before;
    private static long totalBytes;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket(BUCKET);
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < OBJECTS - 1; i++) {
            byte[] body = new byte[1024 + random.nextInt(300 * 1024)];
            random.nextBytes(body);
            s3.putBytes(BUCKET, PREFIX + "part-" + i + ".bin", body);
            totalBytes += body.length;
        }
        s3.putBytes(BUCKET, PREFIX + "empty.bin", new byte[0]);
        s3.putBytes(BUCKET, PREFIX, new byte[0]); // a console's "folder": not an object to read
        s3.put(BUCKET, "datasets/2023/x.bin", "a neighbour");
        s3.put(BUCKET, "datasets/2024-old.bin", "a neighbour sharing the prefix's start");
        before = etags();
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Every key of the bucket with its ETag: what must not change. */
    private static Map<String, String> etags() {
        return s3.list(BUCKET, "").stream().collect(Collectors.toMap(S3Object::key, S3Object::eTag, (a, b) -> a,
                TreeMap::new));
    }

    private static CellStats cell(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(0);
    }

    private static void assertUntouched(RunResult result) {
        assertEquals(before, etags(), "every object the run did not write is there as it was");
        assertTrue(result.cleanup().leftBehind().isEmpty(), result.cleanup().toString());
    }

    @Test
    void everyReaderReadsTheExistingObjectsAndLeavesThemAsTheyWere(@TempDir Path dir) throws Exception {
        RunResult result = new Engine(s3.plan("""
                bucket: existing
                stages:
                  - {name: get, kind: get, from: {prefix: datasets/2024/}, operations: 400, access: {zipf: 1.1}}
                  - {name: each, kind: get, from: {prefix: datasets/2024/}, parallelRanges: {threshold: 64KiB,
                     chunk: 32KiB, parallel: 4}}
                  - {name: head, kind: head, from: {prefix: datasets/2024/}}
                  - {name: copy, kind: copy, from: {prefix: datasets/2024/}}
                  - {name: copies, kind: get, from: copy}
                  - {name: ranges, kind: rangeRead, from: {prefix: datasets/2024/}, chunk: {min: 1KiB, max: 64KiB},
                     operations: 200}
                """), List.of(), dir).run();

        CellStats get = cell(result, "get");
        assertEquals(400, get.operations(), get.errorsByClass().toString());
        assertEquals(0, get.errors());
        assertEquals(OBJECTS, get.access().keys(), "the listed objects, the folder of the prefix left out");
        assertTrue(get.access().hottestKeyShare() > 0.15, "zipf 1.1 over 25 keys: " + get.access());
        assertEquals(400, get.bySize().stream().mapToLong(SizeBucketStats::operations).sum(),
                "every read in one size bucket: " + get.bySize());
        assertTrue(get.key().size().toString().contains(OBJECTS + " objects"), get.key().size().toString());

        CellStats each = cell(result, "each");
        assertEquals(OBJECTS, each.operations(), "each object once: " + each.errorsByClass());
        assertEquals(totalBytes, each.bytes(), "every byte of every object, ranged or whole");

        assertEquals(OBJECTS, cell(result, "head").operations());
        assertEquals(0, cell(result, "head").errors());
        CellStats copy = cell(result, "copy");
        assertEquals(OBJECTS, copy.operations(), copy.errorsByClass().toString());
        assertEquals(totalBytes, copy.bytes());
        CellStats copies = cell(result, "copies");
        assertEquals(OBJECTS, copies.operations(), copies.errorsByClass().toString());
        assertEquals(totalBytes, copies.bytes(), "the copies are as long as their sources were listed");

        CellStats ranges = cell(result, "ranges");
        assertEquals(200, ranges.operations(), "no range of the empty object asked for: " + ranges.errorsByClass());
        assertTrue(ranges.bytes() >= 200 * 1024L && ranges.bytes() <= 200 * 64 * 1024L, "" + ranges.bytes());

        assertEquals(OBJECTS, result.cleanup().removed(), "the copies, the run's own objects, and nothing else");
        assertUntouched(result);
    }

    @Test
    void decoysSurviveARunStoppedWhileReadingThem(@TempDir Path dir) throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        Engine engine = new Engine(s3.plan("""
                bucket: existing
                stages:
                  - {name: copy, kind: copy, from: {prefix: datasets/2024/}}
                  - {name: read, kind: get, from: {prefix: datasets/2024/}, duration: 60s, access: random}
                """), List.of(reporter), dir);
        // stopped while reading, once the reads have begun, however long the copies took
        Thread canceller = Thread.ofVirtual().start(() -> {
            Await.until(() -> reporter.operationsDone("read") > 0);
            engine.cancel();
        });
        RunResult result = engine.run();
        canceller.join();
        assertTrue(result.interrupted());
        assertTrue(cell(result, "read").operations() > 0);
        assertUntouched(result);
    }

    @Test
    void decoysSurviveWhenTheRunPrefixCannotBeListedAndCleanupDeletesByName(@TempDir Path dir) throws Exception {
        // cleanup lists the run prefix to find what to delete; refused, it deletes the keys the run wrote by name
        Faults refuseRunListing = new Faults(5, Duration.ZERO, Faults.Rule.every("GET",
                ".*prefix=s3workload.*", 1, 1, 0, Faults.Fault.FORBIDDEN));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), refuseRunListing)) {
            Plan plan = s3.plan("""
                    bucket: existing
                    stages:
                      - {name: copy, kind: copy, from: {prefix: datasets/2024/}}
                      - {name: read, kind: get, from: {prefix: datasets/2024/}, operations: 50}
                      - {name: put, kind: put, size: 1KiB, objects: 5}
                    """, s3.server().accessKey(), s3.server().secretKey(), front.endpoint().toString());
            result = new Engine(plan, List.of(), dir).run();
        }
        assertTrue(refuseRunListing.injected(Faults.Fault.FORBIDDEN) > 0, "the run prefix's listing was refused");
        assertEquals(OBJECTS + 5, result.cleanup().removed(), result.cleanup().toString());
        assertTrue(!result.cleanup().exact(), "cleanup says it could not check the prefix by listing it");
        assertUntouched(result);
    }

    @Test
    void aPrefixThatHoldsNothingStopsTheRunBeforeItStartsAndSaysWhatIsThere(@TempDir Path dir) throws Exception {
        Plan plan = s3.plan("""
                bucket: existing
                stages:
                  - {name: put, kind: put, size: 1KiB, objects: 5}
                  - {name: read, kind: get, from: {prefix: datasets/2025/}}
                """);
        var e = assertThrows(EndpointUnavailableException.class, () -> new Engine(plan, List.of(), dir).run());
        assertTrue(e.getMessage().startsWith("test.yaml:8:"), e.getMessage());
        assertTrue(e.getMessage().contains("reads the existing objects under 'datasets/2025/', but bucket"
                + " 'existing' on endpoint 's3' holds none there (did you mean"), e.getMessage());
        assertTrue(e.getMessage().contains("Prefixes that hold objects: datasets/2023/, datasets/2024-old.bin,"
                + " datasets/2024/."), e.getMessage());
        assertEquals(before, etags(), "nothing was written: the run never started");
    }
}

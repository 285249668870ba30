package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.run.cleanup.Cleanup;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.run.loop.Transfers;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.objects.Multipart;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Multipart uploads, parallel ranged reads and verification, against the in-process S3 server. */
class LargeObjectTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("large");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(String workload) throws Exception {
        return new Engine(s3.plan("bucket: large\n" + workload), List.of(new RecordingReporter())).run();
    }

    private static CellStats cell(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(0);
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"sync", "crt"})
    void multipartWithParallelPartsWritesTheRightBytesAndRangedReadsReturnThem(String client) throws Exception {
        RunResult result = run("""
                keep: true
                defaults: {client: %s}
                stages:
                  - name: put
                    kind: put
                    sizes: [23MiB]
                    objects: 3
                    multipart: {threshold: 8MiB, partSize: 5MiB, parallel: 4}
                  - {name: whole, kind: get, from: put, verify: true, parallelRanges: false}
                  - name: ranged
                    kind: get
                    from: put
                    verify: true
                    parallelRanges: {threshold: 1MiB, chunk: 3MiB, parallel: 3}
                """.formatted(client));
        assertEquals(3, cell(result, "put").operations());
        List<S3Object> held = s3.list("large", result.info().runPrefix());
        assertEquals(3, held.size());
        held.forEach(o -> {
            assertEquals(23L * 1024 * 1024, o.size());
            assertTrue(o.eTag().endsWith("-5\""), "a 5-part multipart ETag: " + o.eTag());
        });
        for (String stage : List.of("whole", "ranged")) {
            CellStats read = cell(result, stage);
            assertEquals(Map.of(), read.errorsByClass(), stage);
            assertEquals(3, read.operations(), stage);
            assertEquals(3L * 23 * 1024 * 1024, read.bytes(), stage);
            assertEquals(3, read.ttfb().getTotalCount(), stage);
        }
        assertEquals(0, s3.multipartUploads("large").size());
        new Engine(s3.plan("bucket: large\nstages: [{name: x, kind: list}]"), List.of()).run();
        s3.list("large", result.info().runPrefix()).forEach(o -> s3.delete("large", o.key()));
    }

    @ParameterizedTest(name = "parallel ranges {0}")
    @ValueSource(booleans = {false, true})
    void verificationFindsTheFirstWrongByteAndReportsKeyAndOffset(boolean ranged) {
        Payload payload = new Payload(99);
        long length = 64 * 1024;
        byte[] right = bytes(payload.body("v/right", length));
        byte[] flipped = bytes(payload.body("v/flipped", length));
        flipped[40000] ^= 1;
        byte[] truncated = java.util.Arrays.copyOf(bytes(payload.body("v/short", length)), 1000);
        s3.putBytes("large", "v/right", right);
        s3.putBytes("large", "v/flipped", flipped);
        s3.putBytes("large", "v/short", truncated);
        var ranges = ranged ? new io.s3workload.workload.objects.ParallelRanges(DataSize.ofBytes(1), DataSize.ofBytes(16384), 3)
                : io.s3workload.workload.objects.ParallelRanges.OFF;
        try (ObjectStore store = StoreFactory.create(endpoint(), "large", 8, ClientSettings.DEFAULT)) {
            WorkerState worker = new WorkerState(store, 1, 0);
            io.s3workload.metrics.CellRecorder recorder = new io.s3workload.metrics.CellRecorder(
                    new io.s3workload.metrics.CellKey("v", io.s3workload.metrics.Op.GET, "s3",
                            io.s3workload.ground.SizeSpec.of(DataSize.ofBytes(length))));
            for (String key : List.of("v/right", "v/flipped", "v/short")) {
                long t0 = System.nanoTime();
                try {
                    Transfers.get(store, key, length, ranges, worker, payload.body(key, length));
                    new OpRecorder(recorder, false).read(key, System.nanoTime() - t0, t0,
                            worker.timing());
                } catch (StoreException e) {
                    recorder.failure(e.errorClass());
                }
            }
            CellStats stats = recorder.finish(1, -1, -1);
            assertEquals(1, stats.operations());
            if (ranged) {
                assertEquals(Map.of("data mismatch", 1L, "HTTP 416 InvalidRange", 1L), stats.errorsByClass(),
                        "a range past the end of a short object is refused");
                assertEquals(List.of("v/flipped at byte 40000"), stats.examples().get("data mismatch"));
            } else {
                assertEquals(Map.of("data mismatch", 2L), stats.errorsByClass());
                assertEquals(Set.of("v/flipped at byte 40000", "v/short at byte 1000"),
                        Set.copyOf(stats.examples().get("data mismatch")));
            }
        }
        List.of("v/right", "v/flipped", "v/short").forEach(k -> s3.delete("large", k));
    }

    private static byte[] bytes(Payload.Body body) {
        try (var in = body.open()) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static EndpointSpec endpoint() {
        return new EndpointSpec("s3", s3.endpoint(), "us-east-1", true,
                new CredentialsSpec.Static(s3.server().accessKey(), s3.server().secretKey(), null));
    }

    @Test
    void aFailedPartAbortsTheUploadAndLeavesNothingBehind() {
        ObjectStore real = StoreFactory.create(endpoint(), "large", 8, ClientSettings.DEFAULT);
        ObjectStore failingThirdPart = FaultyStore.failing(real, 3);
        Multipart multipart = new Multipart(DataSize.ofMiB(5), DataSize.ofMiB(5), 2);
        StoreException e = assertThrows(StoreException.class, () -> Transfers.put(failingThirdPart, "abort/obj",
                new Payload(1).body("abort/obj", 26L * 1024 * 1024), multipart, io.s3workload.s3.data.ObjectWrite.NONE));
        assertEquals("HTTP 500 InjectedFault", e.errorClass());
        assertEquals(List.of(), s3.multipartUploads("large"), "the upload was aborted");
        assertEquals(List.of(), s3.list("large", "abort/"), "no object was created");
        real.close();
    }

    @Test
    void cleanupAbortsUploadsARunLeftOpen(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        RunResult result = run("stages: [{name: put, kind: put, sizes: [1KiB], objects: 2}]");
        String orphan = result.info().runPrefix() + "orphan";
        s3.startMultipart("large", orphan);
        s3.startMultipart("large", "not-ours/upload");
        try (ObjectStore store = StoreFactory.create(endpoint(), "large", 2, ClientSettings.DEFAULT)) {
            String prefix = result.info().runPrefix();
            Cleanup.finish(Cleanup.everything("large", prefix, List.of(store.endpointName()), List.of()),
                    java.util.Map.of(store.endpointName(), store), dir.resolve("manifest.txt"));
        }
        assertEquals(List.of("not-ours/upload"), s3.multipartUploads("large"));
        s3.abortAll("large");
    }

    @Test
    void sizeRangesGiveEachKeyItsOwnStableSize() throws Exception {
        RunResult result = run("""
                keep: true
                stages:
                  - {name: put, kind: put, size: {min: 10KiB, max: 20KiB}, objects: 30}
                  - {name: get, kind: get, from: put, verify: true}
                """);
        List<S3Object> held = s3.list("large", result.info().runPrefix());
        assertEquals(30, held.size());
        Set<Long> sizes = held.stream().map(S3Object::size).collect(Collectors.toSet());
        assertTrue(sizes.size() > 10, "sizes vary: " + sizes);
        sizes.forEach(size -> assertTrue(size >= 10240 && size <= 20480, "in range: " + size));
        CellStats get = cell(result, "get");
        assertEquals(Map.of(), get.errorsByClass());
        assertEquals(held.stream().mapToLong(S3Object::size).sum(), get.bytes());
        assertEquals("GET 10 KiB-20 KiB", get.key().label());
        held.forEach(o -> s3.delete("large", o.key()));
    }
}

package io.s3workload.kinds.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code kind: copy} against the in-process S3 server: what the server is asked, and what the copies hold. */
class CopyTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("copies");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static CellStats cell(RunResult result, String stage, Op op) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).flatMap(s -> s.cells().stream())
                .filter(c -> c.key().op() == op).findFirst().orElseThrow();
    }

    /**
     * Counts the requests that reach the server by kind: CopyObject, UploadPartCopy, and the rest by method; with
     * {@code corrupt}, flips a byte in the body of the first GET of a key under {@code /copy/}.
     */
    private static final class Counting implements HttpFront.Interceptor {
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final boolean corrupt;
        final java.util.concurrent.atomic.AtomicBoolean corrupted = new java.util.concurrent.atomic.AtomicBoolean();

        Counting(boolean corrupt) {
            this.corrupt = corrupt;
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            if (corrupt && request.method().equals("GET") && request.path().contains("/copy/")
                    && upstream.status() == 200 && upstream.body().length > 1000 && corrupted.compareAndSet(false, true)) {
                byte[] body = upstream.body().clone();
                body[1000] ^= 1;
                return upstream.withBody(body);
            }
            return upstream;
        }

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            boolean copy = request.headers().stream().anyMatch(h -> h.name().equalsIgnoreCase("x-amz-copy-source"));
            String kind = copy ? request.query().contains("partNumber") ? "UploadPartCopy" : "CopyObject"
                    : request.method();
            counts.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
            return null;
        }

        int count(String kind) {
            return counts.getOrDefault(kind, new AtomicInteger()).get();
        }
    }

    private static io.s3workload.plan.Plan plan(HttpFront front, String stages) throws Exception {
        return s3.plan("bucket: copies\n" + stages, s3.server().accessKey(), s3.server().secretKey(),
                front.endpoint().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "sync", "crt"})
    void copiesEverySourceOnTheServerAndTheCopiesHoldItsBytes(String client) throws Exception {
        Counting counting = new Counting(false);
        try (HttpFront front = HttpFront.start(s3.endpoint(), counting)) {
            RunResult result = new Engine(plan(front, """
                    defaults: {client: %s, concurrency: 4}
                    stages:
                      - {name: put, kind: put, sizes: [1KiB, {min: 100KiB, max: 200KiB}], objects: 10}
                      - {name: copy, kind: copy, from: put, verify: true}
                      - {name: again, kind: copy, from: copy, operations: 15}
                      - {name: read, kind: get, from: again, verify: true}
                    """.formatted(client)), List.of(new RecordingReporter())).run();
            CellStats copied = cell(result, "copy", Op.COPY);
            assertEquals(Map.of(), copied.errorsByClass());
            assertEquals(10, copied.operations());
            CellStats put = cell(result, "put", Op.PUT);
            assertEquals(put.bytes(), copied.bytes(), "a copy's bytes are its source's size");
            assertEquals(2, result.stages().get(1).cells().size(), "one copy cell per source size");
            CellStats again = cell(result, "again", Op.COPY);
            assertEquals(15, again.operations(), "copies of copies, round-robin over the 10");
            CellStats read = cell(result, "read", Op.GET);
            assertEquals(Map.of(), read.errorsByClass(), "the copies of copies hold their first source's bytes");
            assertEquals(15, read.operations());
            assertEquals(2 * 10 + 2 * 15, counting.count("CopyObject"), "one CopyObject a copy, none hidden");
            assertEquals(0, counting.count("UploadPartCopy"));
        }
    }

    @Test
    void largeSourcesAreCopiedInPartsAndAWrongCopyIsCaught() throws Exception {
        Counting counting = new Counting(true);
        try (HttpFront front = HttpFront.start(s3.endpoint(), counting)) {
            RunResult result = new Engine(plan(front, """
                    stages:
                      - {name: big, kind: put, size: 12MiB, objects: 2, concurrency: 2}
                      - name: copy
                        kind: copy
                        from: big
                        verify: true
                        multipart: {threshold: 5MiB, partSize: 5MiB, parallel: 3}
                    """), List.of(new RecordingReporter())).run();
            CellStats copied = cell(result, "copy", Op.COPY);
            assertTrue(counting.corrupted.get());
            assertEquals(Map.of(OpRecorder.DATA_MISMATCH, 1L), copied.errorsByClass(),
                    "the copy whose read-back had a flipped byte");
            assertEquals(1, copied.operations());
            assertEquals(2 * 3, counting.count("UploadPartCopy"), "12 MiB in 5 MiB parts is 3 parts a copy");
            assertEquals(0, counting.count("CopyObject"));
        }
    }
}

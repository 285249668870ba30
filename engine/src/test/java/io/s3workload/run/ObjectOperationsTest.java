package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.kinds.mix.MixRunner;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operations beyond plain PUT and GET, against the in-process server through a front that records what each
 * request carried: conditional writes (the condition on the PUT or the completion, the ETag an If-Match names),
 * object lock headers, batch deletes, a mix's LIST and COPY, per-part cells. The stores' own handling (the race, the
 * locks) is checked against real servers by src/e2e/operations.sh.
 */
class ObjectOperationsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("ops");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** What each request carried: its kind, key, and the headers the tests look at; the ETags answered by key. */
    private static class Recording implements HttpFront.Interceptor {
        record Seen(String kind, String key, String query, Map<String, String> headers, int bodyHash) {
        }

        final List<Seen> seen = new CopyOnWriteArrayList<>();
        final Map<String, List<String>> etags = new ConcurrentHashMap<>();

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            request.headers().forEach(h -> headers.put(h.name(), h.value()));
            String query = request.query();
            String kind = headers.containsKey("x-amz-copy-source") ? "CopyObject"
                    : request.method().equals("POST") && query.contains("delete") ? "DeleteObjects"
                    : request.method().equals("POST") && query.contains("uploadId") ? "CompleteMultipartUpload"
                    : request.method().equals("PUT") && query.contains("partNumber") ? "UploadPart"
                    : request.method().equals("GET") && request.key().isEmpty() && query.contains("list-type")
                    ? "ListObjectsV2" : request.method();
            seen.add(new Seen(kind, request.key().orElse(""), query, headers,
                    java.util.Arrays.hashCode(request.body())));
            return null;
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            if (request.method().equals("PUT") && upstream.status() == 200 && request.key().isPresent()
                    && !request.query().contains("partNumber")) {
                upstream.header("ETag").ifPresent(etag -> etags.computeIfAbsent(request.key().get(),
                        k -> new CopyOnWriteArrayList<>()).add(etag));
            }
            return upstream;
        }

        List<Seen> of(String kind) {
            return seen.stream().filter(s -> s.kind().equals(kind)).toList();
        }

        List<Seen> of(String kind, String stage) {
            return of(kind).stream().filter(s -> s.key().contains("/" + stage + "/")).toList();
        }
    }

    private static RunResult run(HttpFront front, String stages) throws Exception {
        return new Engine(s3.plan("bucket: ops\n" + stages, s3.server().accessKey(), s3.server().secretKey(),
                front.endpoint().toString()), List.of(new RecordingReporter())).run();
    }

    private static CellStats cell(RunResult result, String stage, Op op) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).flatMap(s -> s.cells().stream())
                .filter(c -> c.key().op() == op).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "sync", "crt"})
    void conditionalWritesSendTheirConditionAndEachWriteItsOwnBytes(String client) throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, """
                    defaults: {client: %s}
                    stages:
                      - {name: create, kind: put, size: 4KiB, objects: 3, concurrency: 3, conditional: ifNoneMatch}
                      - {name: update, kind: put, size: 4KiB, objects: 2, operations: 10, concurrency: 1,
                         conditional: ifMatch}
                      - {name: read, kind: get, from: update, operations: 2, verify: true}
                      - {name: big, kind: put, size: 11MiB, objects: 1, concurrency: 1, conditional: ifNoneMatch,
                         multipart: {threshold: 6MiB, partSize: 5MiB}}
                    """.formatted(client));
            List<Recording.Seen> creates = recording.of("PUT", "create");
            assertEquals(3, creates.size());
            creates.forEach(p -> assertEquals("*", p.headers().get("If-None-Match"), p.key()));
            // ifMatch: a key's first write is create-only, each later one names the ETag its last write got back
            List<Recording.Seen> updates = recording.of("PUT", "update");
            assertEquals(10, updates.size());
            Map<String, Integer> writes = new java.util.HashMap<>();
            for (Recording.Seen put : updates) {
                int n = writes.merge(put.key(), 1, Integer::sum);
                if (n == 1) {
                    assertEquals("*", put.headers().get("If-None-Match"), put.key());
                    assertTrue(!put.headers().containsKey("If-Match"));
                } else {
                    assertEquals(recording.etags.get(put.key()).get(n - 2), put.headers().get("If-Match"),
                            put.key() + " write " + n);
                }
            }
            CellStats update = cell(result, "update", Op.PUT);
            assertEquals(10, update.attempted());
            assertEquals(Map.of(), cell(result, "read", Op.GET).errorsByClass(),
                    "each key holds the bytes of its last write, which differ from write to write");
            // a multipart upload's condition goes on its completion, not on its start or its parts
            assertEquals("*", recording.of("CompleteMultipartUpload", "big").get(0).headers().get("If-None-Match"));
            recording.of("UploadPart", "big").forEach(p -> assertTrue(!p.headers().containsKey("If-None-Match")));
            assertEquals(1, cell(result, "big", Op.PUT).attempted());
        }
    }

    @Test
    void aConditionTheStoreRefusesIsCountedUnderItsClassAndTheWinnerIsReadBack() throws Exception {
        // the front plays a store that checks If-None-Match: the first write of a key wins, the rest are refused
        java.util.Set<String> created = ConcurrentHashMap.newKeySet();
        Recording recording = new Recording() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                super.before(request);
                boolean createOnly = request.headers().stream().anyMatch(h -> h.name()
                        .equalsIgnoreCase("If-None-Match"));
                if (createOnly && request.method().equals("PUT") && !created.add(request.key().orElseThrow())) {
                    return HttpFront.Response.error(412, "Precondition Failed", "PreconditionFailed",
                            "At least one of the pre-conditions you specified did not hold");
                }
                return null;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, """
                    stages:
                      - {name: race, kind: put, size: 16KiB, objects: 1, operations: 16, concurrency: 16,
                         sharedKeys: true, conditional: ifNoneMatch}
                      - {name: read, kind: get, from: race, operations: 3, verify: true}
                    """);
            CellStats race = cell(result, "race", Op.PUT);
            assertEquals(1, race.operations());
            assertEquals(Map.of("HTTP 412 PreconditionFailed", 15L), race.errorsByClass());
            assertEquals(Map.of(), cell(result, "read", Op.GET).errorsByClass(),
                    "the key holds the winner's bytes: the 15 losers' bodies were each their own");
            assertEquals(16, recording.of("PUT", "race").stream().mapToInt(Recording.Seen::bodyHash).distinct()
                    .count(), "16 writes, each of bytes of its own");
        }
    }

    @Test
    void objectLockHeadersGoOnEveryWriteWithTheChecksumS3Requires() throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            long before = System.currentTimeMillis();
            run(front, """
                    stages:
                      - {name: gov, kind: put, size: 1KiB, objects: 4, retention: {mode: governance, for: 1h}}
                      - {name: hold, kind: put, size: 1KiB, objects: 4, legalHold: true, checksum: crc32c}
                    """);
            List<Recording.Seen> governed = recording.of("PUT", "gov");
            assertEquals(4, governed.size());
            for (Recording.Seen put : governed) {
                assertEquals("GOVERNANCE", put.headers().get("x-amz-object-lock-mode"));
                long until = java.time.Instant.parse(put.headers().get("x-amz-object-lock-retain-until-date"))
                        .toEpochMilli();
                assertTrue(until >= before + 3_599_000 && until <= System.currentTimeMillis() + 3_600_000,
                        "an hour from the write: " + put.headers().get("x-amz-object-lock-retain-until-date"));
                assertTrue(put.headers().containsKey("Content-MD5"), "S3 takes lock headers only with a checksum");
            }
            List<Recording.Seen> held = recording.of("PUT", "hold");
            held.forEach(p -> assertEquals("ON", p.headers().get("x-amz-object-lock-legal-hold")));
            held.forEach(p -> assertTrue(p.headers().containsKey("x-amz-checksum-crc32c"), "the checksum asked"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "crt"})
    void aBatchedDeleteIsOneDeleteObjectsPerBatchItsItemsTheKeysRemoved(String client) throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, """
                    defaults: {client: %s}
                    stages:
                      - {name: put, kind: put, size: 1KiB, objects: 250, concurrency: 8}
                      - {name: delete, kind: delete, from: put, batch: 100, concurrency: 2}
                      - {name: list, kind: list, from: put}
                    """.formatted(client));
            CellStats deleted = cell(result, "delete", Op.DELETE);
            assertEquals(3, deleted.operations(), "250 keys in batches of 100");
            assertEquals(250, deleted.items());
            assertEquals(Map.of(), deleted.errorsByClass());
            assertEquals(0, recording.of("DELETE").size(), "no DeleteObject: every key went in a batch");
            assertEquals(3, recording.of("DeleteObjects").size(), "and the cleanup found nothing left to delete");
            assertEquals(0, cell(result, "list", Op.LIST).items(), "the keys are gone");
        }
    }

    @Test
    void aMixListsAndCopiesInCellsOfTheirOwn() throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, """
                    stages:
                      - {name: mix, kind: mix, size: 2KiB, objects: 40, operations: 200, concurrency: 4,
                         ops: {get: 2, list: 1, copy: 1}}
                    """);
            CellStats list = cell(result, "mix", Op.LIST);
            CellStats copy = cell(result, "mix", Op.COPY);
            CellStats get = cell(result, "mix", Op.GET);
            CellStats total = cell(result, "mix", Op.MIX);
            assertEquals(200, list.operations() + copy.operations() + get.operations());
            assertEquals(total.operations(), list.operations() + copy.operations() + get.operations());
            assertTrue(list.operations() > 20 && copy.operations() > 20, list.operations() + " " + copy.operations());
            assertEquals(list.operations(), recording.of("ListObjectsV2").stream()
                    .filter(s -> s.query().contains("mix%2F2KiB%2F")).count(), "one page a LIST (the cleanup's"
                    + " listings are of the run's prefix)");
            assertTrue(list.items() >= 40 * list.operations(), "each LIST sees at least the working set");
            assertEquals(copy.operations(), recording.of("CopyObject").size());
            assertEquals(copy.operations() * 2048, copy.bytes(), "a copy's bytes are its source's");
            assertEquals(Map.of(), total.errorsByClass());
            assertTrue(recording.of("CopyObject").stream().allMatch(c -> c.key().endsWith(MixRunner.COPY_SUFFIX)));
        }
    }

    @Test
    void measuredPartsHaveACellOfTheirOwnThatAddsUpWithTheUploads() throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, """
                    stages:
                      - {name: parts, kind: put, size: 12MiB, objects: 3, concurrency: 1,
                         multipart: {threshold: 6MiB, partSize: 5MiB, parallel: 3, measureParts: true}}
                      - {name: whole, kind: put, size: 12MiB, objects: 1, concurrency: 1,
                         multipart: {threshold: 6MiB, partSize: 5MiB}}
                    """);
            CellStats uploads = cell(result, "parts", Op.PUT);
            CellStats parts = cell(result, "parts", Op.UPLOAD_PART);
            assertEquals(3, uploads.operations());
            assertEquals(9, parts.operations(), "12 MiB in parts of 5 MiB is 3 parts an upload");
            assertEquals(uploads.bytes(), parts.bytes());
            assertEquals(9, recording.of("UploadPart", "parts").size());
            assertEquals("5 MiB", parts.key().size().toString());
            assertTrue(result.stages().get(1).cells().stream().noneMatch(c -> c.key().op() == Op.UPLOAD_PART),
                    "parts are measured only when asked");
        }
    }
}

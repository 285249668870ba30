package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.s3.data.Payload;
import io.s3workload.server.nul.NullS3Server;
import io.s3workload.server.nul.NullS3Settings;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a stage's writes store with each object ({@code metadata}, {@code objectTags}, {@code storageClass},
 * {@code sse}, {@code checksum}), as the server receives it from each client: requests recorded by a front before
 * the in-process server (the null server for tags, which S3Proxy refuses with 501), checksums recomputed here from
 * the payload.
 */
class ObjectSettingsTest {

    private static final long SEED = 42;
    private static TestS3 s3;
    private static NullS3Server nul;

    @BeforeAll
    static void start() throws Exception {
        s3 = new TestS3();
        s3.createBucket("settings");
        nul = NullS3Server.start(0, new NullS3Settings(3000, 2500));
    }

    @AfterAll
    static void stop() {
        s3.close();
        nul.close();
    }

    /** Every request that reached the server. */
    private static final class Recording implements HttpFront.Interceptor {
        final List<HttpFront.Request> requests = new CopyOnWriteArrayList<>();

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            requests.add(request);
            return null;
        }

        List<HttpFront.Request> matching(String method, String pathPart) {
            return requests.stream().filter(r -> r.method().equals(method) && r.path().contains(pathPart)).toList();
        }
    }

    private static String header(HttpFront.Request r, String name) {
        return r.headers().stream().filter(h -> h.name().equalsIgnoreCase(name)).map(HttpFront.Header::value)
                .findFirst().orElse(null);
    }

    private static RunResult run(HttpFront front, String client, String stages, String accessKey, String secretKey)
            throws Exception {
        String yaml = """
                endpoints: {s3: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}}
                bucket: settings
                seed: %d
                defaults: {client: %s, concurrency: 2}
                """.formatted(front.endpoint(), accessKey, secretKey, SEED, client) + stages;
        return new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("settings.yaml", yaml)), List.of()).run();
    }

    private static void assertNoErrors(RunResult result) {
        for (var stage : result.stages()) {
            for (CellStats cell : stage.cells()) {
                assertEquals(Map.of(), cell.errorsByClass(), stage.stage().name() + " " + cell.key());
                assertTrue(cell.operations() > 0, stage.stage().name());
            }
        }
    }

    private static byte[] bytes(String key, long size) {
        Payload.Body body = new Payload(SEED).body(key, SizeSpec.of(DataSize.ofBytes(size)));
        byte[] b = new byte[(int) body.length()];
        body.fill(0, b, 0, b.length);
        return b;
    }

    private static String crc32c(byte[] b) {
        CRC32C crc = new CRC32C();
        crc.update(b);
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static String sha256(byte[] b, int from, int to) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        d.update(b, from, to - from);
        return Base64.getEncoder().encodeToString(d.digest());
    }

    private static String key(HttpFront.Request r) {
        return r.key().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "sync", "crt"})
    void metadataStorageClassEncryptionAndChecksumsReachTheServer(String client) throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, client, """
                    stages:
                      - name: p
                        kind: put
                        sizes: [1KiB]
                        objects: 3
                        metadata: {owner: bench, note: {random: 64B}}
                        storageClass: STANDARD_IA
                        sse: {type: kms, kmsKeyId: alias/bench}
                        checksum: crc32c
                      - {name: g, kind: get, from: p, verify: true}
                      - {name: mp, kind: put, sizes: [11MiB], objects: 1, checksum: sha256,
                         multipart: {threshold: 5MiB, partSize: 5MiB, parallel: 2}}
                    """, s3.server().accessKey(), s3.server().secretKey());
            assertNoErrors(result);
            List<HttpFront.Request> puts = recording.matching("PUT", "/p/");
            assertEquals(3, puts.size());
            for (HttpFront.Request put : puts) {
                assertEquals("bench", header(put, "x-amz-meta-owner"));
                assertEquals(64, header(put, "x-amz-meta-note").length());
                assertEquals("STANDARD_IA", header(put, "x-amz-storage-class"));
                assertEquals("aws:kms", header(put, "x-amz-server-side-encryption"));
                assertEquals("alias/bench", header(put, "x-amz-server-side-encryption-aws-kms-key-id"));
                String objectKey = key(put);
                assertEquals(crc32c(bytes(objectKey, 1024)), header(put, "x-amz-checksum-crc32c"), objectKey);
                assertTrue(header(put, "Authorization").contains("x-amz-meta-owner"), "signed");
            }
            assertFalse(header(puts.get(0), "x-amz-meta-note").equals(header(puts.get(1), "x-amz-meta-note")),
                    "a random value per object");

            HttpFront.Request create = recording.matching("POST", "/mp/").stream()
                    .filter(r -> r.query().contains("uploads")).findFirst().orElseThrow();
            assertEquals("SHA256", header(create, "x-amz-checksum-algorithm"));
            List<HttpFront.Request> parts = recording.matching("PUT", "/mp/");
            assertEquals(3, parts.size(), "11 MiB in 5 MiB parts");
            byte[] whole = bytes(key(parts.get(0)), 11L * 1024 * 1024);
            for (HttpFront.Request part : parts) {
                int number = Integer.parseInt(part.query().replaceAll(".*partNumber=(\\d+).*", "$1"));
                int from = (number - 1) * 5 * 1024 * 1024;
                int to = Math.min(whole.length, from + 5 * 1024 * 1024);
                assertEquals(sha256(whole, from, to), header(part, "x-amz-checksum-sha256"), "part " + number);
            }
            HttpFront.Request complete = recording.matching("POST", "/mp/").stream()
                    .filter(r -> r.query().contains("uploadId")).findFirst().orElseThrow();
            String xml = new String(complete.body(), StandardCharsets.UTF_8);
            assertEquals(3, xml.split("<ChecksumSHA256>", -1).length - 1, xml);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "sync", "crt"})
    void sseCSendsTheRunsKeyWithEveryRequestForTheObjectsAndNeverElsewhere(String client) throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(s3.endpoint(), recording)) {
            RunResult result = run(front, client, """
                    stages:
                      - {name: c, kind: put, sizes: [1KiB], objects: 2, sse: c}
                      - {name: cg, kind: get, from: c, verify: true}
                      - {name: ch, kind: head, from: c}
                      - {name: cc, kind: copy, from: c}
                      - {name: plain, kind: put, sizes: [1KiB], objects: 2}
                    """, s3.server().accessKey(), s3.server().secretKey());
            assertNoErrors(result);
            String prefix = "x-amz-server-side-encryption-customer-";
            List<HttpFront.Request> forObjects = recording.requests.stream()
                    .filter(r -> r.path().contains("/c/") || r.path().contains("/cc/")).toList();
            // copies are the SDK's with every client: one request each (the CRT used to HEAD each source first)
            assertEquals(2 + 2 + 2 + 2, forObjects.size(), "PUT, GET, HEAD, copy of 2 objects");
            String key = header(forObjects.get(0), prefix + "key");
            assertEquals(44, key.length(), "a base64 AES-256 key");
            for (HttpFront.Request r : forObjects) {
                assertEquals("AES256", header(r, prefix + "algorithm"), r.method() + " " + r.path());
                assertEquals(key, header(r, prefix + "key"), "one key for the run");
                assertTrue(header(r, prefix + "key-md5") != null);
            }
            for (HttpFront.Request copy : recording.matching("PUT", "/cc/")) {
                assertEquals(key, header(copy, "x-amz-copy-source-" + "server-side-encryption-customer-key"));
            }
            assertTrue(recording.matching("PUT", "/plain/").stream().allMatch(r -> header(r, prefix + "key") == null),
                    "a stage without sse: c sends no key");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "sync", "crt"})
    void objectTagsGoAsOneUrlEncodedHeader(String client) throws Exception {
        Recording recording = new Recording();
        try (HttpFront front = HttpFront.start(nul.endpoint(), recording)) {
            RunResult result = run(front, client, """
                    keep: true
                    stages:
                      - {name: t, kind: put, sizes: [1KiB], objects: 2, objectTags: {project: bench, team: "a b&c"}}
                    """, "a", "b");
            assertNoErrors(result);
            List<HttpFront.Request> puts = recording.matching("PUT", "/t/");
            assertEquals(2, puts.size());
            puts.forEach(p -> assertEquals("project=bench&team=a%20b%26c", header(p, "x-amz-tagging")));
        }
    }

    /**
     * {@code validateChecksum}: a front sends each GET's CRC32 as a server that stored one would, and flips a byte
     * of one object's body on the way, which must count as a checksum mismatch (and only that one).
     */
    @ParameterizedTest
    @ValueSource(strings = {"http", "sync"})
    void aBodyThatDoesNotMatchTheServersChecksumIsAnError(String client) throws Exception {
        HttpFront.Interceptor checksums = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
                if (!request.method().equals("GET") || !request.path().contains("/v/") || upstream.status() != 200) {
                    return upstream;
                }
                java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                crc.update(upstream.body());
                String value = Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue())
                        .array());
                HttpFront.Response withChecksum = upstream.withHeader("x-amz-checksum-crc32", value);
                if (request.path().endsWith("/v/1KiB/0")) {
                    byte[] body = upstream.body().clone();
                    body[10] ^= 1;
                    return withChecksum.withBody(body);
                }
                return withChecksum;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), checksums)) {
            RunResult result = run(front, client, """
                    stages:
                      - {name: v, kind: put, sizes: [1KiB], objects: 4}
                      - {name: g, kind: get, from: v, validateChecksum: true}
                      - {name: plain, kind: get, from: v}
                    """, s3.server().accessKey(), s3.server().secretKey());
            CellStats g = result.stages().get(1).cells().get(0);
            assertEquals(Map.of(io.s3workload.s3.ErrorClassifier.CHECKSUM_MISMATCH, 1L), g.errorsByClass());
            assertEquals(3, g.operations());
            CellStats plain = result.stages().get(2).cells().get(0);
            assertEquals(Map.of(), plain.errorsByClass(), "not asked: not checked");
        }
    }
}

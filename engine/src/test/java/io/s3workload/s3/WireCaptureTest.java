package io.s3workload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What each client puts on the wire, captured by a logging front before the in-process server, so that the
 * documentation (docs/workload-reference.md, "What goes on the wire") states what is sent, not what was meant.
 */
class WireCaptureTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("wire");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** The headers (lower-case names) of the first request of each kind: PUT object, GET object, DeleteObjects. */
    private static Map<String, Map<String, String>> capture(String client, String checksums) throws Exception {
        Map<String, Map<String, String>> first = new ConcurrentHashMap<>();
        HttpFront.Interceptor log = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                String kind = request.method().equals("POST") && request.query().startsWith("delete") ? "DeleteObjects"
                        : request.key().isPresent() && request.query().isEmpty() ? request.method() : null;
                if (kind != null) {
                    Map<String, String> headers = new java.util.TreeMap<>();
                    request.headers().forEach(h -> headers.put(h.name().toLowerCase(Locale.ROOT), h.value()));
                    first.putIfAbsent(kind, headers);
                }
                return null;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), log)) {
            RunResult result = new Engine(s3.plan("""
                    bucket: wire
                    defaults: {client: %s, checksums: %s}
                    stages:
                      - {name: put, kind: put, size: 2MiB, objects: 3, concurrency: 1}
                      - {name: get, kind: get, from: put, concurrency: 1}
                    """.formatted(client, checksums), s3.server().accessKey(), s3.server().secretKey(),
                    front.endpoint().toString()), List.of()).run();
            assertEquals(0, result.exitCode());
        }
        return first;
    }

    @ParameterizedTest
    @CsvSource({"http,when-required", "sync,when-required", "crt,when-required", "http,always", "sync,always",
        "crt,always"})
    void whatEachClientSends(String client, String checksums) throws Exception {
        Map<String, Map<String, String>> wire = capture(client, checksums);
        Map<String, String> put = wire.get("PUT");
        Map<String, String> delete = wire.get("DeleteObjects");
        Map<String, String> get = wire.get("GET");
        boolean crt = client.equals("crt");
        boolean always = checksums.equals("always");
        // PUT of 2 MiB: only the CRT asks to continue, and only the CRT streams aws-chunked with a trailing checksum
        assertEquals(crt ? Optional.of("100-continue") : Optional.empty(), header(put, "expect"));
        assertEquals(crt && always ? Optional.of("aws-chunked") : Optional.empty(), header(put, "content-encoding"));
        assertEquals(crt && always ? "STREAMING-UNSIGNED-PAYLOAD-TRAILER" : "UNSIGNED-PAYLOAD",
                put.get("x-amz-content-sha256"));
        assertEquals(!crt && always ? Optional.of(true) : Optional.empty(),
                header(put, "x-amz-checksum-crc32").map(v -> !v.isEmpty()), "a CRC32 header only with always");
        // GET: only the CRT asks for the response's checksum (always), and it reads in ranges of its own
        assertEquals(crt && always ? Optional.of("enabled") : Optional.empty(),
                header(get, "x-amz-checksum-mode").map(v -> v.toLowerCase(Locale.ROOT)));
        assertEquals(crt, get.containsKey("range"));
        // DeleteObjects: Content-MD5 from the SDK's sync client, which every client's cleanup goes through
        assertTrue(delete.containsKey("content-md5"));
        assertTrue(delete.containsKey("x-amz-checksum-crc32"));
    }

    private static Optional<String> header(Map<String, String> headers, String name) {
        return Optional.ofNullable(headers.get(name));
    }
}

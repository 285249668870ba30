package io.s3workload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What the client puts on the wire for a PUT: the measuring-friendly settings StoreFactory promises. */
@Tag(QuickTier.TAG)
class WireFormatTest {

    private HttpServer server;
    private final Map<String, Headers> seen = new ConcurrentHashMap<>();
    private final java.util.List<String> requests = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            seen.put(exchange.getRequestMethod(), exchange.getRequestHeaders());
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()
                    + (exchange.getRequestURI().getQuery() == null ? "" : "?" + exchange.getRequestURI().getQuery()));
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("ETag", "\"e\"");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @ParameterizedTest
    @EnumSource(value = ClientSpec.Kind.class, names = {"HTTP", "SYNC"})
    void putsAreUnsignedSingleAttemptWithoutChecksumsOrExpectContinueEvenOverHttp(ClientSpec.Kind kind) {
        EndpointSpec endpoint = new EndpointSpec("wire", URI.create("http://127.0.0.1:" + server.getAddress()
                .getPort()), "us-east-1", true, new CredentialsSpec.Static("ak", "sk", null));
        ClientSettings client = ClientSettings.DEFAULT.with(kind);
        try (ObjectStore store = StoreFactory.create(endpoint, "bucket", 4, client)) {
            store.put("k", new Payload(1).body("k", 100_000));
        }
        Headers put = seen.get("PUT");
        assertEquals("UNSIGNED-PAYLOAD", put.getFirst("x-amz-content-sha256"));
        assertTrue(put.getFirst("Authorization").startsWith("AWS4-HMAC-SHA256 "));
        assertEquals("100000", put.getFirst("Content-Length"));
        if (kind == ClientSpec.Kind.SYNC) {
            assertTrue(put.getFirst("amz-sdk-request").endsWith("max=1"), "no retries: "
                    + put.getFirst("amz-sdk-request"));
        }
        assertFalse(put.containsKey("Expect"), "no 100-continue round trip");
        assertFalse(put.containsKey("x-amz-trailer") || put.containsKey("Content-Encoding"), "no chunked trailers");
        assertTrue(put.keySet().stream().noneMatch(h -> h.toLowerCase().startsWith("x-amz-checksum")), "no checksums");
    }

    @Test
    void compatGcsDropsFlexibleChecksumsAndDeletesKeyByKey() {
        EndpointSpec endpoint = new EndpointSpec("gcs", URI.create("http://127.0.0.1:" + server.getAddress()
                .getPort()), "auto", true, new CredentialsSpec.Static("ak", "sk", null), EndpointSpec.Compat.GCS);
        var always = ClientSettings.DEFAULT.with(ClientSpec.Kind.SYNC).with(ClientSpec.Checksums.ALWAYS);
        try (ObjectStore store = StoreFactory.create(endpoint, "bucket", 4, always)) {
            store.put("k", new Payload(1).body("k", 1000));
            DeleteOutcome outcome = store.bucketWide().deleteKeys(java.util.List.of("a", "b"));
            assertEquals(2, outcome.deleted());
        }
        Headers put = seen.get("PUT");
        assertTrue(put.keySet().stream().noneMatch(h -> h.toLowerCase().startsWith("x-amz-checksum")
                || h.equalsIgnoreCase("x-amz-sdk-checksum-algorithm") || h.equalsIgnoreCase("x-amz-trailer")),
                "checksums: always is overridden for GCS: " + put.keySet());
        assertEquals("UNSIGNED-PAYLOAD", put.getFirst("x-amz-content-sha256"));
        assertEquals(java.util.List.of("PUT /bucket/k", "DELETE /bucket/a", "DELETE /bucket/b"),
                requests.stream().map(r -> r.replaceFirst("\\?x-id=\\w+$", "")).toList(),
                "no DeleteObjects (POST ?delete), which GCS does not have");
    }
}

package io.s3workload.s3.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.bucket.BucketStore;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.testing.Await;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lean client ({@code client: http}) against a real S3 server (S3Proxy, which checks every signature) and against
 * a raw socket server that answers with exact bytes: framing, keep-alive, truncation, interruption.
 */
class HttpDataPathTest {

    private static final ClientSettings HTTP = ClientSettings.DEFAULT.with(ClientSpec.Kind.HTTP);
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("lean");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static ObjectStore store(URI url, String accessKey, String secretKey) {
        EndpointSpec endpoint = new EndpointSpec("lean", url, "us-east-1", true,
                new CredentialsSpec.Static(accessKey, secretKey, null));
        ObjectStore store = StoreFactory.create(endpoint, "lean", 4, HTTP);
        assertTrue(((BucketStore) store).dataPath() instanceof HttpDataPath, "client: http takes the lean path");
        return store;
    }

    private static ObjectStore s3Store() {
        return store(s3.endpoint(), s3.server().accessKey(), s3.server().secretKey());
    }

    @Test
    void roundTripsObjectsWhoseKeysNeedEncodingWithSignaturesTheServerAccepts() {
        Payload payload = new Payload(7);
        List<String> keys = List.of("plain/1MiB/0", "with space/and+plus=eq", "ünïcödé/ключ/鍵", "pct%41/x~y_z.-",
                "semi;colon,comma(paren)'q'!*@$&");
        try (ObjectStore store = s3Store()) {
            for (String key : keys) {
                Payload.Body body = payload.body(key, 100_000 + key.length());
                String etag = store.put(key, body, ObjectWrite.metadata(Map.of("s3workload-seed", "7")));
                assertTrue(etag != null && etag.startsWith("\""), "ETag of " + key + ": " + etag);

                byte[] buffer = new byte[16 * 1024];
                ReadTiming timing = new ReadTiming();
                timing.expect(body);
                store.get(key, buffer, timing);
                assertEquals(body.length(), timing.bytes(), key);
                assertEquals(-1, timing.mismatchAt(), "every byte as written: " + key);
                assertEquals(etag, timing.etag());
                assertTrue(timing.firstByteNanos() > 0);

                ReadTiming range = new ReadTiming();
                range.expect(body.slice(1000, 5000));
                store.getRange(key, 1000, 5000, buffer, range);
                assertEquals(5000, range.bytes());
                assertEquals(-1, range.mismatchAt(), "the range's bytes: " + key);

                ObjectStore.ObjectInfo info = store.head(key).orElseThrow();
                assertEquals(body.length(), info.size());
                assertEquals(etag, info.etag());
                assertEquals("7", info.metadata().get("s3workload-seed"), "metadata: " + info.metadata());

                store.delete(key);
                assertEquals(Optional.empty(), store.head(key), "gone after DELETE: " + key);
            }
        }
    }

    @Test
    void multipartPartsGoOverTheLeanPathAndTheSdkCompletesTheUpload() {
        Payload payload = new Payload(3);
        Payload.Body whole = payload.body("mp/obj", 11L * 1024 * 1024);
        try (ObjectStore store = s3Store()) {
            String upload = store.multipart().createMultipart("mp/obj", ObjectWrite.NONE);
            String e1 = store.multipart().uploadPart("mp/obj", upload, 1, whole.slice(0, 6L * 1024 * 1024));
            String e2 = store.multipart().uploadPart("mp/obj", upload, 2, whole.slice(6L * 1024 * 1024, 5L * 1024 * 1024));
            store.multipart().completeMultipart("mp/obj", upload, List.of(new ObjectStore.Part(e1, Map.of()),
                    new ObjectStore.Part(e2, Map.of())));
            ReadTiming timing = new ReadTiming();
            timing.expect(whole);
            store.get("mp/obj", new byte[1 << 20], timing);
            assertEquals(whole.length(), timing.bytes());
            assertEquals(-1, timing.mismatchAt());
            store.delete("mp/obj");
        }
    }

    @Test
    void serverErrorsAreClassifiedAsTheSdkClientClassifiesThem() {
        try (ObjectStore store = s3Store()) {
            StoreException missing = assertThrows(StoreException.class,
                    () -> store.get("no/such/key", new byte[1024], new ReadTiming()));
            assertEquals("HTTP 404 NoSuchKey", missing.errorClass());
            assertEquals(StoreException.Kind.NOT_FOUND, missing.kind());
            assertEquals("no/such/key", missing.key());
            assertEquals(Optional.empty(), store.head("no/such/key"));
        }
        try (ObjectStore wrong = store(s3.endpoint(), s3.server().accessKey(), "not-the-secret")) {
            StoreException denied = assertThrows(StoreException.class,
                    () -> wrong.put("k", new Payload(1).body("k", 10)));
            assertEquals(StoreException.Kind.AUTH, denied.kind(), denied.getMessage());
            assertTrue(denied.errorClass().startsWith("HTTP 403"), denied.errorClass());
        }
    }

    @Test
    void keepsOneConnectionAliveAcrossRequestsAndReadsChunkedBodies() throws Exception {
        byte[] body = "0123456789".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        try (RawServer server = new RawServer(request -> chunked(body))) {
            try (ObjectStore store = store(server.url(), "ak", "sk")) {
                for (int i = 0; i < 20; i++) {
                    byte[] buffer = new byte[4096];
                    ReadTiming timing = new ReadTiming();
                    store.get("k" + i, buffer, timing);
                    assertEquals(body.length, timing.bytes());
                }
            }
            assertEquals(1, server.connections.get(), "one keep-alive connection for 20 GETs");
            assertEquals(20, server.requests.size());
            assertTrue(server.requests.get(0).startsWith("GET /lean/k0 HTTP/1.1"), server.requests.get(0));
        }
    }

    @Test
    void aBodyCutShortIsATruncatedBodyAndItsConnectionIsNotReused() throws Exception {
        try (RawServer server = new RawServer(request -> request.contains("/short")
                ? "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".getBytes(StandardCharsets.US_ASCII)
                : "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc".getBytes(StandardCharsets.US_ASCII), true)) {
            try (ObjectStore store = store(server.url(), "ak", "sk")) {
                StoreException cut = assertThrows(StoreException.class,
                        () -> store.get("short", new byte[4096], new ReadTiming()));
                assertEquals(ErrorClassifier.TRUNCATED, cut.errorClass());
                assertTrue(cut.retryable());
                ReadTiming timing = new ReadTiming();
                store.get("fine", new byte[4096], timing);
                assertEquals(3, timing.bytes());
            }
            assertEquals(2, server.connections.get(), "a new connection after the broken one");
        }
    }

    @Test
    void anErrorWithABodyLeavesTheConnectionReusableAndNamesTheCode() throws Exception {
        byte[] error = ("<?xml version=\"1.0\"?><Error><Code>SlowDown</Code><Message>Reduce your rate</Message>"
                + "</Error>").getBytes(StandardCharsets.US_ASCII);
        try (RawServer server = new RawServer(request -> concat(("HTTP/1.1 503 Slow Down\r\nContent-Length: "
                + error.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), error))) {
            try (ObjectStore store = store(server.url(), "ak", "sk")) {
                for (int i = 0; i < 3; i++) {
                    StoreException e = assertThrows(StoreException.class,
                            () -> store.put("k", new Payload(1).body("k", 200_000)));
                    assertEquals("HTTP 503 SlowDown", e.errorClass());
                    assertEquals(StoreException.Kind.THROTTLED, e.kind());
                    assertTrue(e.getMessage().contains("Reduce your rate"), e.getMessage());
                }
            }
            assertEquals(1, server.connections.get());
        }
    }

    @Test
    void anInterruptEndsAReadBlockedOnAPlatformThread() throws Exception {
        try (RawServer server = new RawServer(request -> null)) { // never answers
            try (ObjectStore store = store(server.url(), "ak", "sk")) {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread reader = Thread.ofPlatform().start(() -> {
                    try {
                        store.get("stalled", new byte[1024], new ReadTiming());
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                });
                // interrupted once it waits in the channel's read for the answer that never comes (an interrupt
                // that came sooner would end it too: the channel checks for one as the read begins)
                Await.until("the reader blocked in its read", () -> !server.requests.isEmpty() && java.util.Arrays
                        .stream(reader.getStackTrace()).anyMatch(f -> f.getClassName().startsWith("sun.nio.ch")
                                && f.getMethodName().startsWith("read")));
                reader.interrupt();
                reader.join(60_000);
                assertTrue(!reader.isAlive(), "the interrupt ended the blocked read");
                assertTrue(failure.get() instanceof StoreException, String.valueOf(failure.get()));
            }
        }
    }

    private static byte[] chunked(byte[] body) {
        StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nETag: \"x\"\r\n\r\n");
        byte[] out = head.toString().getBytes(StandardCharsets.US_ASCII);
        for (int from = 0; from < body.length; from += 3000) {
            int n = Math.min(3000, body.length - from);
            out = concat(out, (Integer.toHexString(n) + ";ext=1\r\n").getBytes(StandardCharsets.US_ASCII));
            out = concat(out, java.util.Arrays.copyOfRange(body, from, from + n));
            out = concat(out, "\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return concat(out, "0\r\nX-Trailer: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * An HTTP/1.1 server on a raw socket: reads each request (head and Content-Length body) and writes the exact
     * bytes {@code respond} gives (null: never answer); with {@code closeAfter}, closes after each response.
     */
    private static final class RawServer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final AtomicInteger connections = new AtomicInteger();
        final List<String> requests = new CopyOnWriteArrayList<>();
        final List<Socket> open = new CopyOnWriteArrayList<>();
        final Function<String, byte[]> respond;
        final boolean closeAfter;

        RawServer(Function<String, byte[]> respond) throws IOException {
            this(respond, false);
        }

        RawServer(Function<String, byte[]> respond, boolean closeAfter) throws IOException {
            this.respond = respond;
            this.closeAfter = closeAfter;
            Thread.ofVirtual().start(this::accept);
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = socket.accept();
                    connections.incrementAndGet();
                    open.add(s);
                    Thread.ofVirtual().start(() -> serve(s));
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                while (true) {
                    String head = readHead(in);
                    if (head == null) {
                        return;
                    }
                    requests.add(head);
                    for (String line : head.split("\r\n")) {
                        if (line.toLowerCase().startsWith("content-length:")) {
                            in.readNBytes(Integer.parseInt(line.substring(15).trim()));
                        }
                    }
                    byte[] answer = respond.apply(head);
                    if (answer == null) {
                        Thread.sleep(60_000);
                        return;
                    }
                    out.write(answer);
                    out.flush();
                    if (closeAfter) {
                        return;
                    }
                }
            } catch (IOException | InterruptedException e) {
                // the client went away
            }
        }

        private static String readHead(InputStream in) throws IOException {
            StringBuilder b = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0) {
                b.append((char) c);
                if (b.length() >= 4 && b.substring(b.length() - 4).equals("\r\n\r\n")) {
                    return b.toString();
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : open) {
                s.close();
            }
        }
    }
}

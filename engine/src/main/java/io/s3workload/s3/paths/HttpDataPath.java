package io.s3workload.s3.paths;

import io.s3workload.s3.DataPath;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore.ObjectInfo;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.bucket.S3Requests;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.s3.http.Http1Connection;
import io.s3workload.s3.http.Http1Pool;
import io.s3workload.s3.http.ResponseHead;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * The lean client's {@link DataPath}: GET, ranged GET, HEAD, PUT, UploadPart and DELETE as plain HTTP/1.1 on the
 * JDK's sockets ({@link Http1Pool}), signed with SigV4 ({@link RequestSigner}), bodies streamed from
 * the payload block and read straight into the worker's buffer. The rest is the SDK's ({@link ObjectStore}).
 */
public final class HttpDataPath implements DataPath {

    /** Error bodies are read up to this size for their code and message; a larger one closes the connection. */
    private static final int ERROR_BODY_BYTES = 64 * 1024;
    /** How much of an error body is kept for its code and message (S3's are well under 1 KiB). */
    private static final int ERROR_TEXT_BYTES = 4 * 1024;
    private static final String CONTENT_TYPE = "application/octet-stream";
    private static final String USER_AGENT = "s3workload";
    /** Asks for the object's checksum in the response. */
    private static final Map<String, String> CHECKSUM_MODE = Map.of("x-amz-checksum-mode", "ENABLED");
    /** Where bodies nobody reads go; shared, since its content is never looked at. */
    private static final byte[] DISCARDED = new byte[8192];

    private final Http1Pool pool;
    private final RequestSigner signer;
    private final String endpointName;
    /** What every object path starts with: the endpoint's base path, and the bucket when path-style. */
    private final String pathPrefix;
    /** Added to every request (a view's, such as SSE-C's; none by default). */
    private final RequestHeaders added;
    /** Whether closing this path closes the pool (not for a view that shares it). */
    private final boolean owner;

    HttpDataPath(Http1Pool pool, RequestSigner signer, String endpointName, String pathPrefix) {
        this(pool, signer, endpointName, pathPrefix, RequestHeaders.NONE, true);
    }

    private HttpDataPath(Http1Pool pool, RequestSigner signer, String endpointName, String pathPrefix,
                         RequestHeaders added, boolean owner) {
        this.pool = pool;
        this.signer = signer;
        this.endpointName = endpointName;
        this.pathPrefix = pathPrefix;
        this.added = added;
        this.owner = owner;
    }

    @Override
    public DataPath withHeaders(RequestHeaders added, boolean owning) {
        return new HttpDataPath(pool, signer, endpointName, pathPrefix, added, owning && owner);
    }

    /** {@code headers} and those this path adds to every request, to be signed and sent. */
    private Map<String, String> amz(Map<String, String> headers) {
        return added.onto(headers);
    }

    /** The host to connect to and sign for: the endpoint's, or {@code bucket.host} for virtual-host addressing. */
    static String host(URI endpoint, String bucket, boolean pathStyle) {
        return pathStyle ? endpoint.getHost() : bucket + "." + endpoint.getHost();
    }

    /** The path prefix of every object: the endpoint's own path, then {@code /bucket} when path-style. */
    static String pathPrefix(URI endpoint, String bucket, boolean pathStyle) {
        String base = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return pathStyle ? base + "/" + UriEncoding.path(bucket) : base;
    }

    @Override
    public String endpointName() {
        return endpointName;
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return upload(key, body, write.putHeaders(body), Map.of());
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return upload(key, body, checksum, Map.of("partNumber", Integer.toString(partNumber), "uploadId", uploadId));
    }

    private String upload(String key, Payload.Body body, Map<String, String> headers, Map<String, String> query) {
        Exchange x = begin(key);
        try {
            x.send(SdkHttpMethod.PUT, query, amz(headers), null, body);
            ResponseHead r = x.head(true);
            String etag = r.etag();
            x.drain();
            return etag;
        } catch (IOException e) {
            throw x.failed(e);
        } finally {
            x.end();
        }
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        read(key, null, buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        read(key, S3Requests.range(start, length), buffer, timing);
    }

    private void read(String key, String range, byte[] buffer, ReadTiming timing) {
        timing.start();
        Exchange x = begin(key);
        try {
            Http1Connection c = x.connection;
            x.send(SdkHttpMethod.GET, Map.of(), amz(timing.validateChecksum && range == null ? CHECKSUM_MODE : Map.of()),
                    range, null);
            ResponseHead r = x.head(true);
            timing.etag = r.etag();
            if (range == null) {
                timing.checksumSent(r.checksumAlgorithm(), r.checksum());
            }
            int n = c.readBody(buffer, 0, buffer.length);
            timing.firstByteNanos = System.nanoTime();
            if (n >= 0) {
                timing.read(buffer, n);
            }
            if (timing.looksAtBytes()) {
                while ((n = c.readBody(buffer, 0, buffer.length)) >= 0) {
                    timing.read(buffer, n);
                }
            } else {
                // nothing verifies or checksums these bytes: they are counted, not copied into the heap
                while ((n = c.skipBody(Integer.MAX_VALUE)) >= 0) {
                    timing.skipped(n);
                }
            }
            timing.end();
        } catch (IOException e) {
            throw x.failed(e);
        } finally {
            x.end();
        }
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        Exchange x = begin(key);
        try {
            x.send(SdkHttpMethod.HEAD, Map.of(), amz(Map.of()), null, null);
            ResponseHead r = x.readHead(false);
            if (r.status() == 404) {
                return Optional.empty();
            }
            x.check(r);
            return Optional.of(new ObjectInfo(r.contentLength(), r.etag(), r.metadata()));
        } catch (IOException e) {
            throw x.failed(e);
        } finally {
            x.end();
        }
    }

    @Override
    public void delete(String key) {
        Exchange x = begin(key);
        try {
            x.send(SdkHttpMethod.DELETE, Map.of(), Map.of(), null, null);
            x.head(true);
            x.drain();
        } catch (IOException e) {
            throw x.failed(e);
        } finally {
            x.end();
        }
    }

    private Exchange begin(String key) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, key);
        try {
            return new Exchange(pool.acquire(false), key, trace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorClassifier.classify(new InterruptedIOException("interrupted while waiting for a connection"),
                    endpointName).withKey(key);
        } catch (IOException e) {
            throw ErrorClassifier.classify(e, endpointName).withKey(key);
        }
    }

    private String objectPath(String key) {
        return pathPrefix + "/" + UriEncoding.path(key);
    }

    /** The request target: {@code path} and the encoded query. */
    private static String target(String path, Map<String, String> query) {
        if (query.isEmpty()) {
            return path;
        }
        StringBuilder b = new StringBuilder(path).append('?');
        query.forEach((name, value) -> b.append(b.charAt(b.length() - 1) == '?' ? "" : "&")
                .append(UriEncoding.component(name)).append('=').append(UriEncoding.component(value)));
        return b.toString();
    }

    /**
     * One request on one pooled connection: gives the connection back — kept only when its response was read to
     * the end without a transport failure — and turns failures into classified {@link StoreException}s naming the
     * key.
     */
    private final class Exchange {
        final Http1Connection connection;
        final String key;
        private final RequestTrace trace;
        private boolean broken;

        Exchange(Http1Connection connection, String key, RequestTrace trace) {
            this.connection = connection;
            this.key = key;
            this.trace = trace;
            trace.host(connection.remote());
        }

        /** Reads the response head, noting its status and the server's ids in the thread's trace. */
        ResponseHead readHead(boolean expectBody) throws IOException {
            ResponseHead r = connection.readHead(expectBody);
            trace.answered(r.status());
            trace.requestIdBytes(r.requestIdBytes(), 0, r.requestIdLength());
            trace.id2Bytes(r.id2Bytes(), 0, r.id2Length());
            trace.object(r.etag(), r.versionId(), r.checksumAlgorithm(), r.checksum());
            return r;
        }

        /**
         * Sends the signed request for the key: {@code query} raw, {@code amz} headers signed, a {@code Range}
         * (null: none) and a {@code body} (null: none) with its type and length.
         */
        void send(SdkHttpMethod method, Map<String, String> query, Map<String, String> amz, String range,
                  Payload.Body body) throws IOException {
            String path = objectPath(key);
            connection.begin(method.name(), target(path, query));
            connection.header("User-Agent", USER_AGENT);
            signer.signInto(connection::header, method, path, query, amz);
            if (range != null) {
                trace.range(range);
                connection.header("Range", range);
            }
            if (body != null) {
                connection.header("Content-Type", CONTENT_TYPE);
                connection.header("Content-Length", body.length());
            }
            connection.send(body);
            if (body != null) {
                trace.bodySent();
            }
        }

        /** Reads the response head, throwing the server's error for a status other than 2xx. */
        ResponseHead head(boolean expectBody) throws IOException {
            ResponseHead r = readHead(expectBody);
            check(r);
            return r;
        }

        /** Throws the server's error (code and message from its XML body) unless the status is 2xx. */
        void check(ResponseHead r) throws IOException {
            if (r.status() / 100 == 2) {
                return;
            }
            byte[] body = new byte[ERROR_TEXT_BYTES];
            int length = 0;
            int n;
            while (length < body.length && (n = connection.readBody(body, length, body.length - length)) > 0) {
                length += n;
            }
            connection.discardBody(DISCARDED, ERROR_BODY_BYTES); // the rest, if any, so the connection can be kept
            String xml = new String(body, 0, length, StandardCharsets.UTF_8);
            throw ErrorClassifier.httpError(r.status(), element(xml, "Code"), element(xml, "Message"), endpointName)
                    .withKey(key);
        }

        /** Reads what is left of a body nobody needs (a PUT's or DELETE's, usually empty). */
        void drain() throws IOException {
            connection.discardBody(DISCARDED, ERROR_BODY_BYTES);
        }

        StoreException failed(IOException e) {
            broken = true;
            return ErrorClassifier.classify(e, endpointName).withKey(key);
        }

        void end() {
            pool.release(connection, !broken && connection.reusable());
        }
    }

    private static String element(String xml, String name) {
        int from = xml.indexOf("<" + name + ">");
        int to = xml.indexOf("</" + name + ">");
        return from >= 0 && to > from ? xml.substring(from + name.length() + 2, to).trim() : "";
    }

    @Override
    public void close() {
        if (owner) {
            pool.close();
        }
    }
}

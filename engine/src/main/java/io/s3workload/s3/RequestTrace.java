package io.s3workload.s3;

import io.s3workload.opslog.IdField;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * What the last request a thread sent looked like from the outside: the endpoint and key it named, the status the
 * server answered with (0: no answer), the server's own ids for it ({@code x-amz-request-id}, {@code x-amz-id-2}),
 * and for an upload when its body's last byte was handed to the connection and when the answer came. One per
 * thread, reused: a data path fills it as each request goes ({@link #current()}), and the recorder reads it when
 * the operation is one to name (among a cell's slowest, or an early failure of its class), turning the ids into
 * text only then. The lean client copies the ids' bytes here from the response head, the SDK's clients hand over
 * the strings they made anyway; nothing is allocated per request otherwise.
 */
public final class RequestTrace {

    private static final ThreadLocal<RequestTrace> CURRENT = ThreadLocal.withInitial(RequestTrace::new);
    /** The most bytes of an id kept (S3's request ids are 16 characters, its id-2 76; MinIO's are similar). */
    public static final int ID_BYTES = 128;
    /** The checksums S3 answers with ({@code x-amz-checksum-ALG}). */
    private static final String[] CHECKSUMS = {"crc32c", "crc32", "crc64nvme", "sha1", "sha256"};

    private String endpoint;
    private String key;
    private int status;
    /**
     * What the ops log keeps of a request beside its ids: the address it went to ({@code host:port}: the connected
     * socket's for the lean client, the endpoint's URL's for the SDK's), the {@code Range} it asked for, and the
     * object's ETag, version id and checksum ({@code ALG:VALUE}) as the answer gave them; null when none.
     */
    private String host;
    private String range;
    private String etag;
    private String versionId;
    private String checksum;
    private final byte[] requestId = new byte[ID_BYTES];
    private int requestIdLength;
    private String requestIdText;
    private final byte[] id2 = new byte[ID_BYTES];
    private int id2Length;
    private String id2Text;
    private long startNanos;
    private long bodySentNanos;
    private long responseNanos;
    /**
     * The current operation's parts' (send, commit) pairs, two longs each ({@link #addSplit}, on this thread);
     * reused, grown to the most parts an operation had.
     */
    private long[] splits = new long[16];
    private int splitCount;

    /** {@code url}'s {@code host:port} (the scheme's port when it names none); null for null. */
    public static String hostOf(URI url) {
        if (url == null) {
            return null;
        }
        int port = url.getPort() >= 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        return url.getHost() + ":" + port;
    }

    /** The calling thread's trace. */
    public static RequestTrace current() {
        return CURRENT.get();
    }

    /** A request to {@code key} (may be null) on {@code endpoint} begins: what the last one left is forgotten. */
    public void begin(String endpoint, String key) {
        begin(endpoint, null, key);
    }

    /** A request to {@code key} on {@code endpoint} at {@code host} ({@code host:port}, may be null) begins. */
    public void begin(String endpoint, String host, String key) {
        this.endpoint = endpoint;
        this.host = host;
        this.key = key;
        startNanos = System.nanoTime();
        status = 0;
        range = null;
        etag = null;
        versionId = null;
        checksum = null;
        requestIdLength = 0;
        requestIdText = null;
        id2Length = 0;
        id2Text = null;
        bodySentNanos = 0;
        responseNanos = 0;
    }

    /** The answer's status and the server's ids as text (null: not sent), from a client that made them. */
    public void answered(int status, String requestId, String id2) {
        this.status = status;
        this.requestIdText = requestId;
        this.id2Text = id2;
        this.requestIdLength = 0;
        this.id2Length = 0;
        if (responseNanos == 0) {
            responseNanos = System.nanoTime();
        }
    }

    /** Notes an SDK response's status and the server's ids in it; returns it. */
    public <R extends SdkResponse> R answered(R response) {
        answered(response.sdkHttpResponse());
        return response;
    }

    private void answered(SdkHttpResponse http) {
        if (http == null) {
            answered(0, null, null);
        } else {
            answered(http.statusCode(), known(http.firstMatchingHeader("x-amz-request-id").orElse(null)),
                    known(http.firstMatchingHeader("x-amz-id-2").orElse(null)));
            object(http.firstMatchingHeader("ETag").orElse(null),
                    http.firstMatchingHeader("x-amz-version-id").orElse(null), null, null);
            for (String algorithm : CHECKSUMS) {
                String value = http.firstMatchingHeader("x-amz-checksum-" + algorithm).orElse(null);
                if (value != null) {
                    checksum = algorithm + ":" + value;
                    break;
                }
            }
        }
    }

    /**
     * The object as the answer named it: its ETag (as sent; kept without its quotes), version id and checksum ({@code algorithm}
     * and its value); a null leaves what was noted.
     */
    public void object(String etag, String versionId, String checksumAlgorithm, String checksum) {
        if (etag != null) { // without the quotes every S3 ETag comes in (a weak one's W/ kept)
            this.etag = etag.length() >= 2 && etag.endsWith("\"") && etag.startsWith("\"")
                    ? etag.substring(1, etag.length() - 1) : etag;
        }
        if (versionId != null) {
            this.versionId = versionId;
        }
        if (checksumAlgorithm != null && checksum != null) {
            this.checksum = checksumAlgorithm + ":" + checksum;
        }
    }

    /** The checksum the client computed for the request's body ({@code crc32c} and its base64 value). */
    public void checksumSent(String algorithm, String value) {
        object(null, null, algorithm, value);
    }

    /** The request asked for {@code range} ({@code bytes=0-1023}). */
    public void range(String range) {
        this.range = range;
    }

    /** The address the request is sent to, when the client knows it only once connected. */
    public void host(String host) {
        this.host = host;
    }

    /** Notes what a failed SDK request got: the server's status and ids when it answered at all. */
    public void failed(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException
                || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof AwsServiceException e) {
            if (e.awsErrorDetails() != null && e.awsErrorDetails().sdkHttpResponse() != null) {
                answered(e.awsErrorDetails().sdkHttpResponse());
            } else {
                answered(e.statusCode(), known(e.requestId()), known(e.extendedRequestId()));
            }
        }
    }

    /** The SDK says "UNKNOWN" for an id the server did not send. */
    private static String known(String id) {
        return id == null || id.isEmpty() || id.equals("UNKNOWN") ? null : id;
    }

    /**
     * {@code body} of {@code length} bytes, noting in this trace when its last byte has been read (the client
     * handing it to the connection; the SDK reads no further than the length it was given).
     */
    public InputStream markingEnd(InputStream body, long length) {
        return new FilterInputStream(body) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                counted(b < 0 ? -1 : 1);
                return b;
            }

            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                int n = super.read(into, off, len);
                counted(n);
                return n;
            }

            private void counted(int n) {
                if (n > 0) {
                    read += n;
                }
                if ((n < 0 || read >= length) && bodySentNanos == 0) {
                    bodySent();
                }
            }
        };
    }

    /** The answer's status; its ids come as bytes ({@link #requestIdBytes}). */
    public void answered(int status) {
        this.status = status;
        if (responseNanos == 0) {
            responseNanos = System.nanoTime();
        }
    }

    /** Copies {@code x-amz-request-id}'s value, {@code bytes[from, to)}, cut at {@link #ID_BYTES}. */
    public void requestIdBytes(byte[] bytes, int from, int to) {
        requestIdLength = copy(bytes, from, to, requestId);
        requestIdText = null;
    }

    /** Copies {@code x-amz-id-2}'s value, {@code bytes[from, to)}, cut at {@link #ID_BYTES}. */
    public void id2Bytes(byte[] bytes, int from, int to) {
        id2Length = copy(bytes, from, to, id2);
        id2Text = null;
    }

    private static int copy(byte[] bytes, int from, int to, byte[] into) {
        int n = Math.min(to - from, into.length);
        System.arraycopy(bytes, from, into, 0, n);
        return n;
    }

    /** What {@code other} (another thread's) noted of its last request, taken as this thread's own. */
    public void copyFrom(RequestTrace other) {
        endpoint = other.endpoint;
        host = other.host;
        key = other.key;
        status = other.status;
        range = other.range;
        etag = other.etag;
        versionId = other.versionId;
        checksum = other.checksum;
        requestIdText = other.requestIdText;
        requestIdLength = copy(other.requestId, 0, other.requestIdLength, requestId);
        id2Text = other.id2Text;
        id2Length = copy(other.id2, 0, other.id2Length, id2);
        startNanos = other.startNanos;
        bodySentNanos = other.bodySentNanos;
        responseNanos = other.responseNanos;
    }

    /** A new operation begins on this thread: nothing of the last one's, its uploads' splits included, remains. */
    public void beginOperation() {
        begin(null, null);
        splitCount = 0;
    }

    /**
     * One upload of the current operation (a part of it, sent on another thread and handed over once all its parts
     * are in) took {@code sendNanos} to send its body and {@code commitNanos} from its last byte to the answer.
     */
    public void addSplit(long sendNanos, long commitNanos) {
        if (2 * splitCount + 2 > splits.length) {
            splits = Arrays.copyOf(splits, splits.length * 2);
        }
        splits[2 * splitCount] = sendNanos;
        splits[2 * splitCount + 1] = commitNanos;
        splitCount++;
    }

    /** Takes one upload's split: its time to send the body, and from its last byte to the answer. */
    @FunctionalInterface
    public interface SplitSink {
        void accept(long sendNanos, long commitNanos);
    }

    /** The current operation's parts' splits, handed to {@code sink}; how many there were. */
    public int splits(SplitSink sink) {
        for (int i = 0; i < splitCount; i++) {
            sink.accept(splits[2 * i], splits[2 * i + 1]);
        }
        return splitCount;
    }

    /** Whether parts of the current operation added their splits. */
    public boolean hasSplits() {
        return splitCount > 0;
    }

    /**
     * An upload's time from its request's start to its body's last byte handed to the connection, or -1 when not
     * known (no body, or a client that does not say).
     */
    public long sendNanos() {
        return bodySentNanos == 0 ? -1 : Math.max(0, bodySentNanos - startNanos);
    }

    /** The last byte of the request's body was handed to the connection now. */
    public void bodySent() {
        bodySentNanos = System.nanoTime();
    }

    public String endpoint() {
        return endpoint;
    }

    public String key() {
        return key;
    }

    public String host() {
        return host;
    }

    public String range() {
        return range;
    }

    /** The object's ETag as the answer sent it, without its quotes, or null. */
    public String etag() {
        return etag;
    }

    public String versionId() {
        return versionId;
    }

    /** The body's checksum the client sent or the server answered with, as {@code algorithm:base64}, or null. */
    public String checksum() {
        return checksum;
    }

    /** The HTTP status the server answered with; 0 when no answer came (a refused connection, a timeout). */
    public int status() {
        return status;
    }

    /**
     * Gives {@code field} the server's {@code x-amz-request-id}, then its {@code x-amz-id-2}, as the client kept each
     * (text or bytes), making no string: the ops log's way to write them for every operation.
     */
    public void ids(IdField field) {
        field.id(requestIdText, requestId, requestIdLength);
        field.id(id2Text, id2, id2Length);
    }

    /** How many characters (or bytes) {@link #ids} gives, both ids together. */
    public int idChars() {
        return (requestIdText != null ? requestIdText.length() : requestIdLength)
                + (id2Text != null ? id2Text.length() : id2Length);
    }

    /** The server's {@code x-amz-request-id}, or null when it sent none. */
    public String requestId() {
        return requestIdText != null ? requestIdText
                : requestIdLength == 0 ? null : new String(requestId, 0, requestIdLength, StandardCharsets.ISO_8859_1);
    }

    /** The server's {@code x-amz-id-2} (its host id), or null when it sent none. */
    public String id2() {
        return id2Text != null ? id2Text
                : id2Length == 0 ? null : new String(id2, 0, id2Length, StandardCharsets.ISO_8859_1);
    }

    /**
     * An upload's time from its body's last byte to the answer (the server's commit), or -1 when not known (not an
     * upload, no answer, or a client that does not say when the body went).
     */
    public long commitNanos() {
        return bodySentNanos == 0 || responseNanos == 0 ? -1 : Math.max(0, responseNanos - bodySentNanos);
    }
}

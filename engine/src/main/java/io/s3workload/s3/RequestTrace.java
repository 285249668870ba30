package io.s3workload.s3;

import java.nio.charset.StandardCharsets;

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

    private String endpoint;
    private String key;
    private int status;
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

    /** The calling thread's trace. */
    public static RequestTrace current() {
        return CURRENT.get();
    }

    /** A request to {@code key} (may be null) on {@code endpoint} begins: what the last one left is forgotten. */
    public void begin(String endpoint, String key) {
        this.endpoint = endpoint;
        this.key = key;
        startNanos = System.nanoTime();
        status = 0;
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
    public <R extends software.amazon.awssdk.core.SdkResponse> R answered(R response) {
        answered(response.sdkHttpResponse());
        return response;
    }

    private void answered(software.amazon.awssdk.http.SdkHttpResponse http) {
        if (http == null) {
            answered(0, null, null);
        } else {
            answered(http.statusCode(), known(http.firstMatchingHeader("x-amz-request-id").orElse(null)),
                    known(http.firstMatchingHeader("x-amz-id-2").orElse(null)));
        }
    }

    /** Notes what a failed SDK request got: the server's status and ids when it answered at all. */
    public void failed(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof java.util.concurrent.CompletionException
                || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof software.amazon.awssdk.awscore.exception.AwsServiceException e) {
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
    public java.io.InputStream markingEnd(java.io.InputStream body, long length) {
        return new java.io.FilterInputStream(body) {
            private long read;

            @Override
            public int read() throws java.io.IOException {
                int b = super.read();
                counted(b < 0 ? -1 : 1);
                return b;
            }

            @Override
            public int read(byte[] into, int off, int len) throws java.io.IOException {
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
            splits = java.util.Arrays.copyOf(splits, splits.length * 2);
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

    /** The HTTP status the server answered with; 0 when no answer came (a refused connection, a timeout). */
    public int status() {
        return status;
    }

    /** Where the server's ids go as they are: text, or the bytes of the response head (text null). */
    public interface IdField {
        void id(String text, byte[] bytes, int length);
    }

    /**
     * Gives {@code field} the server's {@code x-amz-request-id}, then its {@code x-amz-id-2}, as the client kept each
     * (text or bytes), making no string: the ops log's way to write them for every operation.
     */
    public void ids(IdField field) {
        field.id(requestIdText, requestId, requestIdLength);
        field.id(id2Text, id2, id2Length);
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

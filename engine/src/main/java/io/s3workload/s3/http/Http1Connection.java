package io.s3workload.s3.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

/**
 * One HTTP/1.1 keep-alive connection on a blocking JDK socket, used by one request at a time (from a platform or
 * a virtual thread; an interrupt closes it either way). The request head is assembled in a reused buffer and sent
 * with the body in as few writes as possible; the response head is parsed in place ({@link ResponseHead}); body
 * bytes go straight from the socket into the caller's buffer. Nothing here allocates per request except the few
 * header values a caller asks for.
 * On a plain connection the read timeout is a deadline {@link ReadDeadlines} watches, not the socket's (see there).
 */
public final class Http1Connection implements AutoCloseable {

    /** Bodies up to this size travel in the same write as the request head. */
    private static final int COALESCE_BYTES = 64 * 1024;
    private static final int HEAD_BYTES = 16 * 1024;

    /** The piece of a body made and written at a time. */
    private static final int SCRATCH_BYTES = 64 * 1024;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    /** The plain connection's channel, which large bodies are written to without a copy; null over TLS. */
    private final SocketChannel channel;
    /** The socket's own SO_TIMEOUT: the read timeout over TLS; 0 on a plain connection, whose reads are watched. */
    private final int soTimeoutMillis;
    /** Outgoing: the request head (and a small body). */
    private byte[] request = new byte[HEAD_BYTES];
    /** A larger body is made a piece at a time into {@link #direct} for the channel (over TLS into {@link #scratch},
     *  or there and copied if it cannot be made in place); an unread response body is read into {@link #direct}. */
    private byte[] scratch;
    private ByteBuffer direct;
    /** The deadline of a plain connection's read, watched by {@link ReadDeadlines}. */
    private final ReadDeadlines.Deadline deadline;
    private int requestLength;
    /** Through a forward proxy to a plain-HTTP origin: {@code http://host:port} before each path; else empty. */
    private final String targetPrefix;
    private final String proxyAuthorization;
    /** Incoming: the response head, and whatever body bytes came with it ({@code [bodyStart, limit)}). */
    private final byte[] head = new byte[HEAD_BYTES];
    private int bodyStart;
    private int limit;
    private final ResponseHead response = new ResponseHead();
    /** What is left of the current body: bytes of a Content-Length body, or of the current chunk. */
    private long remaining;
    private boolean chunked;
    private boolean bodyDone;
    private long idleSinceNanos;
    private final String remote;

    /**
     * A connection over {@code socket} (connected, TLS and tunnel set up: {@link Http1Dialer}); {@code channel} is the
     * plain connection's, null over TLS; through a forward proxy to a plain-HTTP origin, {@code targetPrefix} is
     * {@code http://host:port} and {@code proxyAuthorization} the proxy's credentials (null: none).
     */
    Http1Connection(Socket socket, SocketChannel channel, int readTimeoutMillis, String targetPrefix,
                    String proxyAuthorization) throws IOException {
        this.socket = socket;
        this.channel = channel;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.soTimeoutMillis = channel == null ? readTimeoutMillis : 0;
        this.deadline = new ReadDeadlines.Deadline(this, readTimeoutMillis);
        this.targetPrefix = targetPrefix;
        this.proxyAuthorization = proxyAuthorization;
        this.remote = RemoteAddress.of(socket);
    }

    /** The address this connection went to, {@code ip:port} (a proxy's, through one). */
    public String remote() {
        return remote;
    }

    /** Starts a request head: {@code METHOD path HTTP/1.1}. */
    public void begin(String method, String path) {
        requestLength = 0;
        append(method);
        append(" ");
        append(targetPrefix);
        append(path);
        append(" HTTP/1.1\r\n");
        if (proxyAuthorization != null) {
            header("Proxy-Authorization", proxyAuthorization);
        }
    }

    public void header(String name, String value) {
        append(name);
        append(": ");
        append(value);
        append("\r\n");
    }

    public void header(String name, long value) {
        append(name);
        append(": ");
        append(Long.toString(value));
        append("\r\n");
    }

    /** Ends the head and sends it with {@code body} (may be null). */
    public void send(RequestBody body) throws IOException {
        append("\r\n");
        long bodyBytes = body == null ? 0 : body.length();
        if (bodyBytes <= COALESCE_BYTES) {
            ensure(requestLength + (int) bodyBytes);
            if (body != null) {
                body.fill(0, request, requestLength, (int) bodyBytes);
            }
            out.write(request, 0, requestLength + (int) bodyBytes);
        } else {
            ensureScratch();
            // the head goes out in the body's first write: a system call and a packet fewer per request
            int head = channel != null && requestLength <= SCRATCH_BYTES / 4 ? requestLength : 0;
            if (head == 0) {
                out.write(request, 0, requestLength);
            }
            for (long done = 0; done < bodyBytes; head = 0) {
                int n = (int) Math.min(SCRATCH_BYTES - head, bodyBytes - done);
                if (channel != null) {
                    direct.clear();
                    direct.put(request, 0, head);
                    body.fill(done, direct, n, scratch);
                    direct.flip();
                    while (direct.hasRemaining()) {
                        channel.write(direct);
                    }
                } else {
                    body.fill(done, scratch, 0, n);
                    out.write(scratch, 0, n);
                }
                done += n;
            }
        }
        out.flush();
    }

    private void append(String s) {
        int n = s.length();
        ensure(requestLength + n);
        s.getBytes(0, n, request, requestLength); // request heads are ASCII: keys are percent-encoded
        requestLength += n;
    }

    private void ensure(int capacity) {
        if (capacity > request.length) {
            request = Arrays.copyOf(request, Math.max(capacity, request.length * 2));
        }
    }

    /**
     * Reads the response head. {@code expectBody} is false for HEAD requests, whose responses carry a
     * Content-Length but no body.
     *
     * @throws EOFException when the connection ends before a whole head (a connection the server had closed)
     */
    public ResponseHead readHead(boolean expectBody) throws IOException {
        limit = 0;
        int end;
        while ((end = headEnd()) < 0) {
            if (limit == head.length) {
                throw new IOException("response head longer than " + head.length + " bytes");
            }
            int n = read(head, limit, head.length - limit);
            if (n < 0) {
                throw new EOFException(limit == 0 ? "connection closed before a response"
                        : "connection closed in the middle of the response head");
            }
            limit += n;
        }
        bodyStart = end;
        response.parse(head, end);
        chunked = response.chunked();
        remaining = chunked ? 0 : response.contentLength();
        bodyDone = !expectBody || response.status() == 204 || response.status() == 304
                || response.status() / 100 == 1 || (!chunked && remaining <= 0);
        if (!bodyDone && !chunked && remaining < 0) {
            throw new IOException("response has neither Content-Length nor chunked encoding");
        }
        return response;
    }

    /** Bytes of the body already read with the head, available without waiting. */
    public int buffered() {
        return limit - bodyStart;
    }

    private int headEnd() {
        for (int i = 3; i < limit; i++) {
            if (head[i] == '\n' && head[i - 1] == '\r' && head[i - 2] == '\n' && head[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /**
     * Reads up to {@code len} body bytes into {@code b}; -1 at the end of the body.
     *
     * @throws EOFException when the connection ends before the body does
     */
    public int readBody(byte[] b, int off, int len) throws IOException {
        if (bodyDone) {
            return -1;
        }
        if (chunked && remaining == 0) {
            remaining = nextChunkSize();
            if (remaining == 0) {
                skipTrailers();
                bodyDone = true;
                return -1;
            }
        }
        int want = (int) Math.min(len, remaining);
        int n;
        if (bodyStart < limit) {
            n = Math.min(want, limit - bodyStart);
            System.arraycopy(head, bodyStart, b, off, n);
            bodyStart += n;
        } else {
            n = read(b, off, want);
            if (n < 0) {
                throw new BodyEndedEarly("the body ended " + remaining + " bytes before its "
                        + (chunked ? "chunk's end" : "Content-Length"));
            }
        }
        remaining -= n;
        if (!chunked && remaining == 0) {
            bodyDone = true;
        } else if (chunked && remaining == 0) {
            expectCrlf();
        }
        return n;
    }

    /**
     * Reads up to {@code len} bytes of the body and forgets them; -1 at its end. On a plain connection they go from
     * the socket into the connection's direct buffer, with no copy into the heap (a GET nobody verifies costs a
     * sixth less CPU per MiB against MinIO), under the same read timeout ({@link ReadDeadlines}); otherwise through
     * {@link #readBody} into a scratch array.
     */
    public int skipBody(int len) throws IOException {
        ensureScratch();
        if (channel == null || chunked || bodyDone || bodyStart < limit) {
            return readBody(scratch, 0, Math.min(len, scratch.length));
        }
        direct.clear().limit((int) Math.min(Math.min(len, SCRATCH_BYTES), remaining));
        int n;
        deadline.arm();
        try {
            n = channel.read(direct);
        } catch (IOException e) {
            throw deadline.failure(e);
        } finally {
            deadline.clear();
        }
        if (n < 0) {
            throw new BodyEndedEarly("the body ended " + remaining + " bytes before its Content-Length");
        }
        remaining -= n;
        bodyDone = remaining == 0;
        return n;
    }

    /** Reads from the socket's stream, on a plain connection under its {@link #deadline}. */
    private int read(byte[] b, int off, int len) throws IOException {
        if (channel == null) {
            return in.read(b, off, len);
        }
        deadline.arm();
        try {
            return in.read(b, off, len);
        } catch (IOException e) {
            throw deadline.failure(e);
        } finally {
            deadline.clear();
        }
    }

    private void ensureScratch() {
        if (scratch == null) {
            scratch = new byte[SCRATCH_BYTES];
            direct = channel == null ? null : ByteBuffer.allocateDirect(SCRATCH_BYTES);
        }
    }

    /** Reads what is left of the body and forgets it; false if that is more than {@code maxBytes}. */
    public boolean discardBody(byte[] scratch, long maxBytes) throws IOException {
        long seen = 0;
        int n;
        while ((n = readBody(scratch, 0, scratch.length)) >= 0) {
            seen += n;
            if (seen > maxBytes) {
                return false;
            }
        }
        return true;
    }

    /** Whether the connection can carry another request: the body was read to its end and nobody asked to close. */
    public boolean reusable() {
        return bodyDone && bodyStart == limit && !response.closeRequested() && !socket.isClosed();
    }

    private long nextChunkSize() throws IOException {
        String line = readLine();
        int semicolon = line.indexOf(';');
        String hex = (semicolon >= 0 ? line.substring(0, semicolon) : line).trim();
        try {
            return Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size '" + hex + "'");
        }
    }

    private void skipTrailers() throws IOException {
        while (!readLine().isEmpty()) {
            // trailers are not used
        }
    }

    private void expectCrlf() throws IOException {
        if (!readLine().isEmpty()) {
            throw new IOException("chunk not followed by CRLF");
        }
    }

    /** One line of the chunked framing (without CRLF), from the buffer or the socket. */
    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            if (bodyStart == limit) {
                bodyStart = 0;
                limit = read(head, 0, head.length);
                if (limit < 0) {
                    limit = 0;
                    throw new BodyEndedEarly("the chunked body ended before its last chunk");
                }
            }
            byte c = head[bodyStart++];
            if (c == '\n') {
                int last = line.length() - 1;
                return last >= 0 && line.charAt(last) == '\r' ? line.substring(0, last) : line.toString();
            }
            line.append((char) c);
        }
    }

    /** The socket's own read timeout (SO_TIMEOUT): 0 on a plain connection, whose reads are watched instead. */
    int socketTimeoutMillis() throws IOException {
        return socket.getSoTimeout();
    }

    void idleSince(long nanos) {
        idleSinceNanos = nanos;
    }

    long idleSinceNanos() {
        return idleSinceNanos;
    }

    /** Whether an idle connection is still open: a short read timing out means nothing pending, no close. */
    boolean stillOpen() {
        try {
            socket.setSoTimeout(1);
            try {
                in.read(head, 0, 1); // data or EOF while idle: unusable either way
                return false;
            } finally {
                socket.setSoTimeout(soTimeoutMillis);
            }
        } catch (SocketTimeoutException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        deadline.forget();
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }
}

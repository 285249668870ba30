package io.s3workload.s3;

import java.nio.ByteBuffer;

/**
 * Per-worker, reused holder for what one GET measured and, when verifying, found; avoids an allocation per
 * operation. Set {@link #expect(Payload.Body)} before a verified read.
 */
public final class ReadTiming {

    long firstByteNanos;
    long bytes;
    Payload.Body expected;
    long mismatchAt = -1;
    String etag;

    /** Check the next read against these bytes (null: do not check). */
    public void expect(Payload.Body body) {
        this.expected = body;
    }

    /** {@link System#nanoTime()} when the first body byte (or, for an empty body, the response) arrived. */
    public long firstByteNanos() {
        return firstByteNanos;
    }

    /** The ETag of the object read, as the server sent it (quoted), or null if it sent none. */
    public String etag() {
        return etag;
    }

    public long bytes() {
        return bytes;
    }

    /**
     * Offset of the first byte that differed from the expected body (a short or long body counts, at the
     * length where it differs), or -1 when the read was not checked or matched.
     */
    public long mismatchAt() {
        return mismatchAt;
    }

    /** Sets the result of a read made of several requests (parallel ranges). */
    public void set(long firstByte, long totalBytes, long firstMismatch) {
        this.firstByteNanos = firstByte;
        this.bytes = totalBytes;
        this.mismatchAt = firstMismatch;
    }

    void start() {
        etag = null;
        firstByteNanos = 0;
        bytes = 0;
        mismatchAt = -1;
    }

    /** Accounts for {@code n} bytes just read into {@code buffer}. */
    void read(byte[] buffer, int n) {
        if (expected != null && mismatchAt < 0) {
            mismatchAt = expected.mismatch(bytes, buffer, 0, n);
        }
        bytes += n;
    }

    /** Accounts for the bytes of {@code data}, copied into {@code scratch} piecewise only when verifying. */
    void read(ByteBuffer data, byte[] scratch) {
        if (expected == null || mismatchAt >= 0) {
            bytes += data.remaining();
            return;
        }
        while (data.hasRemaining()) {
            int n = Math.min(scratch.length, data.remaining());
            data.get(scratch, 0, n);
            read(scratch, n);
        }
    }

    /** Called at end of body: a body shorter than expected is a mismatch at its length. */
    void end() {
        if (expected != null && mismatchAt < 0 && bytes != expected.length()) {
            mismatchAt = Math.min(bytes, expected.length());
        }
    }
}

package io.s3workload.s3.http;

import java.nio.ByteBuffer;

/** A request body, made a piece at a time into the connection's buffers as it is sent ({@link Http1Connection}). */
public interface RequestBody {
    long length();

    /** Makes the body's bytes {@code [position, position + len)} into {@code out} from {@code off}. */
    void fill(long position, byte[] out, int off, int len);

    /**
     * Makes the body's bytes {@code [position, position + len)} into the direct buffer {@code out} at its position,
     * which it advances: what goes to a plain socket. By default made into {@code scratch} and copied; a body that can
     * make its bytes in place saves the copy.
     */
    default void fill(long position, ByteBuffer out, int len, byte[] scratch) {
        fill(position, scratch, 0, len);
        out.put(scratch, 0, len);
    }
}

package io.s3workload.s3.http;

/** A request body, made a piece at a time into the connection's buffers as it is sent ({@link Http1Connection}). */
public interface RequestBody {
    long length();

    /** Makes the body's bytes {@code [position, position + len)} into {@code out} from {@code off}. */
    void fill(long position, byte[] out, int off, int len);
}

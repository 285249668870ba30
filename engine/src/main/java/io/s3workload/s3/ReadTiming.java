package io.s3workload.s3;

/** Per-worker, reused holder for what one GET measured; avoids an allocation per operation. */
public final class ReadTiming {

    long firstByteNanos;
    long bytes;

    /** {@link System#nanoTime()} when the first body byte (or, for an empty body, the response) arrived. */
    public long firstByteNanos() {
        return firstByteNanos;
    }

    public long bytes() {
        return bytes;
    }
}

package io.s3workload.metrics;

/** The kinds of request a cell measures. */
public enum Op {
    PUT, GET, DELETE, HEAD, LIST, RANGE_GET;

    /** Whether the operation moves object bytes, so that MiB/s and Gbps mean something. */
    public boolean movesData() {
        return this == PUT || this == GET || this == RANGE_GET;
    }

    /** As printed: {@code RANGE GET}. */
    @Override
    public String toString() {
        return name().replace('_', ' ');
    }
}

package io.s3workload.metrics;

/** The kinds of request a cell measures. */
public enum Op {
    PUT, GET, DELETE;

    /** Whether the operation reads a body, and so has a time to first byte. */
    public boolean readsBody() {
        return this == GET;
    }
}

package io.s3workload.metrics;

import io.s3workload.workload.DataSize;

/** What one measured cell is: a stage's operation against one endpoint at one object size. */
public record CellKey(String stage, Op op, String endpoint, DataSize size) {

    /** {@code PUT 1 MiB}. */
    public String label() {
        return op + " " + size;
    }
}

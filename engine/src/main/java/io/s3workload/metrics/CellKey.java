package io.s3workload.metrics;

import io.s3workload.ground.SizeSpec;

/** What one measured cell is: a stage's operation against one endpoint at one object size. */
public record CellKey(String stage, Op op, String endpoint, SizeSpec size) {

    /** {@code PUT 1 MiB}; a listing has no size: {@code LIST}. */
    public String label() {
        return op.sized() ? op + " " + size : op.toString();
    }
}

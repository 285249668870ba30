package io.s3workload.workload.objects;

import io.s3workload.ground.DataSize;

/**
 * The large objects a range-read stage reads from: {@code count} objects of {@code size}, their bodies made as
 * {@code data} says. With {@code reuse} they live under {@code <prefix>/sources/<size>/} outside any run, survive
 * cleanup, and later runs reuse them when they exist at the right size and were made the same way; otherwise they
 * are written under the run prefix and removed with it.
 */
public record Sources(int count, DataSize size, boolean reuse, DataShape data) {

    public Sources(int count, DataSize size, boolean reuse) {
        this(count, size, reuse, DataShape.UNIQUE);
    }

    /** How the sources' directory is named: {@code 10GiB}, {@code 10GiB-c2.0-d3.0} for bodies not unique. */
    public String label() {
        return size.label() + (data.compressible() > 1 ? "-c" + data.compressible() : "")
                + (data.dedupe() > 1 ? "-d" + data.dedupe() : "");
    }
}

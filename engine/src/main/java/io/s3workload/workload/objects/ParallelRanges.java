package io.s3workload.workload.objects;

import io.s3workload.ground.DataSize;

/** How GETs of large objects go: objects larger than {@code threshold} are read as {@code chunk} ranges,
 * {@code parallel} at a time per object. */
public record ParallelRanges(DataSize threshold, DataSize chunk, int parallel) {

    public static final ParallelRanges DEFAULT = new ParallelRanges(DataSize.ofMiB(64), DataSize.ofMiB(10), 10);
    public static final ParallelRanges OFF = new ParallelRanges(new DataSize(Long.MAX_VALUE), DataSize.ofMiB(10), 1);

    public boolean applies(long objectBytes) {
        return objectBytes > threshold.bytes();
    }

    public int ranges(long objectBytes) {
        return (int) Math.max(1, (objectBytes + chunk.bytes() - 1) / chunk.bytes());
    }
}

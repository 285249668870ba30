package io.s3workload.metrics;

import org.HdrHistogram.Histogram;

/**
 * One size bucket of a cell whose sizes vary: the operations on objects of {@code fromBytes} to {@code toBytes}
 * that succeeded, and their latency.
 */
public record SizeBucketStats(String label, long fromBytes, long toBytes, long operations, Histogram latency) {

    /** Two runs of one bucket added up (a merge of shards). */
    public SizeBucketStats plus(SizeBucketStats other) {
        Histogram sum = latency.copy();
        sum.add(other.latency);
        return new SizeBucketStats(label, fromBytes, toBytes, operations + other.operations, sum);
    }
}

package io.s3workload.metrics;

import io.s3workload.ground.Percentile;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One interval (normally one second) of a cell: what completed in it, and its latency statistics in nanoseconds
 * (none when nothing completed).
 *
 * @param endNanos    the interval's end, from the cell's start
 * @param epochMillis wall-clock time at the interval's end, to line up cells and runs
 */
public record Snapshot(long endNanos, long epochMillis, long durationNanos, long operations, long bytes,
                       long errors, Map<Percentile, Long> latencyNanos) {

    public Snapshot {
        latencyNanos = Collections.unmodifiableMap(latencyNanos.isEmpty() ? Map.of() : new EnumMap<>(latencyNanos));
    }

    /** A latency statistic of the interval, or 0 when nothing completed in it. */
    public long latency(Percentile p) {
        return latencyNanos.getOrDefault(p, 0L);
    }

    public double opsPerSecond() {
        return durationNanos == 0 ? 0 : operations * 1e9 / durationNanos;
    }

    public double bytesPerSecond() {
        return durationNanos == 0 ? 0 : bytes * 1e9 / durationNanos;
    }

    /** Errors over attempted operations in the interval, in percent. */
    public double errorPercent() {
        long attempted = operations + errors;
        return attempted == 0 ? 0 : 100.0 * errors / attempted;
    }
}

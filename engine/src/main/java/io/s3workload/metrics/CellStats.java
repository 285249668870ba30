package io.s3workload.metrics;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The final figures of one cell. Latencies are in nanoseconds; failed operations are counted by error class and
 * kept out of the latency histograms. Throughput is over the cell's measured wall time.
 *
 * @param ttfb time to first byte; empty (total count 0) for operations without a body to read
 */
public record CellStats(CellKey key, long operations, long bytes, long errors, Map<String, Long> errorsByClass,
                        Histogram latency, Histogram ttfb, long wallNanos) {

    public CellStats {
        errorsByClass = Map.copyOf(errorsByClass);
    }

    public long attempted() {
        return operations + errors;
    }

    public double seconds() {
        return wallNanos / 1e9;
    }

    public double opsPerSecond() {
        return wallNanos == 0 ? 0 : operations / seconds();
    }

    public double bytesPerSecond() {
        return wallNanos == 0 ? 0 : bytes / seconds();
    }

    /** Errors over attempted operations, in percent. */
    public double errorPercent() {
        return attempted() == 0 ? 0 : 100.0 * errors / attempted();
    }

    public boolean hasTtfb() {
        return ttfb.getTotalCount() > 0;
    }
}

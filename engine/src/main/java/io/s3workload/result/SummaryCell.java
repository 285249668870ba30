package io.s3workload.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * summary.json's cell ({@link Summary.Stage#cells}): one operation, endpoint and object size of a stage.
 * {@code operations} succeeded and {@code errors} failed: the attempts are their sum; rates and latencies are of the
 * successful ones. Its groups of figures are written inline, in this order, as the fields of the cell.
 */
@JsonPropertyOrder({"op", "endpoint", "size", "totals", "failed", "latencies", "counts", "time", "timeline",
        "access", "named", "server"})
public record SummaryCell(String op, String endpoint, String size, @JsonUnwrapped Totals totals,
                          @JsonUnwrapped Failed failed, @JsonUnwrapped Latencies latencies,
                          @JsonUnwrapped Counts counts, @JsonUnwrapped Time time, List<Summary.Second> timeline,
                          Summary.Access access, @JsonUnwrapped Named named, Summary.Server server) {

    /** What the cell moved, over how long. */
    public record Totals(long operations, long errors, long bytes, long items, double seconds,
                         double opsPerSecond, double bytesPerSecond, double gbps) {
    }

    /** Its failures by class, with a few examples and the first message of each class the server gave. */
    public record Failed(long throttled, Map<String, Long> errorsByClass,
                         Map<String, List<String>> errorExamples, Map<String, String> errorMessages) {
    }

    /** Its latencies in milliseconds; {@code uncorrectedLatencyMs} only for an open loop. */
    public record Latencies(Summary.Stats latencyMs, Summary.Stats ttfbMs, Summary.Stats uncorrectedLatencyMs,
                            Summary.Stats sendMs, Summary.Stats commitMs, List<Summary.SizeBucket> bySize) {
    }

    /** Its process's spending, and how it began and ended. */
    public record Time(Double processCpuSeconds, Long processAllocatedBytes, Double stableAfterSeconds,
                       Double firstRequestMs) {
    }

    /** Its slowest operations, first failures of each class, and the windows its store was out of reach. */
    public record Named(List<Summary.Request> slowest, List<Summary.Request> failures, List<Summary.Outage> outages) {
    }

    /**
     * Its {@link CellCount}s, each under its key, in their order; an open loop's alone absent from a closed
     * loop's cell. A key this version does not know is not kept.
     */
    public static final class Counts {

        private final Map<String, Long> values = new LinkedHashMap<>();

        public Counts() {
        }

        /** The counts of a cell that ran open loop or not. */
        public Counts(CellCounts counts, boolean openLoop) {
            for (CellCount count : CellCount.ALL) {
                if (count.in(openLoop)) {
                    values.put(count.key, counts.get(count));
                }
            }
        }

        @JsonAnyGetter
        Map<String, Long> values() {
            return values;
        }

        @JsonAnySetter
        void read(String key, Object value) {
            if (value instanceof Number n && CellCount.byKey(key).isPresent()) {
                values.put(key, n.longValue());
            }
        }

        /** The counts as a cell's figures (absent ones zero). */
        public CellCounts counts() {
            EnumMap<CellCount, Long> counts = new EnumMap<>(CellCount.class);
            values.forEach((key, value) -> CellCount.byKey(key).ifPresent(c -> counts.put(c, value)));
            return CellCounts.of(counts);
        }

        /** One count as written; null when absent (a closed loop's late starts). */
        public Long get(CellCount count) {
            return values.get(count.key);
        }
    }
}

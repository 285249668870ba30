package io.s3workload.report.analyze;

import io.s3workload.ground.Percentile;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.opslog.OpsRecord;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One cell of an analysed slice, its ops log rows added up: counts, bytes, latencies (as the run's cell recorded
 * them, from the first attempt or from when an operation was due), and when asked its segments and its seconds.
 */
final class OpsCell {

    /** A second's latencies are kept to 2 digits and 1 µs, in int counts: a few KiB a second of a cell. */
    private static final long SECOND_LOWEST_NS = 1_000;

    final List<String> key;
    final Histogram latency = CellRecorder.newHistogram();
    /** Made when a row is counted in the whole cell (not in a segment of it). */
    private Histogram ttfb;
    private Histogram uncorrected;
    long operations;
    long errors;
    long bytes;
    long retries;
    /** Open-loop operations that started later than due by more than a run counts as late. */
    long late;
    long minBytes = Long.MAX_VALUE;
    long maxBytes = Long.MIN_VALUE;
    long firstStart = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
    final Map<String, Long> errorsByClass = new TreeMap<>();
    final TreeMap<Long, OpsCell> segments = new TreeMap<>();
    /** By the second (from the cell's start) each operation ended in: what the run's per-second timeline holds. */
    private final TreeMap<Long, Second> seconds = new TreeMap<>();

    private static final class Second {
        long operations;
        long bytes;
        long errors;
        final AbstractHistogram latency = new IntCountsHistogram(SECOND_LOWEST_NS, 2 * SECOND_LOWEST_NS, 2);

        Second() {
            latency.setAutoResize(true);
        }
    }

    OpsCell(List<String> key) {
        this.key = key;
    }

    void add(OpsRecord r) {
        firstStart = Math.min(firstStart, r.startUs());
        lastEnd = Math.max(lastEnd, r.endUs());
        retries += Math.max(0, r.attempts() - 1);
        if (r.failed()) {
            errors++;
            errorsByClass.merge(r.error(), 1L, Long::sum);
            return;
        }
        operations++;
        bytes += r.bytes();
        minBytes = Math.min(minBytes, r.bytes());
        maxBytes = Math.max(maxBytes, r.bytes());
        latency.recordValue(Math.max(1, r.recordedNanos()));
    }

    /**
     * Also counts {@code r} (added already) in the cell's other distributions, and in the second it ended in,
     * counted from {@code originUs} (the cell's start): what a cell's reports need and its segments do not.
     */
    void addToReport(OpsRecord r, long originUs) {
        if (ttfb == null) {
            ttfb = CellRecorder.newHistogram();
            uncorrected = CellRecorder.newHistogram();
        }
        if (r.intendedUs() >= 0 && (r.startUs() - r.intendedUs()) * 1_000
                > CellStats.LATE_MILLIS * 1_000_000) {
            late++;
        }
        if (!r.failed()) {
            if (r.intendedUs() >= 0) {
                uncorrected.recordValue(Math.max(1, r.latencyNs())); // an open loop's, as its run records them
            }
            if (r.ttfbNs() > 0) {
                ttfb.recordValue(r.ttfbNs());
            }
        }
        Second second = seconds.computeIfAbsent(Math.floorDiv(r.endUs() - originUs, 1_000_000), s -> new Second());
        if (r.failed()) {
            second.errors++;
        } else {
            second.operations++;
            second.bytes += r.bytes();
            second.latency.recordValue(Math.max(SECOND_LOWEST_NS, r.recordedNanos()));
        }
    }

    /** Times to the first byte, of the rows that had one; empty unless counted for a report. */
    Histogram ttfb() {
        return ttfb == null ? CellRecorder.newHistogram() : ttfb;
    }

    /** An open loop's latencies from each operation's start, whenever it was due; empty in a closed loop. */
    Histogram uncorrected() {
        return uncorrected == null ? CellRecorder.newHistogram() : uncorrected;
    }

    double seconds() {
        return lastEnd <= firstStart ? 0 : (lastEnd - firstStart) / 1e6;
    }

    /**
     * The cell's seconds as the run's timeline holds them, counted from {@code originUs} (its start) to its last
     * operation's end, a second with nothing in it included: ops, bytes, errors, latency statistics; the last
     * second as long as it ran.
     */
    List<Snapshot> timeline(long originUs) {
        List<Snapshot> timeline = new ArrayList<>();
        if (seconds.isEmpty()) {
            return timeline;
        }
        for (long s = Math.max(0, seconds.firstKey()); s <= seconds.lastKey(); s++) {
            Second second = seconds.get(s);
            EnumMap<Percentile, Long> stats = new EnumMap<>(Percentile.class);
            if (second != null && second.latency.getTotalCount() > 0) {
                for (Percentile p : Percentile.values()) {
                    stats.put(p, switch (p) {
                        case AVG -> Math.round(second.latency.getMean());
                        case MAX -> second.latency.getMaxValue();
                        default -> second.latency.getValueAtPercentile(p.percentile());
                    });
                }
            }
            long length = s < seconds.lastKey() ? 1_000_000_000L
                    : Math.max(1, (lastEnd - originUs) * 1_000 - s * 1_000_000_000L);
            long endNanos = s * 1_000_000_000L + length;
            timeline.add(new Snapshot(endNanos, (originUs + endNanos / 1_000) / 1_000, length, second == null ? 0
                    : second.operations, second == null ? 0 : second.bytes, second == null ? 0 : second.errors,
                    stats));
        }
        return timeline;
    }
}

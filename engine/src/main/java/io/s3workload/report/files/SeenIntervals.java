package io.s3workload.report.files;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * For reporters fed by the once-a-second intervals of progress events: what each cell's intervals have carried so
 * far, so that when its stage ends the rest — the last partial second, or all of a cell that had no progress
 * events (a mix's per-operation cells, a probe's) — can be given as one more interval.
 */
public final class SeenIntervals {

    private final Map<CellKey, Seen> cells = new HashMap<>();

    /** Notes an interval of {@code cell}; returns it. */
    public CellRecorder.Interval add(CellKey cell, CellRecorder.Interval interval) {
        cells.computeIfAbsent(cell, k -> new Seen()).add(interval);
        return interval;
    }

    /** What of the finished {@code cell} no interval has carried yet, as an interval (also noted as seen). */
    public CellRecorder.Interval rest(CellStats cell) {
        Seen seen = cells.computeIfAbsent(cell.key(), k -> new Seen());
        Histogram latency = cell.latency().copy();
        latency.subtract(seen.latency);
        Histogram ttfb = cell.ttfb().copy();
        ttfb.subtract(seen.ttfb);
        Histogram uncorrected = cell.uncorrected().copy();
        uncorrected.subtract(seen.uncorrected);
        return add(cell.key(), new CellRecorder.Interval(cell.operations() - seen.operations,
                cell.bytes() - seen.bytes, cell.errors() - seen.errors, cell.operations(), cell.errors(), latency,
                ttfb, uncorrected, cell.errorsByClass(), cell.counts()));
    }

    private static final class Seen {
        final Histogram latency = CellRecorder.newHistogram();
        final Histogram ttfb = CellRecorder.newHistogram();
        final Histogram uncorrected = CellRecorder.newHistogram();
        long operations;
        long bytes;
        long errors;

        void add(CellRecorder.Interval interval) {
            latency.add(interval.latency());
            ttfb.add(interval.ttfb());
            uncorrected.add(interval.uncorrected());
            operations += interval.operations();
            bytes += interval.bytes();
            errors += interval.errors();
        }
    }
}

package io.s3workload.report.finished;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.report.files.HdrInterval;
import io.s3workload.report.files.HdrLogReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A cell over every shard, added one shard at a time: counts and histograms summed exactly; the wall time the
 * span from the first shard's start to the last shard's end; the series re-cut into wall-clock seconds from that
 * start, each second's histograms packed (they hold what a second's operations took: few distinct values).
 */
final class CellMerge {
    private final long start;
    private final long end;
    private final int buckets;
    private final long[] ops;
    private final long[] bytes;
    private final long[] errs;
    private final Map<String, Histogram[]> histograms = new LinkedHashMap<>();
    private final Map<Integer, List<Snapshot>> shardTimelines = new TreeMap<>();
    private CellStats sum;

    /** @param span the cell's first second's start and last second's end over every shard; null: no seconds */
    CellMerge(long[] span) {
        start = span == null ? Long.MAX_VALUE : span[0];
        end = span == null ? Long.MIN_VALUE : span[1];
        buckets = span == null ? 0 : (int) Math.max(1, (end - start + 999) / 1000);
        ops = new long[buckets];
        bytes = new long[buckets];
        errs = new long[buckets];
    }

    void add(int shard, CellStats cell, Path log, boolean shardLine) throws IOException {
        sum = sum == null ? cell : CellStats.sum(List.of(sum, cell));
        if (shardLine) {
            shardTimelines.put(shard, cell.timeline());
        }
        if (buckets == 0) {
            return;
        }
        for (Snapshot s : cell.timeline()) {
            int b = bucket(s.epochMillis(), start, buckets);
            ops[b] += s.operations();
            bytes[b] += s.bytes();
            errs[b] += s.errors();
        }
        ResultsReader.forEachInterval(log, interval -> {
            if (!ResultsMerge.TAGS.contains(interval.tag())) {
                return; // a size bucket's interval spans the cell: summed whole in the cell's figures
            }
            Histogram[] byBucket = histograms.computeIfAbsent(interval.tag(), t -> new Histogram[buckets]);
            int b = bucket(interval.endMillis(), start, buckets);
            if (byBucket[b] == null) {
                byBucket[b] = CellRecorder.newPackedHistogram();
            }
            byBucket[b].add(interval.histogram());
        });
    }

    Merged finish() {
        if (buckets == 0) {
            return new Merged(sum, Optional.empty(), shardTimelines);
        }
        long spanNanos = Math.max(1, end - start) * 1_000_000;
        List<Snapshot> timeline = new ArrayList<>();
        List<HdrInterval> intervals = new ArrayList<>();
        Histogram[] latencies = histograms.get(HdrLogReporter.LATENCY);
        for (int b = 0; b < buckets; b++) {
            long endNanos = Math.min((b + 1) * 1_000_000_000L, spanNanos);
            long startNanos = b * 1_000_000_000L;
            long endMillis = start + endNanos / 1_000_000;
            Histogram latency = latencies == null ? null : latencies[b];
            EnumMap<Percentile, Long> stats = new EnumMap<>(Percentile.class);
            if (latency != null && latency.getTotalCount() > 0) {
                for (Percentile p : Percentile.values()) {
                    stats.put(p, Units.statNanos(latency, p));
                }
            }
            timeline.add(new Snapshot(endNanos, endMillis, endNanos - startNanos, ops[b], bytes[b], errs[b],
                    stats));
            for (String tag : ResultsMerge.TAGS) {
                Histogram[] byBucket = histograms.get(tag);
                if (byBucket != null) {
                    Histogram h = byBucket[b] == null ? CellRecorder.newHistogram() : byBucket[b];
                    intervals.add(new HdrInterval(tag, start + startNanos / 1_000_000, endMillis, h));
                }
            }
        }
        for (int i = 0; i < sum.bySize().size(); i++) {
            intervals.add(new HdrInterval(HdrLogReporter.sizeTag(i), start, end,
                    sum.bySize().get(i).latency()));
        }
        return new Merged(sum.spanning(spanNanos, timeline), Optional.of(intervals),
                shardTimelines);
    }

    /**
     * One cell merged: its figures, its merged log's intervals (none when no shard recorded a second of it), and each
     * shard's own seconds (for report.html).
     */
    record Merged(CellStats stats, Optional<List<HdrInterval>> intervals,
                              Map<Integer, List<Snapshot>> shardTimelines) {
    }

    /** The wall-clock second (from {@code start}) in which something ending at {@code endMillis} ended. */
    private static int bucket(long endMillis, long start, int buckets) {
        long b = (endMillis - start + 999) / 1000 - 1;
        return (int) Math.max(0, Math.min(buckets - 1, b));
    }
}

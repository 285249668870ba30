package io.s3workload.report;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.result.Units;
import io.s3workload.workload.Percentile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * {@code s3workload merge}: the results of a run's shards (or of any runs of one workload) as one run, exactly:
 * counts summed, every histogram added from the shards' HdrHistogram logs, and the per-second series aligned on the
 * wall clock (a merged second holds what every shard did in it, its percentiles from the added interval
 * histograms). A shard without a {@code summary.json} did not finish: it is reported as partial, with what its hdr
 * logs hold, and left out of the figures, and the merge says so.
 */
public final class ResultsMerge {

    private static final List<String> TAGS = List.of(HdrLogReporter.LATENCY, HdrLogReporter.TTFB,
            HdrLogReporter.UNCORRECTED);

    private ResultsMerge() {
    }

    /** What became of one shard's directory. */
    public enum Status { COMPLETE, PARTIAL, MISSING }

    /** A shard: where its results are, which it was, whether it finished, how many operations it reports. */
    public record ShardResult(Path directory, int index, int count, Status status, long operations, String detail) {
    }

    /**
     * The merged run, the shards it came from, and per merged cell its per-second interval histograms (for the
     * merged hdr logs).
     */
    public record Merged(RunReport report, List<ShardResult> shards,
                         Map<CellKey, List<ResultsReader.Interval>> intervals) {

        public boolean partial() {
            return shards.stream().anyMatch(s -> s.status() != Status.COMPLETE);
        }
    }

    /** One shard cell: its figures and its log's intervals. */
    private record Part(int shard, CellStats stats, List<ResultsReader.Interval> intervals) {
    }

    public static Merged merge(List<Path> directories) throws IOException {
        List<ShardResult> shards = new ArrayList<>();
        List<RunReport> reports = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        int declared = 0;
        for (int i = 0; i < directories.size(); i++) {
            Path dir = directories.get(i);
            if (!Files.isRegularFile(dir.resolve(SummaryJson.FILE))) {
                shards.add(partial(dir, i));
                continue;
            }
            RunReport report = ResultsReader.read(dir);
            Summary.Shard shard = report.about().shard();
            int index = shard != null ? shard.index() : i;
            int count = shard != null ? shard.count() : directories.size();
            declared = Math.max(declared, count);
            shards.add(new ShardResult(dir, index, count, Status.COMPLETE, operations(report), ""));
            reports.add(report);
            indexes.add(index);
        }
        if (reports.isEmpty()) {
            throw new IOException("no shard finished: none of " + directories + " holds a summary.json");
        }
        for (RunReport r : reports) {
            if (!r.workload().equals(reports.get(0).workload())) {
                throw new IOException("these are different workloads (" + reports.get(0).workload() + ", "
                        + r.workload() + "); merge the shards of one run");
            }
        }
        Set<Integer> seen = new LinkedHashSet<>();
        for (ShardResult s : shards) {
            if (s.status() == Status.COMPLETE && !seen.add(s.index())) {
                throw new IOException("shard " + s.index() + " is given twice (" + s.directory() + ")");
            }
        }
        for (int i = 0; i < declared; i++) {
            int index = i;
            if (shards.stream().noneMatch(s -> s.index() == index)) {
                shards.add(new ShardResult(null, i, declared, Status.MISSING, 0,
                        "no results given for shard " + i + " of " + declared));
            }
        }
        return mergeReports(reports, indexes, directories(shards), shards);
    }

    private static List<Path> directories(List<ShardResult> shards) {
        return shards.stream().filter(s -> s.status() == Status.COMPLETE).map(ShardResult::directory).toList();
    }

    /** A directory without summary.json: what its hdr logs say it did before it stopped. */
    private static ShardResult partial(Path dir, int position) throws IOException {
        Path hdr = dir.resolve(HdrLogReporter.DIRECTORY);
        long latencies = 0;
        long last = 0;
        if (Files.isDirectory(hdr)) {
            try (var logs = Files.list(hdr)) {
                for (Path log : logs.toList()) {
                    for (ResultsReader.Interval interval : ResultsReader.intervals(log)) {
                        if (interval.tag().equals(HdrLogReporter.LATENCY)) {
                            latencies += interval.histogram().getTotalCount();
                            last = Math.max(last, interval.endMillis());
                        }
                    }
                }
            }
        }
        String detail = !Files.isDirectory(dir) ? dir + " does not exist"
                : "no summary.json: the shard did not finish" + (latencies > 0 ? "; its hdr logs hold " + latencies
                + " operations up to " + Instant.ofEpochMilli(last) : "") + "; left out of the merged figures";
        return new ShardResult(dir, position, 0, Status.PARTIAL, latencies, detail);
    }

    private static long operations(RunReport report) {
        return report.stages().stream().flatMap(s -> s.cells().stream()).mapToLong(CellStats::operations).sum();
    }

    /**
     * One cell merged: its figures, its merged log's intervals (none when no shard recorded a second of it), and each
     * shard's own seconds (for report.html).
     */
    private record MergedCell(CellStats stats, java.util.Optional<List<ResultsReader.Interval>> intervals,
                              Map<Integer, List<Snapshot>> shardTimelines) {
    }

    private static Merged mergeReports(List<RunReport> reports, List<Integer> indexes, List<Path> dirs,
                                       List<ShardResult> shards) throws IOException {
        Map<CellKey, List<ResultsReader.Interval>> mergedIntervals = new LinkedHashMap<>();
        Map<String, Map<Integer, List<Snapshot>>> shardTimelines = new LinkedHashMap<>();
        RunReport first = reports.get(0);
        List<StageReport> stages = new ArrayList<>();
        for (StageReport stage : first.stages()) {
            Map<String, List<Part>> cells = new LinkedHashMap<>();
            Map<String, List<ConvergenceStats>> pairs = new LinkedHashMap<>();
            long wall = 0;
            boolean interrupted = false;
            List<io.s3workload.result.CapacitySearch> searches = new ArrayList<>();
            for (int s = 0; s < reports.size(); s++) {
                StageReport mine = reports.get(s).stages().stream().filter(x -> x.name().equals(stage.name()))
                        .findFirst().orElse(null);
                if (mine == null) {
                    continue;
                }
                wall = Math.max(wall, mine.wallNanos());
                interrupted |= mine.interrupted();
                mine.capacity().ifPresent(searches::add);
                for (CellStats cell : mine.cells()) {
                    List<ResultsReader.Interval> intervals = ResultsReader.intervals(dirs.get(s)
                            .resolve(HdrLogReporter.DIRECTORY).resolve(HdrLogReporter.fileName(cell.key())));
                    cells.computeIfAbsent(RunReport.cellId(cell.key()), k -> new ArrayList<>())
                            .add(new Part(indexes.get(s), cell, intervals));
                }
                for (ConvergenceStats pair : mine.convergence()) {
                    pairs.computeIfAbsent(pair.label(), k -> new ArrayList<>()).add(pair);
                }
            }
            List<CellStats> merged = new ArrayList<>();
            for (Map.Entry<String, List<Part>> cell : cells.entrySet()) {
                MergedCell m = mergeCell(cell.getValue());
                merged.add(m.stats());
                m.intervals().ifPresent(i -> mergedIntervals.put(m.stats().key(), i));
                shardTimelines.put(cell.getKey(), m.shardTimelines());
            }
            List<ConvergenceStats> convergence = pairs.values().stream().map(ConvergenceStats::sum).toList();
            stages.add(new StageReport(stage.name(), stage.kind(), wall, interrupted, stage.hasThresholds(), merged,
                    convergence, stage.startNanos(), stage.skipped(), stage.group(),
                    searches.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(
                            io.s3workload.result.CapacitySearch.sum(searches))));
        }
        Instant start = reports.stream().map(RunReport::startedAt).min(Instant::compareTo).orElseThrow();
        Instant end = reports.stream().map(r -> r.startedAt().plusNanos(r.wallNanos())).max(Instant::compareTo)
                .orElseThrow();
        Map<String, String> urls = new LinkedHashMap<>();
        List<Breach> breaches = new ArrayList<>();
        for (RunReport r : reports) {
            urls.putAll(r.endpointUrls());
            r.breaches().stream().filter(b -> !breaches.contains(b)).forEach(breaches::add);
        }
        int exit = reports.stream().mapToInt(RunReport::exitCode).max().orElse(0);
        List<Summary.ShardStatus> statuses = shards.stream().map(s -> new Summary.ShardStatus(s.index(),
                s.status().name().toLowerCase(java.util.Locale.ROOT), s.operations(),
                s.directory() == null ? null : s.directory().toString(), s.detail().isEmpty() ? null : s.detail()))
                .toList();
        RunReport.About about = first.about().merged(first.about().prefix().replaceAll("shard-\\d+/$", ""), statuses);
        RunReport report = new RunReport(about, first.runId(), start, java.time.Duration.between(start, end)
                .toNanos(), first.seed(), exit, reports.stream().anyMatch(RunReport::interrupted), urls, stages,
                breaches, CleanupResult.sum(reports.stream().map(RunReport::cleanup).toList()), shardTimelines);
        return new Merged(report, shards, mergedIntervals);
    }

    /**
     * A cell over every shard: counts and histograms summed exactly; the wall time the span from the first shard's
     * start to the last shard's end; the series re-cut into wall-clock seconds from that start.
     */
    private static MergedCell mergeCell(List<Part> parts) {
        CellStats sum = CellStats.sum(parts.stream().map(Part::stats).toList());
        Map<Integer, List<Snapshot>> shardTimelines = new TreeMap<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Part p : parts) {
            List<Snapshot> t = p.stats().timeline();
            if (!t.isEmpty()) {
                start = Math.min(start, t.get(0).epochMillis() - t.get(0).durationNanos() / 1_000_000);
                end = Math.max(end, t.get(t.size() - 1).epochMillis());
            }
            shardTimelines.put(p.shard(), t);
        }
        if (start == Long.MAX_VALUE) {
            return new MergedCell(sum, java.util.Optional.empty(), shardTimelines);
        }
        long spanNanos = Math.max(1, end - start) * 1_000_000;
        int buckets = (int) Math.max(1, (end - start + 999) / 1000);
        long[] ops = new long[buckets];
        long[] bytes = new long[buckets];
        long[] errs = new long[buckets];
        Map<String, Histogram[]> histograms = new LinkedHashMap<>();
        for (Part p : parts) {
            for (Snapshot s : p.stats().timeline()) {
                int b = bucket(s.epochMillis(), start, buckets);
                ops[b] += s.operations();
                bytes[b] += s.bytes();
                errs[b] += s.errors();
            }
            for (ResultsReader.Interval interval : p.intervals()) {
                if (!TAGS.contains(interval.tag())) {
                    continue; // a size bucket's interval spans the cell: summed whole below
                }
                Histogram[] byBucket = histograms.computeIfAbsent(interval.tag(), t -> new Histogram[buckets]);
                int b = bucket(interval.endMillis(), start, buckets);
                if (byBucket[b] == null) {
                    byBucket[b] = CellRecorder.newHistogram();
                }
                byBucket[b].add(interval.histogram());
            }
        }
        List<Snapshot> timeline = new ArrayList<>();
        List<ResultsReader.Interval> intervals = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            long endNanos = Math.min((b + 1) * 1_000_000_000L, spanNanos);
            long startNanos = b * 1_000_000_000L;
            long endMillis = start + endNanos / 1_000_000;
            Histogram latency = histograms.getOrDefault(HdrLogReporter.LATENCY, new Histogram[buckets])[b];
            EnumMap<Percentile, Long> stats = new EnumMap<>(Percentile.class);
            if (latency != null && latency.getTotalCount() > 0) {
                for (Percentile p : Percentile.values()) {
                    stats.put(p, Units.statNanos(latency, p));
                }
            }
            timeline.add(new Snapshot(endNanos, endMillis, endNanos - startNanos, ops[b], bytes[b], errs[b], stats));
            for (String tag : TAGS) {
                Histogram[] byBucket = histograms.get(tag);
                if (byBucket != null) {
                    Histogram h = byBucket[b] == null ? CellRecorder.newHistogram() : byBucket[b];
                    intervals.add(new ResultsReader.Interval(tag, start + startNanos / 1_000_000, endMillis, h));
                }
            }
        }
        for (int i = 0; i < sum.bySize().size(); i++) {
            intervals.add(new ResultsReader.Interval(HdrLogReporter.sizeTag(i), start, end,
                    sum.bySize().get(i).latency()));
        }
        return new MergedCell(sum.spanning(spanNanos, timeline), java.util.Optional.of(intervals), shardTimelines);
    }

    /** The wall-clock second (from {@code start}) in which something ending at {@code endMillis} ended. */
    private static int bucket(long endMillis, long start, int buckets) {
        long b = (endMillis - start + 999) / 1000 - 1;
        return (int) Math.max(0, Math.min(buckets - 1, b));
    }

    /**
     * Writes the merged run to {@code out} as a run would have: summary.json, hdr logs (one interval per merged
     * second), report.html (with a line per shard) and the CSV files; returns the files written.
     */
    public static List<Path> write(Merged merged, Path out) throws IOException {
        Files.createDirectories(out.resolve(HdrLogReporter.DIRECTORY));
        List<Path> written = new ArrayList<>();
        Path summary = out.resolve(SummaryJson.FILE);
        Files.writeString(summary, SummaryJson.write(SummaryJson.of(merged.report())), StandardCharsets.UTF_8);
        written.add(summary);
        long base = merged.report().startedAt().toEpochMilli();
        for (Map.Entry<CellKey, List<ResultsReader.Interval>> cell : merged.intervals().entrySet()) {
            Path log = out.resolve(HdrLogReporter.DIRECTORY).resolve(HdrLogReporter.fileName(cell.getKey()));
            HdrLogReporter.write(log, base, cell.getValue());
        }
        for (StageReport stage : merged.report().stages()) {
            if (!stage.convergence().isEmpty()) {
                List<ResultsReader.Interval> pairs = new ArrayList<>();
                long end = base + merged.report().wallNanos() / 1_000_000;
                for (ConvergenceStats pair : stage.convergence()) {
                    pairs.add(new ResultsReader.Interval(HdrLogReporter.pairTag(pair.writer(), pair.reader()), base,
                            end, pair.convergence()));
                    pairs.add(new ResultsReader.Interval(HdrLogReporter.readTag(pair.writer(), pair.reader()), base,
                            end, pair.showingRead()));
                }
                HdrLogReporter.write(out.resolve(HdrLogReporter.DIRECTORY)
                        .resolve(HdrLogReporter.convergenceFileName(stage.name())), base, pairs);
            }
        }
        written.add(out.resolve(HdrLogReporter.DIRECTORY));
        written.addAll(ReportFiles.write(merged.report(), ReportFiles.names(), out));
        return written;
    }

    /** The summary table of the merged run, as the console prints a run's. */
    public static String table(Merged merged) {
        return RunSummary.table(merged.report().stages());
    }
}

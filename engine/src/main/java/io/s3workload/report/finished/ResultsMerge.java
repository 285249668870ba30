package io.s3workload.report.finished;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.Snapshot;
import io.s3workload.opslog.OpsLog;
import io.s3workload.opslog.OpsMerge;
import io.s3workload.report.console.RunSummary;
import io.s3workload.report.console.ShardSpread;
import io.s3workload.report.files.HdrInterval;
import io.s3workload.report.files.HdrLogReporter;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code s3workload merge}: the results of a run's shards (or of any runs of one workload) as one run, exactly:
 * counts summed, every histogram added from the shards' HdrHistogram logs, and the per-second series aligned on the
 * wall clock (a merged second holds what every shard did in it, its percentiles from the added interval
 * histograms). A shard without a {@code summary.json} did not finish: it is reported as partial, with what its hdr
 * logs hold, and left out of the figures, and the merge says so.
 */
public final class ResultsMerge {

    static final List<String> TAGS = List.of(HdrLogReporter.LATENCY, HdrLogReporter.TTFB,
            HdrLogReporter.UNCORRECTED);

    private ResultsMerge() {
    }

    /** What became of one shard's directory. */
    public enum Status {
        /** It ran to its end: in the figures. */
        COMPLETE,
        /** Stopped before its end (Ctrl-C, SIGTERM, scancel), reports written: in the figures as far as it ran. */
        STOPPED,
        /** No summary.json: it did not finish; left out of the figures. */
        PARTIAL,
        /** Not given, though the other shards' count says it exists. */
        MISSING;

        /** Whether its results are in the merged figures. */
        public boolean merged() {
            return this == COMPLETE || this == STOPPED;
        }
    }

    /**
     * A shard: where its results are, which it was, whether it finished, how many operations it reports, when it
     * began its first stage (a complete shard's) and how long after the run's start time ({@code --start-at}).
     */
    public record ShardResult(Path directory, int index, int count, Status status, long operations, String detail,
                              Optional<Instant> began, Optional<Duration> late) {
    }

    /**
     * The merged run, the shards it came from, and per merged cell its per-second interval histograms (for the
     * merged hdr logs).
     */
    public record Merged(RunReport report, List<ShardResult> shards,
                         Map<CellKey, List<HdrInterval>> intervals) {

        public boolean partial() {
            return shards.stream().anyMatch(s -> s.status() != Status.COMPLETE);
        }

        /** How far apart the shards that ran began: the last one's first stage less the first one's. */
        public Duration startSpread() {
            return ResultsMerge.startSpread(shards);
        }
    }

    private static Duration startSpread(List<ShardResult> shards) {
        List<Instant> began = shards.stream().flatMap(s -> s.began().stream()).sorted().toList();
        return began.isEmpty() ? Duration.ZERO : Duration.between(began.get(0), began.get(began.size() - 1));
    }

    /**
     * Merges the shards' results. Two passes, one shard at a time, so that memory does not grow with the number of
     * shards: the first reads each summary.json (which shard, which run, when each cell ran), the second adds each
     * shard's figures and hdr logs into the merged cells.
     */
    public static Merged merge(List<Path> directories) throws IOException {
        List<ShardResult> shards = new ArrayList<>();
        Map<String, long[]> spans = new HashMap<>();
        Summary first = null;
        int declared = 0;
        for (int i = 0; i < directories.size(); i++) {
            Path dir = directories.get(i);
            if (!Files.isRegularFile(dir.resolve(SummaryJson.FILE))) {
                shards.add(partial(dir, i));
                continue;
            }
            Summary summary = SummaryJson.read(dir.resolve(SummaryJson.FILE));
            if (first == null) {
                first = summary;
            }
            check(first, summary, dir, shards);
            Summary.Shard shard = summary.run().sharding().shard();
            int count = shard != null ? shard.count() : directories.size();
            declared = Math.max(declared, count);
            shards.add(ran(dir, shard != null ? shard.index() : i, count, summary));
            spans(summary, spans);
        }
        if (first == null) {
            throw new IOException("no shard finished: none of " + directories + " holds a summary.json");
        }
        for (int i = 0; i < declared; i++) {
            int index = i;
            if (shards.stream().noneMatch(s -> s.index() == index)) {
                shards.add(new ShardResult(null, i, declared, Status.MISSING, 0,
                        "no results given for shard " + i + " of " + declared, Optional.empty(),
                        Optional.empty()));
            }
        }
        return mergeShards(first, shards, spans);
    }

    /** A shard that wrote its summary.json: complete, or stopped before its end; when it began. */
    private static ShardResult ran(Path dir, int index, int count, Summary summary) {
        Instant began = Instant.parse(summary.run().times().startedAt());
        boolean stopped = summary.run().interrupted();
        return new ShardResult(dir, index, count, stopped ? Status.STOPPED : Status.COMPLETE, operations(summary),
                stopped ? "stopped before its end (Ctrl-C, SIGTERM, scancel); its figures are in, as far as it ran"
                        : "", Optional.of(began), Optional.ofNullable(summary.run().start().startAt())
                .map(at -> Duration.between(Instant.parse(at), began)));
    }

    /** A shard of another workload or run, or one given twice, is named and the merge refused. */
    private static void check(Summary first, Summary summary, Path dir, List<ShardResult> earlier)
            throws IOException {
        if (!summary.workload().name().equals(first.workload().name())) {
            throw new IOException(dir + " is a run of workload '" + summary.workload().name() + "', the shards before"
                    + " it of '" + first.workload().name() + "': merge the shards of one run");
        }
        Summary.Shard shard = summary.run().sharding().shard();
        if (shard == null) {
            return; // whole runs of one workload may be merged too
        }
        if (first.run().sharding().shard() != null && !summary.run().id().equals(first.run().id())) {
            throw new IOException(dir + " is shard " + shard.index() + " of run " + summary.run().id() + ", the"
                    + " shards before it of run " + first.run().id() + ": merge the shards of one run");
        }
        for (ShardResult s : earlier) {
            if (s.status().merged() && s.index() == shard.index()) {
                throw new IOException("shard " + shard.index() + " is given twice: " + s.directory() + " and " + dir
                        + " (a copied directory, or a shard that ran twice); give each shard once");
            }
        }
    }

    /** Widens each cell's span (epoch milliseconds, first second's start to last second's end) by this shard's. */
    private static void spans(Summary summary, Map<String, long[]> spans) {
        for (Summary.Stage stage : summary.stages()) {
            List<StageOutcome> outcomes = ResultsReader.outcomes(stage);
            for (int i = 0; i < stage.cells().size(); i++) {
                List<Summary.Second> t = stage.cells().get(i).timeline();
                if (t == null || t.isEmpty()) {
                    continue;
                }
                long[] span = spans.computeIfAbsent(RunReport.cellId(ResultsReader.cellKey(stage, i, outcomes)),
                        k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                Summary.Second firstSecond = t.get(0);
                span[0] = Math.min(span[0], firstSecond.epochMs()
                        - SummaryJson.nanos(firstSecond.intervalSeconds()) / 1_000_000);
                span[1] = Math.max(span[1], t.get(t.size() - 1).epochMs());
            }
        }
    }

    /** A directory without summary.json: what its hdr logs say it did before it stopped. */
    private static ShardResult partial(Path dir, int position) throws IOException {
        Path hdr = dir.resolve(HdrLogReporter.DIRECTORY);
        long[] seen = {0, 0}; // operations, the last interval's end
        if (Files.isDirectory(hdr)) {
            try (var logs = Files.list(hdr)) {
                for (Path log : logs.toList()) {
                    ResultsReader.forEachInterval(log, interval -> {
                        if (interval.tag().equals(HdrLogReporter.LATENCY)) {
                            seen[0] += interval.histogram().getTotalCount();
                            seen[1] = Math.max(seen[1], interval.endMillis());
                        }
                    });
                }
            }
        }
        String detail = !Files.isDirectory(dir) ? dir + " does not exist"
                : "no summary.json: the shard did not finish" + (seen[0] > 0 ? "; its hdr logs hold "
                + seen[0] + " operations up to " + Instant.ofEpochMilli(seen[1]) : "")
                + "; left out of the merged figures";
        return new ShardResult(dir, position, 0, Status.PARTIAL, seen[0], detail, Optional.empty(),
                Optional.empty());
    }

    private static long operations(Summary summary) {
        return summary.stages().stream().flatMap(s -> s.cells().stream()).mapToLong(c -> c.totals().operations()).sum();
    }

    private static Merged mergeShards(Summary firstSummary, List<ShardResult> shards, Map<String, long[]> spans)
            throws IOException {
        List<ShardResult> ran = shards.stream().filter(s -> s.status().merged()).toList();
        boolean shardLines = ran.size() <= ShardSpread.SHARD_LINES;
        Map<String, StageMerge> stages = new LinkedHashMap<>();
        RunReport first = null;
        Instant start = null;
        Instant end = null;
        Map<String, String> urls = new LinkedHashMap<>();
        List<Breach> breaches = new ArrayList<>();
        List<CleanupResult> cleanups = new ArrayList<>();
        int exit = 0;
        boolean interrupted = false;
        for (ShardResult shard : ran) {
            RunReport report = ResultsReader.read(shard.directory());
            if (first == null) {
                first = report;
                report.stages().forEach(stage -> stages.put(stage.name(), new StageMerge(stage)));
            }
            for (StageReport mine : report.stages()) {
                StageMerge stage = stages.get(mine.name());
                if (stage != null) {
                    stage.add(shard.index(), mine, shard.directory(), spans, shardLines);
                }
            }
            Instant ended = report.startedAt().plusNanos(report.wallNanos());
            start = start == null || report.startedAt().isBefore(start) ? report.startedAt() : start;
            end = end == null || ended.isAfter(end) ? ended : end;
            urls.putAll(report.endpointUrls());
            report.breaches().stream().filter(b -> !breaches.contains(b)).forEach(breaches::add);
            cleanups.add(report.cleanup());
            exit = Math.max(exit, report.exitCode());
            interrupted |= report.interrupted();
        }
        Map<CellKey, List<HdrInterval>> mergedIntervals = new LinkedHashMap<>();
        Map<String, Map<Integer, List<Snapshot>>> shardTimelines = new LinkedHashMap<>();
        List<StageReport> merged = new ArrayList<>();
        for (StageMerge stage : stages.values()) {
            merged.add(stage.finish(mergedIntervals, shardTimelines));
        }
        List<Summary.ShardStatus> statuses = shards.stream().map(s -> new Summary.ShardStatus(s.index(),
                s.status().name().toLowerCase(Locale.ROOT), s.operations(),
                s.directory() == null ? null : s.directory().toString(), s.detail().isEmpty() ? null : s.detail(),
                s.began().map(Instant::toString).orElse(null), s.late().map(ResultsMerge::seconds).orElse(null)))
                .toList();
        RunReport.About about = first.about().merged(first.about().prefix().replaceAll("shard-\\d+/$", ""),
                statuses, seconds(startSpread(shards)));
        RunReport report = new RunReport(about, firstSummary.run().id(), start, Duration.between(start, end)
                .toNanos(), first.seed(), exit, interrupted, urls, merged, breaches, CleanupResult.sum(cleanups),
                shardTimelines);
        return new Merged(report, shards, mergedIntervals);
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
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
        for (Map.Entry<CellKey, List<HdrInterval>> cell : merged.intervals().entrySet()) {
            Path log = out.resolve(HdrLogReporter.DIRECTORY).resolve(HdrLogReporter.fileName(cell.getKey()));
            HdrLogReporter.write(log, base, cell.getValue());
        }
        long end = base + merged.report().wallNanos() / 1_000_000;
        for (StageReport stage : merged.report().stages()) {
            for (StageOutcome outcome : stage.outcomes()) {
                if (outcome.histograms().isEmpty()) {
                    continue;
                }
                List<HdrInterval> kept = new ArrayList<>();
                outcome.histograms().forEach((tag, h) -> kept.add(new HdrInterval(tag, base, end, h)));
                HdrLogReporter.write(out.resolve(HdrLogReporter.DIRECTORY)
                        .resolve(HdrLogReporter.outcomeFileName(stage.name(), outcome.type().key())), base, kept);
            }
        }
        written.add(out.resolve(HdrLogReporter.DIRECTORY));
        written.addAll(ReportFiles.write(merged.report(), ReportFiles.names(), out));
        return written;
    }

    /**
     * The shards' ops logs ({@code --report ops}) as one {@code ops.csv.zst} in {@code out}, in the order the
     * operations ended; empty when no merged shard kept one.
     */
    public static Optional<OpsMerge.Merged> writeOpsLog(Merged merged, Path out)
            throws IOException {
        List<Path> logs = merged.shards().stream().filter(s -> s.status().merged() && s.directory() != null)
                .map(s -> s.directory().resolve(OpsLog.FILE)).filter(Files::isRegularFile)
                .toList();
        if (logs.isEmpty()) {
            return Optional.empty();
        }
        Files.createDirectories(out);
        return Optional.of(OpsMerge.merge(logs, out.resolve(OpsLog.FILE)));
    }

    /** The summary table of the merged run, as the console prints a run's. */
    public static String table(Merged merged) {
        return RunSummary.table(merged.report().stages());
    }
}

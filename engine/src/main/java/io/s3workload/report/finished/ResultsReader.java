package io.s3workload.report.finished;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.AccessStats;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.Notable;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.WriteSplit;
import io.s3workload.report.files.HdrInterval;
import io.s3workload.report.files.HdrLogReporter;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryCell;
import io.s3workload.result.SummaryJson;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads a run back from its results directory: counts, times and the per-second timeline from {@code summary.json},
 * every distribution from the HdrHistogram logs under {@code hdr/} (added up exactly), so the files rebuilt from it
 * are the files the run wrote.
 */
public final class ResultsReader {

    private final Path directory;

    private ResultsReader(Path directory) {
        this.directory = directory;
    }

    /** The run in {@code directory} (or its summary.json); an {@link IOException} saying what is missing or malformed. */
    public static RunReport read(Path directory) throws IOException {
        return new ResultsReader(directoryOf(directory)).read();
    }

    /** A run's results directory, given it or a file in it (its summary.json). */
    public static Path directoryOf(Path given) {
        return Files.isRegularFile(given) ? given.toAbsolutePath().getParent() : given;
    }

    private RunReport read() throws IOException {
        Path file = directory.resolve(SummaryJson.FILE);
        if (!Files.isDirectory(directory.resolve(HdrLogReporter.DIRECTORY)) && Files.isRegularFile(file)) {
            throw new IOException(directory.resolve(HdrLogReporter.DIRECTORY) + " does not exist: the distributions"
                    + " come from the run's HdrHistogram logs (--report json,hdr)");
        }
        Summary summary = SummaryJson.read(file);
        try {
            return run(summary);
        } catch (RuntimeException e) {
            throw new IOException(file + " cannot be read back: " + e.getMessage(), e);
        }
    }

    private RunReport run(Summary summary) throws IOException {
        List<StageReport> stages = new ArrayList<>();
        for (Summary.Stage stage : summary.stages()) {
            stages.add(stage(stage));
        }
        Summary.Cleanup c = summary.cleanup();
        CleanupResult cleanup = new CleanupResult(c.skipped(), c.removed(), List.of(), c.exact(), c.errors(),
                Optional.ofNullable(c.manifest()).map(Path::of), c.kept(),
                c.versionsRemoved() == null ? 0 : c.versionsRemoved());
        Summary.Run run = summary.run();
        RunReport.About about = new RunReport.About(summary.tool(), summary.jvm(), summary.host(), summary.workload(),
                run.prefix(), run.sharding().shard(),
                        run.sharding().shards() == null ? List.of() : run.sharding().shards(), run.serverInProcess(),
                run.start().startAt(), run.start().startSpreadSeconds(), run.slice());
        return new RunReport(about, run.id(), Instant.parse(run.times().startedAt()),
                SummaryJson.nanos(run.times().wallSeconds()),
                run.seed(), run.exitCode(), run.interrupted(), run.endpoints(), stages, summary.breaches(), cleanup,
                Map.of());
    }

    private StageReport stage(Summary.Stage stage) throws IOException {
        String name = stage.name();
        StageKind kind = StageKind.fromKey(stage.kind())
                .orElseThrow(() -> new IllegalArgumentException("unknown stage kind " + stage.kind()));
        List<StageOutcome> outcomes = new ArrayList<>();
        for (Map.Entry<String, Object> kept : stage.outcomes().entrySet()) {
            Optional<StageOutcome> outcome = SummaryJson.outcome(kept.getKey(), kept.getValue(), Map.of());
            if (outcome.isPresent() && !outcome.get().histograms().isEmpty()) { // kept in its log: which must be there
                outcome = SummaryJson.outcome(kept.getKey(), kept.getValue(), histograms(directory
                        .resolve(HdrLogReporter.DIRECTORY).resolve(HdrLogReporter.outcomeFileName(name,
                                kept.getKey()))));
            }
            outcome.ifPresent(outcomes::add);
        }
        List<CellStats> cells = new ArrayList<>();
        for (int i = 0; i < stage.cells().size(); i++) {
            cells.add(cell(cellKey(stage, i, outcomes), stage.cells().get(i)));
        }
        return new StageReport(name, kind, SummaryJson.nanos(stage.wallSeconds()), stage.interrupted(),
                stage.hasThresholds(), cells, SummaryJson.nanos(stage.startSeconds()),
                Optional.ofNullable(stage.skipped()), Optional.ofNullable(stage.group()).map(SummaryJson::group),
                outcomes);
    }

    /** A stage's outcomes as summary.json keeps them, without their histograms. */
    static List<StageOutcome> outcomes(Summary.Stage stage) {
        List<StageOutcome> outcomes = new ArrayList<>();
        stage.outcomes().forEach((key, kept) -> SummaryJson.outcome(key, kept, Map.of()).ifPresent(outcomes::add));
        return outcomes;
    }

    /** The key of a stage's cell {@code i} in summary.json (its outcomes may name its stage: a capacity step's). */
    static CellKey cellKey(Summary.Stage stage, int i, List<StageOutcome> outcomes) {
        SummaryCell cell = stage.cells().get(i);
        String name = outcomes.stream().flatMap(o -> o.cellStage(stage.name(), i).stream()).findFirst()
                .orElse(stage.name());
        SizeSpec size = cell.size() != null ? SummaryJson.size(cell.size()) : SizeSpec.of(DataSize.ofBytes(0));
        return new CellKey(name, Op.valueOf(cell.op()), cell.endpoint(), size);
    }

    private CellStats cell(CellKey key, SummaryCell cell) throws IOException {
        Map<String, Histogram> tags = histograms(directory.resolve(HdrLogReporter.DIRECTORY)
                .resolve(HdrLogReporter.fileName(key)));
        List<Snapshot> timeline = new ArrayList<>();
        for (Summary.Second s : cell.timeline()) {
            EnumMap<Percentile, Long> latency = new EnumMap<>(Percentile.class);
            if (s.latencyMs() != null) {
                for (Percentile p : Percentile.values()) {
                    latency.put(p, Math.round(s.latencyMs().get(p.key()) * 1e6));
                }
            }
            timeline.add(new Snapshot(SummaryJson.nanos(s.elapsedSeconds()), s.epochMs(),
                    SummaryJson.nanos(s.intervalSeconds()), s.operations(), s.bytes(), s.errors(), latency));
        }
        Histogram latency = tags.getOrDefault(HdrLogReporter.LATENCY, CellRecorder.newHistogram());
        SummaryCell.Totals totals = cell.totals();
        SummaryCell.Failed failed = cell.failed();
        SummaryCell.Time time = cell.time();
        if (latency.getTotalCount() != cell.latencies().latencyMs().count()) {
            throw new IOException(HdrLogReporter.fileName(key) + " holds " + latency.getTotalCount()
                    + " latencies, summary.json counts " + cell.latencies().latencyMs().count()
                    + ": the log is incomplete");
        }
        return new CellStats(key, totals.operations(), totals.bytes(), totals.items(),
                new CellStats.Failures(totals.errors(), failed.errorsByClass(), failed.errorExamples(),
                        failed.errorMessages()),
                new CellStats.Latencies(latency, tags.getOrDefault(HdrLogReporter.TTFB, CellRecorder.newHistogram()),
                        tags.getOrDefault(HdrLogReporter.UNCORRECTED, CellRecorder.newHistogram()), bySize(cell, tags),
                        new WriteSplit(tags.getOrDefault(HdrLogReporter.SEND, CellRecorder.newHistogram()),
                                tags.getOrDefault(HdrLogReporter.COMMIT, CellRecorder.newHistogram()))),
                new CellStats.Time(SummaryJson.nanos(totals.seconds()),
                        time.processCpuSeconds() != null ? SummaryJson.nanos(time.processCpuSeconds()) : -1,
                        time.processAllocatedBytes() != null ? time.processAllocatedBytes() : -1,
                        time.firstRequestMs() != null ? Math.round(time.firstRequestMs() * 1e6) : -1,
                        time.stableAfterSeconds() != null ? time.stableAfterSeconds() : Double.NaN),
                cell.counts().counts(), timeline,
                cell.access() == null ? null : new AccessStats(cell.access().distribution(),
                        cell.access().keys(), cell.access().reads(), cell.access().distinctKeys(),
                        cell.access().hottestKeyReads(), cell.access().hottestTenthReads(),
                        cell.access().expectedTenthShare()), named(cell),
                cell.server() == null ? null : SummaryJson.server(cell.server()));
    }

    /** The operations a cell named, with the limit it kept them to (at least as many as it named). */
    private static Notable named(SummaryCell cell) {
        List<NamedRequest> slowest = cell.named().slowest() == null ? List.of()
                : cell.named().slowest().stream().map(SummaryJson::request).toList();
        List<NamedRequest> failures = cell.named().failures() == null ? List.of()
                : cell.named().failures().stream().map(SummaryJson::request).toList();
        // the limit the run named to: at least as many as it named of the slowest or of any error class
        int limit = Math.max(slowest.size(), failures.stream().collect(Collectors.groupingBy(
                NamedRequest::errorClass, Collectors.counting())).values()
                .stream().mapToInt(Long::intValue).max().orElse(0));
        return new Notable(limit, slowest, failures, cell.named().outages() == null ? List.of()
                : cell.named().outages().stream().map(SummaryJson::outage).toList());
    }

    /** The size buckets of a cell, their histograms from its log (tagged {@code size:N}). */
    private static List<SizeBucketStats> bySize(SummaryCell cell, Map<String, Histogram> tags) {
        if (cell.latencies().bySize() == null) {
            return List.of();
        }
        List<SizeBucketStats> buckets = new ArrayList<>();
        for (int i = 0; i < cell.latencies().bySize().size(); i++) {
            Summary.SizeBucket b = cell.latencies().bySize().get(i);
            buckets.add(new SizeBucketStats(b.bucket(), b.fromBytes(), b.toBytes(),
                    b.operations(), tags.getOrDefault(HdrLogReporter.sizeTag(i), CellRecorder.newHistogram())));
        }
        return buckets;
    }

    /**
     * Each interval of {@code log} in order, one at a time (none when there is no such log): a log holds a histogram
     * a second, too many to hold at once for a long cell. A log cut short (a shard killed while writing it, its last
     * line incomplete) gives the intervals before the cut.
     */
    public static void forEachInterval(Path log, Consumer<HdrInterval> consumer) throws IOException {
        if (!Files.isRegularFile(log)) {
            return;
        }
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = next(reader); h != null; h = next(reader)) {
                if (h instanceof Histogram interval) {
                    consumer.accept(new HdrInterval(interval.getTag() == null ? HdrLogReporter.LATENCY
                            : interval.getTag(), interval.getStartTimeStamp(), interval.getEndTimeStamp(), interval));
                }
            }
        }
    }

    /**
     * The log's next interval; null at its end, or where its last line was cut short (HdrHistogram's reader throws
     * on an incomplete line or a truncated encoding).
     */
    private static EncodableHistogram next(HistogramLogReader reader) {
        try {
            return reader.nextIntervalHistogram();
        } catch (NoSuchElementException | IllegalArgumentException | IllegalStateException
                 | IndexOutOfBoundsException | BufferUnderflowException e) {
            return null;
        }
    }

    /** Every interval of an hdr log added up, by tag. */
    private static Map<String, Histogram> histograms(Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            throw new IOException(log + " does not exist: the run's HdrHistogram logs are incomplete");
        }
        Map<String, Histogram> byTag = new HashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (h instanceof Histogram interval) {
                    byTag.computeIfAbsent(interval.getTag() == null ? HdrLogReporter.LATENCY : interval.getTag(),
                            t -> CellRecorder.newHistogram()).add(interval);
                }
            }
        }
        return byTag;
    }
}

package io.s3workload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.Snapshot;
import io.s3workload.run.Breach;
import io.s3workload.run.CleanupResult;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.Percentile;
import io.s3workload.workload.SizeSpec;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads a run back from its results directory: counts, times and the per-second timeline from {@code summary.json},
 * every distribution from the HdrHistogram logs under {@code hdr/} (added up exactly), so the files rebuilt from it
 * are the files the run wrote.
 */
public final class ResultsReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path directory;

    private ResultsReader(Path directory) {
        this.directory = directory;
    }

    /** The run in {@code directory}; an {@link IOException} saying what is missing or malformed. */
    public static RunReport read(Path directory) throws IOException {
        return new ResultsReader(directory).read();
    }

    private RunReport read() throws IOException {
        Path summary = directory.resolve(JsonReporter.FILE);
        if (!Files.isRegularFile(summary)) {
            throw new IOException(summary + " does not exist: give the results directory of a run made with"
                    + " --report json,hdr");
        }
        if (!Files.isDirectory(directory.resolve(HdrLogReporter.DIRECTORY))) {
            throw new IOException(directory.resolve(HdrLogReporter.DIRECTORY) + " does not exist: the distributions"
                    + " come from the run's HdrHistogram logs (--report json,hdr)");
        }
        JsonNode root = JSON.readTree(summary.toFile());
        if (!root.has("schemaVersion") || !root.has("stages")) {
            throw new IOException(summary + " is not an s3workload summary.json");
        }
        try {
            return run(root);
        } catch (RuntimeException e) {
            throw new IOException(summary + " cannot be read back: " + e.getMessage(), e);
        }
    }

    private RunReport run(JsonNode root) throws IOException {
        Map<String, String> urls = new LinkedHashMap<>();
        root.at("/run/endpoints").fields().forEachRemaining(e -> urls.put(e.getKey(), e.getValue().asText()));
        List<StageReport> stages = new ArrayList<>();
        for (JsonNode stage : root.get("stages")) {
            stages.add(stage(stage));
        }
        List<Breach> breaches = new ArrayList<>();
        for (JsonNode b : root.path("breaches")) {
            breaches.add(new Breach(b.get("stage").asText(), b.get("cell").asText(), b.get("metric").asText(),
                    b.get("measured").asText(), b.get("limit").asText()));
        }
        List<String> cleanupErrors = new ArrayList<>();
        root.at("/cleanup/errors").forEach(e -> cleanupErrors.add(e.asText()));
        CleanupResult cleanup = new CleanupResult(root.at("/cleanup/skipped").asBoolean(),
                root.at("/cleanup/removed").asLong(), List.of(), root.at("/cleanup/exact").asBoolean(true),
                cleanupErrors, java.util.Optional.empty());
        return new RunReport(root.at("/workload/name").asText(), root.at("/run/id").asText(),
                Instant.parse(root.at("/run/startedAt").asText()), nanos(root.at("/run/wallSeconds")),
                root.at("/workload/bucket").asText(), root.at("/run/seed").asLong(), root.at("/run/exitCode").asInt(),
                urls, stages, breaches, cleanup);
    }

    private StageReport stage(JsonNode stage) throws IOException {
        String name = stage.get("name").asText();
        StageKind kind = StageKind.fromKey(stage.get("kind").asText())
                .orElseThrow(() -> new IllegalArgumentException("unknown stage kind " + stage.get("kind")));
        List<CellStats> cells = new ArrayList<>();
        for (JsonNode cell : stage.get("cells")) {
            cells.add(cell(name, cell));
        }
        List<ConvergenceStats> pairs = new ArrayList<>();
        if (!stage.path("convergence").isEmpty()) {
            Map<String, Histogram> byPair = histograms(directory.resolve(HdrLogReporter.DIRECTORY)
                    .resolve(HdrLogReporter.convergenceFileName(name)));
            for (JsonNode p : stage.get("convergence")) {
                String writer = p.get("writer").asText();
                String reader = p.get("reader").asText();
                pairs.add(new ConvergenceStats(writer, reader, p.get("iterations").asLong(),
                        p.get("immediate").asLong(), p.get("eventual").asLong(), p.get("timedOut").asLong(),
                        p.get("failed").asLong(), p.get("stale").asLong(), p.get("polls").asLong(),
                        p.get("pollErrors").asLong(), byPair.getOrDefault(HdrLogReporter.pairTag(writer, reader),
                                CellRecorder.newHistogram())));
            }
        }
        return new StageReport(name, kind, nanos(stage.get("wallSeconds")), stage.get("interrupted").asBoolean(),
                stage.path("hasThresholds").asBoolean(), cells, pairs, nanos(stage.path("startSeconds")),
                stage.has("skipped") ? Optional.of(stage.get("skipped").asText()) : Optional.empty());
    }

    private CellStats cell(String stage, JsonNode cell) throws IOException {
        Op op = Op.valueOf(cell.get("op").asText());
        SizeSpec size = cell.has("size") ? size(cell.get("size").asText()) : SizeSpec.of(DataSize.ofBytes(0));
        CellKey key = new CellKey(stage, op, cell.get("endpoint").asText(), size);
        Map<String, Histogram> tags = histograms(directory.resolve(HdrLogReporter.DIRECTORY)
                .resolve(HdrLogReporter.fileName(key)));
        Map<String, Long> errorsByClass = new HashMap<>();
        cell.path("errorsByClass").fields().forEachRemaining(e -> errorsByClass.put(e.getKey(), e.getValue().asLong()));
        Map<String, List<String>> examples = new HashMap<>();
        cell.path("errorExamples").fields().forEachRemaining(e -> {
            List<String> list = new ArrayList<>();
            e.getValue().forEach(v -> list.add(v.asText()));
            examples.put(e.getKey(), list);
        });
        List<Snapshot> timeline = new ArrayList<>();
        for (JsonNode s : cell.path("timeline")) {
            EnumMap<Percentile, Long> latency = new EnumMap<>(Percentile.class);
            if (s.has("latencyMs")) {
                for (Percentile p : Percentile.values()) {
                    latency.put(p, Math.round(s.get("latencyMs").get(p.key()).asDouble() * 1e6));
                }
            }
            timeline.add(new Snapshot(nanos(s.get("elapsedSeconds")), s.get("epochMs").asLong(),
                    nanos(s.get("intervalSeconds")), s.get("operations").asLong(), s.get("bytes").asLong(),
                    s.get("errors").asLong(), latency));
        }
        Histogram latency = tags.getOrDefault(HdrLogReporter.LATENCY, CellRecorder.newHistogram());
        if (latency.getTotalCount() != cell.at("/latencyMs/count").asLong()) {
            throw new IOException(HdrLogReporter.fileName(key) + " holds " + latency.getTotalCount()
                    + " latencies, summary.json counts " + cell.at("/latencyMs/count").asLong()
                    + ": the log is incomplete");
        }
        return new CellStats(key, cell.get("operations").asLong(), cell.get("bytes").asLong(),
                cell.get("errors").asLong(), cell.path("items").asLong(), errorsByClass, examples, latency,
                tags.getOrDefault(HdrLogReporter.TTFB, CellRecorder.newHistogram()), nanos(cell.get("seconds")),
                cell.has("processCpuSeconds") ? nanos(cell.get("processCpuSeconds")) : -1,
                cell.path("processAllocatedBytes").asLong(-1),
                tags.getOrDefault(HdrLogReporter.UNCORRECTED, CellRecorder.newHistogram()),
                cell.path("lateStarts").asLong(), timeline, cell.path("retries").asLong());
    }

    /** One interval of an hdr log: its tag, its start and end (epoch milliseconds), its histogram. */
    record Interval(String tag, long startMillis, long endMillis, Histogram histogram) {
    }

    /** The intervals of {@code log} in order; empty when there is no such log. */
    static List<Interval> intervals(Path log) throws IOException {
        List<Interval> intervals = new ArrayList<>();
        if (!Files.isRegularFile(log)) {
            return intervals;
        }
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (h instanceof Histogram interval) {
                    intervals.add(new Interval(interval.getTag() == null ? HdrLogReporter.LATENCY : interval.getTag(),
                            interval.getStartTimeStamp(), interval.getEndTimeStamp(), interval));
                }
            }
        }
        return intervals;
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

    private static SizeSpec size(String label) {
        int dash = label.indexOf('-');
        if (dash < 0) {
            return SizeSpec.of(parse(label));
        }
        return new SizeSpec.Uniform(parse(label.substring(0, dash)), parse(label.substring(dash + 1)));
    }

    private static DataSize parse(String text) {
        return DataSize.parse(text).orElseThrow(() -> new IllegalArgumentException("not a size: " + text));
    }

    /** Seconds as written (a double of nanoseconds / 1e9) back to the exact nanoseconds. */
    private static long nanos(JsonNode seconds) {
        return Math.round(seconds.asDouble() * 1e9);
    }
}

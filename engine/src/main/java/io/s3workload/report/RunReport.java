package io.s3workload.report;

import io.s3workload.run.Breach;
import io.s3workload.run.CleanupResult;
import io.s3workload.run.RunResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A finished run as the file reports show it: figures and names only, no plan, no clients. Made from a live
 * {@link RunResult}, or read back from a results directory by {@link ResultsReader}, so that {@code s3workload
 * report} rebuilds exactly the files the run wrote.
 *
 * @param endpointUrls   the endpoints the stages used, by name, without user info or query
 * @param shardTimelines for a merged run: per cell (stage, op, endpoint and size, tab-separated) each shard's
 *                       per-second series, by shard index; empty otherwise
 */
public record RunReport(String workload, String runId, Instant startedAt, long wallNanos, String bucket, long seed,
                        int exitCode, Map<String, String> endpointUrls, List<StageReport> stages,
                        List<Breach> breaches, CleanupResult cleanup,
                        Map<String, Map<Integer, List<io.s3workload.metrics.Snapshot>>> shardTimelines) {

    public RunReport {
        endpointUrls = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(endpointUrls));
        stages = List.copyOf(stages);
        breaches = List.copyOf(breaches);
        shardTimelines = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(shardTimelines));
    }

    public RunReport(String workload, String runId, Instant startedAt, long wallNanos, String bucket, long seed,
                     int exitCode, Map<String, String> endpointUrls, List<StageReport> stages, List<Breach> breaches,
                     CleanupResult cleanup) {
        this(workload, runId, startedAt, wallNanos, bucket, seed, exitCode, endpointUrls, stages, breaches, cleanup,
                Map.of());
    }

    /** The shards' series of {@code cell}, by shard index; empty unless merged. */
    public Map<Integer, List<io.s3workload.metrics.Snapshot>> shardTimelines(io.s3workload.metrics.CellKey cell) {
        return shardTimelines.getOrDefault(cellId(cell), Map.of());
    }

    /** A cell's identity across runs and shards: stage, op, endpoint and size label, tab-separated. */
    static String cellId(io.s3workload.metrics.CellKey cell) {
        return cell.stage() + "\t" + cell.op() + "\t" + cell.endpoint() + "\t"
                + (cell.op().sized() ? cell.size().label() : "");
    }

    public static RunReport of(RunResult result) {
        Map<String, String> urls = new java.util.LinkedHashMap<>();
        result.info().endpointUrls().forEach((name, url) -> urls.put(name, io.s3workload.workload.Urls.printable(url)));
        return new RunReport(result.info().plan().name(), result.info().runId(), result.info().startedAt(),
                result.wallNanos(), result.info().plan().bucket(), result.info().seed(), result.exitCode(), urls,
                result.stages().stream().map(StageReport::of).toList(), result.breaches(), result.cleanup());
    }

    /** Whether any stage has a {@code failOn} threshold. */
    public boolean hasThresholds() {
        return stages.stream().anyMatch(StageReport::hasThresholds);
    }

}

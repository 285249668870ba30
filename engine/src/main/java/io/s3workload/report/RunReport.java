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
 * @param endpointUrls the endpoints the stages used, by name, without user info or query
 */
public record RunReport(String workload, String runId, Instant startedAt, long wallNanos, String bucket, long seed,
                        int exitCode, Map<String, String> endpointUrls, List<StageReport> stages,
                        List<Breach> breaches, CleanupResult cleanup) {

    public RunReport {
        endpointUrls = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(endpointUrls));
        stages = List.copyOf(stages);
        breaches = List.copyOf(breaches);
    }

    public static RunReport of(RunResult result) {
        Map<String, String> urls = new java.util.LinkedHashMap<>();
        result.info().endpointUrls().forEach((name, url) -> urls.put(name, withoutSecrets(url)));
        return new RunReport(result.info().plan().name(), result.info().runId(), result.info().startedAt(),
                result.wallNanos(), result.info().plan().bucket(), result.info().seed(), result.exitCode(), urls,
                result.stages().stream().map(StageReport::of).toList(), result.breaches(), result.cleanup());
    }

    /** Whether any stage has a {@code failOn} threshold. */
    public boolean hasThresholds() {
        return stages.stream().anyMatch(StageReport::hasThresholds);
    }

    /** The URL without user info or query, where a careless one could carry a secret. */
    static String withoutSecrets(String url) {
        return io.s3workload.workload.HttpGetStage.withoutQuery(url);
    }
}

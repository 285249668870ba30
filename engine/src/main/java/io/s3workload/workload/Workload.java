package io.s3workload.workload;

import io.s3workload.metrics.CellRecorder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload as written in its YAML file, after {@code ${VAR}} substitution and {@code --set} overrides, and
 * validated. Unset optional settings stay unset; the planner resolves defaults.
 *
 * @param endpoints named endpoints in file order; empty means the embedded server
 * @param reports   the reports a run makes unless {@code --report} says otherwise; none given: {@link #DEFAULT_REPORTS}
 * @param sections  titles of the report's sections by stage tag, in order: the console prints a banner before the
 *                  first stage of each and a verdict per section at the end (t3-validator's CONNECTIVITY TESTS)
 * @param scaled    what {@code --scale} changed
 * @param slowest   how many of each cell's slowest operations, and first failures of each class, are named
 * @param buckets   the buckets the run's keys are spread over (each key in one, by a hash of it): {@code bucket}
 *                  alone, or those {@code buckets:} names
 */
public record Workload(
        String source,
        String name,
        String description,
        Map<String, EndpointSpec> endpoints,
        String bucket,
        String prefix,
        boolean createBucket,
        boolean keep,
        Optional<Long> seed,
        Defaults defaults,
        FailOn failOn,
        List<StageSpec> stages,
        List<String> reports,
        Map<String, String> sections,
        Scaled scaled,
        int slowest,
        List<String> buckets) {

    /** How many of each cell's slowest operations (and first failures of each class) a run names by default. */
    public static final int DEFAULT_SLOWEST = CellRecorder.DEFAULT_NAMED;

    public static final String DEFAULT_PREFIX = "s3workload";
    /** The reports a run makes when neither {@code reports:} nor {@code --report} names any. */
    public static final List<String> DEFAULT_REPORTS = List.of("console");

    /** The report names {@code reports:} and {@code --report} know. */
    public static final List<String> REPORTS = List.of("console", "csv", "json", "hdr", "html", "ops", "profile", "prometheus",
            "otlp", "web");

    /** The most buckets a run spreads its keys over ({@code buckets:}). */
    public static final int MOST_BUCKETS = 100;

    /** A workload in one bucket. */
    public Workload(String source, String name, String description, Map<String, EndpointSpec> endpoints,
                    String bucket, String prefix, boolean createBucket, boolean keep, Optional<Long> seed,
                    Defaults defaults, FailOn failOn, List<StageSpec> stages, List<String> reports,
                    Map<String, String> sections, Scaled scaled, int slowest) {
        this(source, name, description, endpoints, bucket, prefix, createBucket, keep, seed, defaults, failOn, stages,
                reports, sections, scaled, slowest, List.of(bucket));
    }

    public Workload {
        buckets = List.copyOf(buckets);
        endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        stages = List.copyOf(stages);
        reports = reports.isEmpty() ? DEFAULT_REPORTS : List.copyOf(reports);
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    }

    public Workload withEndpoints(Map<String, EndpointSpec> newEndpoints) {
        return new Workload(source, name, description, newEndpoints, bucket, prefix, createBucket, keep, seed,
                defaults, failOn, stages, reports, sections, scaled, slowest, buckets);
    }

    public Workload withScaled(Scaled what) {
        return new Workload(source, name, description, endpoints, bucket, prefix, createBucket, keep, seed,
                defaults, failOn, stages, reports, sections, what, slowest, buckets);
    }

    public Workload withCreateBucket(boolean create) {
        return new Workload(source, name, description, endpoints, bucket, prefix, create, keep, seed, defaults,
                failOn, stages, reports, sections, scaled, slowest, buckets);
    }

    /**
     * This workload as shard {@code shard} runs it: every stage {@link StageSpec#shared shared}, the default workers
     * ({@link Defaults#workers}) made explicit where a stage would take them.
     */
    public Workload shared(Shard shard) {
        if (shard.count() == 1) {
            return this;
        }
        int defaultWorkers = defaults.workers();
        return new Workload(source, name, description, endpoints, bucket, prefix, createBucket, keep, seed,
                defaults.shared(shard), failOn, stages.stream().map(s -> s.shared(shard, defaultWorkers)).toList(),
                reports, sections, scaled, slowest, buckets);
    }

    public List<String> stageNames() {
        List<String> names = new ArrayList<>();
        stages.forEach(s -> names.add(s.name()));
        return names;
    }
}

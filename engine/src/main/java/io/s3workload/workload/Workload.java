package io.s3workload.workload;

import io.s3workload.ground.Shard;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.workload.endpoints.EndpointSpec;
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
 * @param place     where its runs write
 * @param reporting what its runs report: which reports, its sections, how many operations each cell names
 * @param scaled    what {@code --scale} changed
 */
public record Workload(
        String source,
        String name,
        String description,
        Map<String, EndpointSpec> endpoints,
        Place place,
        Optional<Long> seed,
        Defaults defaults,
        FailOn failOn,
        List<StageSpec> stages,
        Reporting reporting,
        Scaled scaled) {

    /**
     * What a workload's runs report.
     *
     * @param reports  the reports a run makes unless {@code --report} says otherwise; none given:
     *                 {@link #DEFAULT_REPORTS}
     * @param sections titles of the report's sections by stage tag, in order: the console prints a banner before the
     *                 first stage of each and a verdict per section at the end (t3-validator's CONNECTIVITY TESTS)
     * @param slowest  how many of each cell's slowest operations, and first failures of each class, are named
     */
    public record Reporting(List<String> reports, Map<String, String> sections, int slowest) {

        public Reporting {
            reports = reports.isEmpty() ? DEFAULT_REPORTS : List.copyOf(reports);
            sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
        }
    }

    public List<String> reports() {
        return reporting.reports();
    }

    public Map<String, String> sections() {
        return reporting.sections();
    }

    public int slowest() {
        return reporting.slowest();
    }

    /**
     * Where a workload's runs write (and a plan's, which keeps it as written).
     *
     * @param bucket       the workload's bucket
     * @param prefix       the runs' prefix in it
     * @param createBucket whether a run makes the bucket when it is missing
     * @param keep         whether a run leaves what it wrote
     * @param buckets      the buckets the run's keys are spread over (each key in one, by a hash of it): {@code
     *                     bucket} alone, or those {@code buckets:} names
     */
    public record Place(String bucket, String prefix, boolean createBucket, boolean keep, List<String> buckets) {

        public Place {
            buckets = List.copyOf(buckets);
        }

        /** A place of one bucket. */
        public static Place of(String bucket, String prefix, boolean createBucket, boolean keep) {
            return new Place(bucket, prefix, createBucket, keep, List.of(bucket));
        }

        /** This place, the bucket made when missing or not. */
        public Place creatingBucket(boolean create) {
            return new Place(bucket, prefix, create, keep, buckets);
        }
    }

    /** How many of each cell's slowest operations (and first failures of each class) a run names by default. */
    public static final int DEFAULT_SLOWEST = CellRecorder.DEFAULT_NAMED;

    public static final String DEFAULT_PREFIX = "s3workload";
    /** The reports a run makes when neither {@code reports:} nor {@code --report} names any. */
    public static final List<String> DEFAULT_REPORTS = List.of("console");

    /** The report names {@code reports:} and {@code --report} know. */
    public static final List<String> REPORTS = List.of("console", "csv", "json", "hdr", "html", "ops", "profile",
            "prometheus", "otlp", "web");

    /** The most buckets a run spreads its keys over ({@code buckets:}). */
    public static final int MOST_BUCKETS = 100;

    public Workload {
        endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        stages = List.copyOf(stages);
    }

    public String bucket() {
        return place.bucket();
    }

    public String prefix() {
        return place.prefix();
    }

    public boolean createBucket() {
        return place.createBucket();
    }

    public boolean keep() {
        return place.keep();
    }

    public List<String> buckets() {
        return place.buckets();
    }

    public Workload withEndpoints(Map<String, EndpointSpec> newEndpoints) {
        return new Workload(source, name, description, newEndpoints, place, seed, defaults, failOn, stages, reporting,
                scaled);
    }

    public Workload withScaled(Scaled what) {
        return new Workload(source, name, description, endpoints, place, seed, defaults, failOn, stages, reporting,
                what);
    }

    public Workload withCreateBucket(boolean create) {
        return new Workload(source, name, description, endpoints, place.creatingBucket(create), seed, defaults,
                failOn, stages, reporting, scaled);
    }

    /** This workload with only {@code kept} of its stages ({@code --only}, {@code --skip}). */
    public Workload withStages(List<StageSpec> kept) {
        return new Workload(source, name, description, endpoints, place, seed, defaults, failOn, kept, reporting,
                scaled);
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
        return new Workload(source, name, description, endpoints, place, seed, defaults.shared(shard), failOn,
                stages.stream().map(s -> s.shared(shard, defaultWorkers)).toList(), reporting, scaled);
    }

    public List<String> stageNames() {
        List<String> names = new ArrayList<>();
        stages.forEach(s -> names.add(s.name()));
        return names;
    }
}

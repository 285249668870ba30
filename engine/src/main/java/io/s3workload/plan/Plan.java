package io.s3workload.plan;

import io.s3workload.workload.Scaled;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.Workload;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.objects.ObjectSettings;
import java.time.Duration;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A compiled workload: everything the engine needs, immutable, no defaults left to resolve.
 *
 * @param place     where the run writes, as the workload says
 * @param endpoints the endpoints stages use; empty when the run is planned against the embedded server
 * @param seed      the payload seed; empty means the run picks one (and prints it, so it can be repeated)
 * @param sections  the report's section titles by stage tag, in order (the workload's {@code sections})
 * @param scaled    what {@code --scale} changed
 * @param slowest   how many of each cell's slowest operations, and first failures of each class, are named
 */
public record Plan(String name, String source, Workload.Place place, Optional<Long> seed,
                   Map<String, EndpointSpec> endpoints, List<StagePlan> stages, Map<String, String> sections,
                   Scaled scaled, int slowest) {

    /** The endpoint name stages get when the workload defines none. */
    public static final String EMBEDDED = "embedded";

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

    public Plan {
        endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        stages = List.copyOf(stages);
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    }

    /** This plan with {@code drawn} as its seed (a run without one draws one, once, before anything uses it). */
    public Plan withSeed(long drawn) {
        return new Plan(name, source, place, Optional.of(drawn), endpoints, stages, sections, scaled, slowest);
    }

    /** The title of the section {@code stage} belongs to: that of the first section whose tag it carries. */
    public Optional<String> sectionOf(StagePlan stage) {
        List<String> tags = stage.spec().common().tags();
        return sections.entrySet().stream().filter(e -> tags.contains(e.getKey())).map(Map.Entry::getValue)
                .findFirst();
    }

    /** The longest compliance retention the plan's writes set (zero when none sets one). */
    public Duration longestComplianceRetention() {
        return stages.stream().map(s -> s.writes().retention()).flatMap(Optional::stream)
                .filter(r -> r.mode() == ObjectSettings.Retention.Mode.COMPLIANCE)
                .map(ObjectSettings.Retention::period)
                .max(Comparator.naturalOrder()).orElse(Duration.ZERO);
    }

    /**
     * The client settings the run checks {@code endpoint}'s buckets and cleans it up with: those of the first stage
     * that reads or writes through it (the built-in ones when none does).
     */
    public ClientSettings clientFor(String endpoint) {
        return stages.stream().filter(s -> !s.kind().has(StageKind.Trait.ENDPOINTS_ONLY)
                        && s.endpoints().contains(endpoint))
                .map(StagePlan::client).findFirst().orElse(ClientSettings.DEFAULT);
    }

    /** The most requests any stage has in flight against {@code endpoint}: the size of its connection pool. */
    public int maxConnections(String endpoint) {
        return stages.stream().filter(s -> s.endpoints().contains(endpoint)).mapToInt(StagePlan::connections)
                .max().orElse(1);
    }

    /** This plan with {@code endpoint} in place of the endpoint of its name. */
    public Plan withEndpoint(EndpointSpec endpoint) {
        Map<String, EndpointSpec> replaced = new LinkedHashMap<>(endpoints);
        replaced.put(endpoint.name(), endpoint);
        return new Plan(name, source, place, seed, replaced, stages, sections, scaled, slowest);
    }

    public StagePlan stage(String name) {
        return stages.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}

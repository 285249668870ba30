package io.s3workload.workload;

import io.s3workload.ground.Shard;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.objects.Access;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The settings every stage kind has: its unique name, the endpoint it talks to (or, for a load stage, the endpoints
 * it spreads its workers over: {@code spread}), its workers and their pacing, its
 * thresholds, the client it uses, the tags {@code --only} and {@code --skip} select it by, its place in the graph
 * of stages, and for a stage that reads keys how it picks them ({@code access}).
 */
public record StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                          ClientSpec client, LoadShape load, List<String> tags, StageGraph graph,
                          Optional<Duration> warmUp, Optional<StopWhenStable> stopWhenStable,
                          Optional<LoadEndpoints> spread, Access access) {

    public StageCommon {
        tags = List.copyOf(tags);
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load, List<String> tags, StageGraph graph,
                       Optional<Duration> warmUp, Optional<StopWhenStable> stopWhenStable,
                       Optional<LoadEndpoints> spread) {
        this(name, endpoint, concurrency, failOn, client, load, tags, graph, warmUp, stopWhenStable, spread,
                Access.ROUND_ROBIN);
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load, List<String> tags, StageGraph graph,
                       Optional<Duration> warmUp, Optional<StopWhenStable> stopWhenStable) {
        this(name, endpoint, concurrency, failOn, client, load, tags, graph, warmUp, stopWhenStable,
                Optional.empty());
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load, List<String> tags, StageGraph graph,
                       Optional<Duration> warmUp) {
        this(name, endpoint, concurrency, failOn, client, load, tags, graph, warmUp, Optional.empty());
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load, List<String> tags, StageGraph graph) {
        this(name, endpoint, concurrency, failOn, client, load, tags, graph, Optional.empty());
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load, List<String> tags) {
        this(name, endpoint, concurrency, failOn, client, load, tags, StageGraph.DEFAULT);
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client, LoadShape load) {
        this(name, endpoint, concurrency, failOn, client, load, List.of());
    }

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client) {
        this(name, endpoint, concurrency, failOn, client, LoadShape.CLOSED);
    }

    /** The endpoints these settings name: {@code endpoint}, or those a load spreads over ({@code endpoints}). */
    public List<StageSpec.EndpointName> endpointsNamed() {
        List<StageSpec.EndpointName> named = new ArrayList<>();
        endpoint.ifPresent(e -> named.add(new StageSpec.EndpointName("endpoint", e)));
        spread.ifPresent(s -> StageSpec.EndpointName.list("endpoints", s.names(), named));
        return named;
    }

    /**
     * The settings of a stage of {@code kind} in one shard: its workers (the default ones made explicit first
     * where the kind takes {@code concurrency} and no ramp sets them), its connections and its load shared.
     */
    public StageCommon shared(Shard shard, StageKind kind, int defaultWorkers) {
        OptionalInt workers = concurrency.isPresent() ? OptionalInt.of(shard.part(concurrency.getAsInt()))
                : kind.workers() == StageKind.Workers.CONCURRENCY && load.ramp().isEmpty()
                ? OptionalInt.of(shard.part(defaultWorkers))
                : kind.workers() == StageKind.Workers.IN_FLIGHT ? OptionalInt.of(shard.part(StageKind.Workers.DEFAULT_IN_FLIGHT))
                : OptionalInt.empty();
        return new StageCommon(name, endpoint, workers, failOn, client.shared(shard), load.shared(shard), tags, graph,
                warmUp, stopWhenStable, spread, access);
    }
}

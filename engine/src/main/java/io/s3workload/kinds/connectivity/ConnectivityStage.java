package io.s3workload.kinds.connectivity;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * HeadBucket against each endpoint, {@code attempts} times, each with its own {@code timeout}. Reports, per
 * endpoint, success or the class of failure; never stops the run by itself (use {@code failOn: {errorRate}}).
 *
 * @param endpoints the endpoints to check; empty means every endpoint of the workload
 */
public record ConnectivityStage(StageCommon common, List<String> endpoints, int attempts, Duration timeout)
        implements StageSpec {

    public static final int DEFAULT_ATTEMPTS = 3;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    public ConnectivityStage {
        endpoints = List.copyOf(endpoints);
    }

    @Override
    public StageKind kind() {
        return StageKind.CONNECTIVITY;
    }

    /** Every shard checks the endpoints itself: its attempts are not shared. */
    @Override
    public ConnectivityStage shared(Shard shard, int defaultWorkers) {
        return new ConnectivityStage(common.shared(shard, kind(), defaultWorkers), endpoints, attempts, timeout);
    }

    @Override
    public List<EndpointName> endpointsNamed() {
        List<EndpointName> named = new ArrayList<>(common.endpointsNamed());
        EndpointName.list("endpoints", endpoints, named);
        return named;
    }
}

package io.s3workload.run;

import io.s3workload.plan.Plan;
import java.time.Instant;

/** What a run is, told to reporters before the first stage; {@code shard} when it is one of several processes. */
public record RunInfo(String runId, String runPrefix, long seed, Instant startedAt, Plan plan,
                      java.util.Map<String, String> endpointUrls, java.util.Optional<io.s3workload.workload.Shard> shard) {

    public RunInfo(String runId, String runPrefix, long seed, Instant startedAt, Plan plan,
                   java.util.Map<String, String> endpointUrls) {
        this(runId, runPrefix, seed, startedAt, plan, endpointUrls, java.util.Optional.empty());
    }
}

package io.s3workload.result;

import io.s3workload.ground.Shard;
import io.s3workload.plan.Plan;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * What a run is, told to reporters before the first stage; {@code shard} when it is one of several processes;
 * {@code serverInProcess} when the S3 server runs in this process, so that the process's CPU is not the client's
 * alone; {@code startAt} the time the run was told to begin at ({@code --start-at}), which {@code startedAt} says how
 * well it kept.
 */
public record RunInfo(String runId, String runPrefix, long seed, Instant startedAt, Plan plan,
                      Map<String, String> endpointUrls, Optional<Shard> shard,
                      boolean serverInProcess, Optional<Instant> startAt) {

    /** A whole run (no shard), its server elsewhere, no start time given. */
    public RunInfo(String runId, String runPrefix, long seed, Instant startedAt, Plan plan,
                   Map<String, String> endpointUrls) {
        this(runId, runPrefix, seed, startedAt, plan, endpointUrls, Optional.empty(), false,
                Optional.empty());
    }
}

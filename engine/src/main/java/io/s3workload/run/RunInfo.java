package io.s3workload.run;

import io.s3workload.plan.Plan;
import java.time.Instant;

/** What a run is, told to reporters before the first stage. */
public record RunInfo(String runId, String runPrefix, long seed, Instant startedAt, Plan plan,
                      java.util.Map<String, String> endpointUrls) {
}

package io.s3workload.workload;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * The settings every stage kind has: its unique name, the endpoint it talks to, its workers and their pacing, its
 * thresholds, the client it uses.
 */
public record StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                          ClientSpec client, LoadShape load) {

    public StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                       ClientSpec client) {
        this(name, endpoint, concurrency, failOn, client, LoadShape.CLOSED);
    }
}

package io.s3workload.workload;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * The settings every stage kind has: its unique name, the endpoint it talks to, its workers, its thresholds, the
 * client it uses.
 */
public record StageCommon(String name, Optional<String> endpoint, OptionalInt concurrency, FailOn failOn,
                          ClientSpec client) {
}

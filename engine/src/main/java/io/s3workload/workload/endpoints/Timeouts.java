package io.s3workload.workload.endpoints;

import java.time.Duration;
import java.util.Optional;

/**
 * Per-request time limits as written; each unset one is resolved by the planner ({@link ClientSettings.Limits}).
 *
 * @param connect   to open a connection
 * @param firstByte the longest wait for the response to start, and for any further bytes of it (the socket read
 *                  timeout)
 * @param total     the whole operation, from its first request to its last byte (multipart parts and parallel
 *                  ranges included); enforced by s3workload itself, whatever the request is doing
 */
public record Timeouts(Optional<Duration> connect, Optional<Duration> firstByte, Optional<Duration> total) {

    public static final Timeouts UNSET = new Timeouts(Optional.empty(), Optional.empty(), Optional.empty());
}

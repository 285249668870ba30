package io.s3workload.workload;

import java.time.Duration;
import java.util.Optional;

/**
 * Per-request time limits; each unset one keeps the client's default. A request past one fails with class
 * {@code timeout} and the run goes on.
 *
 * @param connect   to open a connection (default 10 s)
 * @param firstByte the longest wait for the response to start, and for any further bytes of it (the socket read
 *                  timeout; default 120 s)
 * @param total     the whole operation, from its first request to its last byte (multipart parts and parallel
 *                  ranges included); enforced by s3workload itself, whatever the request is doing
 */
public record Timeouts(Optional<Duration> connect, Optional<Duration> firstByte, Optional<Duration> total) {

    public static final Timeouts UNSET = new Timeouts(Optional.empty(), Optional.empty(), Optional.empty());
    public static final Duration DEFAULT_CONNECT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_FIRST_BYTE = Duration.ofSeconds(120);
    /** What a stage gets when neither it nor the workload's defaults say: the planner merges these in. */
    public static final Timeouts DEFAULT = new Timeouts(Optional.of(DEFAULT_CONNECT), Optional.of(DEFAULT_FIRST_BYTE),
            Optional.empty());

    /** These limits with {@code other}'s set ones taking precedence. */
    public Timeouts overriddenBy(Timeouts other) {
        return new Timeouts(other.connect.or(() -> connect), other.firstByte.or(() -> firstByte),
                other.total.or(() -> total));
    }
}

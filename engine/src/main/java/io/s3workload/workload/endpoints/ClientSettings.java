package io.s3workload.workload.endpoints;

import io.s3workload.workload.endpoints.ClientSpec.Checksums;
import io.s3workload.workload.endpoints.ClientSpec.Kind;
import io.s3workload.workload.endpoints.ClientSpec.Sharing;
import java.time.Duration;
import java.util.Optional;

/**
 * A stage's client as it runs, every setting resolved by the planner: the stage's {@link ClientSpec} over the
 * workload's {@code defaults} over {@link #DEFAULT}. Nothing at run time falls back to a default of its own. (The
 * pool size is the plan's {@code connections}.)
 *
 * @param retries how many times a failed attempt is tried again when the failure may pass (throttling, 5xx,
 *                timeouts, resets)
 * @param backOff whether a worker whose connection is refused (or whose server cannot be reached) waits before its
 *                next operation (50 ms, doubling to 1 s, jittered) rather than failing as fast as the kernel refuses
 */
public record ClientSettings(Kind kind, Checksums checksums, Sharing sharing, Limits timeouts, int retries,
                             boolean backOff) {

    /** What a stage gets when neither it nor the workload's defaults say; {@code Keys} shows these. */
    public static final ClientSettings DEFAULT = new ClientSettings(Kind.HTTP, Checksums.WHEN_REQUIRED,
            Sharing.SHARED, new Limits(Duration.ofSeconds(10), Duration.ofSeconds(120), Optional.empty()), 0, true);

    /**
     * Per-request time limits. A request past one fails with class {@code timeout} and the run goes on.
     *
     * @param connect   to open a connection
     * @param firstByte the longest wait for the response to start, and for any further bytes of it (the socket read
     *                  timeout)
     * @param total     the whole operation, from its first request to its last byte (multipart parts and parallel
     *                  ranges included), enforced by s3workload itself; empty: no such limit
     */
    public record Limits(Duration connect, Duration firstByte, Optional<Duration> total) {

        /** The whole operation's limit in nanoseconds; 0: none. */
        public long totalNanos() {
            return total.map(Duration::toNanos).orElse(0L);
        }
    }

    /** These settings with what {@code written} sets taking precedence. */
    public ClientSettings with(ClientSpec written) {
        Timeouts t = written.timeouts();
        return new ClientSettings(written.kind().orElse(kind), written.checksums().orElse(checksums),
                written.sharing().orElse(sharing), new Limits(t.connect().orElse(timeouts.connect),
                t.firstByte().orElse(timeouts.firstByte), t.total().or(timeouts::total)),
                written.retries().orElse(retries), written.backOff().orElse(backOff));
    }

    public ClientSettings with(Kind other) {
        return new ClientSettings(other, checksums, sharing, timeouts, retries, backOff);
    }

    public ClientSettings with(Checksums other) {
        return new ClientSettings(kind, other, sharing, timeouts, retries, backOff);
    }
}

package io.s3workload.workload.endpoints;

import io.s3workload.ground.Shard;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Which S3 client a stage uses and how, as written: its kind, checksums, sharing, pool size, time limits and
 * retries. Each part is optional: the planner resolves a stage's over the workload's {@code defaults} over
 * {@link ClientSettings#DEFAULT}.
 *
 * @param retries how many times a failed attempt is tried again when the failure may pass (throttling, 5xx,
 *                timeouts, resets); 0 by default, so that no latency is hidden
 * @param backOff whether a worker whose connection is refused (or whose server cannot be reached) waits before its
 *                next operation rather than failing as fast as the kernel refuses
 */
public record ClientSpec(Optional<Kind> kind, Optional<Checksums> checksums, Optional<Sharing> sharing,
                         OptionalInt connections, Timeouts timeouts, OptionalInt retries, Optional<Boolean> backOff) {

    public static final ClientSpec UNSET = new ClientSpec(Optional.empty(), Optional.empty(), Optional.empty(),
            OptionalInt.empty());

    public ClientSpec(Optional<Kind> kind, Optional<Checksums> checksums, Optional<Sharing> sharing,
                      OptionalInt connections, Timeouts timeouts, OptionalInt retries) {
        this(kind, checksums, sharing, connections, timeouts, retries, Optional.empty());
    }

    public ClientSpec(Optional<Kind> kind, Optional<Checksums> checksums, Optional<Sharing> sharing,
                      OptionalInt connections) {
        this(kind, checksums, sharing, connections, Timeouts.UNSET, OptionalInt.empty());
    }

    public ClientSpec(Optional<Kind> kind, Optional<Checksums> checksums, Optional<Sharing> sharing) {
        this(kind, checksums, sharing, OptionalInt.empty());
    }

    /**
     * {@code http}: s3workload's lean HTTP/1.1 client for GET, HEAD, PUT, UploadPart and DELETE (signed by the SDK's
     * SigV4 signer), the SDK for the rest; {@code sync}: the synchronous SDK client for everything; {@code crt}: the
     * AWS CRT-based async client. All on virtual threads.
     */
    public enum Kind { HTTP, SYNC, CRT }

    /** {@code when-required}: only where the operation demands one; {@code always}: the SDK's newer default. */
    public enum Checksums { WHEN_REQUIRED, ALWAYS }

    /** {@code shared}: one client per endpoint; {@code per-worker}: one client (and pool) per worker. */
    public enum Sharing { SHARED, PER_WORKER }

    /** Connections shared, as the workers they serve. */
    public ClientSpec shared(Shard shard) {
        return connections.isEmpty() ? this : new ClientSpec(kind, checksums, sharing,
                OptionalInt.of(shard.part(connections.getAsInt())), timeouts, retries, backOff);
    }
}

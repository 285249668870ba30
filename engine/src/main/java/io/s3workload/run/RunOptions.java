package io.s3workload.run;

import io.s3workload.ground.Shard;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How a run is placed among others: its run id (shards of one run share it), its shard, when its first stage
 * starts (shards start together), where a cleanup that cannot finish writes its manifest, and how long the cleanup
 * of a stopped run (Ctrl-C, SIGTERM) may take; {@code serverInProcess} when the S3 server runs in this process
 * (--embedded), so that the process's CPU is the client's and the server's.
 */
public record RunOptions(Optional<String> runId, Optional<Shard> shard, Optional<Instant> startAt,
                         Path manifestDirectory, Duration stoppedCleanupTimeout, boolean serverInProcess) {

    /** How long the cleanup of a stopped run may take unless told otherwise ({@code --cleanup-timeout}). */
    public static final Duration DEFAULT_STOPPED_CLEANUP = Duration.ofSeconds(30);
    /** How long the cleanup of a run that ran to its end may take. */
    public static final Duration FINISHED_CLEANUP = Duration.ofMinutes(10);

    public static final RunOptions DEFAULT = new RunOptions(Optional.empty(), Optional.empty(), Optional.empty(),
            Path.of(""), DEFAULT_STOPPED_CLEANUP, false);

    public RunOptions(Optional<String> runId, Optional<Shard> shard, Optional<Instant> startAt,
                      Path manifestDirectory, Duration stoppedCleanupTimeout) {
        this(runId, shard, startAt, manifestDirectory, stoppedCleanupTimeout, false);
    }

    public RunOptions withManifestDirectory(Path directory) {
        return new RunOptions(runId, shard, startAt, directory, stoppedCleanupTimeout, serverInProcess);
    }

    public RunOptions withStoppedCleanupTimeout(Duration timeout) {
        return new RunOptions(runId, shard, startAt, manifestDirectory, timeout, serverInProcess);
    }

    public RunOptions withServerInProcess(boolean inProcess) {
        return new RunOptions(runId, shard, startAt, manifestDirectory, stoppedCleanupTimeout, inProcess);
    }
}

package io.s3workload.run;

import io.s3workload.workload.Shard;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * How a run is placed among others: its run id (shards of one run share it), its shard, when its first stage
 * starts (shards start together), and where a cleanup that cannot finish writes its manifest.
 */
public record RunOptions(Optional<String> runId, Optional<Shard> shard, Optional<Instant> startAt,
                         Path manifestDirectory) {

    public static final RunOptions DEFAULT = new RunOptions(Optional.empty(), Optional.empty(), Optional.empty(),
            Path.of(""));

    public RunOptions withManifestDirectory(Path directory) {
        return new RunOptions(runId, shard, startAt, directory);
    }
}

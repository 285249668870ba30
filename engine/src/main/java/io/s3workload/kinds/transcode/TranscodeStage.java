package io.s3workload.kinds.transcode;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.Sources;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * t3-validator's transcoding workload: {@code jobs} parallel jobs for {@code duration}, each looping: read a
 * {@code chunk} at a random chunk-aligned offset of a random source (range GET), write an output segment of
 * {@code segment} size, then read the segment back through each reader until it is there with the PUT's ETag.
 * Consistency is judged against {@code consistencyTarget}: immediate when visible within it.
 *
 * @param readers endpoints the segments are read back through; empty means the stage's endpoint
 */
public record TranscodeStage(StageCommon common, Sources sources, DataSize chunk, SizeSpec segment, int jobs,
                             Duration duration, Duration consistencyTarget, List<String> readers,
                             Duration pollInterval, Duration timeout, Multipart multipart) implements StageSpec {

    public static final int DEFAULT_JOBS = StageKind.Workers.DEFAULT_JOBS;
    public static final Duration DEFAULT_TARGET = Duration.ofMillis(200);
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(20);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public TranscodeStage {
        readers = List.copyOf(readers);
    }

    @Override
    public Optional<DataShape> bodies() {
        return Optional.of(sources.data());
    }

    @Override
    public Optional<Sources> preparedSources() {
        return Optional.of(sources);
    }

    @Override
    public StageKind kind() {
        return StageKind.TRANSCODE;
    }

    /** Its jobs are shared; its sources, chunk and duration are not. */
    @Override
    public TranscodeStage shared(Shard shard, int defaultWorkers) {
        return new TranscodeStage(common.shared(shard, kind(), defaultWorkers), sources, chunk, segment,
                shard.part(jobs), duration,
                consistencyTarget, readers, pollInterval, timeout, multipart);
    }

    /** Its workers are its jobs. */
    @Override
    public OptionalInt ownWorkers() {
        return OptionalInt.of(jobs);
    }
}

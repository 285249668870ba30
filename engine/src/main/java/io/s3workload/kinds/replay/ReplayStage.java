package io.s3workload.kinds.replay;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Shard;
import io.s3workload.trace.formats.TraceFormat;
import io.s3workload.trace.scan.TraceSelection;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.DataShape;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: replay}: a recorded trace (S3 access logs, CloudTrail, MinIO's audit log, an ops log) played against
 * the store on its recorded clock (docs/replay.md): each operation due at its recorded time from the trace's first,
 * divided by {@code speed}; the objects it reads before writing them created first.
 *
 * @param files     the trace's files (directories expanded), in the order given
 * @param format    their format, or empty to tell each file's from its beginning
 * @param speed     how many times faster than recorded (1: as recorded)
 * @param selection the window, the share of keys and the shard played
 * @param hashKeys  whether recorded keys are hashed (names kept out of the store) rather than kept after the prefix
 * @param operations the operations the trace holds to replay (read when the workload was loaded)
 * @param data      what the bodies it writes are made of
 */
public record ReplayStage(StageCommon common, List<Path> files, Optional<TraceFormat> format, double speed,
                          TraceSelection selection, boolean hashKeys, long operations, DataShape data)
        implements StageSpec {

    /** In-flight operations by default (those of every kind whose workers are the operations in flight). */
    public static final int DEFAULT_CONCURRENCY = StageKind.Workers.DEFAULT_IN_FLIGHT;
    public static final String KEEP_NAMES = "names";
    public static final String HASHED = "hashed";

    public ReplayStage {
        files = List.copyOf(files);
    }

    @Override
    public StageKind kind() {
        return StageKind.REPLAY;
    }

    @Override
    public Optional<DataShape> bodies() {
        return Optional.of(data);
    }

    /** Each shard replays the operations of its share of the keys (and its share of listings), at the same speed. */
    @Override
    public ReplayStage shared(Shard shard, int defaultWorkers) {
        TraceSelection s = new TraceSelection(selection.from(), selection.to(), selection.keepShare(), shard.index(),
                shard.count());
        return new ReplayStage(common.shared(shard, kind(), defaultWorkers), files, format, speed, s, hashKeys,
                operations, data);
    }

    /** The window as written, for the plan: {@code 10m..20m}, or empty. */
    public Optional<String> window() {
        if (selection.from().isEmpty() && selection.to().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(selection.from().map(Durations::format).orElse("start") + ".."
                + selection.to().map(Durations::format).orElse("end"));
    }
}

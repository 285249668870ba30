package io.s3workload.kinds.transcode;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ProbeBinder;
import io.s3workload.workload.yaml.SourcesBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import io.s3workload.workload.yaml.TransferBinder;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code kind: transcode}: chunk reads from sources, segment writes, read-back against a consistency target; the keys
 * only a transcode takes, described here (those it shares with other kinds are in the key catalogue).
 */
public final class TranscodeStageBinder implements StageBinder {

    private static final Set<StageKind> TRANSCODE = EnumSet.of(StageKind.TRANSCODE);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(TRANSCODE, "chunk", "size", null, "10MiB", "Bytes per range request of a job's read.")
                    .scaled(Keys.Scale.SIZE),
            Keys.stage(TRANSCODE, "segment", "sizeOrRange", null, "1MiB",
                    "Bytes per written segment of a transcode job.").scaled(Keys.Scale.SIZE),
            Keys.stage(TRANSCODE, "jobs", "count", TranscodeStage.DEFAULT_JOBS, 50, "Concurrent transcode jobs."),
            Keys.stage(TRANSCODE, "consistencyTarget", "duration", TranscodeStage.DEFAULT_TARGET, "1s",
                    "A read-back within this is immediate, later eventual."),
            Keys.stage(TRANSCODE, "readers", "names", null, "[global, regional]",
                    "Endpoints that read the written segments back.").list(),
            Keys.stage(TRANSCODE, "pollInterval", "duration", TranscodeStage.DEFAULT_POLL_INTERVAL, "10ms",
                    "Pause between read-backs of a segment not yet visible."),
            Keys.stage(TRANSCODE, "timeout", "duration", TranscodeStage.DEFAULT_TIMEOUT, "30s",
                    "How long a segment's read-back may wait for it."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var sources = SourcesBinder.sources(f);
        var chunk = SourcesBinder.chunk(f, sources);
        Optional<SizeSpec> segment = StopBinder.size(f, "segment");
        if (!f.mentions("segment")) {
            f.binding().problem(f.pointer(), "missing 'segment': the size of each output segment, e.g. segment:"
                    + " {min: 1MiB, max: 6MiB}");
        }
        Optional<Duration> duration = f.duration("duration");
        if (!f.mentions("duration")) {
            f.binding().problem(f.pointer(), "missing 'duration': how long the jobs run, e.g. duration: 5m");
        }
        int jobs = f.intOr("jobs", 1);
        Duration target = f.durationOr("consistencyTarget");
        Duration poll = f.durationOr("pollInterval");
        Duration timeout = f.durationOr("timeout");
        if (target.compareTo(timeout) >= 0) {
            f.binding().problem(f.child(f.has("timeout") ? "timeout" : "consistencyTarget"), "the timeout ("
                    + timeout.toMillis() + "ms) must be longer than the consistency target (" + target.toMillis()
                    + "ms)");
        }
        var multipart = TransferBinder.multipart(f, sources.map(s -> List.of(SizeSpec.of(s.size()))).orElse(List.of()));
        List<String> readers = ProbeBinder.names(f, "readers");
        if (sources.isEmpty() || chunk.isEmpty() || segment.isEmpty() || duration.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TranscodeStage(common, sources.get(), chunk.get(), segment.get(), jobs,
                duration.get(), target, readers, poll, timeout, multipart));
    }
}

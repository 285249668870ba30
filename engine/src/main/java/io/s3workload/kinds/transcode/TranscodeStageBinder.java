package io.s3workload.workload.yaml;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.TranscodeStage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code kind: transcode}: chunk reads from sources, segment writes, read-back against a consistency target. */
public final class TranscodeStageBinder implements StageBinder {

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

package io.s3workload.testing;

import io.s3workload.plan.StagePlan;
import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.StageResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the events a run sends, for assertions and for cues ({@link Await}: "once stage x has started"). */
public final class RecordingReporter implements Reporter {

    public final List<Progress> progress = new CopyOnWriteArrayList<>();
    public final List<String> notes = new CopyOnWriteArrayList<>();
    /** The stages started and finished, by name, in order. */
    public final List<String> started = new CopyOnWriteArrayList<>();
    public final List<String> finished = new CopyOnWriteArrayList<>();
    public volatile RunInfo run;

    @Override
    public void runStarted(RunInfo info) {
        run = info;
    }

    @Override
    public void stageStarted(StagePlan stage) {
        started.add(stage.name());
    }

    @Override
    public void progress(Progress p) {
        progress.add(p);
    }

    @Override
    public void note(String stage, String message) {
        notes.add(stage + ": " + message);
    }

    @Override
    public void stageFinished(StageResult result) {
        finished.add(result.stage().name());
    }

    /** The operations done so far in the stage {@code stage}'s cells, as their last progress said. */
    public long operationsDone(String stage) {
        return sum(stage, Progress::operationsDone);
    }

    /** The operations that failed so far in the stage {@code stage}'s cells, as their last progress said. */
    public long errors(String stage) {
        return sum(stage, Progress::errors);
    }

    private long sum(String stage, java.util.function.ToLongFunction<Progress> figure) {
        return progress.stream().filter(p -> p.cell().stage().equals(stage))
                .collect(java.util.stream.Collectors.toMap(Progress::cell, figure::applyAsLong, Math::max))
                .values().stream().mapToLong(Long::longValue).sum();
    }
}

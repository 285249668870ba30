package io.s3workload.testing;

import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the events a run sends, for assertions. */
public final class RecordingReporter implements Reporter {

    public final List<Progress> progress = new CopyOnWriteArrayList<>();
    public final List<String> notes = new CopyOnWriteArrayList<>();
    public volatile RunInfo run;

    @Override
    public void runStarted(RunInfo info) {
        run = info;
    }

    @Override
    public void progress(Progress p) {
        progress.add(p);
    }

    @Override
    public void note(String stage, String message) {
        notes.add(stage + ": " + message);
    }
}

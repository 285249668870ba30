package io.s3workload.report.live;

import io.s3workload.plan.StagePlan;
import io.s3workload.result.Progress;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import java.io.PrintStream;
import java.net.URI;

/**
 * {@code --web}: serves a page that shows the run as it happens ({@link LiveView} over {@link LiveServer}). It keeps
 * what the reporters' events say, on the reporters' thread; the page's updates are rendered once a second on the
 * server's thread (and at a stage's start and end on the reporters' thread), only while a page is open.
 */
public final class WebReporter implements Reporter {

    private final LiveView view = new LiveView();
    private final LiveServer server;

    public WebReporter(LiveServer.Address address, PrintStream console) {
        server = new LiveServer(address, "live", view::since, null);
        console.println("Live view: " + server.uri() + " while the run goes on");
    }

    /** Where the page is. */
    URI uri() {
        return server.uri();
    }

    @Override
    public void runStarted(RunInfo run) {
        view.runStarted(run);
        server.publish();
    }

    @Override
    public void stageStarted(StagePlan stage) {
        view.stageStarted(stage);
        server.publish();
    }

    @Override
    public void progress(Progress progress) {
        view.progress(progress); // sent with the next second's update
    }

    @Override
    public void note(String stage, String message) {
        view.note(stage, message);
    }

    @Override
    public void stageFinished(StageResult result) {
        view.stageFinished(result);
        server.publish();
    }

    @Override
    public void runFinished(RunResult result) {
        view.runFinished(result);
        server.publish();
    }

    @Override
    public void close() {
        server.close();
    }
}

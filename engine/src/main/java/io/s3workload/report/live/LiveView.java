package io.s3workload.report.live;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.plan.StagePlan;
import io.s3workload.report.html.HtmlCharts;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.report.html.SvgChart;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.Progress;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageReport;
import io.s3workload.result.StageResult;
import io.s3workload.workload.endpoints.Urls;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the live page shows of a run, kept from the reporters' events: the plan with each stage's state (waiting,
 * running, done), and per stage its cells' counts and last second, its notes (a capacity search's steps as they are
 * judged), its cells' charts over time while it runs, and once it is done what report.html shows of it. Rendered
 * to {@link LiveMessage}s for the page; fed on the reporters' thread, read on the web server's, so every method
 * holds the view's lock.
 */
public final class LiveView {

    public enum State { WAITING, RUNNING, DONE }

    /** A stage's seconds kept for its charts at most: an hour; older ones are dropped (the page says so). */
    static final int MAX_SECONDS = 3_600;

    private RunInfo info;
    private long runStartNanos;
    private final Map<String, LiveStage> stages = new LinkedHashMap<>();
    private RunResult finished;
    /** The run's report.html, rendered once when it ends. */
    private String finalReport;
    /** Bumped by every change; a stage remembers the value of its last change. */
    private long version;

    private static final class LiveStage {
        final StagePlan plan;
        State state = State.WAITING;
        long startedNanos;
        final List<String> notes = new ArrayList<>();
        final Map<CellKey, LiveCell> cells = new LinkedHashMap<>();
        StageResult result;
        long changed;
        String rendered;
        long renderedAt = -1;

        LiveStage(StagePlan plan) {
            this.plan = plan;
        }
    }

    /** A running cell: its totals so far and its seconds. */
    private static final class LiveCell {
        final CellKey key;
        final long startMillis;
        final List<Snapshot> seconds = new ArrayList<>();
        /** The store's own count of the cell's requests per scrape interval, when its endpoint names its metrics. */
        final List<ServerView.Second> store = new ArrayList<>();
        long ok;
        long errors;
        Map<String, Long> errorsByClass = Map.of();
        long previousElapsed;

        LiveCell(CellKey key, long startMillis) {
            this.key = key;
            this.startMillis = startMillis;
        }
    }

    synchronized void runStarted(RunInfo run) {
        info = run;
        runStartNanos = System.nanoTime();
        for (StagePlan stage : run.plan().stages()) {
            stages.put(stage.name(), new LiveStage(stage));
        }
        version++;
    }

    synchronized void stageStarted(StagePlan plan) {
        LiveStage stage = stages.computeIfAbsent(plan.name(), n -> new LiveStage(plan));
        stage.state = State.RUNNING;
        stage.startedNanos = System.nanoTime();
        touch(stage);
    }

    synchronized void progress(Progress progress) {
        LiveStage stage = stages.get(progress.cell().stage());
        if (stage == null || stage.state == State.DONE) {
            return;
        }
        long now = System.currentTimeMillis();
        LiveCell cell = stage.cells.computeIfAbsent(progress.cell(),
                key -> new LiveCell(key, now - progress.elapsedNanos() / 1_000_000));
        var interval = progress.interval();
        EnumMap<Percentile, Long> stats = new EnumMap<>(Percentile.class);
        if (interval.latency().getTotalCount() > 0) {
            for (Percentile p : List.of(Percentile.P50, Percentile.P99, Percentile.MAX)) {
                stats.put(p, p == Percentile.MAX ? interval.latency().getMaxValue()
                        : interval.latency().getValueAtPercentile(p.percentile()));
            }
        }
        long length = Math.max(1, progress.elapsedNanos() - cell.previousElapsed);
        cell.previousElapsed = progress.elapsedNanos();
        cell.seconds.add(new Snapshot(progress.elapsedNanos(), cell.startMillis + progress.elapsedNanos() / 1_000_000,
                length, interval.operations(), interval.bytes(), interval.errors(), stats));
        progress.store().filter(t -> cell.store.isEmpty()
                || t.epochMillis() > cell.store.get(cell.store.size() - 1).epochMillis()).ifPresent(cell.store::add);
        if (cell.seconds.size() > MAX_SECONDS) {
            cell.seconds.remove(0);
        }
        if (cell.store.size() > MAX_SECONDS) {
            cell.store.remove(0);
        }
        cell.ok = interval.totalOperations();
        cell.errors = interval.totalErrors();
        cell.errorsByClass = interval.totalErrorsByClass();
        touch(stage);
    }

    synchronized void note(String stageName, String message) {
        LiveStage stage = stages.get(stageName);
        if (stage != null) {
            stage.notes.add(Urls.masked(message));
            touch(stage);
        }
    }

    synchronized void stageFinished(StageResult result) {
        LiveStage stage = stages.computeIfAbsent(result.stage().name(), n -> new LiveStage(result.stage()));
        stage.state = State.DONE;
        stage.result = result;
        stage.cells.clear(); // what the running cells kept, the result has in full
        touch(stage);
    }

    synchronized void runFinished(RunResult result) {
        finished = result;
        finalReport = HtmlReporter.page(RunReport.of(result));
        version++;
    }

    private void touch(LiveStage stage) {
        stage.changed = ++version;
    }

    /**
     * The page's update: the run's header (with what is running now, where the eye lands) and plan, and the stages
     * changed after version {@code after} (all of them for 0), rendered, in the order the page shows them: what is
     * running first, then what is done, then what waits, each in the plan's order; {@code report} is the final
     * report.html once the run is over.
     */
    synchronized LiveMessage since(long after) {
        Map<String, String> changed = new LinkedHashMap<>();
        for (LiveStage stage : stages.values()) {
            if (stage.changed > after || after == 0) {
                changed.put(stage.plan.name(), render(stage));
            }
        }
        List<String> order = new ArrayList<>();
        for (State state : List.of(State.RUNNING, State.DONE, State.WAITING)) {
            stages.values().stream().filter(st -> st.state == state).forEach(st -> order.add(st.plan.name()));
        }
        return new LiveMessage(version, finished != null, header(), plan(), order, changed, finalReport);
    }

    /** The run's name, id, start, endpoints (their credentials masked) and state. */
    private String header() {
        if (info == null) {
            return "<h1>s3workload</h1><p class=\"meta\">waiting for the run to start</p>";
        }
        StringBuilder h = new StringBuilder("<h1>").append(esc(info.plan().name())).append("</h1><p class=\"meta\">run ")
                .append(esc(info.runId())).append(" &middot; started ").append(esc(info.startedAt()
                        .truncatedTo(ChronoUnit.SECONDS).toString())).append(" &middot; ");
        if (finished == null) {
            h.append("<span id=\"run-state\" data-state=\"running\">running, ")
                    .append(Units.seconds(System.nanoTime() - runStartNanos)).append("</span>");
        } else {
            h.append("<span id=\"run-state\" data-state=\"finished\">finished in ")
                    .append(Units.seconds(finished.wallNanos())).append(", exit code ")
                    .append(finished.exitCode()).append(finished.interrupted() ? " (interrupted)" : "").append("</span>");
        }
        h.append(info.serverInProcess() ? " &middot; S3 server in the same process" : "").append("<br>");
        info.endpointUrls().forEach((name, url) -> h.append("endpoint ").append(esc(name)).append(' ')
                .append(esc(Urls.printable(url))).append("<br>"));
        return h.append("</p>").append(now()).toString();
    }

    /**
     * What runs now, big, at the top of the page (as k6's and warp's dashboards show it): each running cell's last
     * second, its operations and MiB a second and its p99, and its errors when it had some.
     */
    private String now() {
        StringBuilder h = new StringBuilder();
        for (LiveStage stage : stages.values()) {
            if (stage.state != State.RUNNING || finished != null) {
                continue;
            }
            for (LiveCell cell : stage.cells.values()) {
                Snapshot last = cell.seconds.isEmpty() ? null : cell.seconds.get(cell.seconds.size() - 1);
                h.append("<div class=\"now-cell\" data-now-cell=\"").append(esc(LiveCells.id(cell.key)))
                        .append("\"><span class=\"what\"><a href=\"#stage-").append(esc(stage.plan.name()))
                        .append("\">").append(esc(stage.plan.name())).append("</a> ").append(esc(cell.key.label()))
                        .append(" on ").append(esc(cell.key.endpoint())).append("</span>");
                if (last == null) {
                    h.append("<span class=\"meta\">its first second is coming</span></div>");
                    continue;
                }
                h.append(tile("now-ops", Units.rate(last.opsPerSecond()), "ops/s"));
                if (cell.key.op().movesData()) {
                    h.append(tile("now-mib", Units.mib(last.bytesPerSecond()), "MiB/s"));
                }
                h.append(tile("now-p99", last.operations() == 0 ? "-"
                        : Units.millis(last.latency(Percentile.P99)),
                        "ms p99"));
                if (last.errors() > 0) {
                    h.append(tile("now-errors bad", Long.toString(last.errors()), "errors"));
                }
                h.append("</div>");
            }
        }
        return h.isEmpty() ? "" : "<div id=\"now\"><p class=\"meta\">now (the last second)</p>" + h + "</div>";
    }

    private static String tile(String kind, String value, String unit) {
        return "<span class=\"tile " + kind + "\"><b>" + esc(value) + "</b> " + esc(unit) + "</span>";
    }

    /** A line per stage: its name, kind and state. */
    private String plan() {
        StringBuilder h = new StringBuilder("<ol class=\"plan\">");
        for (LiveStage stage : stages.values()) {
            h.append(planItem(stage.plan.name(), stage.plan.kind().key(), stage.state, stateText(stage)));
        }
        return h.append("</ol>").toString();
    }

    private static String stateText(LiveStage stage) {
        return switch (stage.state) {
            case WAITING -> "waiting";
            case RUNNING -> "running, " + Units.seconds(System.nanoTime() - stage.startedNanos);
            case DONE -> stage.result.skipped().isPresent() ? "did not run"
                    : "done in " + Units.seconds(stage.result.wallNanos())
                    + (stage.result.interrupted() ? ", cut short" : "");
        };
    }

    /** A stage's section: its live table, its notes, and its charts (while it runs) or its report (once done). */
    private String render(LiveStage stage) {
        if (stage.renderedAt == stage.changed && stage.state != State.RUNNING) {
            return stage.rendered;
        }
        StringBuilder h = new StringBuilder();
        if (stage.state != State.DONE) {
            h.append("<section class=\"stage\" id=\"stage-").append(esc(stage.plan.name())).append("\"><h2>")
                    .append(esc(stage.plan.name())).append(" <span class=\"meta\">").append(stage.plan.kind().key())
                    .append(", ").append(stateText(stage)).append("</span></h2>");
        }
        if (stage.state == State.DONE) {
            RunReport report = RunReport.of(new RunResult(info, List.of(stage.result), List.of(),
                    new CleanupResult(true, 0, List.of(), List.of()), false, stage.result.wallNanos()));
            h.append(finished(report, StageReport.of(stage.result), stage.notes));
        } else {
            h.append(LiveCells.table(stage.cells.values().stream().map(c -> new LiveCells.Row(c.key, c.ok, c.errors,
                    c.errorsByClass, c.seconds.isEmpty() ? null : c.seconds.get(c.seconds.size() - 1))).toList()))
                    .append(LiveCells.notes(stage.notes));
            for (LiveCell cell : stage.cells.values()) {
                h.append("<h3>").append(esc(cell.key.label())).append(" on ").append(esc(cell.key.endpoint()))
                        .append("</h3><div class=\"charts\">")
                        .append(HtmlCharts.live(cell.key, cell.seconds, cell.startMillis, cell.store)).append("</div>");
            }
            h.append("</section>");
        }
        stage.rendered = h.toString();
        stage.renderedAt = stage.changed;
        return stage.rendered;
    }

    /**
     * A finished stage's section: what report.html shows of it, with the live table of its cells (their last
     * interval) and its notes under its heading.
     */
    public static String finished(RunReport report, StageReport stage, List<String> notes) {
        String section = HtmlReporter.stage(report, stage);
        int afterHeading = section.indexOf("</h2>") + "</h2>".length();
        return section.substring(0, afterHeading) + LiveCells.table(stage.cells().stream().map(LiveCells::row)
                .toList()) + LiveCells.notes(notes) + section.substring(afterHeading);
    }

    /** The plan's line for a stage. */
    public static String planItem(String name, String kind, State state, String said) {
        String key = state.name().toLowerCase(Locale.ROOT);
        return "<li data-stage=\"" + esc(name) + "\" data-state=\"" + key + "\"><a href=\"#stage-" + esc(name)
                + "\">" + esc(name) + "</a> <span class=\"meta\">" + esc(kind) + "</span> <span class=\"state " + key
                + "\">" + esc(said) + "</span></li>";
    }

    private static String esc(String text) {
        return SvgChart.escape(text);
    }
}

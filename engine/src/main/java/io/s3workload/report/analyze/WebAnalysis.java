package io.s3workload.report.analyze;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.opslog.OpsLog;
import io.s3workload.report.finished.ResultsReader;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.report.html.SvgChart;
import io.s3workload.report.live.LiveMessage;
import io.s3workload.report.live.LiveServer;
import io.s3workload.report.live.LiveView;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.SummaryJson;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code analyze --web}: the live page over a finished run, each slice cut on the page with {@code analyze}'s
 * options ({@link SliceOptions}) and shown as the run's page shows its stages, with what {@code analyze} prints for
 * it and the slice's report.html. From an ops log every option cuts; from a summary.json (and its HdrHistogram logs,
 * {@code --report json,hdr}) only stage, op and endpoint, which pick cells.
 */
public final class WebAnalysis implements AutoCloseable {

    private final LiveServer server;
    private final List<Path> opsLogs;
    private final RunReport summary;
    private final AtomicLong version = new AtomicLong();

    private WebAnalysis(String address, List<Path> opsLogs, RunReport summary) {
        this.opsLogs = opsLogs;
        this.summary = summary;
        LiveServer.Address at = LiveServer.Address.parse(address);
        server = new LiveServer(at, "analyze", after -> slice(Map.of()), this::slice);
    }

    /**
     * Serves the page over {@code paths}: ops logs (as {@code analyze} finds them) or a results directory with a
     * summary.json; an {@link IOException} says what is missing or malformed.
     */
    public static WebAnalysis serve(String address, List<Path> paths) throws IOException {
        if (fromSummary(paths)) {
            Path dir = Files.isDirectory(paths.get(0)) ? paths.get(0) : paths.get(0).toAbsolutePath().getParent();
            return new WebAnalysis(address, List.of(), ResultsReader.read(dir));
        }
        List<Path> files = OpsAnalysis.files(paths);
        OpsAnalysis.read(files, OpsAnalysis.Slice.ALL, false); // a bad file is said now, not on the page
        return new WebAnalysis(address, files, null);
    }

    /** Whether {@code paths} are one run's summary.json, or a results directory with one and no ops log. */
    public static boolean fromSummary(List<Path> paths) {
        return paths.size() == 1 && isSummary(paths.get(0));
    }

    private static boolean isSummary(Path path) {
        return path.getFileName() != null && path.getFileName().toString().equals(SummaryJson.FILE)
                || Files.isDirectory(path) && Files.isRegularFile(path.resolve(SummaryJson.FILE))
                && !Files.exists(path.resolve(OpsLog.FILE));
    }

    /** The page's address. */
    public URI uri() {
        return server.uri();
    }

    /** The page's view of the slice {@code options} cut; an IllegalArgumentException says what is wrong. */
    private LiveMessage slice(Map<String, String> options) {
        if (summary != null) {
            return message(cells(summary, options), null);
        }
        OpsAnalysis.Slice slice = SliceOptions.parse(options);
        try {
            OpsAnalysis.Aggregate all = OpsAnalysis.read(opsLogs, slice, true);
            String printed = OpsAnalysis.analyze(all, opsLogs, slice);
            String described = String.join(" ", opsLogs.stream().map(Path::toString).toList()) + options.entrySet()
                    .stream().map(e -> " --" + e.getKey() + (e.getKey().equals("first-access") || e.getKey()
                            .equals("own") ? "" : " " + e.getValue())).reduce("", String::concat);
            return message(OpsSliceReport.of(all, opsLogs, described).report(), printed);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A summary's cells of the stage, op and endpoint asked for; the other options need an ops log. */
    private static RunReport cells(RunReport run, Map<String, String> options) {
        for (String name : options.keySet()) {
            if (!List.of("stage", "op", "endpoint").contains(name)) {
                throw new IllegalArgumentException("--" + name + ": this run has no ops log (ops.csv.zst: a run keeps"
                        + " one with --report ops); from its summary.json only stage, op and endpoint pick cells");
            }
        }
        List<StageReport> stages = run.stages().stream()
                .filter(s -> !options.containsKey("stage") || s.name().equals(options.get("stage")))
                .map(s -> s.withCells(s.cells().stream().filter(c -> picked(c, options)).toList()))
                .filter(s -> !s.cells().isEmpty() || !options.containsKey("op") && !options.containsKey("endpoint"))
                .toList();
        return new RunReport(run.about(), run.runId(), run.startedAt(), run.wallNanos(), run.seed(), run.exitCode(),
                run.interrupted(), run.endpointUrls(), stages, run.breaches(), run.cleanup(), Map.of());
    }

    private static boolean picked(CellStats cell, Map<String, String> options) {
        return (!options.containsKey("op") || cell.key().op().name().equalsIgnoreCase(options.get("op")))
                && (!options.containsKey("endpoint") || cell.key().endpoint().equals(options.get("endpoint")));
    }

    /** The page's view of {@code report}: its stages as a finished run's, and what analyze printed for it. */
    private LiveMessage message(RunReport report, String printed) {
        StringBuilder plan = new StringBuilder("<ol class=\"plan\">");
        Map<String, String> stages = new LinkedHashMap<>();
        for (StageReport stage : report.stages()) {
            plan.append(LiveView.planItem(stage.name(), stage.kind().key(), LiveView.State.DONE,
                    Units.count(stage.cells().stream().mapToLong(CellStats::operations).sum(), "operation")));
            stages.put(stage.name(), LiveView.finished(report, stage, List.of()));
        }
        String header = HtmlReporter.header(report) + (printed == null ? "" : "<details><summary>What <code>s3workload"
                + " analyze</code> prints for this slice</summary><pre id=\"analysis\">" + SvgChart.escape(printed)
                + "</pre></details>");
        return new LiveMessage(version.incrementAndGet(), true, header, plan.append("</ol>").toString(),
                List.copyOf(stages.keySet()), stages, HtmlReporter.page(report));
    }

    /** Serves until the process is stopped (Ctrl-C). */
    public void serveUntilStopped() throws InterruptedException {
        new CountDownLatch(1).await();
    }

    @Override
    public void close() {
        server.close(0);
    }
}

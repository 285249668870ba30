package io.s3workload.report.html;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.report.console.ShardSpread;
import io.s3workload.report.files.EndOfRunFiles;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Breach;
import io.s3workload.result.CompositeTables;
import io.s3workload.result.Finding;
import io.s3workload.result.ResultTable;
import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.workload.Scaled;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no script, nothing fetched): the run, the
 * tool, JVM and host that measured it; the composite stages' tables (a sweep's with its chart); per stage what it
 * ran with and its cells, a probe's pairs with their convergence distributions, and per cell that ran long enough
 * its charts ({@link HtmlCharts}) — a short cell is its table row, not empty frames.
 */
public final class HtmlReporter extends EndOfRunFiles {

    public static final String FILE = "report.html";
    public static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1360px;
            color:#1b1f23;padding:0 16px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;
            border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:15px;margin:16px 0 6px}.meta{color:#57606a}
            .wide{overflow-x:auto;max-width:100%}table{border-collapse:collapse;margin:6px 0 12px;
            font-variant-numeric:tabular-nums}th,td{padding:4px 10px;
            border-bottom:1px solid #eaeef2;text-align:right}th{background:#f6f8fa;font-weight:600}td.t,th.t{text-align:left}
            .charts{display:flex;flex-wrap:wrap;gap:12px}svg{background:#fff;border:1px solid #eaeef2;border-radius:6px;
            max-width:100%;height:auto}p.meta{overflow-wrap:anywhere}
            svg .title{font-size:13px;font-weight:600}svg .tick{font-size:11px;fill:#57606a}svg .axis{font-size:11px;
            fill:#57606a}svg .grid{stroke:#eaeef2}svg .legend{font-size:11px}svg.timeline{flex-basis:100%;max-width:640px}.charts p.note{flex-basis:100%;margin:0;color:#57606a}
            table.cells td{white-space:nowrap}.bad{color:#cf222e}.good{color:#1a7f37}
            """;

    public HtmlReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    protected Map<String, String> files(RunResult result) {
        return files(RunReport.of(result));
    }

    public static Map<String, String> files(RunReport report) {
        return Map.of(FILE, page(report));
    }

    public static String page(RunReport result) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">");
        h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        h.append("<title>s3workload ").append(esc(result.workload())).append(' ').append(esc(result.runId()))
                .append("</title><style>").append(STYLE).append("</style></head><body>");
        h.append(header(result)).append(breaches(result));
        for (Summary.Table table : CompositeTables.composites(result.stages())) {
            h.append(HtmlTables.composite(table));
            if (table.kind().equals("sweep")) {
                h.append("<div class=\"charts\">").append(HtmlCharts.sweep(table)).append("</div>");
            }
        }
        for (StageReport stage : result.stages()) {
            h.append(findings(stage, ResultTable.Place.RUN));
        }
        for (StageReport stage : result.stages()) {
            h.append(stage(result, stage));
        }
        h.append("<p class=\"meta\">Cleanup: ").append(esc(result.cleanup().summary(result.about().prefix())))
                .append("</p></body></html>\n");
        return h.toString();
    }

    /** The workload and run; the tool, JVM and host that measured it; the endpoints. */
    public static String header(RunReport result) {
        RunReport.About about = result.about();
        StringBuilder h = new StringBuilder("<h1>").append(esc(result.workload())).append("</h1>");
        h.append("<p class=\"meta\">run ").append(esc(result.runId())).append(" &middot; started ")
                .append(esc(result.startedAt().truncatedTo(ChronoUnit.SECONDS).toString()))
                .append(" &middot; ").append(Units.seconds(result.wallNanos()))
                .append(" &middot; bucket ").append(esc(result.bucket())).append(" &middot; seed ").append(result.seed())
                .append(" &middot; exit code ").append(result.exitCode())
                .append(result.interrupted() ? " (interrupted)" : "").append("</p>");
        h.append("<p class=\"meta\">").append(esc(about.tool().name())).append(' ').append(esc(about.tool().version()))
                .append(" (commit ").append(esc(about.tool().commit())).append(") &middot; ")
                .append(esc(about.jvm().name())).append(' ').append(esc(about.jvm().version())).append(" &middot; host ")
                .append(esc(about.host().name())).append(" (").append(esc(about.host().os())).append(", ")
                .append(esc(about.host().arch())).append(", ").append(about.host().cpus()).append(" CPUs)");
        if (about.serverInProcess()) {
            h.append(" &middot; S3 server in the same process: CPU figures are client + server");
        }
        Summary.Scale scale = about.workload().scale();
        if (scale != null) {
            h.append("<br>scaled ").append(esc(new Scaled(scale.factor(), scale.changes())
                    .summary(3)));
        }
        h.append("<br>");
        result.endpointUrls().forEach((name, url) -> h.append("endpoint ").append(esc(name)).append(' ')
                .append(esc(url)).append(about.workload().endpoints().stream().filter(e -> e.name().equals(name)
                        && e.serverMetrics() != null).findFirst().map(e -> " · its store's metrics from "
                        + esc(e.serverMetrics())).orElse("")).append("<br>"));
        about.shards().forEach(s -> h.append("shard ").append(s.index()).append(": ").append(esc(s.status()))
                .append(", ").append(s.operations()).append(" operations").append(s.startedAt() == null ? ""
                        : ", began " + esc(s.startedAt())).append(s.lateSeconds() == null ? ""
                        : String.format(Locale.ROOT, " (%+.3f s from the start time)", s.lateSeconds()))
                .append(s.detail() == null ? "" : " (" + esc(s.detail()) + ")").append("<br>"));
        if (about.slice() != null) {
            h.append("cut by s3workload analyze from ").append(esc(about.slice())).append("<br>");
        }
        if (about.startSpreadSeconds() != null) {
            h.append(esc(ShardSpread.sentence(Duration.ofNanos(Math.round(
                    about.startSpreadSeconds() * 1e9))))).append("<br>");
            if (about.shards().size() > ShardSpread.SHARD_LINES) {
                h.append("The charts show the fleet's total: a line per shard is drawn for up to ")
                        .append(ShardSpread.SHARD_LINES).append(" shards.<br>");
            }
        }
        return h.append("</p>").toString();
    }

    /** A stage: what it ran with, its cells, a probe's pairs, and each cell's charts when it ran long enough. */
    public static String stage(RunReport result, StageReport stage) {
        StringBuilder h = new StringBuilder("<section class=\"stage\" id=\"stage-").append(esc(stage.name()))
                .append("\"><h2>").append(esc(stage.name())).append(" <span class=\"meta\">").append(stage.kind())
                .append(stage.skipped().isPresent() ? "" : ", " + Units.seconds(stage.wallNanos()));
        Optional<Summary.StageSetup> setup = result.setup(stage.name());
        setup.ifPresent(s -> h.append(", ").append(esc(HtmlTables.setup(s))));
        h.append(stage.interrupted() ? ", cut short" : "").append(stage.skipped().map(why -> ", did not run: "
                + esc(why)).orElse("")).append("</span></h2>");
        if (stage.cells().isEmpty() && stage.findings().isEmpty()) {
            return h.append("</section>").toString();
        }
        h.append(HtmlTables.cells(stage)).append(HtmlTables.bySize(stage)).append(HtmlTables.writes(stage)).append(HtmlTables.server(stage)).append(HtmlTables.outages(stage))
                .append(HtmlTables.named(stage));
        h.append(findings(stage, ResultTable.Place.STAGE));
        for (CellStats cell : stage.cells()) {
            boolean overTime = HtmlCharts.hasTimeCharts(cell);
            boolean distribution = cell.latency().getTotalCount() >= HtmlCharts.MIN_SAMPLES;
            if (!overTime && !distribution) {
                continue; // a short cell: its row in the table says it all
            }
            h.append("<h3>").append(HtmlTables.step(stage, cell).map(s -> esc(s) + ": ").orElse(""))
                    .append(esc(cell.key().label())).append(" on ").append(esc(cell.key().endpoint()))
                    .append("</h3><div class=\"charts\">");
            if (overTime) {
                h.append(HtmlCharts.overTime(cell, result.shardTimelines(cell.key()),
                        setup.map(Summary.StageSetup::load).orElse(null),
                        setup.map(s -> s.parallelism().concurrency()).orElse(0)));
            }
            if (distribution) {
                h.append(HtmlCharts.distribution(cell));
            }
            h.append("</div>");
        }
        return h.append("</section>").toString();
    }

    /**
     * The tables of {@code stage}'s findings placed {@code place}, each finding's followed by its charts: at the top
     * of the report as composite tables for {@link ResultTable.Place#RUN}, under the stage for the others.
     */
    static String findings(StageReport stage, ResultTable.Place place) {
        StringBuilder h = new StringBuilder();
        for (Finding finding : stage.findings()) {
            List<ResultTable> tables = finding.tables().stream().filter(t -> t.place() == place).toList();
            if (tables.isEmpty()) {
                continue;
            }
            tables.forEach(t -> h.append(place == ResultTable.Place.RUN ? HtmlTables.composite(t.forFiles())
                    : HtmlTables.finding(t)));
            h.append("<div class=\"charts\">");
            finding.charts().forEach(chart -> h.append(HtmlCharts.draw(chart)));
            finding.timelines().forEach(timeline -> h.append(SvgTimeline.draw(timeline)));
            h.append("</div>");
        }
        return h.toString();
    }

    private static String breaches(RunReport result) {
        if (result.breaches().isEmpty()) {
            return result.hasThresholds()
                    ? "<p class=\"good\">Thresholds: all held.</p>" : "";
        }
        StringBuilder b = new StringBuilder("<p class=\"bad\">Thresholds crossed:</p><ul>");
        for (Breach breach : result.breaches()) {
            b.append("<li class=\"bad\">").append(esc(breach.toString())).append("</li>");
        }
        return b.append("</ul>").toString();
    }

    private static String esc(String text) {
        return SvgChart.escape(text);
    }
}

package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.run.Breach;
import io.s3workload.run.RunResult;
import io.s3workload.workload.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no script, nothing fetched) with the run's
 * header, and per stage its summary table and, per cell, charts of throughput and p50/p99 latency over time and
 * the latency percentile distribution; consistency probes get their pair table.
 */
final class HtmlReporter extends EndOfRunFiles {

    static final String FILE = "report.html";
    private static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1360px;
            color:#1b1f23;padding:0 16px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;
            border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:15px;margin:16px 0 6px}.meta{color:#57606a}
            table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}th,td{padding:4px 10px;
            border-bottom:1px solid #eaeef2;text-align:right}th{background:#f6f8fa;font-weight:600}td.t,th.t{text-align:left}
            .charts{display:flex;flex-wrap:wrap;gap:12px}svg{background:#fff;border:1px solid #eaeef2;border-radius:6px}
            svg .title{font-size:13px;font-weight:600}svg .tick{font-size:11px;fill:#57606a}svg .axis{font-size:11px;
            fill:#57606a}svg .grid{stroke:#eaeef2}svg .legend{font-size:11px}.bad{color:#cf222e}.good{color:#1a7f37}
            """;

    HtmlReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    Map<String, String> files(RunResult result) {
        return files(RunReport.of(result));
    }

    static Map<String, String> files(RunReport report) {
        return Map.of(FILE, page(report));
    }

    static String page(RunReport result) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">");
        h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        h.append("<title>s3workload ").append(esc(result.workload())).append(' ').append(esc(result.runId()))
                .append("</title><style>").append(STYLE).append("</style></head><body>");
        h.append("<h1>").append(esc(result.workload())).append("</h1><p class=\"meta\">run ").append(esc(result.runId()))
                .append(" &middot; started ").append(esc(result.startedAt().toString())).append(" &middot; ")
                .append(Units.seconds(result.wallNanos())).append(" &middot; bucket ").append(esc(result.bucket()))
                .append(" &middot; seed ").append(result.seed()).append(" &middot; exit code ").append(result.exitCode())
                .append("</p>");
        h.append("<p class=\"meta\">");
        result.endpointUrls().forEach((name, url) -> h.append("endpoint ").append(esc(name)).append(" ")
                .append(esc(url)).append("<br>"));
        h.append("</p>");
        h.append(breaches(result));
        for (StageReport stage : result.stages()) {
            h.append("<section class=\"stage\" id=\"stage-").append(esc(stage.name())).append("\"><h2>")
                    .append(esc(stage.name())).append(" <span class=\"meta\">").append(stage.kind())
                    .append(", ").append(Units.seconds(stage.wallNanos())).append("</span></h2>");
            h.append(cellTable(stage));
            if (!stage.convergence().isEmpty()) {
                h.append(convergenceTable(stage));
            }
            for (CellStats cell : stage.cells()) {
                h.append("<h3>").append(esc(cell.key().label())).append(" on ").append(esc(cell.key().endpoint()))
                        .append("</h3><div class=\"charts\">").append(charts(cell, result.shardTimelines(cell.key())))
                        .append("</div>");
            }
            h.append("</section>");
        }
        h.append("<p class=\"meta\">Cleanup: ").append(result.cleanup().skipped() ? "skipped (keep: true)"
                : result.cleanup().exact() ? "removed " + result.cleanup().removed() + " objects"
                + (result.cleanup().leftBehind().isEmpty() ? "" : ", " + result.cleanup().leftBehind().size()
                + " left") : "incomplete: the run prefix could not be listed (see summary.json)")
                .append("</p></body></html>\n");
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

    private static String cellTable(StageReport stage) {
        StringBuilder t = new StringBuilder("<table class=\"cells\"><tr><th class=\"t\">op</th><th class=\"t\">"
                + "endpoint</th><th class=\"t\">size</th><th>ops</th><th>errors</th><th>ops/s</th><th>MiB/s</th>"
                + "<th>Gbps</th><th>p50 (ms)</th><th>p99 (ms)</th><th>max (ms)</th><th>TTFB p50 (ms)</th></tr>");
        for (CellStats c : stage.cells()) {
            boolean timed = c.latency().getTotalCount() > 0;
            t.append("<tr><td class=\"t\">").append(c.key().op()).append("</td><td class=\"t\">")
                    .append(esc(c.key().endpoint())).append("</td><td class=\"t\">")
                    .append(c.key().op().sized() ? esc(c.key().size().toString()) : "-").append("</td><td>")
                    .append(c.operations()).append("</td><td").append(c.errors() > 0 ? " class=\"bad\"" : "")
                    .append('>').append(c.errors()).append("</td><td>").append(Units.rate(c.opsPerSecond()))
                    .append("</td><td>").append(c.key().op().movesData() ? Units.mib(c.bytesPerSecond()) : "-")
                    .append("</td><td>").append(c.key().op().movesData()
                            ? Units.gbps(c.bytesPerSecond()).replace(" Gbps", "") : "-")
                    .append("</td><td>").append(timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P50)) : "-")
                    .append("</td><td>").append(timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P99)) : "-")
                    .append("</td><td>").append(timed ? Units.millis(Units.statNanos(c.latency(), Percentile.MAX)) : "-")
                    .append("</td><td>").append(c.hasTtfb() ? Units.millis(Units.statNanos(c.ttfb(), Percentile.P50))
                            : "-").append("</td></tr>");
        }
        return t.append("</table>").toString();
    }

    private static String convergenceTable(StageReport stage) {
        StringBuilder t = new StringBuilder("<table class=\"convergence\"><tr><th class=\"t\">pair</th><th class=\"t\">"
                + "scope</th><th>iterations</th><th>immediate</th><th>eventual</th><th>timeout</th><th>failed</th>"
                + "<th>stale</th><th>avg (ms)</th><th>p95 (ms)</th><th>p99 (ms)</th></tr>");
        for (ConvergenceStats p : stage.convergence()) {
            Histogram c = p.convergence();
            boolean timed = c.getTotalCount() > 0;
            t.append("<tr><td class=\"t\">").append(esc(p.label())).append("</td><td class=\"t\">")
                    .append(p.sameEndpoint() ? "same" : "cross").append("</td><td>").append(p.iterations())
                    .append("</td><td>").append(pct(p.immediatePercent())).append("</td><td>")
                    .append(pct(p.eventualPercent())).append("</td><td").append(p.timedOut() > 0 ? " class=\"bad\"" : "")
                    .append('>').append(pct(p.timeoutPercent())).append("</td><td>").append(p.failed())
                    .append("</td><td>").append(p.stale()).append("</td><td>")
                    .append(timed ? Units.millis(Units.statNanos(c, Percentile.AVG)) : "-").append("</td><td>")
                    .append(timed ? Units.millis(Units.statNanos(c, Percentile.P95)) : "-").append("</td><td>")
                    .append(timed ? Units.millis(Units.statNanos(c, Percentile.P99)) : "-").append("</td></tr>");
        }
        return t.append("</table>").toString();
    }

    /**
     * Throughput and p50/p99 over the cell's seconds (leaving out a last sliver under 250 ms, whose rate would be
     * noise), and its latency percentile distribution. A merged run's throughput chart also has a line per shard.
     */
    private static String charts(CellStats cell, Map<Integer, List<Snapshot>> shards) {
        List<Snapshot> seconds = seconds(cell.timeline());
        double[] t = new double[seconds.size()];
        double[] rate = new double[seconds.size()];
        double[] p50 = new double[seconds.size()];
        double[] p99 = new double[seconds.size()];
        boolean bytes = cell.key().op().movesData();
        for (int i = 0; i < seconds.size(); i++) {
            Snapshot s = seconds.get(i);
            t[i] = s.endNanos() / 1e9;
            rate[i] = bytes ? s.bytesPerSecond() / (1 << 20) : s.opsPerSecond();
            p50[i] = s.latency(Percentile.P50) / 1e6;
            p99[i] = s.latency(Percentile.P99) / 1e6;
        }
        StringBuilder c = new StringBuilder();
        SvgChart throughput = new SvgChart("Throughput", "seconds", bytes ? "MiB/s" : "ops/s")
                .add(shards.isEmpty() ? (bytes ? "MiB/s" : "ops/s") : "all shards", t, rate);
        long cellStart = cell.timeline().isEmpty() ? 0 : cell.timeline().get(0).epochMillis()
                - cell.timeline().get(0).endNanos() / 1_000_000;
        shards.forEach((index, series) -> {
            List<Snapshot> own = seconds(series);
            double[] x = own.stream().mapToDouble(s -> (s.epochMillis() - cellStart) / 1e3).toArray();
            double[] y = own.stream().mapToDouble(s -> bytes ? s.bytesPerSecond() / (1 << 20) : s.opsPerSecond())
                    .toArray();
            throughput.add("shard " + index, x, y);
        });
        c.append(throughput.render("chart throughput"));
        c.append(new SvgChart("Latency per second", "seconds", "ms").add("p50", t, p50).add("p99", t, p99)
                .render("chart latency"));
        c.append(distribution(cell));
        return c.toString();
    }

    private static List<Snapshot> seconds(List<Snapshot> timeline) {
        return timeline.stream().filter(s -> s.durationNanos() >= 250_000_000L || timeline.size() == 1).toList();
    }

    private static String distribution(CellStats cell) {
        List<double[]> points = new ArrayList<>();
        Histogram h = cell.latency();
        if (h.getTotalCount() > 0) {
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                if (p >= 1) {
                    break;
                }
                points.add(new double[] {1 / (1 - p), v.getValueIteratedTo() / 1e6});
            }
            points.add(new double[] {Math.max(2, 1 / (1.0 / h.getTotalCount())), h.getMaxValue() / 1e6});
        }
        double[] x = points.stream().mapToDouble(p -> p[0]).toArray();
        double[] y = points.stream().mapToDouble(p -> p[1]).toArray();
        return new SvgChart("Latency distribution", "percentile", "ms").logX().add("latency", x, y)
                .render("chart distribution");
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v);
    }

    private static String esc(String text) {
        return SvgChart.escape(text);
    }
}

package io.s3workload.report.html;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.Outage;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.report.console.FindingBlocks;
import io.s3workload.result.ResultTable;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** The report's tables: a stage's cells, a probe's pairs, a composite stage's table, a stage's setup line. */
final class HtmlTables {

    private HtmlTables() {
    }

    /** {@code 8 workers, client http, endpoint s3}; a ramp and an open loop's rate when there are. */
    static String setup(Summary.StageSetup s) {
        Summary.Load load = s.load();
        String pace = load.openLoop() && load.ratePerSecond() != null
                ? Units.rate(load.ratePerSecond()) + "/s open loop" + ramp(load, " ops/s") + ", "
                + s.parallelism().concurrency() + " workers"
                : Units.count(s.parallelism().concurrency(), "worker") + ramp(load, " workers");
        String client = s.settings() == null ? "" : s.settings().at("/client/kind").asText("");
        return pace + (client.isEmpty() ? "" : ", client " + client) + ", endpoint " + s.endpoint();
    }

    private static String ramp(Summary.Load load, String unit) {
        if (load.ramp().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(", ramp");
        load.ramp().forEach(step -> b.append(String.format(Locale.ROOT, " → %s%s over %.0f s",
                Units.rate(step.to()).replaceAll("\\.0+$", ""), unit, step.overSeconds())));
        return b.toString();
    }

    /**
     * What {@code cell} was in what its stage found, as a heading or a table names it ({@code step 3, 75.0/s
     * offered}: {@link StageOutcome#cellLabel}); empty where nothing the stage found says.
     */
    static Optional<String> step(StageReport stage, CellStats cell) {
        return stage.outcomes().stream().flatMap(o -> o.cellLabel(stage.name(), cell).stream()).findFirst();
    }

    static String cells(StageReport stage) {
        boolean steps = stage.outcomes().stream().anyMatch(StageOutcome::labelsCells);
        StringBuilder t = new StringBuilder("<div class=\"wide\"><table class=\"cells\"><tr>"
                + (steps ? "<th class=\"t\">step</th>" : "") + "<th class=\"t\">op</th><th class=\"t\">"
                + "endpoint</th><th class=\"t\">size</th><th>ok</th><th>errors</th><th>seconds</th><th>ops/s</th>"
                + "<th>MiB/s</th><th>Gbps</th><th>p50 (ms)</th><th>p99 (ms)</th><th>max (ms)</th>"
                + "<th>TTFB p50 (ms)</th><th>TTFB p99 (ms)</th></tr>");
        for (CellStats c : stage.cells()) {
            boolean moves = c.key().op().movesData();
            t.append("<tr>");
            if (steps) {
                t.append("<td class=\"t\">").append(esc(step(stage, c).orElse("-"))).append("</td>");
            }
            t.append("<td class=\"t\">").append(c.key().op()).append("</td><td class=\"t\">")
                    .append(esc(c.key().endpoint())).append("</td><td class=\"t\">")
                    .append(c.key().op().sized() ? esc(c.key().size().toString()) : "-").append("</td><td>")
                    .append(c.operations()).append("</td><td").append(c.errors() > 0 ? " class=\"bad\"" : "")
                    .append('>').append(c.errors()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.1f", c.seconds())).append("</td><td>")
                    .append(Units.rate(c.opsPerSecond())).append("</td><td>")
                    .append(moves ? Units.mib(c.bytesPerSecond()) : "-").append("</td><td>")
                    .append(c.key().op().onTheWire() ? Units.gbps(c.bytesPerSecond()).replace(" Gbps", "") : "-")
                    .append("</td><td>")
                    .append(ms(c.latency(), Percentile.P50)).append("</td><td>").append(ms(c.latency(), Percentile.P99))
                    .append("</td><td>").append(ms(c.latency(), Percentile.MAX)).append("</td><td>")
                    .append(ms(c.ttfb(), Percentile.P50)).append("</td><td>").append(ms(c.ttfb(), Percentile.P99))
                    .append("</td></tr>");
        }
        return t.append("</table></div>").toString();
    }

    /** The latency per size bucket of the stage's cells whose sizes vary; empty when none does. */
    static String bySize(StageReport stage) {
        StringBuilder t = new StringBuilder();
        for (CellStats c : stage.cells()) {
            for (SizeBucketStats b : c.bySize()) {
                if (b.operations() == 0) {
                    continue;
                }
                t.append("<tr><td class=\"t\">").append(c.key().op()).append("</td><td class=\"t\">")
                        .append(esc(c.key().endpoint())).append("</td><td class=\"t\">")
                        .append(esc(c.key().size().toString())).append("</td><td class=\"t\">").append(esc(b.label()))
                        .append("</td><td>").append(b.operations()).append("</td><td>")
                        .append(ms(b.latency(), Percentile.AVG)).append("</td><td>")
                        .append(ms(b.latency(), Percentile.P50)).append("</td><td>")
                        .append(ms(b.latency(), Percentile.P99)).append("</td><td>")
                        .append(ms(b.latency(), Percentile.MAX)).append("</td></tr>");
            }
        }
        return t.isEmpty() ? "" : "<div class=\"wide\"><table class=\"by-size\"><tr><th class=\"t\">op</th>"
                + "<th class=\"t\">endpoint</th><th class=\"t\">size</th><th class=\"t\">by size</th><th>ok</th>"
                + "<th>avg (ms)</th><th>p50 (ms)</th><th>p99 (ms)</th><th>max (ms)</th></tr>" + t
                + "</table></div>";
    }

    /** Where the stage's uploads' time went: sending the body, then the server's commit; empty when none says. */
    static String writes(StageReport stage) {
        StringBuilder t = new StringBuilder();
        for (CellStats c : stage.cells()) {
            if (c.writes().isEmpty()) {
                continue;
            }
            t.append("<tr><td class=\"t\">").append(c.key().op()).append("</td><td class=\"t\">")
                    .append(esc(c.key().endpoint())).append("</td><td class=\"t\">")
                    .append(esc(c.key().size().toString())).append("</td><td>")
                    .append(c.writes().commit().getTotalCount()).append("</td><td>")
                    .append(ms(c.writes().send(), Percentile.P50)).append("</td><td>")
                    .append(ms(c.writes().send(), Percentile.P99)).append("</td><td>")
                    .append(ms(c.writes().commit(), Percentile.P50)).append("</td><td>")
                    .append(ms(c.writes().commit(), Percentile.P99)).append("</td></tr>");
        }
        return t.isEmpty() ? "" : "<div class=\"wide\"><table class=\"writes\"><tr><th class=\"t\">op</th>"
                + "<th class=\"t\">endpoint</th><th class=\"t\">size</th><th>uploads</th><th>send p50 (ms)</th>"
                + "<th>send p99 (ms)</th><th>commit p50 (ms)</th><th>commit p99 (ms)</th></tr>" + t
                + "</table></div>";
    }

    /**
     * What the stage's stores counted themselves beside what the client sent, a row per cell whose store's metrics
     * were read, with the sentence that says whether they agree; empty when none were.
     */
    static String server(StageReport stage) {
        StringBuilder t = new StringBuilder();
        for (CellStats c : stage.cells()) {
            ServerView v = c.server();
            if (v == null) {
                continue;
            }
            t.append("<tr").append(v.disagrees() ? " class=\"bad\"" : "").append("><td class=\"t\">")
                    .append(c.key().op()).append("</td><td class=\"t\">").append(esc(c.key().endpoint()))
                    .append("</td><td class=\"t\">").append(esc(v.apiNames())).append("</td><td>")
                    .append(v.known() ? Long.toString(v.requests()) : "-").append("</td><td>")
                    .append(v.clientRequests()).append("</td><td>")
                    .append(v.known() ? String.format(Locale.ROOT, "%+d", v.difference()) : "-").append("</td><td>")
                    .append(v.errors() >= 0 ? Long.toString(v.errors()) : "-").append("</td><td>")
                    .append(v.clientErrors()).append("</td><td>")
                    .append(Double.isNaN(v.cpuSeconds()) ? "-" : String.format(Locale.ROOT, "%.2f",
                            v.coresBusy(c.seconds()))).append("</td><td class=\"t\">").append(esc(v.sentence()))
                    .append("</td></tr>");
        }
        return t.isEmpty() ? "" : "<div class=\"wide\"><table class=\"server\"><tr><th class=\"t\">op</th>"
                + "<th class=\"t\">endpoint</th><th class=\"t\">store's APIs</th><th>store requests</th>"
                + "<th>client requests</th><th>difference</th><th>store errors</th><th>client errors (HTTP)</th>"
                + "<th>store CPU (cores)</th><th class=\"t\">the two together</th></tr>" + t + "</table></div>";
    }

    /** The windows in which the stage's cells could not reach their store; empty when none. */
    static String outages(StageReport stage) {
        StringBuilder t = new StringBuilder();
        for (CellStats c : stage.cells()) {
            for (Outage o : c.notable().outages()) {
                t.append("<tr class=\"bad\"><td class=\"t\">").append(c.key().op()).append("</td><td class=\"t\">")
                        .append(esc(c.key().endpoint())).append("</td><td class=\"t\">")
                        .append(Instant.ofEpochMilli(o.fromEpochMillis())).append("</td><td class=\"t\">")
                        .append(o.ongoing() ? "still unreachable at the end"
                                : Instant.ofEpochMilli(o.toEpochMillis()).toString())
                        .append("</td><td>").append(o.ongoing() ? "-" : String.format(Locale.ROOT, "%.2f",
                                (o.toEpochMillis() - o.fromEpochMillis()) / 1e3))
                        .append("</td><td>").append(o.failed()).append("</td></tr>");
            }
        }
        return t.isEmpty() ? "" : "<div class=\"wide\"><table class=\"outages\"><tr><th class=\"t\">op</th>"
                + "<th class=\"t\">endpoint</th><th class=\"t\">store unreachable from (UTC)</th><th class=\"t\">"
                + "to</th><th>seconds</th><th>operations refused</th></tr>" + t + "</table></div>";
    }

    /**
     * The operations the stage's cells named, to be found in the server's logs: each cell's slowest, then its first
     * failures of each class, with the server's request ids; empty when none named any.
     */
    static String named(StageReport stage) {
        StringBuilder t = new StringBuilder();
        for (CellStats c : stage.cells()) {
            for (NamedRequest r : c.notable().slowest()) {
                named(t, c, "slowest", r, Units.asRecorded(c.latency(), r.latencyNanos()));
            }
            for (NamedRequest r : c.notable().failures()) {
                named(t, c, r.errorClass(), r, r.latencyNanos());
            }
        }
        return t.isEmpty() ? "" : "<details class=\"named\"><summary>Slowest operations and first failures, with"
                + " the server's request ids</summary><div class=\"wide\"><table class=\"named\"><tr>"
                + "<th class=\"t\">op</th><th class=\"t\">endpoint</th><th class=\"t\">size</th><th class=\"t\">"
                + "which</th><th>latency (ms)</th><th>TTFB (ms)</th><th>commit (ms)</th><th class=\"t\">began (UTC)"
                + "</th><th>status</th><th class=\"t\">x-amz-request-id</th><th class=\"t\">x-amz-id-2</th>"
                + "<th class=\"t\">key</th></tr>" + t + "</table></div></details>";
    }

    private static void named(StringBuilder t, CellStats c, String which, NamedRequest r,
                              long shownNanos) {
        t.append("<tr").append(r.failed() ? " class=\"bad\"" : "").append("><td class=\"t\">").append(c.key().op())
                .append("</td><td class=\"t\">").append(esc(r.endpoint() == null ? c.key().endpoint() : r.endpoint()))
                .append("</td><td class=\"t\">").append(esc(c.key().size().toString())).append("</td><td class=\"t\">")
                .append(esc(which)).append("</td><td>").append(Units.millis(shownNanos)).append("</td><td>")
                .append(r.ttfbNanos() < 0 ? "-" : Units.millis(r.ttfbNanos())).append("</td><td>")
                .append(r.commitNanos() < 0 ? "-" : Units.millis(r.commitNanos())).append("</td><td class=\"t\">")
                .append(Instant.ofEpochMilli(r.startEpochMillis())).append("</td><td>")
                .append(r.status() == 0 ? "-" : r.status()).append("</td><td class=\"t\">")
                .append(r.requestId() == null ? "-" : esc(r.requestId())).append("</td><td class=\"t\">")
                .append(r.id2() == null ? "-" : esc(r.id2())).append("</td><td class=\"t\">")
                .append(r.key() == null ? "-" : esc(r.key())).append("</td></tr>");
    }

    /** A table a stage's finding places under it: the columns a report's reader sees, bad values marked. */
    static String finding(ResultTable table) {
        List<Integer> shown = table.shown(ResultTable.Where.REPORT);
        StringBuilder t = new StringBuilder("<div class=\"wide\"><table class=\"").append(esc(table.kind()))
                .append("\"><tr>");
        for (int i : shown) {
            ResultTable.Column c = table.columns().get(i);
            t.append(c.format() == ResultTable.Format.TEXT ? "<th class=\"t\">" : "<th>")
                    .append(esc(c.readerHeader())).append("</th>");
        }
        t.append("</tr>");
        for (List<Object> row : table.rows()) {
            t.append("<tr>");
            for (int i : shown) {
                ResultTable.Format format = table.columns().get(i).format();
                Object value = row.get(i);
                t.append(format == ResultTable.Format.TEXT ? "<td class=\"t\">"
                        : value instanceof ResultTable.Bad ? "<td class=\"bad\">" : "<td>")
                        .append(esc(FindingBlocks.cell(format, ResultTable.plain(value))))
                        .append("</td>");
            }
            t.append("</tr>");
        }
        return t.append("</table></div>").toString();
    }

    /** A sweep's, compare's or loops stage's table, values as the CSV has them, "-" where there is none. */
    static String composite(Summary.Table table) {
        StringBuilder t = new StringBuilder("<section class=\"composite\" id=\"").append(esc(table.kind())).append('-')
                .append(esc(table.name())).append("\"><h2>").append(esc(table.name())).append(" <span class=\"meta\">")
                .append(esc(table.kind())).append(": ").append(esc(table.title())).append("</span></h2>")
                .append("<div class=\"wide\"><table class=\"").append(esc(table.kind())).append("\"><tr>");
        for (String column : table.columns()) {
            t.append("<th>").append(esc(column)).append("</th>");
        }
        t.append("</tr>");
        for (List<Object> row : table.rows()) {
            t.append("<tr>");
            for (Object value : row) {
                t.append(value instanceof String text ? "<td class=\"t\">" + esc(text) : "<td>" + switch (value) {
                    case null -> "-";
                    case Double d -> String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.1f" : "%.2f", d);
                    default -> value.toString();
                }).append("</td>");
            }
            t.append("</tr>");
        }
        return t.append("</table></div></section>").toString();
    }

    private static String ms(Histogram h, Percentile p) {
        return h.getTotalCount() == 0 ? "-" : Units.millis(Units.statNanos(h, p));
    }

    private static String esc(String text) {
        return SvgChart.escape(text);
    }
}

package io.s3workload.report.live;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.report.html.SvgChart;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The live page's table of a stage's cells: each cell's operations and errors so far, its errors by class, and its
 * last second (for a finished cell, the last interval of its timeline, as summary.json has it). Every figure is in
 * an attribute too ({@code data-k}), so that a program reading the page need not parse the text.
 */
final class LiveCells {

    /** A cell's figures: totals so far and its last interval (null before its first). */
    record Row(CellKey key, long ok, long errors, Map<String, Long> errorsByClass, Snapshot last) {
    }

    private LiveCells() {
    }

    static Row row(CellStats cell) {
        List<Snapshot> timeline = cell.timeline();
        return new Row(cell.key(), cell.operations(), cell.errors(), cell.errorsByClass(),
                timeline.isEmpty() ? null : timeline.get(timeline.size() - 1));
    }

    /** The stage's cells as a table; nothing when it has none yet. */
    static String table(List<Row> rows) {
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<div class=\"wide\"><table class=\"live\"><tr><th class=\"t\" rowspan=\"2\">"
                + "cell</th><th rowspan=\"2\">ok</th><th rowspan=\"2\">errors</th><th class=\"t\" rowspan=\"2\">errors "
                + "by class</th><th colspan=\"7\">last second</th></tr><tr><th>length (s)</th><th>ok</th><th>errors"
                + "</th><th>ops/s</th><th>MiB/s</th><th>p50 (ms)</th><th>p99 (ms)</th></tr>");
        for (Row row : rows) {
            h.append("<tr data-cell=\"").append(esc(id(row.key()))).append("\"><td class=\"t\">")
                    .append(esc(row.key().label())).append(" on ").append(esc(row.key().endpoint())).append("</td>")
                    .append(cell("ok", Long.toString(row.ok()), row.ok()))
                    .append(cell("errors", Long.toString(row.errors()), row.errors()))
                    .append("<td class=\"t\" data-k=\"classes\">").append(esc(row.errorsByClass().entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))))
                    .append("</td>");
            Snapshot s = row.last();
            if (s == null) {
                h.append("<td colspan=\"7\" class=\"t meta\">no second yet</td></tr>");
                continue;
            }
            h.append(cell("last-seconds", String.format(Locale.ROOT, "%.2f", s.durationNanos() / 1e9),
                            s.durationNanos() / 1e9))
                    .append(cell("last-ok", Long.toString(s.operations()), s.operations()))
                    .append(cell("last-errors", Long.toString(s.errors()), s.errors()))
                    .append(cell("last-ops", Units.rate(s.opsPerSecond()), s.opsPerSecond()))
                    .append(row.key().op().movesData() ? cell("last-mib", Units.mib(s.bytesPerSecond()),
                            s.bytesPerSecond() / (1 << 20)) : "<td>-</td>")
                    .append(latency("last-p50", s, Percentile.P50)).append(latency("last-p99", s, Percentile.P99))
                    .append("</tr>");
        }
        return h.append("</table></div>").toString();
    }

    /** A stage's notes, oldest first: seeding, a capacity search's judged steps, what was skipped. */
    static String notes(List<String> notes) {
        if (notes.isEmpty()) {
            return "";
        }
        return notes.stream().map(n -> "<li>" + esc(n) + "</li>").collect(Collectors.joining("", "<ul class=\"notes\">",
                "</ul>"));
    }

    /** How the page and a program reading it name a cell: stage, op, size as summary.json writes it, endpoint. */
    static String id(CellKey key) {
        return key.stage() + "|" + key.op().name() + "|" + (key.op().sized() ? key.size().label() : "") + "|"
                + key.endpoint();
    }

    private static String latency(String name, Snapshot s, Percentile p) {
        return s.operations() == 0 ? "<td data-k=\"" + name + "\">-</td>"
                : cell(name, Units.millis(s.latency(p)), s.latency(p) / 1e6);
    }

    private static String cell(String name, String shown, double value) {
        return "<td data-k=\"" + name + "\" data-v=\"" + (value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value) : String.format(Locale.ROOT, "%.6g", value)) + "\">" + esc(shown)
                + "</td>";
    }

    private static String esc(String text) {
        return SvgChart.escape(text);
    }
}

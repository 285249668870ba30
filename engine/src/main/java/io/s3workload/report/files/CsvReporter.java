package io.s3workload.report.files;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.result.CompositeTables;
import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * {@code summary.csv} (a row per stage/op/endpoint/size cell), {@code timeseries.csv} (a row per cell and
 * second), {@code by-size.csv} (a row per size bucket of each cell whose sizes vary, when one does) and a
 * {@code table-<stage>.csv} per sweep, compare and loops stage ({@link CompositeTables}), {@code server.csv} (a
 * row per cell whose store's metrics were read: the store's counts beside the client's) and {@code slowest.csv}
 * (each cell's slowest operations and first failures, with the server's request ids), written
 * when the run ends. Units are in the column names; numbers use a dot and no grouping, whatever the locale.
 */
public final class CsvReporter extends EndOfRunFiles {

    static final String SUMMARY = "summary.csv";
    static final String TIMESERIES = "timeseries.csv";
    public static final String BY_SIZE = "by-size.csv";
    static final String SERVER = "server.csv";
    static final String SLOWEST = "slowest.csv";
    private static final List<Percentile> STATS = List.of(Percentile.values());

    public CsvReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    protected Map<String, String> files(RunResult result) {
        return files(RunReport.of(result));
    }

    public static Map<String, String> files(RunReport report) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(SUMMARY, lines(summary(report)));
        files.put(TIMESERIES, lines(timeseries(report)));
        List<String> bySize = bySize(report);
        if (bySize.size() > 1) {
            files.put(BY_SIZE, lines(bySize));
        }
        List<String> server = server(report);
        if (server.size() > 1) {
            files.put(SERVER, lines(server));
        }
        List<String> slowest = slowest(report);
        if (slowest.size() > 1) {
            files.put(SLOWEST, lines(slowest));
        }
        for (Summary.Table table : CompositeTables.of(report.stages())) {
            files.put(tableFile(table), lines(table(table)));
        }
        return files;
    }

    /** {@code table-ab.csv} for the compare stage {@code ab}. */
    static String tableFile(Summary.Table table) {
        return "table-" + table.name() + ".csv";
    }

    /** A composite stage's table: its columns (in snake case, units kept), a line per row, empty for no value. */
    static List<String> table(Summary.Table table) {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", table.columns().stream().map(CsvReporter::snake).toList()));
        for (List<Object> row : table.rows()) {
            lines.add(String.join(",", row.stream().map(v -> switch (v) {
                case null -> "";
                case Double d -> number(d);
                case Number n -> n.toString();
                default -> text(v.toString());
            }).toList()));
        }
        return lines;
    }

    /** {@code ttfb p50 (ms)} becomes {@code ttfb_p50_ms}, {@code Δavg (%)} {@code delta_avg_percent}. */
    private static String snake(String column) {
        return column.replace("Δ", "delta_").replace("%", "percent").replace("/s", "_per_s").replace("/", "_per_")
                .replaceAll("[^A-Za-z0-9.]+", "_").replace('.', '_').replaceAll("^_+|_+$", "")
                .replaceAll("_+", "_").toLowerCase(Locale.ROOT);
    }

    /** A text value, quoted when it holds a comma, a quote or a line break. */
    private static String text(String value) {
        return value.matches("[^,\"\n\r]*") ? value : quote(value);
    }

    private static String lines(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }

    static List<String> summary(RunReport result) {
        List<String> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("stage", "op", "endpoint", "size", "operations", "errors",
                "bytes", "seconds", "ops_per_s", "mib_per_s", "gbps"));
        STATS.forEach(p -> header.add("latency_" + column(p) + "_ms"));
        STATS.forEach(p -> header.add("ttfb_" + column(p) + "_ms"));
        STATS.forEach(p -> header.add("uncorrected_latency_" + column(p) + "_ms"));
        CellCount.ALL.forEach(count -> header.add(count.column));
        header.add("throttled");
        header.add("errors_by_class");
        lines.add(String.join(",", header));
        for (StageReport stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                List<String> row = new ArrayList<>(List.of(c.key().stage(), c.key().op().name(),
                        c.key().endpoint(), c.key().op().sized() ? c.key().size().label() : "",
                        Long.toString(c.operations()), Long.toString(c.errors()), Long.toString(c.bytes()),
                        number(c.seconds()), number(c.opsPerSecond()), number(c.bytesPerSecond() / (1 << 20)),
                        number(c.bytesPerSecond() * 8 / 1e9)));
                stats(row, c.latency());
                stats(row, c.ttfb());
                stats(row, c.uncorrected());
                CellCount.ALL.forEach(count -> row.add(Long.toString(c.counts().get(count))));
                row.add(Long.toString(c.throttled()));
                row.add(quote(c.errorsByClass().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey() + "=" + e.getValue()).reduce((a, b) -> a + "; " + b).orElse("")));
                lines.add(String.join(",", row));
            }
        }
        return lines;
    }

    /** A row per cell whose store's metrics were read: what the store counted beside what the client sent. */
    static List<String> server(RunReport result) {
        List<String> lines = new ArrayList<>();
        lines.add("stage,op,endpoint,size,store_apis,store_requests,client_requests,difference,tolerance,agrees,"
                + "store_errors,client_errors,store_bytes_sent,store_bytes_received,store_cpu_s,store_memory_max_bytes,"
                + "scrapes,failed_scrapes,sentence");
        for (StageReport stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                ServerView v = c.server();
                if (v == null) {
                    continue;
                }
                lines.add(String.join(",", List.of(c.key().stage(), c.key().op().name(), c.key().endpoint(),
                        c.key().op().sized() ? c.key().size().label() : "", text(v.apiNames()),
                        v.known() ? Long.toString(v.requests()) : "", Long.toString(v.clientRequests()),
                        v.known() ? Long.toString(v.difference()) : "", Long.toString(v.tolerance()),
                        v.known() && v.uncompared() == null ? Boolean.toString(!v.disagrees()) : "",
                        v.errors() >= 0 ? Long.toString(v.errors()) : "", Long.toString(v.clientErrors()),
                        known(v.bytesSent()), known(v.bytesReceived()), known(v.cpuSeconds()),
                        known(v.memoryMaxBytes()), Integer.toString(v.scrapes()), Integer.toString(v.failedScrapes()),
                        text(v.sentence()))));
            }
        }
        return lines;
    }

    private static String known(double v) {
        return Double.isNaN(v) ? "" : number(v);
    }

    /** A row per operation a cell named: its slowest, then its first failures of each class. */
    static List<String> slowest(RunReport result) {
        List<String> lines = new ArrayList<>();
        lines.add("stage,op,endpoint,size,which,start_epoch_ms,latency_ms,ttfb_ms,commit_ms,request_endpoint,key,"
                + "status,error_class,x_amz_request_id,x_amz_id_2");
        for (StageReport stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                for (NamedRequest r : c.notable().slowest()) {
                    lines.add(named(c, "slowest", r));
                }
                for (NamedRequest r : c.notable().failures()) {
                    lines.add(named(c, "failure", r));
                }
            }
        }
        return lines;
    }

    private static String named(CellStats c, String which, NamedRequest r) {
        return String.join(",", List.of(c.key().stage(), c.key().op().name(), c.key().endpoint(),
                c.key().op().sized() ? c.key().size().label() : "", which, Long.toString(r.startEpochMillis()),
                number(r.latencyNanos() / 1e6), r.ttfbNanos() < 0 ? "" : number(r.ttfbNanos() / 1e6),
                r.commitNanos() < 0 ? "" : number(r.commitNanos() / 1e6),
                r.endpoint() == null ? "" : text(r.endpoint()), r.key() == null ? "" : text(r.key()),
                r.status() == 0 ? "" : Integer.toString(r.status()), r.errorClass() == null ? "" : text(r.errorClass()),
                r.requestId() == null ? "" : text(r.requestId()), r.id2() == null ? "" : text(r.id2())));
    }

    /** A row per size bucket (with operations) of each cell whose sizes vary: its count and latency. */
    static List<String> bySize(RunReport result) {
        List<String> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("stage", "op", "endpoint", "size", "bucket", "from_bytes",
                "to_bytes", "operations"));
        STATS.forEach(p -> header.add("latency_" + column(p) + "_ms"));
        lines.add(String.join(",", header));
        for (StageReport stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                for (SizeBucketStats b : c.bySize()) {
                    if (b.operations() == 0) {
                        continue;
                    }
                    List<String> row = new ArrayList<>(List.of(c.key().stage(), c.key().op().name(),
                            c.key().endpoint(), c.key().size().label(), text(b.label()), Long.toString(b.fromBytes()),
                            Long.toString(b.toBytes()), Long.toString(b.operations())));
                    stats(row, b.latency());
                    lines.add(String.join(",", row));
                }
            }
        }
        return lines;
    }

    static List<String> timeseries(RunReport result) {
        List<String> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("stage", "op", "endpoint", "size", "epoch_ms",
                "elapsed_s", "interval_s", "operations", "errors", "ops_per_s", "mib_per_s"));
        STATS.forEach(p -> header.add("latency_" + column(p) + "_ms"));
        lines.add(String.join(",", header));
        for (StageReport stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                for (Snapshot s : c.timeline()) {
                    List<String> row = new ArrayList<>(List.of(c.key().stage(), c.key().op().name(),
                            c.key().endpoint(), c.key().op().sized() ? c.key().size().label() : "",
                            Long.toString(s.epochMillis()), number(s.endNanos() / 1e9),
                            number(s.durationNanos() / 1e9), Long.toString(s.operations()),
                            Long.toString(s.errors()), number(s.opsPerSecond()),
                            number(s.bytesPerSecond() / (1 << 20))));
                    for (Percentile p : STATS) {
                        row.add(s.operations() == 0 ? "" : number(s.latency(p) / 1e6));
                    }
                    lines.add(String.join(",", row));
                }
            }
        }
        return lines;
    }

    private static void stats(List<String> row, Histogram h) {
        for (Percentile p : STATS) {
            row.add(h.getTotalCount() == 0 ? "" : number(Units.statNanos(h, p) / 1e6));
        }
    }

    /** {@code p99.9} becomes {@code p99_9}. */
    static String column(Percentile p) {
        return p.key().replace('.', '_');
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String quote(String text) {
        return text.isEmpty() ? "" : "\"" + text.replace("\"", "\"\"") + "\"";
    }

}

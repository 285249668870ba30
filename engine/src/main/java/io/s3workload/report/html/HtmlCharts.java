package io.s3workload.report.html;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Outage;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.result.ResultChart;
import io.s3workload.result.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The report's charts: a cell's throughput and latency over time (only when it ran for enough seconds to draw a
 * line), its planned load when the stage ramps, its latency and TTFB distributions, a probe pair's convergence
 * distribution, and a sweep's throughput by threads.
 */
public final class HtmlCharts {

    /** A cell with fewer whole seconds than this gets no time charts: its figures are in the table. */
    static final int MIN_SECONDS = 3;
    /** A distribution drawn from fewer samples than this says nothing a table row does not. */
    public static final int MIN_SAMPLES = ResultChart.MIN_SAMPLES;

    private HtmlCharts() {
    }

    /** Whether a cell ran long enough for charts over time: at least {@link #MIN_SECONDS} whole seconds. */
    public static boolean hasTimeCharts(CellStats cell) {
        return cell.timeline().stream().filter(s -> s.durationNanos() >= 1_000_000_000L * 9 / 10).count()
                >= MIN_SECONDS;
    }

    /**
     * A last partial second shorter than this is not drawn: a rate over a sliver (the requests in flight finishing
     * after the cell stopped starting them) reads as a drop; a note under the charts says what it held.
     */
    static final long MIN_LAST_NANOS = 500_000_000L;

    /**
     * Throughput in MiB/s (for operations that move data) and in operations/s (a line per shard too, for a merged
     * run), and p50/p99 per second (a second in which nothing completed has no latency: the line breaks there), the
     * last partial second drawn over its own length when it is at least {@link #MIN_LAST_NANOS} long, else left out
     * and said; and the planned workers or rate when the stage ramps.
     */
    static String overTime(CellStats cell, Map<Integer, List<Snapshot>> shards, Summary.Load load, int workers) {
        List<Snapshot> seconds = seconds(cell.timeline());
        double[] t = seconds.stream().mapToDouble(s -> s.endNanos() / 1e9).toArray();
        long cellStart = cell.timeline().get(0).epochMillis() - cell.timeline().get(0).endNanos() / 1_000_000;
        StringBuilder c = new StringBuilder();
        double end = t.length == 0 ? 0 : t[t.length - 1];
        if (cell.key().op().movesData()) {
            c.append(outages(rateChart("Throughput", "MiB/s", cellStart, seconds, shards,
                    s -> s.bytesPerSecond() / (1 << 20)), cell, cellStart, end).render("chart throughput"));
        }
        c.append(outages(server(rateChart("Operations per second", "ops/s", cellStart, seconds, shards,
                Snapshot::opsPerSecond), cell, cellStart), cell, cellStart, end)
                .render(cell.key().op().movesData() ? "chart operations" : "chart throughput"));
        if (cell.server() != null && cell.server().timeline().stream().anyMatch(second -> !Double.isNaN(second.cpuSeconds()))) {
            c.append(serverCpu(cell, cellStart).render("chart server-cpu"));
        }
        c.append(latency(cellStart, seconds).render("chart latency"));
        if (load != null && !load.ramp().isEmpty()) {
            c.append(planned(load, workers, t, seconds));
        }
        Snapshot last = cell.timeline().get(cell.timeline().size() - 1);
        if (last.durationNanos() > 0 && !seconds.contains(last)) {
            c.append(String.format(Locale.ROOT, "<p class=\"note\">Not drawn: the last %.2f s, a partial"
                    + " second (%s, %s), as the requests in flight ended; its figures are in the totals.</p>",
                    last.durationNanos() / 1e9, Units.count(last.operations(), "operation"),
                    Units.count(last.errors(), "error")));
        }
        return c.toString();
    }

    /**
     * A running cell's charts over the seconds it has had so far (the live page's): MiB/s for operations that move
     * data, operations/s, and p50/p99 per second, drawn as {@link #overTime} draws them.
     */
    public static String live(CellKey key, List<Snapshot> seconds, long cellStart,
                       List<ServerView.Second> store) {
        StringBuilder c = new StringBuilder();
        if (key.op().movesData()) {
            c.append(rateChart("Throughput", "MiB/s", cellStart, seconds, Map.of(),
                    s -> s.bytesPerSecond() / (1 << 20)).render("chart throughput"));
        }
        SvgChart operations = rateChart("Operations per second", "ops/s", cellStart, seconds, Map.of(),
                Snapshot::opsPerSecond);
        if (!store.isEmpty()) {
            serverSteps(operations, "store requests/s", store, cellStart, t -> t.requests() / t.seconds());
        }
        c.append(operations.render(key.op().movesData() ? "chart operations" : "chart throughput"));
        return c.append(latency(cellStart, seconds).render("chart latency")).toString();
    }

    /** p50 and p99 per second; a second in which nothing completed has none (the lines break there). */
    private static SvgChart latency(long cellStart, List<Snapshot> seconds) {
        SvgChart latency = new SvgChart("Latency per second", "seconds", "ms");
        steps(latency, "p50", cellStart, seconds, s -> s.operations() == 0 ? Double.NaN
                : s.latency(Percentile.P50) / 1e6);
        steps(latency, "p99", cellStart, seconds, s -> s.operations() == 0 ? Double.NaN
                : s.latency(Percentile.P99) / 1e6);
        return latency;
    }

    /**
     * The shortest scrape interval drawn as a rate: the last one, from the cell's last second to its end, may be a
     * few milliseconds, over which a store's counters (its CPU counter ticks every 10 ms) make no rate worth
     * drawing. Its counts are in the totals all the same.
     */
    private static final double MIN_SERVER_SECONDS = 0.5;

    /**
     * The store's own requests per second of the cell's APIs, from its metrics, over the client's operations per
     * second: the two lines lie on each other when every operation reached the store once.
     */
    private static SvgChart server(SvgChart chart, CellStats cell, long cellStartMillis) {
        if (cell.server() == null || cell.server().timeline().isEmpty()) {
            return chart;
        }
        return serverSteps(chart, "store requests/s", cell.server().timeline(), cellStartMillis,
                t -> t.requests() / t.seconds());
    }

    /** The store's CPU per second of the cell, in cores, from its metrics. */
    private static SvgChart serverCpu(CellStats cell, long cellStartMillis) {
        return serverSteps(new SvgChart("Store CPU", "seconds", "cores"), "store CPU", cell.server().timeline(),
                cellStartMillis, t -> t.cpuSeconds() / t.seconds());
    }

    /** A rate of the store's per scrape interval as a step over it (the intervals it is known for, long enough). */
    private static SvgChart serverSteps(SvgChart chart, String name, List<ServerView.Second> store,
                                        long cellStartMillis,
                                        ToDoubleFunction<ServerView.Second> rate) {
        List<ServerView.Second> seconds = store.stream()
                .filter(t -> t.seconds() >= MIN_SERVER_SECONDS && !Double.isNaN(rate.applyAsDouble(t))).toList();
        double[] x = new double[seconds.size() * 2];
        double[] y = new double[seconds.size() * 2];
        for (int i = 0; i < seconds.size(); i++) {
            var t = seconds.get(i);
            double end = (t.epochMillis() - cellStartMillis) / 1e3;
            x[2 * i] = Math.max(0, end - t.seconds());
            x[2 * i + 1] = end;
            y[2 * i] = rate.applyAsDouble(t);
            y[2 * i + 1] = y[2 * i];
        }
        return chart.add(name, x, y);
    }

    /** The windows the cell's store could not be reached, shaded on a chart over the cell's seconds. */
    private static SvgChart outages(SvgChart chart, CellStats cell, long cellStartMillis, double endSeconds) {
        for (Outage o : cell.notable().outages()) {
            double from = (o.fromEpochMillis() - cellStartMillis) / 1e3;
            double to = o.ongoing() ? endSeconds : (o.toEpochMillis() - cellStartMillis) / 1e3;
            chart.band(from, to, String.format(Locale.ROOT, "store unreachable %.1f s: %d operations"
                    + " refused", Math.max(0, to - from), o.failed()));
        }
        return chart;
    }

    /**
     * The load the stage asked for over time, from its ramp: workers for a closed loop, the target rate for an
     * open loop (with the completed operations per second beside it).
     */
    private static String planned(Summary.Load load, int startWorkers, double[] t, List<Snapshot> seconds) {
        double start = load.openLoop() && load.ratePerSecond() != null ? load.ratePerSecond() : startWorkers;
        List<double[]> points = new ArrayList<>(List.of(new double[] {0, start}));
        double at = 0;
        for (Summary.RampStep step : load.ramp()) {
            at += step.overSeconds();
            points.add(new double[] {at, step.to()});
        }
        double end = t.length == 0 ? at : Math.max(at, t[t.length - 1]);
        points.add(new double[] {end, points.get(points.size() - 1)[1]});
        SvgChart chart = new SvgChart(load.openLoop() ? "Target rate (planned)" : "Workers (planned)", "seconds",
                load.openLoop() ? "ops/s" : "workers")
                .add(load.openLoop() ? "target ops/s" : "workers", points.stream().mapToDouble(p -> p[0]).toArray(),
                        points.stream().mapToDouble(p -> p[1]).toArray());
        if (load.openLoop()) {
            chart.add("completed ops/s", t, seconds.stream().mapToDouble(Snapshot::opsPerSecond).toArray());
        }
        return chart.render("chart load");
    }

    /** Latency (and, for reads, TTFB) by percentile, on a log scale of 1/(1-p). */
    static String distribution(CellStats cell) {
        SvgChart chart = new SvgChart("Latency distribution", "percentile", "ms").logX();
        curve(chart, "latency", cell.latency());
        if (cell.ttfb().getTotalCount() >= MIN_SAMPLES) {
            curve(chart, "time to first byte", cell.ttfb());
        }
        return chart.render("chart distribution");
    }

    /** A chart a finding describes. */
    static String draw(ResultChart described) {
        SvgChart chart = new SvgChart(described.title(), described.xAxis(), described.yAxis());
        if (described.logX()) {
            chart.logX();
        }
        for (ResultChart.Series s : described.series()) {
            if (s.points()) {
                chart.points(s.name(), s.x(), s.y());
            } else {
                chart.add(s.name(), s.x(), s.y());
            }
        }
        return chart.render("chart " + described.kind());
    }

    /** A sweep's throughput by threads, a line per object size. */
    static String sweep(Summary.Table table) {
        SvgChart chart = new SvgChart("Throughput by threads: " + table.name(), "threads", "MiB/s");
        int size = table.columns().indexOf("size");
        int threads = table.columns().indexOf("threads");
        int mib = table.columns().indexOf("MiB/s");
        table.rows().stream().map(r -> (String) r.get(size)).distinct().forEach(label -> {
            List<List<Object>> rows = table.rows().stream().filter(r -> r.get(size).equals(label)).toList();
            chart.add(label, rows.stream().mapToDouble(r -> ((Number) r.get(threads)).doubleValue()).toArray(),
                    rows.stream().mapToDouble(r -> ((Number) r.get(mib)).doubleValue()).toArray());
        });
        return chart.render("chart sweep");
    }

    private static void curve(SvgChart chart, String name, Histogram h) {
        ResultChart.Series s = ResultChart.Series.percentiles(name, h);
        chart.add(name, s.x(), s.y());
    }

    /** A rate in {@code unit} over time: the cell's, and for a merged run each shard's on the cell's clock. */
    private static SvgChart rateChart(String title, String unit, long cellStart, List<Snapshot> seconds,
                                      Map<Integer, List<Snapshot>> shards, ToDoubleFunction<Snapshot> rate) {
        SvgChart chart = new SvgChart(title, "seconds", unit);
        steps(chart, shards.isEmpty() ? unit : "all shards", cellStart, seconds, rate);
        shards.forEach((index, series) -> steps(chart, "shard " + index, cellStart, seconds(series), rate));
        return chart;
    }

    /**
     * A figure per interval drawn as a step over the interval it was measured in, from its start to its end (seconds
     * from {@code cellStart}), so that the last partial second is drawn over its own length and no slope is
     * invented between two seconds.
     */
    private static void steps(SvgChart chart, String name, long cellStart, List<Snapshot> seconds,
                              ToDoubleFunction<Snapshot> value) {
        double[] x = new double[seconds.size() * 2];
        double[] y = new double[seconds.size() * 2];
        for (int i = 0; i < seconds.size(); i++) {
            Snapshot s = seconds.get(i);
            double end = (s.epochMillis() - cellStart) / 1e3;
            x[2 * i] = Math.max(0, end - s.durationNanos() / 1e9);
            x[2 * i + 1] = end;
            y[2 * i] = value.applyAsDouble(s);
            y[2 * i + 1] = y[2 * i];
        }
        chart.add(name, x, y);
    }

    /**
     * The seconds of a timeline to draw: those with a length to take a rate over, less a last partial second shorter
     * than {@link #MIN_LAST_NANOS}.
     */
    static List<Snapshot> seconds(List<Snapshot> timeline) {
        List<Snapshot> seconds = timeline.stream().filter(s -> s.durationNanos() > 0).toList();
        return seconds.size() > 1 && seconds.get(seconds.size() - 1).durationNanos() < MIN_LAST_NANOS
                ? seconds.subList(0, seconds.size() - 1) : seconds;
    }
}

package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.result.Summary;
import io.s3workload.workload.Percentile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The report's charts: a cell's throughput and latency over time (only when it ran for enough seconds to draw a
 * line), its planned load when the stage ramps, its latency and TTFB distributions, a probe pair's convergence
 * distribution, and a sweep's throughput by threads.
 */
final class HtmlCharts {

    /** A cell with fewer whole seconds than this gets no time charts: its figures are in the table. */
    static final int MIN_SECONDS = 3;
    /** A distribution drawn from fewer samples than this says nothing a table row does not. */
    static final int MIN_SAMPLES = 20;

    private HtmlCharts() {
    }

    /** Whether a cell ran long enough for charts over time. */
    static boolean hasTimeCharts(CellStats cell) {
        return seconds(cell.timeline()).size() >= MIN_SECONDS;
    }

    /**
     * Throughput (a line per shard too, for a merged run) and p50/p99 per second, leaving out a last sliver under
     * 250 ms whose rate would be noise; and the planned workers or rate when the stage ramps.
     */
    static String overTime(CellStats cell, Map<Integer, List<Snapshot>> shards, Summary.Load load, int workers) {
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
        SvgChart throughput = new SvgChart("Throughput", "seconds", bytes ? "MiB/s" : "ops/s")
                .add(shards.isEmpty() ? (bytes ? "MiB/s" : "ops/s") : "all shards", t, rate);
        long cellStart = cell.timeline().get(0).epochMillis() - cell.timeline().get(0).endNanos() / 1_000_000;
        shards.forEach((index, series) -> {
            List<Snapshot> own = seconds(series);
            double[] x = own.stream().mapToDouble(s -> (s.epochMillis() - cellStart) / 1e3).toArray();
            double[] y = own.stream().mapToDouble(s -> bytes ? s.bytesPerSecond() / (1 << 20) : s.opsPerSecond())
                    .toArray();
            throughput.add("shard " + index, x, y);
        });
        StringBuilder c = new StringBuilder(throughput.render("chart throughput"));
        c.append(new SvgChart("Latency per second", "seconds", "ms").add("p50", t, p50).add("p99", t, p99)
                .render("chart latency"));
        if (load != null && !load.ramp().isEmpty()) {
            c.append(planned(load, workers, t, seconds));
        }
        return c.toString();
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

    /** A probe pair's convergence times by percentile. */
    static String convergence(String pair, Histogram convergence) {
        SvgChart chart = new SvgChart("Convergence " + pair, "percentile", "ms").logX();
        curve(chart, "convergence", convergence);
        return chart.render("chart convergence");
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
        List<double[]> points = new ArrayList<>();
        if (h.getTotalCount() > 0) {
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                if (p >= 1) {
                    break;
                }
                points.add(new double[] {1 / (1 - p), v.getValueIteratedTo() / 1e6});
            }
            points.add(new double[] {Math.max(2, h.getTotalCount()), h.getMaxValue() / 1e6});
        }
        chart.add(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
    }

    private static List<Snapshot> seconds(List<Snapshot> timeline) {
        return timeline.stream().filter(s -> s.durationNanos() >= 250_000_000L || timeline.size() == 1).toList();
    }
}

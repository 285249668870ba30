package io.s3workload.result;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The tables of composite stages, from their members' results: a sweep's throughput and time to first and last
 * byte by object size and threads (s3-benchmark's table), a compare stage's endpoints side by side with their
 * differences, a loops stage's loops (the Wasabi tool's lines). One source for summary.json, the CSV files, the
 * HTML report and the console's compare table.
 */
public final class CompositeTables {

    private static final double MIB = 1024.0 * 1024.0;
    /** The sweep table's statistics, as s3-benchmark prints them. */
    public static final List<String> SWEEP_STATS = List.of("avg", "min", "p25", "p50", "p75", "p90", "p99", "max");

    private CompositeTables() {
    }

    /** A table per sweep, compare and loops stage among {@code stages}, in the order their first member ran. */
    public static List<Summary.Table> composites(List<StageReport> stages) {
        Map<String, List<StageReport>> members = new LinkedHashMap<>();
        for (StageReport stage : stages) {
            stage.group().filter(g -> g.kind().together() != StageKind.Together.APART && !g.preparation()
                    && !stage.cells().isEmpty())
                    .ifPresent(g -> members.computeIfAbsent(g.name(), k -> new ArrayList<>()).add(stage));
        }
        List<Summary.Table> tables = new ArrayList<>();
        members.forEach((name, list) -> tables.add(switch (list.get(0).group().orElseThrow().kind().together()) {
            case SWEEP -> sweep(name, list);
            case SIDE_BY_SIDE -> compare(name, list);
            case LOOP_LINES -> loops(name, list);
            case APART -> throw new IllegalStateException("not tabulated: " + name);
        }));
        return tables;
    }

    /**
     * The run's tables, as summary.json and the CSV files have them: the composite stages' ({@link #composites}),
     * then those the stages' findings place with the run's.
     */
    public static List<Summary.Table> of(List<StageReport> stages) {
        List<Summary.Table> tables = new ArrayList<>(composites(stages));
        stages.forEach(s -> s.tables(ResultTable.Place.RUN).forEach(t -> tables.add(t.forFiles())));
        return tables;
    }

    public static Summary.Table sweep(String name, List<StageReport> points) {
        List<String> columns = new ArrayList<>(List.of("size", "threads", "op", "operations", "errors", "MiB/s",
                "ops/s"));
        SWEEP_STATS.forEach(s -> columns.add("ttfb " + s + " (ms)"));
        SWEEP_STATS.forEach(s -> columns.add("ttlb " + s + " (ms)"));
        List<List<Object>> rows = new ArrayList<>();
        for (StageReport point : points) {
            StageGroup group = point.group().orElseThrow();
            for (CellStats c : point.cells()) {
                List<Object> row = new ArrayList<>(Arrays.asList(c.key().size().label(),
                        group.threads().isPresent() ? group.threads().getAsInt() : null, c.key().op().name(),
                        c.operations(), c.errors(), c.bytesPerSecond() / MIB, c.opsPerSecond()));
                row.addAll(sweepStats(c.hasTtfb() ? c.ttfb() : null));
                row.addAll(sweepStats(c.latency()));
                rows.add(row);
            }
        }
        return new Summary.Table("sweep", name, "throughput and time to first and last byte by object size and"
                + " threads", columns, rows);
    }

    private static List<Object> sweepStats(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return Arrays.asList(new Object[SWEEP_STATS.size()]);
        }
        return List.of(h.getMean() / 1e6, h.getMinValue() / 1e6, at(h, 25), at(h, 50), at(h, 75), at(h, 90),
                at(h, 99), h.getMaxValue() / 1e6);
    }

    private static double at(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e6;
    }

    /**
     * A compare stage: per cell (op and size), each endpoint's rounds added up, with its throughput ratio and its
     * latency difference against the first endpoint in ms and percent (positive = slower).
     */
    public static Summary.Table compare(String name, List<StageReport> members) {
        Map<String, Map<String, List<CellStats>>> byCell = new LinkedHashMap<>();
        List<String> endpoints = new ArrayList<>();
        int rounds = 0;
        for (StageReport m : members) {
            StageGroup group = m.group().orElseThrow();
            String endpoint = group.endpoint().orElseThrow();
            if (!endpoints.contains(endpoint)) {
                endpoints.add(endpoint);
            }
            rounds = Math.max(rounds, group.round().orElse(1));
            for (CellStats c : m.cells()) {
                byCell.computeIfAbsent(c.key().label(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(endpoint, e -> new ArrayList<>()).add(c);
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, List<CellStats>>> cell : byCell.entrySet()) {
            CellStats base = null;
            for (String endpoint : endpoints) {
                List<CellStats> runs = cell.getValue().get(endpoint);
                if (runs == null) {
                    continue;
                }
                CellStats c = CellStats.sum(runs);
                List<Object> row = new ArrayList<>(Arrays.asList(cell.getKey(), endpoint, c.operations(), c.errors(),
                        c.opsPerSecond(), c.key().op().movesData() ? c.bytesPerSecond() / MIB : null,
                        millis(c, Percentile.AVG), millis(c, Percentile.P50), millis(c, Percentile.P99)));
                if (base == null) {
                    base = c;
                    row.addAll(Arrays.asList(1.0, null, null, null, null, null));
                } else {
                    row.add(base.opsPerSecond() == 0 ? null : c.opsPerSecond() / base.opsPerSecond());
                    row.add(delta(base, c, Percentile.AVG));
                    row.add(percent(base, c, Percentile.AVG));
                    row.add(delta(base, c, Percentile.P50));
                    row.add(delta(base, c, Percentile.P99));
                    row.add(percent(base, c, Percentile.P99));
                }
                rows.add(row);
            }
        }
        return new Summary.Table("compare", name, String.join(" vs ", endpoints)
                + (rounds > 1 ? " (" + rounds + " rounds each, added up)" : "") + "; Δ against " + endpoints.get(0)
                + ", positive = slower", List.of("cell", "endpoint", "operations", "errors", "ops/s", "MiB/s",
                "avg (ms)", "p50 (ms)", "p99 (ms)", "ops/s ratio", "Δavg (ms)", "Δavg (%)", "Δp50 (ms)", "Δp99 (ms)",
                "Δp99 (%)"), rows);
    }

    private static Double millis(CellStats c, Percentile p) {
        return c.latency().getTotalCount() == 0 ? null : Units.statNanos(c.latency(), p) / 1e6;
    }

    private static Double delta(CellStats base, CellStats c, Percentile p) {
        Double a = millis(base, p);
        Double b = millis(c, p);
        return a == null || b == null ? null : b - a;
    }

    private static Double percent(CellStats base, CellStats c, Percentile p) {
        Double a = millis(base, p);
        Double b = millis(c, p);
        return a == null || b == null || a == 0 ? null : 100 * (b - a) / a;
    }

    /** A loops stage: a row per loop and operation, as the Wasabi tool reports them (MB there is 2^20 bytes). */
    static Summary.Table loops(String name, List<StageReport> members) {
        List<List<Object>> rows = new ArrayList<>();
        for (StageReport m : members) {
            int loop = m.group().orElseThrow().loop().orElse(1);
            for (CellStats c : m.cells()) {
                rows.add(Arrays.asList(loop, m.name(), c.key().op().name(), c.seconds(), c.operations(), c.errors(),
                        c.key().op().movesData() ? c.bytesPerSecond() / MIB : null, c.opsPerSecond()));
            }
        }
        return new Summary.Table("loops", name, "each loop's stages, in order", List.of("loop", "stage", "op",
                "seconds", "operations", "errors", "MiB/s", "ops/s"), rows);
    }
}

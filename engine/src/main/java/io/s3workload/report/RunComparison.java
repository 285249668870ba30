package io.s3workload.report;

import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.result.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs side by side from their {@code summary.json}: every cell of A with the same cell of B (stage, op,
 * endpoint, size), throughput and latency with B's difference to A in percent and, for latency, in milliseconds
 * — the A/B view of "through the proxy" against "direct".
 */
public final class RunComparison {

    private RunComparison() {
    }

    /** {@code path} itself if it is a file, else its {@code summary.json}. */
    public static Path summaryOf(Path path) {
        return Files.isDirectory(path) ? path.resolve(SummaryJson.FILE) : path;
    }

    /** The comparison as text; an {@link IOException} when a summary cannot be read. */
    public static String compare(Path a, Path b) throws IOException {
        Summary left = SummaryJson.read(summaryOf(a));
        Summary right = SummaryJson.read(summaryOf(b));
        Map<String, Summary.Cell> rightCells = cells(right);
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(describe(left)).append('\n').append("B: ").append(describe(right)).append("\n\n");
        Table table = new Table(List.of("stage", "op", "endpoint", "size", "A ops/s", "B ops/s", "B/A",
                "A MiB/s", "B MiB/s", "A p50 (ms)", "B p50 (ms)", "Δp50 (ms)", "Δp50", "A p99 (ms)", "B p99 (ms)",
                "Δp99 (ms)", "Δp99"), false, false, false, false, true, true, true, true, true, true, true, true, true,
                true, true, true, true);
        List<String> onlyLeft = new ArrayList<>();
        for (Map.Entry<String, Summary.Cell> cell : cells(left).entrySet()) {
            Summary.Cell l = cell.getValue();
            Summary.Cell r = rightCells.remove(cell.getKey());
            if (r == null) {
                onlyLeft.add(cell.getKey());
                continue;
            }
            String[] key = cell.getKey().split("\t");
            double lp50 = orNaN(l.latencyMs().p50());
            double rp50 = orNaN(r.latencyMs().p50());
            double lp99 = orNaN(l.latencyMs().p99());
            double rp99 = orNaN(r.latencyMs().p99());
            double lops = l.opsPerSecond();
            double rops = r.opsPerSecond();
            table.add(List.of(key[0], key[1], key[2], key[3], Units.rate(lops), Units.rate(rops),
                    lops == 0 ? "-" : String.format(Locale.ROOT, "%.3f", rops / lops),
                    mib(l), mib(r), ms(lp50), ms(rp50), delta(rp50 - lp50), percent(rp50, lp50), ms(lp99), ms(rp99),
                    delta(rp99 - lp99), percent(rp99, lp99)));
        }
        out.append(table.render(""));
        if (!onlyLeft.isEmpty() || !rightCells.isEmpty()) {
            out.append('\n');
            onlyLeft.forEach(k -> out.append("only in A: ").append(k.replace('\t', ' ')).append('\n'));
            rightCells.keySet().forEach(k -> out.append("only in B: ").append(k.replace('\t', ' ')).append('\n'));
        }
        out.append("\nΔ: B minus A; a positive latency Δ means B is slower.\n");
        return out.toString();
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static String describe(Summary summary) {
        return summary.workload().name() + ", run " + summary.run().id() + ", " + summary.run().startedAt();
    }

    private static Map<String, Summary.Cell> cells(Summary summary) {
        Map<String, Summary.Cell> cells = new LinkedHashMap<>();
        for (Summary.Stage stage : summary.stages()) {
            for (Summary.Cell cell : stage.cells()) {
                cells.put(String.join("\t", stage.name(), cell.op(), cell.endpoint(),
                        cell.size() == null ? "-" : cell.size()), cell);
            }
        }
        return cells;
    }

    private static String mib(Summary.Cell cell) {
        return io.s3workload.metrics.Op.valueOf(cell.op()).movesData() ? Units.mib(cell.bytesPerSecond()) : "-";
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String delta(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.2f", v);
    }

    private static String percent(double b, double a) {
        return Double.isNaN(a) || Double.isNaN(b) || a == 0 ? "-" : String.format(Locale.ROOT, "%+.1f%%",
                100 * (b - a) / a);
    }
}

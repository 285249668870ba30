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
        out.append(capacities(left, right));
        if (!onlyLeft.isEmpty() || !rightCells.isEmpty()) {
            out.append('\n');
            onlyLeft.forEach(k -> out.append("only in A: ").append(k.replace('\t', ' ')).append('\n'));
            rightCells.keySet().forEach(k -> out.append("only in B: ").append(k.replace('\t', ' ')).append('\n'));
        }
        out.append("\nΔ: B minus A; a positive latency Δ means B is slower.\n");
        return out.toString();
    }

    /**
     * The answers of the capacity stages both runs have, side by side: what each sustained and measured there, what
     * broke first and where. Their steps are not compared cell by cell: a search's steps differ run to run.
     */
    private static String capacities(Summary left, Summary right) {
        Table table = new Table(List.of("capacity stage", "A sustained", "B sustained", "B/A", "A achieved (ops/s)",
                "B achieved (ops/s)", "A broke first", "B broke first"), false, true, true, true, true, true, false,
                false);
        int rows = 0;
        for (Summary.Stage l : left.stages()) {
            Summary.Stage r = right.stages().stream().filter(s -> s.name().equals(l.name())).findFirst()
                    .orElse(null);
            if (l.capacity() == null || r == null || r.capacity() == null) {
                continue;
            }
            Summary.Capacity a = l.capacity();
            Summary.Capacity b = r.capacity();
            table.add(List.of(l.name(), sustained(a), sustained(b), a.sustained() == null || b.sustained() == null
                    || a.sustained() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", b.sustained() / a.sustained()),
                    a.achieved() == null ? "-" : Units.rate(a.achieved()), b.achieved() == null ? "-"
                            : Units.rate(b.achieved()), brokeFirst(a), brokeFirst(b)));
            rows++;
        }
        return rows == 0 ? "" : "\n" + table.render("") + "(sustained: the highest load that held, per second or"
                + " users; \"at least\" where the search ended before the store broke)\n";
    }

    private static String sustained(Summary.Capacity c) {
        if (c.sustained() == null) {
            return "none held";
        }
        String load = c.mode().equals("users") ? Math.round(c.sustained()) + " users"
                : io.s3workload.result.CapacitySearch.rate(c.sustained()) + "/s";
        return (c.brokenBy().isEmpty() || c.clientBound() != null ? "at least " : "") + load;
    }

    private static String brokeFirst(Summary.Capacity c) {
        if (c.brokenBy().isEmpty()) {
            return c.clientBound() != null ? "client-bound" : "-";
        }
        String at = c.mode().equals("users") ? Math.round(c.brokenAt()) + " users"
                : io.s3workload.result.CapacitySearch.rate(c.brokenAt()) + "/s";
        return String.join(", ", c.brokenBy().stream().map(x -> x.substring(0, x.indexOf(' '))).toList()) + " at "
                + at;
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
            if (stage.capacity() != null) {
                continue; // its answer is compared, not its steps
            }
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

package io.s3workload.report.console;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.CompositeTables;
import io.s3workload.result.StageReport;
import io.s3workload.result.StageResult;
import io.s3workload.result.Summary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Console blocks in the shapes the replaced tools print: httpbench's request and throughput lines, the Wasabi
 * tool's loop lines, the s3-benchmark sweep table per object size, and an A/B table of endpoints side by side.
 */
public final class GroupBlocks {

    private static final double MIB = 1024.0 * 1024.0;

    private GroupBlocks() {
    }

    /** {@code Reqs: 1200  Bytes: 1.26 GB  Time: 30.00s} and {@code 0.04 GB/s  (0.3 Gbps)}, then redirects. */
    public static String httpBench(CellStats cell) {
        double seconds = cell.seconds();
        double gb = cell.bytes() / 1e9;
        return String.format(Locale.ROOT, "    Reqs: %d  Bytes: %.2f GB  Time: %.2fs%n    %.2f GB/s  (%.1f Gbps)%n"
                        + "    Redirects followed: %d (%.2f per request)%n", cell.operations(), gb, seconds,
                seconds == 0 ? 0 : gb / seconds, seconds == 0 ? 0 : gb * 8 / seconds, cell.items(),
                cell.operations() == 0 ? 0.0 : (double) cell.items() / cell.operations());
    }

    /**
     * {@code Loop 1: PUT time 60.1 secs, objects = 5484, speed = 91.3MB/sec, 91.3 operations/sec. Slowdowns = 0}
     * per cell, as the Wasabi tool prints it (its MB is 2^20 bytes; its slowdowns are the requests the server
     * throttled: HTTP 503 SlowDown, and here 429 too); deletes as {@code 2923.4 deletes/sec}. A cell shorter than
     * the tool's tenths of a second gets its time in milliseconds.
     */
    static List<String> loopLines(int loop, StageResult stage) {
        List<String> lines = new ArrayList<>();
        for (CellStats c : stage.cells()) {
            String time = c.seconds() >= 0.1 ? String.format(Locale.ROOT, "%.1f secs", c.seconds())
                    : String.format(Locale.ROOT, "%.1f ms", c.seconds() * 1000);
            String head = String.format(Locale.ROOT, "Loop %d: %s time %s", loop, c.key().op(), time);
            String slowdowns = " Slowdowns = " + c.throttled();
            if (c.key().op() == Op.DELETE) {
                lines.add(String.format(Locale.ROOT, "%s, %.1f deletes/sec.%s", head, c.opsPerSecond(), slowdowns));
            } else if (c.key().op().movesData()) {
                lines.add(String.format(Locale.ROOT, "%s, objects = %d, speed = %.1fMB/sec, %.1f operations/sec.%s",
                        head, c.operations(), c.bytesPerSecond() / MIB, c.opsPerSecond(), slowdowns));
            } else {
                lines.add(String.format(Locale.ROOT, "%s, %d operations, %.1f operations/sec.%s", head,
                        c.operations(), c.opsPerSecond(), slowdowns));
            }
            long otherErrors = c.errors() - c.throttled(); // the throttled ones are the Slowdowns above
            if (otherErrors > 0) {
                lines.add(String.format(Locale.ROOT, "Loop %d: %s errors = %d (%.2f%%) besides the slowdowns", loop,
                        c.key().op(), otherErrors, 100.0 * otherErrors / c.attempted()));
            }
        }
        return lines;
    }

    /**
     * One object size of a sweep, as s3-benchmark prints it: a row per thread count with throughput, and time to
     * first byte and to last byte (avg, min, p25, p50, p75, p90, p99, max in ms), from the model's table
     * ({@link CompositeTables}). PUTs have no first byte.
     */
    static String sweepTable(String sweep, List<StageResult> points) {
        CellStats first = points.get(0).cells().get(0);
        Summary.Table model = CompositeTables.sweep(sweep, points.stream().map(StageReport::of).toList());
        int threads = model.columns().indexOf("threads");
        int mib = model.columns().indexOf("MiB/s");
        int errors = model.columns().indexOf("errors");
        int ttfbFrom = model.columns().indexOf("ttfb avg (ms)");
        int ttlbFrom = model.columns().indexOf("ttlb avg (ms)");
        boolean ttfb = model.rows().get(0).get(ttfbFrom) != null;
        String what = first.key().op() == Op.PUT ? "Upload" : "Download";
        String stats = "  avg   min   p25   p50   p75   p90   p99   max ";
        String dashes = "-".repeat(stats.length());
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s performance with %s objects (%s)%n", what, first.key().size(), sweep));
        String lead = "                           ";
        b.append(lead).append('+').append(dashes).append(ttfb ? "+" + dashes : "").append("+\n");
        b.append(lead).append('|').append(center(ttfb ? "Time to First Byte (ms)" : "Time to Last Byte (ms)",
                stats.length())).append(ttfb ? "|" + center("Time to Last Byte (ms)", stats.length()) : "")
                .append("|\n");
        String rule = "+---------+----------------+" + dashes + (ttfb ? "+" + dashes : "") + "+\n";
        b.append(rule);
        b.append("| Threads |     Throughput |").append(stats).append(ttfb ? "|" + stats : "").append("|\n");
        b.append(rule);
        for (List<Object> row : model.rows()) {
            b.append(String.format(Locale.ROOT, "| %7d | %8.1f MiB/s |", (Integer) row.get(threads),
                    (Double) row.get(mib)));
            if (ttfb) {
                b.append(statsRow(row.subList(ttfbFrom, ttfbFrom + CompositeTables.SWEEP_STATS.size()))).append('|');
            }
            b.append(statsRow(row.subList(ttlbFrom, ttlbFrom + CompositeTables.SWEEP_STATS.size()))).append('|');
            if ((Long) row.get(errors) > 0) {
                b.append("  ").append(row.get(errors)).append(" errors");
            }
            b.append('\n');
        }
        b.append(rule.replace("\n", "")).append('\n');
        return b.toString();
    }

    /** A row's statistics in ms, blank when the cell has none. */
    private static String statsRow(List<Object> millis) {
        if (millis.get(0) == null) {
            return " ".repeat(48);
        }
        StringBuilder b = new StringBuilder();
        for (Object v : millis) {
            double ms = (Double) v;
            b.append(ms >= 10 || ms == 0 ? String.format(Locale.ROOT, "%6.0f", ms)
                    : String.format(Locale.ROOT, "%6.1f", ms));
        }
        return b.append(' ').toString();
    }

    private static String center(String text, int width) {
        int left = (width - text.length()) / 2;
        return " ".repeat(Math.max(0, left)) + text + " ".repeat(Math.max(0, width - left - text.length()));
    }

    /**
     * A compare stage's endpoints side by side ({@link CompositeTables#compare}): per cell, each endpoint's rounds
     * added up, with its throughput ratio and its overhead against the first endpoint (avg, p50, p99).
     */
    static String compareTable(String name, List<StageResult> members) {
        Summary.Table model = CompositeTables.compare(name, members.stream().map(StageReport::of).toList());
        List<String> headers = new ArrayList<>(model.columns());
        headers.replaceAll(h -> h.equals("operations") ? "ok" : h.replace(" (%)", ""));
        boolean[] numeric = new boolean[headers.size()];
        Arrays.fill(numeric, 2, numeric.length, true);
        Table table = new Table(headers, numeric);
        Object previousCell = null;
        for (List<Object> row : model.rows()) {
            boolean baseRow = !row.get(0).equals(previousCell); // the first endpoint's row of each cell
            previousCell = row.get(0);
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                cells.add(compareCell(model.columns().get(i), row.get(i), baseRow));
            }
            table.add(cells);
        }
        return "Compare " + name + ": " + model.title() + "\n" + table.render("  ");
    }

    /** A compare value as the console shows it: ratios to 3 decimals, differences signed, nothing as "-". */
    private static String compareCell(String column, Object value, boolean baseRow) {
        return switch (value) {
            case null -> baseRow && column.startsWith("Δ") ? "" : "-";
            case String text -> text;
            case Long count -> Long.toString(count);
            case Double v when column.equals("ops/s") -> Units.rate(v);
            case Double v when column.equals("MiB/s") -> String.format(Locale.ROOT, "%.1f", v);
            case Double v when column.equals("ops/s ratio") -> String.format(Locale.ROOT, "%.3f", v);
            case Double v when column.endsWith("(%)") -> String.format(Locale.ROOT, "%+.1f%%", v);
            case Double v when column.startsWith("Δ") -> String.format(Locale.ROOT, "%+.2f", v);
            case Double v -> String.format(Locale.ROOT, "%.2f", v);
            default -> value.toString();
        };
    }
}

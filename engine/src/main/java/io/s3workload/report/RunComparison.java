package io.s3workload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunComparison() {
    }

    /** {@code path} itself if it is a file, else its {@code summary.json}. */
    public static Path summaryOf(Path path) {
        return Files.isDirectory(path) ? path.resolve(JsonReporter.FILE) : path;
    }

    /** The comparison as text; an {@link IOException} when a summary cannot be read. */
    public static String compare(Path a, Path b) throws IOException {
        JsonNode left = read(summaryOf(a));
        JsonNode right = read(summaryOf(b));
        Map<String, JsonNode> rightCells = cells(right);
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(describe(left)).append('\n').append("B: ").append(describe(right)).append("\n\n");
        Table table = new Table(List.of("stage", "op", "endpoint", "size", "A ops/s", "B ops/s", "B/A",
                "A MiB/s", "B MiB/s", "A p50 (ms)", "B p50 (ms)", "Δp50 (ms)", "Δp50", "A p99 (ms)", "B p99 (ms)",
                "Δp99 (ms)", "Δp99"), false, false, false, false, true, true, true, true, true, true, true, true, true,
                true, true, true, true);
        List<String> onlyLeft = new ArrayList<>();
        for (Map.Entry<String, JsonNode> cell : cells(left).entrySet()) {
            JsonNode l = cell.getValue();
            JsonNode r = rightCells.remove(cell.getKey());
            if (r == null) {
                onlyLeft.add(cell.getKey());
                continue;
            }
            String[] key = cell.getKey().split("\t");
            double lp50 = l.at("/latencyMs/p50").asDouble(Double.NaN);
            double rp50 = r.at("/latencyMs/p50").asDouble(Double.NaN);
            double lp99 = l.at("/latencyMs/p99").asDouble(Double.NaN);
            double rp99 = r.at("/latencyMs/p99").asDouble(Double.NaN);
            double lops = l.get("opsPerSecond").asDouble();
            double rops = r.get("opsPerSecond").asDouble();
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

    private static JsonNode read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " does not exist (give a results directory or its summary.json, written by"
                    + " --report json)");
        }
        JsonNode node = JSON.readTree(file.toFile());
        if (!node.has("schemaVersion") || !node.has("stages")) {
            throw new IOException(file + " is not an s3workload summary.json");
        }
        return node;
    }

    private static String describe(JsonNode summary) {
        return summary.at("/workload/name").asText() + ", run " + summary.at("/run/id").asText() + ", "
                + summary.at("/run/startedAt").asText();
    }

    private static Map<String, JsonNode> cells(JsonNode summary) {
        Map<String, JsonNode> cells = new LinkedHashMap<>();
        for (JsonNode stage : summary.get("stages")) {
            for (JsonNode cell : stage.get("cells")) {
                cells.put(String.join("\t", stage.get("name").asText(), cell.get("op").asText(),
                        cell.get("endpoint").asText(), cell.path("size").asText("-")), cell);
            }
        }
        return cells;
    }

    private static String mib(JsonNode cell) {
        return io.s3workload.metrics.Op.valueOf(cell.get("op").asText()).movesData()
                ? Units.mib(cell.get("bytesPerSecond").asDouble()) : "-";
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

package io.s3workload.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relations every page of a run must keep between its figures, as docs/reports.md ("One rule for every figure")
 * writes them, checked on a run's console output and its summary.json:
 * <ul>
 *   <li>a block's attempts are its ok operations and its errors: {@code (N attempts in T)} = {@code A ok, B errors};</li>
 *   <li>Max and the first slowest operation read the same (both at the histogram's resolution; the uncorrected Max
 *       in an open loop, whose slowest are timed from their actual start);</li>
 *   <li>CPU-ms/op is the cell's CPU over its ok operations: {@code CPU s x 1000 / ok}, to the CPU clock's step;</li>
 *   <li>Gbps and MiB/s are one rate in two units;</li>
 *   <li>each summary row's ok and errors are its cell's in summary.json, its ops/s the ok operations over the cell's
 *       seconds and its MiB/s the bytes over them; in summary.json, opsPerSecond, bytesPerSecond and gbps are the
 *       cell's operations and bytes over its seconds;</li>
 *   <li>a count of one takes the singular ({@code 1 error}, never {@code 1 errors}).</li>
 * </ul>
 */
final class FigureRelations {

    private static final Pattern BLOCK = Pattern.compile("^  (\\S.*?)  \\((\\d+) attempts? in [^)]*\\)$");
    private static final Pattern COUNTS = Pattern.compile("(\\d+) (?:requests? |pages? )?ok, (\\d+) errors?$");
    private static final Pattern RATES = Pattern.compile("Throughput - ([\\d.]+) Gbps \\| ([\\d.]+) MiB/s");
    private static final Pattern MAX = Pattern.compile("(?:Max: |- )([\\d.]+ (?:µs|ms|s))(?: \\(one sample\\))?");
    private static final Pattern SLOWEST = Pattern.compile("^    Slowest    - +([\\d.]+ (?:µs|ms|s))");
    private static final Pattern CPU = Pattern.compile("CPU        - ([\\d.]+) s .*?, ([\\d.]+) CPU-ms/op");
    private static final Pattern PLURAL = Pattern.compile("(?<![\\d.,])1 (attempts|errors|workers|stages|objects"
            + "|operations|keys|sources|uploads|iterations|jobs|requests|samples|shards|steps|versions|pages)\\b");
    private static final double MIB = 1024.0 * 1024.0;

    private FigureRelations() {
    }

    /** Every relation that does not hold, one sentence each; empty when the figures agree. */
    static List<String> problems(String console, JsonNode summary) {
        List<String> problems = new ArrayList<>();
        blocks(console, problems);
        summaryTable(console, summary, problems);
        json(summary, problems);
        Matcher plural = PLURAL.matcher(console);
        while (plural.find()) {
            problems.add("a count of one in the plural: '" + plural.group() + "' in '" + lineAt(console, plural.start())
                    + "'");
        }
        return problems;
    }

    private static void blocks(String console, List<String> problems) {
        String[] lines = console.split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher head = BLOCK.matcher(lines[i]);
            if (!head.matches()) {
                continue;
            }
            String label = head.group(1);
            long attempts = Long.parseLong(head.group(2));
            String max = null;
            String uncorrectedMax = null;
            String slowest = null;
            for (int j = i + 1; j < lines.length && lines[j].startsWith("    "); j++) {
                String line = lines[j];
                if (line.startsWith("    Latency    - ")) {
                    max = lastMax(line);
                } else if (line.startsWith("    Uncorrected- ")) {
                    uncorrectedMax = lastMax(line);
                } else if (line.startsWith("    Throughput - ")) {
                    Matcher counts = COUNTS.matcher(line.replaceAll(" \\| [^|]* a range on average.*$", ""));
                    if (!counts.find()) {
                        problems.add(label + ": no 'N ok, M errors' on its throughput line: " + line);
                    } else if (Long.parseLong(counts.group(1)) + Long.parseLong(counts.group(2)) != attempts) {
                        problems.add(label + ": " + counts.group() + " do not add up to its " + attempts
                                + " attempts");
                    } else {
                        cpu(label, lines, j, Long.parseLong(counts.group(1)), problems);
                    }
                    Matcher rates = RATES.matcher(line);
                    if (rates.find()) {
                        double gbps = Double.parseDouble(rates.group(1));
                        double mib = Double.parseDouble(rates.group(2));
                        if (Math.abs(gbps - mib * MIB * 8 / 1e9) > 0.005 + 0.05 * MIB * 8 / 1e9 + 1e-9) {
                            problems.add(label + ": " + gbps + " Gbps is not " + mib + " MiB/s");
                        }
                    }
                } else if (slowest == null) {
                    Matcher s = SLOWEST.matcher(line);
                    if (s.find()) {
                        slowest = s.group(1);
                    }
                }
            }
            String shownMax = uncorrectedMax != null ? uncorrectedMax : max;
            if (shownMax != null && slowest != null && !shownMax.equals(slowest)) {
                problems.add(label + ": Max " + shownMax + " but the slowest operation " + slowest);
            }
        }
    }

    /** The CPU line after the throughput line at {@code at}: CPU-ms/op = CPU s x 1000 / ok, to the clock's step. */
    private static void cpu(String label, String[] lines, int at, long ok, List<String> problems) {
        for (int j = at + 1; j < lines.length && lines[j].startsWith("    ") && ok > 0; j++) {
            Matcher cpu = CPU.matcher(lines[j]);
            if (cpu.find()) {
                double seconds = Double.parseDouble(cpu.group(1));
                double perOp = Double.parseDouble(cpu.group(2));
                int decimals = cpu.group(2).contains(".") ? cpu.group(2).length() - cpu.group(2).indexOf('.') - 1 : 0;
                double tolerance = 10.0 / ok + 0.5 * Math.pow(10, -decimals) + 1e-9; // a 10 ms clock, then rounding
                if (Math.abs(perOp - seconds * 1000 / ok) > tolerance) {
                    problems.add(label + ": " + perOp + " CPU-ms/op is not " + seconds + " s over " + ok + " ok");
                }
                return;
            }
        }
    }

    private static String lastMax(String line) {
        Matcher m = MAX.matcher(line);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last;
    }

    /** The SUMMARY table's rows against summary.json's cells. */
    private static void summaryTable(String console, JsonNode summary, List<String> problems) {
        int at = console.lastIndexOf("\nstage ");
        if (at < 0) {
            return;
        }
        String[] lines = console.substring(at + 1).split("\n");
        List<String> header = List.of(lines[0].trim().split("\\s{2,}"));
        if (!header.containsAll(List.of("stage", "op", "endpoint", "size", "ok", "errors", "ops/s", "MiB/s"))) {
            return;
        }
        Map<String, JsonNode> cells = new HashMap<>();
        for (JsonNode stage : summary.get("stages")) {
            for (JsonNode cell : stage.get("cells")) {
                cells.put(stage.get("name").asText() + "|" + cell.path("op").asText() + "|"
                        + cell.path("endpoint").asText() + "|" + cell.path("size").asText(), cell);
            }
        }
        for (int i = 2; i < lines.length && !lines[i].isBlank(); i++) {
            List<String> row = List.of(lines[i].trim().split("\\s{2,}"));
            if (row.size() != header.size()) {
                continue; // a row whose size or endpoint is empty: its columns cannot be told apart by spacing
            }
            Map<String, String> value = new HashMap<>();
            for (int c = 0; c < header.size(); c++) {
                value.put(header.get(c), row.get(c));
            }
            JsonNode cell = cells.get(value.get("stage") + "|" + value.get("op") + "|" + value.get("endpoint") + "|"
                    + value.get("size").replace(" ", ""));
            if (cell == null) {
                continue;
            }
            String where = "summary row " + lines[i].trim();
            if (cell.get("operations").asLong() != Long.parseLong(value.get("ok"))
                    || cell.get("errors").asLong() != Long.parseLong(value.get("errors"))) {
                problems.add(where + ": ok and errors are not summary.json's " + cell.get("operations") + " and "
                        + cell.get("errors"));
            }
            double seconds = cell.get("seconds").asDouble();
            if (seconds > 0) {
                double opsPerSecond = cell.get("operations").asLong() / seconds;
                near(where + ": ops/s", Double.parseDouble(value.get("ops/s")), opsPerSecond,
                        opsPerSecond >= 100 ? 0.1 : 0.01, problems);
                if (!value.get("MiB/s").equals("-")) {
                    near(where + ": MiB/s", Double.parseDouble(value.get("MiB/s")), cell.get("bytes").asLong()
                            / seconds / MIB, 0.1, problems);
                }
            }
        }
    }

    private static void json(JsonNode summary, List<String> problems) {
        for (JsonNode stage : summary.get("stages")) {
            for (JsonNode cell : stage.get("cells")) {
                double seconds = cell.path("seconds").asDouble();
                if (seconds <= 0 || !cell.has("opsPerSecond")) {
                    continue;
                }
                String where = "summary.json " + stage.get("name").asText() + " " + cell.path("op").asText() + " "
                        + cell.path("size").asText();
                exact(where + " opsPerSecond", cell.get("opsPerSecond").asDouble(),
                        cell.get("operations").asLong() / seconds, problems);
                exact(where + " bytesPerSecond", cell.get("bytesPerSecond").asDouble(),
                        cell.get("bytes").asLong() / seconds, problems);
                exact(where + " gbps", cell.get("gbps").asDouble(), cell.get("bytes").asLong() * 8 / seconds / 1e9,
                        problems);
            }
        }
    }

    /** A printed figure against the one it is printed from, within the rounding of its last digit, {@code digit}. */
    private static void near(String what, double printed, double expected, double digit, List<String> problems) {
        if (Math.abs(printed - expected) > digit / 2 + 1e-6 * Math.abs(expected) + 1e-9) {
            problems.add(String.format(Locale.ROOT, "%s %s, not %.4f", what, printed, expected));
        }
    }

    /** Two figures in summary.json that are one figure (they are written with full precision). */
    private static void exact(String what, double written, double expected, List<String> problems) {
        if (Math.abs(written - expected) > 1e-6 * Math.max(1, Math.abs(expected))) {
            problems.add(String.format(Locale.ROOT, "%s %s, not %s", what, written, expected));
        }
    }

    private static String lineAt(String text, int index) {
        int from = text.lastIndexOf('\n', index) + 1;
        int to = text.indexOf('\n', index);
        return text.substring(from, to < 0 ? text.length() : to).trim();
    }
}

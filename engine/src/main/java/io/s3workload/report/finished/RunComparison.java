package io.s3workload.report.finished;

import io.s3workload.ground.Units;
import io.s3workload.metrics.Op;
import io.s3workload.report.console.Table;
import io.s3workload.result.ResultAnswers;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryCell;
import io.s3workload.result.SummaryJson;
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
        Map<String, SummaryCell> rightCells = cells(right);
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(describe(left)).append('\n').append("B: ").append(describe(right)).append("\n\n");
        Table table = new Table(List.of("stage", "op", "endpoint", "size", "A ops/s", "B ops/s", "B/A",
                "A MiB/s", "B MiB/s", "A p50 (ms)", "B p50 (ms)", "Δp50 (ms)", "Δp50", "A p99 (ms)", "B p99 (ms)",
                "Δp99 (ms)", "Δp99"), false, false, false, false, true, true, true, true, true, true, true, true, true,
                true, true, true, true);
        List<String> onlyLeft = new ArrayList<>();
        for (Map.Entry<String, SummaryCell> cell : cells(left).entrySet()) {
            SummaryCell l = cell.getValue();
            SummaryCell r = rightCells.remove(cell.getKey());
            if (r == null) {
                onlyLeft.add(cell.getKey());
                continue;
            }
            String[] key = cell.getKey().split("\t");
            double lp50 = orNaN(l.latencies().latencyMs().p50());
            double rp50 = orNaN(r.latencies().latencyMs().p50());
            double lp99 = orNaN(l.latencies().latencyMs().p99());
            double rp99 = orNaN(r.latencies().latencyMs().p99());
            double lops = l.totals().opsPerSecond();
            double rops = r.totals().opsPerSecond();
            table.add(List.of(key[0], key[1], key[2], key[3], Units.rate(lops), Units.rate(rops),
                    lops == 0 ? "-" : String.format(Locale.ROOT, "%.3f", rops / lops),
                    mib(l), mib(r), ms(lp50), ms(rp50), delta(rp50 - lp50), percent(rp50, lp50), ms(lp99), ms(rp99),
                    delta(rp99 - lp99), percent(rp99, lp99)));
        }
        out.append(table.render(""));
        out.append(answers(left, right));
        if (!onlyLeft.isEmpty() || !rightCells.isEmpty()) {
            out.append('\n');
            onlyLeft.forEach(k -> out.append("only in A: ").append(k.replace('\t', ' ')).append('\n'));
            rightCells.keySet().forEach(k -> out.append("only in B: ").append(k.replace('\t', ' ')).append('\n'));
        }
        out.append("\nΔ: B minus A; a positive latency Δ means B is slower.\n");
        return out.toString();
    }

    /**
     * The answers of the stages both runs have (a capacity search's: what each sustained, achieved and broke first),
     * one table per kind of answer, each figure of A beside B's, and B over A where a figure says so. Read from
     * summary.json's {@code answers}: a kind of finding needs nothing here. A capacity search's steps are not
     * compared cell by cell: a search's steps differ run to run.
     */
    private static String answers(Summary left, Summary right) {
        Map<String, Table> tables = new LinkedHashMap<>();
        Map<String, String> notes = new LinkedHashMap<>();
        for (Summary.Stage l : left.stages()) {
            Summary.Stage r = right.stages().stream().filter(s -> s.name().equals(l.name())).findFirst()
                    .orElse(null);
            if (l.answers() == null || r == null || r.answers() == null) {
                continue;
            }
            for (ResultAnswers a : l.answers()) {
                r.answers().stream().filter(b -> b.kind().equals(a.kind()) && sameFigures(a, b)).findFirst()
                        .ifPresent(b -> {
                            tables.computeIfAbsent(a.kind(), k -> answerTable(a)).add(answerRow(l.name(), a, b));
                            notes.putIfAbsent(a.kind(), a.note());
                        });
            }
        }
        StringBuilder out = new StringBuilder();
        tables.forEach((kind, table) -> out.append('\n').append(table.render("")).append(notes.get(kind).isEmpty()
                ? "" : "(" + notes.get(kind) + ")\n"));
        return out.toString();
    }

    private static boolean sameFigures(ResultAnswers a, ResultAnswers b) {
        return a.values().stream().map(ResultAnswers.Value::name).toList()
                .equals(b.values().stream().map(ResultAnswers.Value::name).toList());
    }

    private static Table answerTable(ResultAnswers a) {
        List<String> headers = new ArrayList<>(List.of(a.kind() + " stage"));
        List<Boolean> right = new ArrayList<>(List.of(false));
        for (ResultAnswers.Value v : a.values()) {
            String unit = v.unit().isEmpty() ? "" : " (" + v.unit() + ")";
            boolean number = v.value() != null || v.ratio();
            headers.addAll(List.of("A " + v.name() + unit, "B " + v.name() + unit));
            right.addAll(List.of(number, number));
            if (v.ratio()) {
                headers.add("B/A");
                right.add(true);
            }
        }
        boolean[] alignRight = new boolean[right.size()];
        for (int i = 0; i < alignRight.length; i++) {
            alignRight[i] = right.get(i);
        }
        return new Table(headers, alignRight);
    }

    private static List<String> answerRow(String stage, ResultAnswers a, ResultAnswers b) {
        List<String> row = new ArrayList<>(List.of(stage));
        for (int i = 0; i < a.values().size(); i++) {
            ResultAnswers.Value x = a.values().get(i);
            ResultAnswers.Value y = b.values().get(i);
            row.addAll(List.of(x.text(), y.text()));
            if (x.ratio()) {
                row.add(x.value() == null || y.value() == null || x.value() == 0 ? "-"
                        : String.format(Locale.ROOT, "%.3f", y.value() / x.value()));
            }
        }
        return row;
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static String describe(Summary summary) {
        return summary.workload().name() + ", run " + summary.run().id() + ", " + summary.run().times().startedAt();
    }

    private static Map<String, SummaryCell> cells(Summary summary) {
        Map<String, SummaryCell> cells = new LinkedHashMap<>();
        for (Summary.Stage stage : summary.stages()) {
            if (stage.answers() != null) {
                continue; // its answers are compared, not its cells (a capacity search's steps)
            }
            for (SummaryCell cell : stage.cells()) {
                cells.put(String.join("\t", stage.name(), cell.op(), cell.endpoint(),
                        cell.size() == null ? "-" : cell.size()), cell);
            }
        }
        return cells;
    }

    private static String mib(SummaryCell cell) {
        return Op.valueOf(cell.op()).movesData() ? Units.mib(cell.totals().bytesPerSecond()) : "-";
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

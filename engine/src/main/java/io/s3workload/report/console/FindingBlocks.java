package io.s3workload.report.console;

import io.s3workload.ground.Units;
import io.s3workload.result.ResultTable;
import io.s3workload.result.ResultTable.Place;
import io.s3workload.result.ResultTable.Where;
import io.s3workload.result.StageReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console's rendering of what stages found beyond their cells ({@link io.s3workload.result.Finding}): a run's
 * table under the stage that produced it (its heading, the table, its caption), and a stage's detail tables joined
 * by kind in the run summary. Knows no kind of finding by name.
 */
public final class FindingBlocks {

    private FindingBlocks() {
    }

    /** The stage's tables that sit with the run's, each headed and followed by its caption. */
    public static String stage(StageReport stage) {
        StringBuilder b = new StringBuilder();
        for (ResultTable t : stage.tables(Place.RUN)) {
            if (t.rows().isEmpty()) {
                b.append("  ").append(sentence(t.caption())).append("\n\n");
                continue;
            }
            b.append("  ").append(t.heading()).append(":\n").append(table(List.of(t), false).render("  "))
                    .append("\n  ").append(t.caption()).append("\n\n");
        }
        return b.toString();
    }

    /** The stages' detail tables, one per kind, each row led by its stage; empty when there are none. */
    public static String summary(List<StageReport> stages) {
        Map<String, List<ResultTable>> byKind = new LinkedHashMap<>();
        stages.forEach(s -> s.tables(Place.STAGE).forEach(t -> byKind.computeIfAbsent(t.kind(),
                k -> new ArrayList<>()).add(t)));
        StringBuilder b = new StringBuilder();
        byKind.values().forEach(tables -> b.append('\n').append(tables.get(0).heading()).append(":\n")
                .append(table(tables, true).render("")));
        return b.toString();
    }

    /** {@code tables} (of one kind) as one console table: the columns a reader of the console sees. */
    private static Table table(List<ResultTable> tables, boolean byStage) {
        ResultTable first = tables.get(0);
        List<Integer> shown = first.shown(Where.CONSOLE);
        List<String> headers = new ArrayList<>(byStage ? List.of("stage") : List.of());
        List<Boolean> numeric = new ArrayList<>(byStage ? List.of(false) : List.of());
        for (int i : shown) {
            headers.add(first.columns().get(i).readerHeader());
            numeric.add(first.columns().get(i).format() != ResultTable.Format.TEXT);
        }
        boolean[] right = new boolean[numeric.size()];
        for (int i = 0; i < right.length; i++) {
            right[i] = numeric.get(i);
        }
        Table table = new Table(headers, right);
        for (ResultTable t : tables) {
            for (List<Object> row : t.rows()) {
                List<String> cells = new ArrayList<>(byStage ? List.of(t.name()) : List.of());
                shown.forEach(i -> cells.add(cell(t.columns().get(i).format(), ResultTable.plain(row.get(i)))));
                table.add(cells);
            }
        }
        return table;
    }

    /** A value as a reader sees it in {@code format}; none is {@code -}. */
    public static String cell(ResultTable.Format format, Object value) {
        if (value == null) {
            return "-";
        }
        return switch (format) {
            case TEXT, FLAG -> value.toString();
            case COUNT -> value instanceof Double || value instanceof Float
                    ? Long.toString(Math.round(((Number) value).doubleValue())) : value.toString();
            case RATE -> Units.roundedRate(number(value));
            case LATENCY -> Units.latency(Math.round(number(value) * 1e6));
            case MILLIS -> String.format(Locale.ROOT, "%.2f", number(value));
            case PERCENT -> String.format(Locale.ROOT, "%.2f%%", number(value));
            case SHARE -> String.format(Locale.ROOT, "%.1f%%", number(value));
        };
    }

    private static double number(Object value) {
        return ((Number) value).doubleValue();
    }

    /** {@code no step ran} as a sentence. */
    private static String sentence(String text) {
        return text.isEmpty() ? "" : Character.toUpperCase(text.charAt(0)) + text.substring(1) + ".";
    }
}

package io.s3workload.report.console;

import java.util.ArrayList;
import java.util.List;

/** A text table with aligned columns: text columns left-aligned, numeric columns right-aligned. */
public final class Table {

    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    public Table(List<String> headers, boolean... numeric) {
        this.headers = List.copyOf(headers);
        this.numeric = numeric;
    }

    public void add(List<String> row) {
        rows.add(List.copyOf(row));
    }

    public String render(String indent) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, indent, headers, widths);
        int total = 0;
        for (int w : widths) {
            total += w + 2;
        }
        out.append(indent).append("-".repeat(Math.max(0, total - 2))).append('\n');
        rows.forEach(row -> line(out, indent, row, widths));
        return out.toString();
    }

    private void line(StringBuilder out, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            line.append(c < numeric.length && numeric[c] ? pad + cell : cell + pad);
            if (c < cells.size() - 1) {
                line.append("  ");
            }
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}

package io.s3workload.result;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A table a {@link Finding} describes: its columns, each with its unit, how a reader sees its values and where it is
 * shown, and rows of plain values (numbers, text, booleans, null for none) in the columns' order.
 *
 * @param kind    what the table is ({@code capacity}, {@code convergence}): its class in the report, its key in
 *                summary.json's tables
 * @param name    the stage it belongs to
 * @param heading the line a reader sees above it (empty: none)
 * @param caption what it says in one sentence: summary.json's title, under the table in the console
 * @param place   where it sits among the run's outputs
 */
public record ResultTable(String kind, String name, String heading, String caption, Place place,
                         List<Column> columns, List<List<Object>> rows) {

    public ResultTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(kind + " " + name + ": a row of " + row.size() + " values for "
                        + columns.size() + " columns");
            }
        }
    }

    /** Where a table sits. */
    public enum Place {
        /**
         * One of the run's tables: in summary.json's tables, a CSV file of its own ({@code table-<name>.csv}), at the
         * top of the HTML report with its charts, and in the console under the stage that produced it.
         */
        RUN,
        /**
         * A detail of its stage: under the stage in the HTML report with its charts, and in the console's run summary,
         * where the tables of one kind from every stage are joined, each row led by its stage's name.
         */
        STAGE
    }

    /** Who sees a column: a reader of the console, a reader of the HTML report, the files (CSV, JSON). */
    public enum Where {
        CONSOLE, REPORT, FILES;

        public static final Set<Where> EVERYWHERE = Set.of(CONSOLE, REPORT, FILES);
    }

    /**
     * How a reader sees a value; the files keep the value itself. A format that writes its unit in the cell
     * ({@link #LATENCY}, {@link #PERCENT}, {@link #SHARE}) has a bare header; the others name the unit there.
     */
    public enum Format {
        /** Left-aligned text. */
        TEXT,
        /** A whole number (a fractional one rounded). */
        COUNT,
        /** A rate: {@code 1,840}, {@code 66.7}, {@code 0.50}. */
        RATE,
        /** Milliseconds as a latency with its unit, {@code 3.00 ms} or {@code 1.20 s}; none is {@code -}. */
        LATENCY,
        /** Milliseconds, two decimals; none is {@code -}. */
        MILLIS,
        /** A percentage, two decimals: {@code 0.99%}. */
        PERCENT,
        /** A share in percent, one decimal: {@code 25.0%}. */
        SHARE,
        /** true or false. */
        FLAG;

        /** Whether a reader sees the unit in the cell rather than the header. */
        public boolean unitInCell() {
            return this == LATENCY || this == PERCENT || this == SHARE;
        }
    }

    /** A column: its name, its unit (empty for none), how a reader sees it, where it is shown. */
    public record Column(String name, String unit, Format format, Set<Where> where) {

        public Column {
            where = Set.copyOf(where);
        }

        public static Column of(String name, String unit, Format format) {
            return new Column(name, unit, format, Where.EVERYWHERE);
        }

        public Column only(Where... where) {
            return new Column(name, unit, format, Set.of(where));
        }

        /** Its header in a file: the name and the unit, {@code p50 (ms)}. */
        public String fileHeader() {
            return unit.isEmpty() ? name : name + " (" + unit + ")";
        }

        /** Its header for a reader: the bare name where the cells carry the unit. */
        public String readerHeader() {
            return format.unitInCell() ? name : fileHeader();
        }
    }

    /** A value a reader should see as bad (a timeout, a failure): the report marks it. */
    public record Bad(Object value) {
    }

    /** A row's plain value: what a {@link Bad} marks. */
    public static Object plain(Object value) {
        return value instanceof Bad bad ? bad.value() : value;
    }

    /** The columns shown {@code where}, with their indexes. */
    public List<Integer> shown(Where where) {
        return IntStream.range(0, columns.size())
                .filter(i -> columns.get(i).where().contains(where)).boxed().toList();
    }

    /** The table as the files have it: the columns they show, headers with units, the values themselves. */
    public Summary.Table forFiles() {
        List<Integer> shown = shown(Where.FILES);
        return new Summary.Table(kind, name, caption, shown.stream().map(i -> columns.get(i).fileHeader()).toList(),
                rows.stream().map(row -> shown.stream().map(i -> plain(row.get(i))).toList()).toList());
    }
}

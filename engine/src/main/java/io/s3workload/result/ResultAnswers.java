package io.s3workload.result;

import java.util.List;

/**
 * A finding's answer in a few figures, as {@code s3workload compare} puts two runs' side by side: a capacity search's
 * sustained load, what it achieved there and what broke first. summary.json keeps it under its stage
 * ({@code answers}), so a comparison reads it back without knowing the kind of finding.
 *
 * @param kind   what answered ({@code capacity}): the comparison's table, one per kind
 * @param note   what a reader needs to read the figures, printed under the comparison's table (empty: nothing)
 * @param values the figures, in the order compared
 */
public record ResultAnswers(String kind, String note, List<Value> values) {

    public ResultAnswers {
        values = List.copyOf(values);
    }

    /**
     * One figure.
     *
     * @param name  its column's name ({@code sustained}); the comparison's headers are {@code A name}, {@code B name}
     * @param unit  its unit, shown in the header (empty: none, or the text carries it)
     * @param value the number behind it, for B's ratio to A (null: none)
     * @param text  how a reader sees it ({@code at least 1,840/s}, {@code p99 at 2,400/s})
     * @param ratio whether the comparison shows B's value over A's
     */
    public record Value(String name, String unit, Double value, String text, boolean ratio) {

        public static Value number(String name, String unit, Double value, String text) {
            return new Value(name, unit, value, text, false);
        }

        public static Value text(String name, String text) {
            return new Value(name, "", null, text, false);
        }
    }
}

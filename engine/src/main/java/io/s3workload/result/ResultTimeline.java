package io.s3workload.result;

import java.util.List;

/**
 * A timeline a {@link Finding} describes: operations as bars from invocation to completion, one lane per process
 * that ran them, as Jepsen's and Porcupine's visualisations draw a history — for a reader to see why no order of
 * the operations explains what they returned.
 *
 * @param kind  what it shows: its class in the report
 * @param xAxis the time axis's label, with its unit
 * @param lanes the lanes' names, top to bottom
 * @param bars  the operations
 */
public record ResultTimeline(String kind, String title, String xAxis, List<String> lanes, List<Bar> bars) {

    public ResultTimeline {
        lanes = List.copyOf(lanes);
        bars = List.copyOf(bars);
    }

    /**
     * One operation: its lane, when it began and ended on the x axis ({@code to} null: it never completed, its
     * outcome unknown — drawn to the timeline's end), what it did as a short label, and how it ended.
     */
    public record Bar(int lane, double from, Double to, String label, Outcome outcome) {
    }

    /** How an operation ended, which sets its bar's colour. */
    public enum Outcome { OK, FAIL, UNKNOWN }
}

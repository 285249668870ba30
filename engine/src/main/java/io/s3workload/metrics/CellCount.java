package io.s3workload.metrics;

import java.util.List;
import java.util.Optional;

/**
 * A count a cell keeps beside its operations, bytes and errors, described once: its name in summary.json (where
 * it is read back from), its CSV column, its Micrometer counter, whether only an open loop has it, and where the
 * console tells it. Shards' and runs' counts add up. The formats iterate over these constants, so a new count is a
 * constant here and the call that counts it ({@link CellRecorder#count}); docs/results.md and docs/metrics.md
 * describe it.
 */
public enum CellCount {

    LATE_STARTS("lateStarts", "late_starts", "s3workload.late.starts", "open-loop operations started more than "
            + CellStats.LATE_MILLIS + " ms after they were due", true, null, null),
    CAPPED_STARTS("cappedStarts", "capped_starts", "s3workload.capped.starts", "of the late starts, those whose"
            + " worker was still busy with its last operation: the concurrency capped the rate", true, null, null),
    RETRIES("retries", "retries", "s3workload.retries", "attempts repeated under retries: (each operation still"
            + " counts once, as a success or as its last attempt's error)", false,
            "Retries", "attempts repeated; latency counts from each operation's first attempt");

    /** Every count, in the order the formats write them. */
    public static final List<CellCount> ALL = List.of(values());

    /** Its key in summary.json's cells. */
    public final String key;
    /** Its column in summary.csv. */
    public final String column;
    /** Its Micrometer counter (Prometheus adds {@code _total}). */
    public final String meter;
    /** What it counts, as the counter's description says. */
    public final String description;
    /** Whether only an open loop (a stage at a rate) has it: a closed loop's cell writes none. */
    public final boolean openLoopOnly;
    /**
     * Its own line in the console's cell block when not zero, {@code Retries    - 3 attempts repeated; ...}: the
     * label, and the words after the number; null when another line tells it (the schedule's).
     */
    public final String consoleLabel;
    public final String consoleWords;

    CellCount(String key, String column, String meter, String description, boolean openLoopOnly,
              String consoleLabel, String consoleWords) {
        this.key = key;
        this.column = column;
        this.meter = meter;
        this.description = description;
        this.openLoopOnly = openLoopOnly;
        this.consoleLabel = consoleLabel;
        this.consoleWords = consoleWords;
    }

    /** The count written under {@code key} in summary.json; empty for a key this version does not know. */
    public static Optional<CellCount> byKey(String key) {
        return ALL.stream().filter(c -> c.key.equals(key)).findFirst();
    }

    /** Whether a cell that ran open loop or not ({@code openLoop}) has this count. */
    public boolean in(boolean openLoop) {
        return openLoop || !openLoopOnly;
    }
}

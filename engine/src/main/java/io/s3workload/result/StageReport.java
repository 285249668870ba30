package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.workload.StageKind;
import java.util.List;
import java.util.Optional;

/**
 * One stage of a {@link RunReport}: its cells and what it found beyond them ({@link StageOutcome}s); when it
 * started from the run's start, why it did not run if it was skipped, and where it sits in a composite stage.
 */
public record StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                          List<CellStats> cells, long startNanos, Optional<String> skipped, Optional<StageGroup> group,
                          List<StageOutcome> outcomes) {

    public StageReport {
        cells = List.copyOf(cells);
        outcomes = List.copyOf(outcomes);
    }

    public static StageReport of(StageResult result) {
        return new StageReport(result.stage().name(), result.stage().kind(), result.wallNanos(), result.interrupted(),
                !result.stage().failOn().isEmpty(), result.cells(), result.startNanos(), result.skipped(),
                result.stage().group(), result.outcomes());
    }

    /** This stage with other cells (a slice of its own), its outcomes unchanged. */
    public StageReport withCells(List<CellStats> cells) {
        return new StageReport(name, kind, wallNanos, interrupted, hasThresholds, cells, startNanos, skipped, group,
                outcomes);
    }

    /** Its outcome of kind {@code type}, if it has one. */
    public <T extends StageOutcome> Optional<T> outcome(StageOutcome.Type<T, ?> type) {
        return outcome(outcomes, type);
    }

    static <T extends StageOutcome> Optional<T> outcome(List<StageOutcome> outcomes, StageOutcome.Type<T, ?> type) {
        return outcomes.stream().filter(o -> o.type() == type).map(type.outcomes()::cast).findFirst();
    }

    /** What it found beyond its cells, each described for every format to render. */
    public List<Finding> findings() {
        return outcomes.stream().map(o -> o.finding(name, cells)).toList();
    }

    /** Its findings' tables placed {@code place}. */
    public List<ResultTable> tables(ResultTable.Place place) {
        return findings().stream().flatMap(f -> f.tables().stream()).filter(t -> t.place() == place).toList();
    }

    public long endNanos() {
        return startNanos + wallNanos;
    }
}

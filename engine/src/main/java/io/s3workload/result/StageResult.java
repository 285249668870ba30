package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.StagePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A finished (or interrupted) stage: its plan, one {@link CellStats} per cell that ran, its wall time, and what it
 * found beyond its cells ({@link StageOutcome}s: a probe's pairs, a capacity search, whose cells are its steps', a
 * checked history, a replay's fidelity), at most one of each kind.
 */
public record StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted,
                          long startNanos, Optional<String> skipped, List<StageOutcome> outcomes) {

    public StageResult {
        cells = List.copyOf(cells);
        outcomes = List.copyOf(outcomes);
    }

    public StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted) {
        this(stage, cells, wallNanos, interrupted, 0, Optional.empty(), List.of());
    }

    /** A stage that never started, and why. */
    public static StageResult skipped(StagePlan stage, String reason) {
        return new StageResult(stage, List.of(), 0, false, 0, Optional.of(reason), List.of());
    }

    /**
     * This result placed in time: it started {@code startNanos} after the run did; {@code interrupted} says whether
     * it was cut short by the run stopping (a stage stopped with its 'with' target is not).
     */
    public StageResult placed(long startNanos, boolean interrupted) {
        return new StageResult(stage, cells, wallNanos, interrupted, startNanos, skipped, outcomes);
    }

    /** This result with {@code outcome} too, in place of one of its kind. */
    public StageResult with(StageOutcome outcome) {
        List<StageOutcome> all = new ArrayList<>(outcomes);
        all.removeIf(o -> o.type() == outcome.type());
        all.add(outcome);
        return new StageResult(stage, cells, wallNanos, interrupted, startNanos, skipped, all);
    }

    /** Its outcome of kind {@code type}, if it has one. */
    public <T extends StageOutcome> Optional<T> outcome(StageOutcome.Type<T, ?> type) {
        return StageReport.outcome(outcomes, type);
    }

    /** When it ended, from the run's start. */
    public long endNanos() {
        return startNanos + wallNanos;
    }

    public long operations() {
        return cells.stream().mapToLong(CellStats::operations).sum();
    }

    public long errors() {
        return cells.stream().mapToLong(CellStats::errors).sum();
    }
}

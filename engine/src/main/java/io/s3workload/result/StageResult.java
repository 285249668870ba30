package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.plan.StagePlan;
import java.util.List;
import java.util.Optional;

/**
 * A finished (or interrupted) stage: its plan, one {@link CellStats} per cell that ran, its wall time, and for
 * consistency probes one {@link ConvergenceStats} per writer-reader pair, in the order writers then readers; for a
 * capacity search, the search (its cells are its steps'); for a history stage, its checked history; for a
 * replay, how faithfully it played its trace.
 */
public record StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted,
                          List<ConvergenceStats> convergence, long startNanos, Optional<String> skipped,
                          Optional<CapacitySearch> capacity, Optional<HistoryCheck> history,
                          Optional<ReplayFidelity> replay) {

    public StageResult {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    public StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted,
                       List<ConvergenceStats> convergence) {
        this(stage, cells, wallNanos, interrupted, convergence, 0, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    public StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted) {
        this(stage, cells, wallNanos, interrupted, List.of());
    }

    /** A capacity search's result: a cell per step, in the order run. */
    public static StageResult capacity(StagePlan stage, List<CellStats> steps, long wallNanos, boolean interrupted,
                                       CapacitySearch search) {
        return new StageResult(stage, steps, wallNanos, interrupted, List.of(), 0, Optional.empty(),
                Optional.of(search), Optional.empty(), Optional.empty());
    }

    /** A stage that never started, and why. */
    public static StageResult skipped(StagePlan stage, String reason) {
        return new StageResult(stage, List.of(), 0, false, List.of(), 0, Optional.of(reason),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * This result placed in time: it started {@code startNanos} after the run did; {@code interrupted} says whether
     * it was cut short by the run stopping (a stage stopped with its 'with' target is not).
     */
    public StageResult placed(long startNanos, boolean interrupted) {
        return new StageResult(stage, cells, wallNanos, interrupted, convergence, startNanos, skipped, capacity,
                history, replay);
    }

    /** This result with a history stage's checked history. */
    public StageResult withHistory(HistoryCheck check) {
        return new StageResult(stage, cells, wallNanos, interrupted, convergence, startNanos, skipped, capacity,
                Optional.of(check), replay);
    }

    /** This result with a replay's fidelity. */
    public StageResult withReplay(ReplayFidelity fidelity) {
        return new StageResult(stage, cells, wallNanos, interrupted, convergence, startNanos, skipped, capacity,
                history, Optional.of(fidelity));
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

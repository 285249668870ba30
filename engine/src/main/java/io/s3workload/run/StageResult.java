package io.s3workload.run;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.plan.StagePlan;
import java.util.List;

/**
 * A finished (or interrupted) stage: its plan, one {@link CellStats} per cell that ran, its wall time, and for
 * consistency probes one {@link ConvergenceStats} per writer-reader pair, in the order writers then readers.
 */
public record StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted,
                          List<ConvergenceStats> convergence) {

    public StageResult {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    public StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted) {
        this(stage, cells, wallNanos, interrupted, List.of());
    }

    public long operations() {
        return cells.stream().mapToLong(CellStats::operations).sum();
    }

    public long errors() {
        return cells.stream().mapToLong(CellStats::errors).sum();
    }
}

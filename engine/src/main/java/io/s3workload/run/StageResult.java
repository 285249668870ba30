package io.s3workload.run;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.StagePlan;
import java.util.List;

/** A finished (or interrupted) stage: its plan, one {@link CellStats} per cell that ran, and its wall time. */
public record StageResult(StagePlan stage, List<CellStats> cells, long wallNanos, boolean interrupted) {

    public StageResult {
        cells = List.copyOf(cells);
    }

    public long operations() {
        return cells.stream().mapToLong(CellStats::operations).sum();
    }

    public long errors() {
        return cells.stream().mapToLong(CellStats::errors).sum();
    }
}

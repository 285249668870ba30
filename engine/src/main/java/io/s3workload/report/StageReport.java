package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.run.StageResult;
import io.s3workload.workload.StageKind;
import java.util.List;

/** One stage of a {@link RunReport}: its cells and, for a consistency probe, its writer-reader pairs. */
public record StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                          List<CellStats> cells, List<ConvergenceStats> convergence) {

    public StageReport {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    public static StageReport of(StageResult result) {
        return new StageReport(result.stage().name(), result.stage().kind(), result.wallNanos(), result.interrupted(),
                !result.stage().failOn().isEmpty(), result.cells(), result.convergence());
    }
}

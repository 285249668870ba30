package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.run.StageResult;
import io.s3workload.workload.StageKind;
import java.util.List;

/**
 * One stage of a {@link RunReport}: its cells and, for a consistency probe, its writer-reader pairs; when it
 * started from the run's start, and why it did not run if it was skipped.
 */
public record StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                          List<CellStats> cells, List<ConvergenceStats> convergence, long startNanos,
                          java.util.Optional<String> skipped) {

    public StageReport {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    public StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                       List<CellStats> cells, List<ConvergenceStats> convergence) {
        this(name, kind, wallNanos, interrupted, hasThresholds, cells, convergence, 0, java.util.Optional.empty());
    }

    public static StageReport of(StageResult result) {
        return new StageReport(result.stage().name(), result.stage().kind(), result.wallNanos(), result.interrupted(),
                !result.stage().failOn().isEmpty(), result.cells(), result.convergence(), result.startNanos(),
                result.skipped());
    }
}

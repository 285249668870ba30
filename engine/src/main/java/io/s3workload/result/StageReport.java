package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.workload.StageKind;
import java.util.List;
import java.util.Optional;

/**
 * One stage of a {@link RunReport}: its cells and, for a consistency probe, its writer-reader pairs; when it
 * started from the run's start, why it did not run if it was skipped, and where it sits in a composite stage; for a
 * capacity search, the search, whose steps are the cells.
 */
public record StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                          List<CellStats> cells, List<ConvergenceStats> convergence, long startNanos,
                          Optional<String> skipped, Optional<StageGroup> group,
                          Optional<CapacitySearch> capacity) {

    public StageReport {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    public static StageReport of(StageResult result) {
        return new StageReport(result.stage().name(), result.stage().kind(), result.wallNanos(), result.interrupted(),
                !result.stage().failOn().isEmpty(), result.cells(), result.convergence(), result.startNanos(),
                result.skipped(), result.stage().group(), result.capacity());
    }

    public long endNanos() {
        return startNanos + wallNanos;
    }
}

package io.s3workload.result;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One stage of a {@link RunReport}: its cells and, for a consistency probe, its writer-reader pairs; when it
 * started from the run's start, why it did not run if it was skipped, and where it sits in a composite stage; for a
 * capacity search, the search, whose steps are the cells; for a history stage, its checked history; for a replay,
 * its fidelity.
 */
public record StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                          List<CellStats> cells, List<ConvergenceStats> convergence, long startNanos,
                          Optional<String> skipped, Optional<StageGroup> group,
                          Optional<CapacitySearch> capacity, Optional<HistoryCheck> history,
                          Optional<ReplayFidelity> replay) {

    public StageReport {
        cells = List.copyOf(cells);
        convergence = List.copyOf(convergence);
    }

    /** A stage that checked no history. */
    public StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                       List<CellStats> cells, List<ConvergenceStats> convergence, long startNanos,
                       Optional<String> skipped, Optional<StageGroup> group, Optional<CapacitySearch> capacity) {
        this(name, kind, wallNanos, interrupted, hasThresholds, cells, convergence, startNanos, skipped, group,
                capacity, Optional.empty(), Optional.empty());
    }

    /** A stage that replayed no trace. */
    public StageReport(String name, StageKind kind, long wallNanos, boolean interrupted, boolean hasThresholds,
                       List<CellStats> cells, List<ConvergenceStats> convergence, long startNanos,
                       Optional<String> skipped, Optional<StageGroup> group, Optional<CapacitySearch> capacity,
                       Optional<HistoryCheck> history) {
        this(name, kind, wallNanos, interrupted, hasThresholds, cells, convergence, startNanos, skipped, group,
                capacity, history, Optional.empty());
    }

    public static StageReport of(StageResult result) {
        return new StageReport(result.stage().name(), result.stage().kind(), result.wallNanos(), result.interrupted(),
                !result.stage().failOn().isEmpty(), result.cells(), result.convergence(), result.startNanos(),
                result.skipped(), result.stage().group(), result.capacity(), result.history(), result.replay());
    }

    /** What it found beyond its cells, each described for every format to render. */
    public List<Finding> findings() {
        List<Finding> findings = new ArrayList<>();
        capacity.ifPresent(search -> findings.add(new CapacityFinding(name, search, cells)));
        if (!convergence.isEmpty()) {
            findings.add(new ConvergenceFinding(name, convergence));
        }
        history.ifPresent(check -> findings.add(new HistoryFinding(name, check)));
        replay.ifPresent(fidelity -> findings.add(new ReplayFinding(name, fidelity, cells)));
        return findings;
    }

    /** Its findings' tables placed {@code place}. */
    public List<ResultTable> tables(ResultTable.Place place) {
        return findings().stream().flatMap(f -> f.tables().stream()).filter(t -> t.place() == place).toList();
    }

    public long endNanos() {
        return startNanos + wallNanos;
    }
}

package io.s3workload.report.analyze;

import io.s3workload.metrics.Op;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stages whose run kept a total of all their operations besides a cell per operation (a mix's, a replay's, a
 * history's {@code MIX} cell), as the run's summary.json beside each ops log names them. The log has a row per
 * operation in the cell of its own operation only, so {@code analyze} adds the same rows up into the total again.
 * A log without its run's summary.json (warp's, one copied away) has none.
 */
final class OpsTotals {

    static final OpsTotals NONE = new OpsTotals(Map.of());

    /** Stage, then the endpoint of its cells, to the size its total was named by. */
    private final Map<String, Map<String, String>> sizes;

    private OpsTotals(Map<String, Map<String, String>> sizes) {
        this.sizes = sizes;
    }

    /** The totals the runs of {@code files} kept. */
    static OpsTotals of(List<Path> files) throws IOException {
        Map<String, Map<String, String>> sizes = new HashMap<>();
        for (Path file : files) {
            Optional<Summary> run = OpsSliceReport.runBeside(file);
            if (run.isEmpty()) {
                continue;
            }
            for (Summary.Stage stage : run.get().stages()) {
                for (SummaryCell cell : stage.cells()) {
                    if (cell.op().equals(Op.MIX.name())) {
                        sizes.computeIfAbsent(stage.name(), s -> new HashMap<>()).put(cell.endpoint(), cell.size());
                    }
                }
            }
        }
        return sizes.isEmpty() ? NONE : new OpsTotals(sizes);
    }

    /** The total a row of its stage's operations counts in too, as summary.json names the cell; empty if none. */
    Optional<List<String>> keyOf(OpsRecord r) {
        Map<String, String> stage = sizes.get(r.stage());
        String size = stage == null ? null : stage.get(r.cellEndpoint());
        return size == null ? Optional.empty() : Optional.of(List.of(r.stage(), Op.MIX.name(), r.cellEndpoint(), size));
    }

    /** The cell whose clock a row's cell runs on: its stage's total where it has one (they started together). */
    List<String> originKey(OpsRecord r) {
        return keyOf(r).orElseGet(() -> OpsAnalysis.cellOf(r));
    }
}

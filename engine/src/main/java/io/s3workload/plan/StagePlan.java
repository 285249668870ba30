package io.s3workload.plan;

import io.s3workload.workload.FailOn;
import io.s3workload.workload.StageKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A stage with every default resolved.
 *
 * @param from        the stage whose objects this one reads or deletes
 * @param seedObjects objects per size a get stage writes (unmeasured) before reading, when it has no source
 * @param failOn      the run's thresholds overridden by the stage's
 */
public record StagePlan(int index, String name, StageKind kind, String endpoint, int concurrency,
                        List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, FailOn failOn) {

    public StagePlan {
        cells = List.copyOf(cells);
    }

    /** Whether every cell's operation count is known before the run. */
    public boolean countsKnown() {
        return cells.stream().allMatch(c -> c.operations().isPresent());
    }
}

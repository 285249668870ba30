package io.s3workload.plan;

import io.s3workload.workload.ClientSpec;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A stage with every default resolved. Kind-specific settings stay in the stage's own record, {@link #spec()}.
 *
 * @param from        the stage whose objects this one reads, lists or deletes
 * @param seedObjects objects per size a get stage writes (unmeasured) before reading, when it has no source
 * @param failOn      the run's thresholds overridden by the stage's
 * @param client      the client settings: built-in defaults, overridden by the workload's, then the stage's
 * @param connections requests this stage may have in flight at once (workers x parts or ranges per object)
 */
public record StagePlan(int index, StageSpec spec, String endpoint, int concurrency, List<CellPlan> cells,
                        Optional<String> from, OptionalLong seedObjects, FailOn failOn, ClientSpec client,
                        int connections) {

    public StagePlan {
        cells = List.copyOf(cells);
    }

    public String name() {
        return spec.name();
    }

    public StageKind kind() {
        return spec.kind();
    }

    /** The stage's record as its kind: {@code stage.spec(PutStage.class).multipart()}. */
    public <S extends StageSpec> S spec(Class<S> kind) {
        return kind.cast(spec);
    }

    /** Whether every cell's operation count is known before the run. */
    public boolean countsKnown() {
        return cells.stream().allMatch(c -> c.operations().isPresent());
    }
}

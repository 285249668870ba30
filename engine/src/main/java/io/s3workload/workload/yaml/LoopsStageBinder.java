package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.composite.LoopsStage;
import java.util.Optional;

/** {@code kind: loops}: {@code count} and the {@code stages} each loop runs. */
public final class LoopsStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        int count = f.intOr("count", 1);
        return Composites.innerList(f, "the stages each loop runs").map(stages -> new LoopsStage(common, count,
                stages));
    }
}

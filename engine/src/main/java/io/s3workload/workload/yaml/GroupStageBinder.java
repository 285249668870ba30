package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.composite.GroupStage;
import java.util.Optional;

/** {@code kind: group}: the {@code stages} that run together. */
public final class GroupStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        return Composites.innerList(f, "the stages that run together").map(stages -> new GroupStage(common,
                stages));
    }
}

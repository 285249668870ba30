package io.s3workload.workload.composite;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;

/**
 * {@code kind: group}: stages that start together (each after what the group is after) and end when the last of
 * them ends; the stage after the group waits for all of them. Sugar over {@code after}.
 */
public record GroupStage(StageCommon common, List<StageSpec> stages) implements StageSpec {

    public GroupStage {
        stages = List.copyOf(stages);
    }

    @Override
    public StageKind kind() {
        return StageKind.GROUP;
    }

    @Override
    public GroupStage shared(Shard shard, int defaultWorkers) {
        return new GroupStage(common.shared(shard, kind(), defaultWorkers), stages.stream().map(s -> s.shared(shard, defaultWorkers)).toList());
    }
}

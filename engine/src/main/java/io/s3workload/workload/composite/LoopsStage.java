package io.s3workload.workload.composite;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;

/**
 * {@code kind: loops}: a group of stages run {@code count} times over (the Wasabi tool's {@code -l}), each loop
 * reported on its own. Inside a loop, {@code from} names a stage of the same loop (or one before the loops).
 */
public record LoopsStage(StageCommon common, int count, List<StageSpec> stages) implements StageSpec {

    public LoopsStage {
        stages = List.copyOf(stages);
    }

    @Override
    public StageKind kind() {
        return StageKind.LOOPS;
    }

    @Override
    public LoopsStage shared(Shard shard, int defaultWorkers) {
        return new LoopsStage(common.shared(shard, kind(), defaultWorkers), count, stages.stream().map(s -> s.shared(shard, defaultWorkers)).toList());
    }
}

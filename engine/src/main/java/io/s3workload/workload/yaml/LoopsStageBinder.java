package io.s3workload.workload.yaml;

import io.s3workload.workload.LoopsStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;
import java.util.Set;

/** {@code kind: loops}: {@code count} and the {@code stages} each loop runs. */
final class LoopsStageBinder implements StageBinder {

    @Override
    public Set<String> keys() {
        return Set.of("count", "stages");
    }

    @Override
    public Set<String> allKeys() {
        return new java.util.TreeSet<>(Set.of("name", "kind", "tags", "after", "onFailure", "count", "stages"));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        int count = f.intAtLeast("count", 1).orElse(1);
        return Composites.innerList(f, "the stages each loop runs").map(stages -> new LoopsStage(common, count,
                stages));
    }
}

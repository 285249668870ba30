package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.workload.LoopsStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.List;
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
        JsonNode node = f.raw("stages");
        if (!(node instanceof ArrayNode array) || array.isEmpty()) {
            f.binding().problem(node == null ? f.pointer() : f.child("stages"), node == null
                    ? "missing 'stages': the stages each loop runs" : "expected a non-empty list of stages, got "
                    + Fields.describe(node));
            return Optional.empty();
        }
        List<StageSpec> stages = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            Composites.inner(f, "stages/" + i, array.get(i)).ifPresent(stages::add);
        }
        return stages.size() == array.size() ? Optional.of(new LoopsStage(common, count, stages)) : Optional.empty();
    }
}

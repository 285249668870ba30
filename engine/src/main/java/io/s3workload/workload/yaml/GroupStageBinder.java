package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.workload.GroupStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: group}: the {@code stages} that run together. */
final class GroupStageBinder implements StageBinder {

    @Override
    public Set<String> keys() {
        return Set.of("stages");
    }

    @Override
    public Set<String> allKeys() {
        return new java.util.TreeSet<>(Set.of("name", "kind", "tags", "after", "onFailure", "stages"));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        JsonNode node = f.raw("stages");
        if (!(node instanceof ArrayNode array) || array.isEmpty()) {
            f.binding().problem(node == null ? f.pointer() : f.child("stages"), node == null
                    ? "missing 'stages': the stages that run together" : "expected a non-empty list of stages, got "
                    + Fields.describe(node));
            return Optional.empty();
        }
        List<StageSpec> stages = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            Composites.inner(f, "stages/" + i, array.get(i)).ifPresent(stages::add);
        }
        return stages.size() == array.size() ? Optional.of(new GroupStage(common, stages)) : Optional.empty();
    }
}

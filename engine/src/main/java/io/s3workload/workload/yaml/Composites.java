package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The stages inside {@code compare} and {@code loops}: bound like any stage, but not composite themselves. */
public final class Composites {

    private Composites() {
    }

    /**
     * The non-empty list of stages under {@code stages}, each bound as {@link #inner}; empty when the list is
     * missing or any stage of it has a problem (reported; {@code what} says what the stages are for).
     */
    static Optional<List<StageSpec>> innerList(Fields f, String what) {
        JsonNode node = f.raw("stages");
        if (!(node instanceof ArrayNode array) || array.isEmpty()) {
            f.binding().problem(node == null ? f.pointer() : f.child("stages"), node == null
                    ? "missing 'stages': " + what : "expected a non-empty list of stages, got " + Fields.describe(node));
            return Optional.empty();
        }
        List<StageSpec> stages = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            inner(f, "stages/" + i, array.get(i)).ifPresent(stages::add);
        }
        return stages.size() == array.size() ? Optional.of(stages) : Optional.empty();
    }

    /** The stage at {@code key} (a path under {@code f}'s mapping); empty when it has a problem (reported). */
    public static Optional<StageSpec> inner(Fields f, String key, JsonNode node) {
        String pointer = f.pointer() + "/" + key;
        JsonNode kind = node.path("kind");
        if (kind.isTextual() && StageKind.fromKey(kind.textValue()).map(StageKind::composite).orElse(false)) {
            f.binding().problem(LocatedTree.child(pointer, "kind"), "a " + kind.textValue() + " stage cannot be"
                    + " inside another sweep, compare or loops stage");
            return Optional.empty();
        }
        for (String graphKey : List.of("after", "with")) {
            if (node.has(graphKey)) {
                f.binding().keyProblem(LocatedTree.child(pointer, graphKey), "the stages inside a sweep, compare,"
                        + " loops or group run in its order; '" + graphKey + "' belongs on the " + f.binding().tree()
                        .at(f.pointer()).path("kind").asText("composite") + " stage itself");
            }
        }
        WrittenStage written = new WorkloadBinder(f.binding()).written(pointer, node);
        f.binding().wroteInside(f.pointer(), written);
        return written.spec();
    }
}

package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.composite.CompareStage;
import java.util.List;
import java.util.Optional;

/** {@code kind: compare}: {@code endpoints}, {@code order}, {@code rounds} and the inner {@code stage}. */
public final class CompareStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<List<String>> endpoints = f.list("endpoints", e -> Optional.of(e.text().trim()));
        if (endpoints.isEmpty() && !f.mentions("endpoints")) {
            f.binding().problem(f.pointer(), "missing 'endpoints': the endpoints to compare, e.g. [proxy, direct]");
        } else if (endpoints.isPresent() && endpoints.get().size() < 2) {
            f.binding().problem(f.child("endpoints"), "name at least two endpoints to compare");
        }
        CompareStage.Order order = f.choiceOr("order", CompareStage.Order.class);
        int rounds = f.intAtLeast("rounds", 1).orElse(CompareStage.defaultRounds(order));
        JsonNode inner = f.raw("stage");
        if (inner == null || inner.isNull()) {
            f.binding().problem(f.pointer(), "missing 'stage': the stage to run against each endpoint, e.g. stage:"
                    + " {kind: get, size: 1MiB, duration: 30s}");
            return Optional.empty();
        }
        if (inner instanceof ObjectNode object) {
            if (object.has("endpoint")) {
                f.binding().keyProblem(LocatedTree.child(f.child("stage"), "endpoint"), "the compare stage sets the"
                        + " endpoint from 'endpoints'; remove 'endpoint' here");
            }
            if (!object.has("name")) {
                object.put("name", common.name());
            }
        }
        Optional<StageSpec> stage = Composites.inner(f, "stage", inner);
        if (stage.isEmpty() || endpoints.isEmpty() || endpoints.get().size() < 2) {
            return Optional.empty();
        }
        return Optional.of(new CompareStage(common, endpoints.get(), order, rounds, stage.get()));
    }
}

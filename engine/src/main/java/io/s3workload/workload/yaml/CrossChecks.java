package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks references between parts of a workload on the raw tree, so they are reported together with binding
 * problems: unique stage names, {@code from} naming an earlier stage that writes objects, endpoint names.
 */
final class CrossChecks {

    private static final Set<String> WRITES_OBJECTS = Set.of("put", "get");
    private static final Set<String> PROBES = Set.of("readAfterWrite", "listAfterWrite");

    private final Binding binding;

    CrossChecks(Binding binding) {
        this.binding = binding;
    }

    void run() {
        JsonNode root = binding.tree().root();
        List<String> endpoints = new ArrayList<>();
        if (root.path("endpoints").isObject()) {
            root.get("endpoints").fieldNames().forEachRemaining(endpoints::add);
        }
        checkEndpoint("/defaults/endpoint", root.path("defaults").path("endpoint"), endpoints);
        if (!(root.get("stages") instanceof ArrayNode stages)) {
            return;
        }
        boolean hasDefaultEndpoint = root.path("defaults").path("endpoint").isTextual();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < stages.size(); i++) {
            JsonNode stage = stages.get(i);
            String pointer = "/stages/" + i;
            String name = stage.path("name").isTextual() ? stage.get("name").textValue() : null;
            if (name != null && seen.containsKey(name)) {
                binding.problem(pointer + "/name", "duplicate stage name '" + name + "' (also stages["
                        + seen.get(name) + "]); stage names must be unique");
            }
            JsonNode endpoint = stage.path("endpoint");
            checkEndpoint(pointer + "/endpoint", endpoint, endpoints);
            for (String list : List.of("endpoints", "writers", "readers")) {
                if (stage.path(list) instanceof ArrayNode names) {
                    for (int j = 0; j < names.size(); j++) {
                        checkEndpoint(pointer + "/" + list + "/" + j, names.get(j), endpoints);
                    }
                } else {
                    checkEndpoint(pointer + "/" + list, stage.path(list), endpoints);
                }
            }
            String kind = stage.path("kind").asText("");
            if (kind.equals("connectivity")) {
                // checks every endpoint unless told otherwise
            } else if (PROBES.contains(kind)) {
                if (endpoints.size() > 1 && !endpoint.isTextual() && !hasDefaultEndpoint
                        && stage.path("writers").isMissingNode()) {
                    binding.problem(pointer, "this workload has " + endpoints.size() + " endpoints ("
                            + String.join(", ", endpoints) + "); name the ones that write, e.g. writers: ["
                            + endpoints.get(0) + "]");
                }
            } else if (endpoints.size() > 1 && !endpoint.isTextual() && !hasDefaultEndpoint) {
                binding.problem(pointer, "this workload has " + endpoints.size() + " endpoints ("
                        + String.join(", ", endpoints) + "); name one with 'endpoint' or set defaults.endpoint");
            }
            if (stage.path("from").isTextual()) {
                checkFrom(pointer + "/from", stage.get("from").textValue(), stages, i, seen);
            }
            if (name != null) {
                seen.putIfAbsent(name, i);
            }
        }
    }

    private void checkFrom(String pointer, String from, ArrayNode stages, int index, Map<String, Integer> earlier) {
        Integer source = earlier.get(from);
        if (source == null) {
            for (int j = index; j < stages.size(); j++) {
                if (from.equals(stages.get(j).path("name").asText(null))) {
                    binding.problem(pointer, "stage '" + from + "' runs "
                            + (j == index ? "as this very stage" : "after this one")
                            + "; 'from' must name an earlier stage");
                    return;
                }
            }
            binding.problem(pointer, "no stage named '" + from + "'"
                    + Suggestions.didYouMean(from, earlier.keySet()));
            return;
        }
        JsonNode sourceStage = stages.get(source);
        String kind = sourceStage.path("kind").asText("");
        if (!WRITES_OBJECTS.contains(kind) || sourceStage.path("from").isTextual()) {
            binding.problem(pointer, "stage '" + from + "' (" + kind + ") writes no objects; 'from' must name a"
                    + " put stage, or a get stage that seeds its own objects");
        }
    }

    private void checkEndpoint(String pointer, JsonNode endpoint, List<String> endpoints) {
        if (!endpoint.isTextual()) {
            return;
        }
        String name = endpoint.textValue();
        if (endpoints.isEmpty()) {
            binding.problem(pointer, "endpoint '" + name + "' is not defined: this workload has no 'endpoints'"
                    + " and runs on the embedded server (or --endpoint)");
        } else if (!endpoints.contains(name)) {
            binding.problem(pointer, "no endpoint named '" + name + "'" + Suggestions.didYouMean(name, endpoints)
                    + "; defined: " + String.join(", ", endpoints));
        }
    }
}

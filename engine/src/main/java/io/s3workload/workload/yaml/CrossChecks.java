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
        checkList(stages, "/stages", new HashMap<>(), endpoints,
                root.path("defaults").path("endpoint").isTextual());
    }

    /**
     * The stages of one list (the workload's, or a loop's) in order: names unique in the list, endpoints defined,
     * {@code from} naming a stage before it — in this list or, for a loop, before the loop.
     */
    private void checkList(ArrayNode stages, String base, Map<String, JsonNode> scope, List<String> endpoints,
                           boolean hasDefaultEndpoint) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < stages.size(); i++) {
            JsonNode stage = stages.get(i);
            String pointer = base + "/" + i;
            String name = stage.path("name").isTextual() ? stage.get("name").textValue() : null;
            if (name != null && seen.containsKey(name)) {
                binding.problem(pointer + "/name", "duplicate stage name '" + name + "' (also " + base.substring(1)
                        + "[" + seen.get(name) + "]); stage names must be unique");
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
            if (kind.equals("connectivity") || kind.equals("compare") || kind.equals("loops")
                    || kind.equals("httpGet") && !stage.path("from").isTextual()) {
                // connectivity checks every endpoint unless told otherwise; compare names its endpoints; a loop's
                // stages are checked on their own; httpGet fetches URLs
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
                checkFrom(pointer + "/from", stage.get("from").textValue(), stages, i, scope);
            }
            if (kind.equals("compare") && stage.path("stage").path("from").isTextual()) {
                checkFrom(pointer + "/stage/from", stage.get("stage").get("from").textValue(), stages, i, scope);
            }
            if (kind.equals("loops") && stage.path("stages") instanceof ArrayNode inner) {
                checkList(inner, pointer + "/stages", new HashMap<>(scope), endpoints, hasDefaultEndpoint);
            }
            if (name != null) {
                seen.putIfAbsent(name, i);
                scope.put(name, stage);
            }
        }
    }

    private void checkFrom(String pointer, String from, ArrayNode stages, int index, Map<String, JsonNode> earlier) {
        JsonNode sourceStage = earlier.get(from);
        if (sourceStage == null) {
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

package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks references between parts of a workload on the raw tree, so they are reported together with binding
 * problems: unique stage names, {@code from} naming an earlier stage that writes objects, endpoint names, and the
 * graph of stages ({@code after}, {@code with}).
 */
final class CrossChecks {

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
        checkGraph(stages);
    }

    /**
     * {@code after} and {@code with}: names of stages of the workload, not the stage itself; a {@code with} target
     * that ends on its own (not itself 'with' another, not a composite); and no cycle, in which no stage could ever
     * start.
     */
    private void checkGraph(ArrayNode stages) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i).path("name").isTextual()) {
                index.putIfAbsent(stages.get(i).get("name").textValue(), i);
            }
        }
        List<String> names = new ArrayList<>();
        List<StageGraph> graphs = new ArrayList<>();
        Map<Integer, String> edgePointer = new HashMap<>();
        for (int n = 0; n < stages.size(); n++) {
            final int i = n;
            JsonNode stage = stages.get(i);
            String pointer = "/stages/" + i;
            names.add(stage.path("name").asText("/stages/" + i));
            List<String> valid = new ArrayList<>();
            Optional<String> with = Optional.empty();
            if (stage.path("after") instanceof ArrayNode after) {
                for (int j = 0; j < after.size(); j++) {
                    String at = pointer + "/after/" + j;
                    resolve(after.get(j), at, i, index).ifPresent(target -> {
                        valid.add(stages.get(target).get("name").textValue());
                        edgePointer.putIfAbsent(i, at);
                    });
                }
            } else if (stage.path("with").isTextual()) {
                String at = pointer + "/with";
                Optional<Integer> target = resolve(stage.get("with"), at, i, index).filter(t -> withTarget(stages, t,
                        at));
                if (target.isPresent()) {
                    with = Optional.of(stages.get(target.get()).get("name").textValue());
                    edgePointer.putIfAbsent(i, at);
                }
            }
            // a stage with an 'after' or a 'with' whose names are wrong waits for none of them (each is reported)
            boolean waitsForNamed = stage.has("after") || stage.has("with");
            graphs.add(new StageGraph(waitsForNamed || i == 0 ? Optional.of(valid) : Optional.empty(), with,
                    StageGraph.OnFailure.STOP_DEPENDANTS));
        }
        StageGraph.cycle(StageGraph.needs(names, graphs)).ifPresent(cycle -> {
            int at = cycle.get(0);
            List<String> named = cycle.stream().map(k -> stages.get(k).path("name").asText("?")).toList();
            binding.problem(edgePointer.getOrDefault(at, "/stages/" + at), "stages " + String.join(" -> ", named)
                    + " -> " + named.get(0) + " wait for each other in a cycle; none of them could ever start");
        });
    }

    /** Whether a 'with' may name stage {@code target}: one that ends on its own; else says why not. */
    private boolean withTarget(ArrayNode stages, int target, String at) {
        JsonNode targetStage = stages.get(target);
        String kind = targetStage.path("kind").asText("");
        if (targetStage.has("with")) {
            binding.problem(at, "stage '" + targetStage.path("name").asText() + "' itself runs with"
                    + " another, so it has no end of its own to stop with; name the stage it runs with");
            return false;
        }
        if (StageKind.fromKey(kind).map(StageKind::composite).orElse(false)) {
            binding.problem(at, "stage '" + targetStage.path("name").asText() + "' is a " + kind
                    + " of several stages; 'with' names a single stage (one of them, or a group member"
                    + " as a stage of its own)");
            return false;
        }
        return true;
    }

    private Optional<Integer> resolve(JsonNode name, String at, int self, Map<String, Integer> index) {
        if (!name.isTextual()) {
            return Optional.empty();
        }
        Integer target = index.get(name.textValue());
        if (target == null) {
            binding.problem(at, "no stage named '" + name.textValue() + "'" + Suggestions.amongAll(name.textValue(),
                    index.keySet(), "stages"));
            return Optional.empty();
        }
        if (target == self) {
            binding.problem(at, "a stage cannot wait for itself");
            return Optional.empty();
        }
        return Optional.of(target);
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
                        if (list.equals("readers") && names.get(j).asText().equals(ConsistencyProbe.SELF)) {
                            continue; // each writer itself
                        }
                        checkEndpoint(pointer + "/" + list + "/" + j, names.get(j), endpoints);
                    }
                } else {
                    checkEndpoint(pointer + "/" + list, stage.path(list), endpoints);
                }
            }
            Optional<StageKind> kind = StageKind.fromKey(stage.path("kind").asText(""));
            StageKind.Endpoints uses = kind.map(StageKind::endpoints).orElse(StageKind.Endpoints.ONE);
            if (uses == StageKind.Endpoints.OWN || uses == StageKind.Endpoints.URLS && !stage.path("from").isTextual()) {
                // connectivity checks every endpoint unless told otherwise; compare names its endpoints; a loop's
                // stages are checked on their own; httpGet fetches URLs
            } else if (uses == StageKind.Endpoints.WRITERS) {
                if (endpoints.size() > 1 && !endpoint.isTextual() && !hasDefaultEndpoint
                        && stage.path("writers").isMissingNode()) {
                    binding.problem(pointer, "this workload has " + endpoints.size() + " endpoints ("
                            + String.join(", ", endpoints) + "); name the ones that write, e.g. writers: ["
                            + endpoints.get(0) + "]");
                }
            } else if (endpoints.size() > 1 && !endpoint.isTextual() && !hasDefaultEndpoint
                    && !stage.path("endpoints").isArray()) {
                binding.problem(pointer, "this workload has " + endpoints.size() + " endpoints ("
                        + String.join(", ", endpoints) + "); name one with 'endpoint' or set defaults.endpoint"
                        + (kind.map(k -> k.has(StageKind.Trait.SPREADS)).orElse(false)
                        ? ", or spread the stage over several with 'endpoints'" : ""));
            }
            if (stage.path("from").isTextual()) {
                checkFrom(pointer + "/from", stage.get("from").textValue(), stages, i, scope);
            }
            String body = kind.orElse(null) == StageKind.COMPARE ? "stage"
                    : kind.orElse(null) == StageKind.CAPACITY ? "load" : null;
            if (body != null && stage.path(body).path("from").isTextual()) {
                checkFrom(pointer + "/" + body + "/from", stage.get(body).get("from").textValue(), stages, i,
                        scope);
            }
            if (kind.orElse(null) == StageKind.LOOPS && stage.path("stages") instanceof ArrayNode inner) {
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
                    + Suggestions.amongAll(from, earlier.keySet(), "earlier stages"));
            return;
        }
        String kind = sourceStage.path("kind").asText("");
        Optional<StageKind> source = StageKind.fromKey(kind);
        boolean writes = source.map(k -> k.has(StageKind.Trait.WRITES_SOURCES)).orElse(false)
                && !(source.get() == StageKind.GET && !sourceStage.path("from").isMissingNode());
        if (!writes) {
            binding.problem(pointer, "stage '" + from + "' (" + kind + ") writes no objects; 'from' must name a"
                    + " put or copy stage, or a get stage that seeds its own objects");
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

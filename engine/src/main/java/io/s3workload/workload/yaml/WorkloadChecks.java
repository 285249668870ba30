package io.s3workload.workload.yaml;

import io.s3workload.workload.Defaults;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks that need more than one part of a workload, made on the typed stages and reported where each part is
 * written, together with the binding problems: stage names unique in their list, endpoint names defined, an endpoint
 * named where the workload has several, {@code from} naming an earlier stage that writes objects, and the graph of
 * stages ({@code after}, {@code with}). The stages written inside others are checked as the binder met them, seen as
 * their kind says ({@link StageKind#members()}), so every kind that holds stages is checked alike.
 */
final class WorkloadChecks {

    private final Binding binding;
    private final List<String> endpoints;
    private final boolean hasDefaultEndpoint;

    /** @param endpoints the names of the workload's endpoints as written, those with problems of their own too */
    WorkloadChecks(Binding binding, List<String> endpoints, Defaults defaults) {
        this.binding = binding;
        this.endpoints = List.copyOf(endpoints);
        this.hasDefaultEndpoint = defaults.endpoint().isPresent();
        defaults.endpoint().ifPresent(e -> checkEndpoint("/defaults/endpoint", e));
    }

    /** Checks the workload's stages, as the binder met them. */
    void run(List<WrittenStage> stages) {
        checkList(stages, new HashMap<>());
        checkGraph(stages);
    }

    /**
     * The stages of one list (the workload's, a loop's or a group's) in order: names unique in the list, endpoints
     * defined and named where needed, {@code from} naming a stage before it (in this list, or before the list).
     * Each stage is added to {@code scope} once checked.
     */
    private void checkList(List<WrittenStage> stages, Map<String, WrittenStage> scope) {
        Map<String, WrittenStage> seen = new HashMap<>();
        for (int n = 0; n < stages.size(); n++) {
            final int i = n;
            WrittenStage stage = stages.get(i);
            stage.name().filter(seen::containsKey).ifPresent(name -> binding.problem(stage.at("name"),
                    "duplicate stage name '" + name + "' (also " + listed(seen.get(name).pointer())
                            + "); stage names must be unique"));
            stage.endpointsNamed().forEach(named -> checkEndpoint(stage.at(named.key()), named.name()));
            checkNamesAnEndpoint(stage);
            switch (stage.members()) {
                case BODY -> stage.inside().forEach(body -> {
                    // a capacity stage's endpoint is given to its load: checked once, where it is written
                    Optional<String> outer = stage.common().flatMap(c -> c.endpoint());
                    body.endpointsNamed().stream()
                            .filter(named -> !outer.equals(Optional.of(named.name())))
                            .forEach(named -> checkEndpoint(body.at(named.key()), named.name()));
                    body.spec().flatMap(StageSpec::readsFrom).ifPresent(from -> checkFrom(body.at("from"), from,
                            stages, i, scope));
                });
                case OWN -> checkList(stage.inside(), new HashMap<>(scope));
                case SHARED -> {
                    checkList(stage.inside(), scope);
                    // a group's members are seen after it as stages of their own, and as GROUP.MEMBER
                    stage.inside().forEach(m -> m.name().ifPresent(member -> scope.putIfAbsent(stage.name().orElse("?")
                            + "." + member, m)));
                }
                case NONE -> stage.spec().flatMap(StageSpec::readsFrom).ifPresent(from -> checkFrom(stage.at("from"),
                        from, stages, i, scope));
            }
            stage.name().ifPresent(name -> {
                seen.putIfAbsent(name, stage);
                scope.put(name, stage);
            });
        }
    }

    /** {@code stages[2].stages[0]} as {@code stages/2/stages[0]}: a stage's place in its list. */
    private static String listed(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return pointer.substring(1, slash) + "[" + pointer.substring(slash + 1) + "]";
    }

    /**
     * Where the workload has several endpoints and no default, a stage that talks to one must name it (or its
     * writers, or the endpoints it spreads over); what a kind talks to is its {@link StageKind.Endpoints}.
     */
    private void checkNamesAnEndpoint(WrittenStage stage) {
        if (endpoints.size() <= 1 || hasDefaultEndpoint || stage.common().isEmpty()) {
            return;
        }
        StageKind.Endpoints uses = stage.kind().map(StageKind::endpoints).orElse(StageKind.Endpoints.ONE);
        var common = stage.common().get();
        boolean named = common.endpoint().isPresent() || stage.members() == StageKind.Members.BODY
                && stage.inside().stream().anyMatch(b -> b.common().flatMap(c -> c.endpoint()).isPresent());
        switch (uses) {
            case OWN -> {
                // connectivity checks every endpoint unless told otherwise; compare names its endpoints; a loop's
                // and a group's stages are checked on their own
            }
            case WRITERS -> {
                boolean writers = stage.spec().map(s -> s.endpointsNamed().stream().anyMatch(n -> n.key()
                        .startsWith("writers/"))).orElse(true);
                if (!named && !writers) {
                    binding.problem(stage.pointer(), "this workload has " + endpoints.size() + " endpoints ("
                            + String.join(", ", endpoints) + "); name the ones that write, e.g. writers: ["
                            + endpoints.get(0) + "]");
                }
            }
            case ONE, URLS -> {
                boolean fetchesUrls = uses == StageKind.Endpoints.URLS
                        && stage.spec().flatMap(StageSpec::readsFrom).isEmpty();
                if (!fetchesUrls && !named && common.spread().isEmpty()) {
                    binding.problem(stage.pointer(), "this workload has " + endpoints.size() + " endpoints ("
                            + String.join(", ", endpoints) + "); name one with 'endpoint' or set defaults.endpoint"
                            + (stage.kind().map(k -> k.has(StageKind.Trait.SPREADS)).orElse(false)
                            ? ", or spread the stage over several with 'endpoints'" : ""));
                }
            }
        }
    }

    private void checkFrom(String pointer, String from, List<WrittenStage> stages, int index,
                           Map<String, WrittenStage> earlier) {
        WrittenStage source = earlier.get(from);
        if (source == null) {
            for (int j = index; j < stages.size(); j++) {
                if (stages.get(j).name().filter(from::equals).isPresent()) {
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
        // a source with a problem of its own has it reported already
        if (source.spec().isPresent() && !source.spec().get().writesObjects()) {
            binding.problem(pointer, "stage '" + from + "' (" + source.spec().get().kind() + ") writes no objects;"
                    + " 'from' must name a put or copy stage, or a get stage that seeds its own objects");
        }
    }

    private void checkEndpoint(String pointer, String name) {
        if (endpoints.isEmpty()) {
            binding.problem(pointer, "endpoint '" + name + "' is not defined: this workload has no 'endpoints'"
                    + " and runs on the embedded server (or --endpoint)");
        } else if (!endpoints.contains(name)) {
            binding.problem(pointer, "no endpoint named '" + name + "'" + Suggestions.didYouMean(name, endpoints)
                    + "; defined: " + String.join(", ", endpoints));
        }
    }

    /**
     * {@code after} and {@code with}: names of stages of the workload, not the stage itself; a {@code with} target
     * that ends on its own (not itself 'with' another, not a composite); and no cycle, in which no stage could ever
     * start.
     */
    private void checkGraph(List<WrittenStage> stages) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < stages.size(); i++) {
            final int at = i;
            stages.get(i).name().ifPresent(n -> index.putIfAbsent(n, at));
        }
        List<String> names = new ArrayList<>();
        List<StageGraph> graphs = new ArrayList<>();
        Map<Integer, String> edgePointer = new HashMap<>();
        for (int n = 0; n < stages.size(); n++) {
            final int i = n;
            WrittenStage stage = stages.get(i);
            names.add(stage.name().orElse(stage.pointer()));
            StageGraph graph = stage.common().map(c -> c.graph()).orElse(StageGraph.DEFAULT);
            List<String> valid = new ArrayList<>();
            Optional<String> with = Optional.empty();
            if (graph.after().isPresent()) {
                List<String> after = graph.after().get();
                for (int j = 0; j < after.size(); j++) {
                    String at = stage.at("after/" + j);
                    resolve(after.get(j), at, i, index).ifPresent(target -> {
                        valid.add(stages.get(target).name().orElseThrow());
                        edgePointer.putIfAbsent(i, at);
                    });
                }
            } else if (graph.with().isPresent()) {
                String at = stage.at("with");
                Optional<Integer> target = resolve(graph.with().get(), at, i, index)
                        .filter(t -> withTarget(stages.get(t), at));
                if (target.isPresent()) {
                    with = stages.get(target.get()).name();
                    edgePointer.putIfAbsent(i, at);
                }
            }
            // a stage with an 'after' or a 'with' whose names are wrong waits for none of them (each is reported)
            boolean waitsForNamed = graph.after().isPresent() || graph.with().isPresent();
            graphs.add(new StageGraph(waitsForNamed || i == 0 ? Optional.of(valid) : Optional.empty(), with,
                    StageGraph.OnFailure.STOP_DEPENDANTS));
        }
        StageGraph.cycle(StageGraph.needs(names, graphs)).ifPresent(cycle -> {
            int at = cycle.get(0);
            List<String> named = cycle.stream().map(k -> stages.get(k).name().orElse("?")).toList();
            binding.problem(edgePointer.getOrDefault(at, stages.get(at).pointer()), "stages "
                    + String.join(" -> ", named) + " -> " + named.get(0) + " wait for each other in a cycle; none of"
                    + " them could ever start");
        });
    }

    /** Whether a 'with' may name {@code target}: a stage that ends on its own; else says why not. */
    private boolean withTarget(WrittenStage target, String at) {
        String name = target.name().orElse("?");
        if (target.common().map(c -> c.graph().with().isPresent()).orElse(false)) {
            binding.problem(at, "stage '" + name + "' itself runs with another, so it has no end of its own to stop"
                    + " with; name the stage it runs with");
            return false;
        }
        if (target.kind().map(StageKind::composite).orElse(false)) {
            binding.problem(at, "stage '" + name + "' is a " + target.kind().get() + " of several stages; 'with'"
                    + " names a single stage (one of them, or a group member as a stage of its own)");
            return false;
        }
        return true;
    }

    private Optional<Integer> resolve(String name, String at, int self, Map<String, Integer> index) {
        Integer target = index.get(name);
        if (target == null) {
            binding.problem(at, "no stage named '" + name + "'" + Suggestions.amongAll(name, index.keySet(),
                    "stages"));
            return Optional.empty();
        }
        if (target == self) {
            binding.problem(at, "a stage cannot wait for itself");
            return Optional.empty();
        }
        return Optional.of(target);
    }
}

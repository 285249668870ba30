package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JSON Schema says what binding accepts, and with the defaults binding applies: for every kind and every key
 * the schema allows on it, a smallest stage of the kind with that key (its example) binds, and a key written with
 * the default the schema shows binds to the same stage as the key left out — nested keys too ({@code multipart:
 * {partSize}}). Before this test the schema offered rate, ramp and thinkTime on probes, which binding refuses, and
 * showed a copy's partSize default as 10 MiB where binding used 512 MiB.
 */
@Tag(QuickTier.TAG)
class SchemaAgreesWithBindingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode SCHEMA = read();

    /** Keys that cannot stand beside a smallest stage's own, and the keys of it they replace. */
    private static final Map<String, List<String>> REPLACES = Map.of(
            "sizes", List.of("size"), "size", List.of("sizes"),
            "duration", List.of("operations"), "operations", List.of("duration"),
            "endpoints", List.of("endpoint"), "with", List.of("after"),
            "users", List.of("rate"), "sources", List.of("from"), "from", List.of("sources"), "urls", List.of("from"));

    /** Keys that need another beside them to mean anything, and it. */
    private static final Map<String, String> NEEDS = Map.of(
            "stopWhenStable", "{duration: 30s}", "hostSelect", "{endpoints: [a, b]}");

    /** The keys whose example names a file the test would have to write. */
    private static final Set<String> FILES = Set.of("urlsFile", "trace");

    /** The names the schema's examples use, as this test's workload has them. */
    private static final Map<String, String> NAMES = Map.of("put-1mib", "src", "load-200", "src", "seed", "src",
            "s3", "a", "s3-1", "a", "s3-2", "b", "global", "a", "regional", "b");

    /**
     * Where a kind's smallest stage cannot take a key (a get that reads another stage's objects takes no settings
     * for objects it writes), a second smallest stage of the kind that can.
     */
    private static final Map<StageKind, String> ALSO = Map.of(
            StageKind.GET, "{name: s, kind: get, size: 1KiB, operations: 10}");

    private static JsonNode read() {
        try {
            return JSON.readTree(WorkloadSchema.json());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The schema's properties of a stage of {@code kind}. */
    private static JsonNode properties(StageKind kind) {
        for (JsonNode branch : SCHEMA.path("$defs").path("stage").path("allOf")) {
            if (branch.path("if").path("properties").path("kind").path("const").asText().equals(kind.key())) {
                return branch.path("then").path("properties");
            }
        }
        throw new AssertionError(kind + " is not in the schema");
    }

    /** The mapping a property's type allows, if it is one (directly or as one of its forms). */
    private static JsonNode mappingOf(JsonNode property) {
        JsonNode def = SCHEMA.path("$defs").path(property.path("$ref").asText().replace("#/$defs/", ""));
        if (def.has("properties")) {
            return def.get("properties");
        }
        for (JsonNode form : def.path("anyOf")) {
            if (form.has("properties")) {
                return form.get("properties");
            }
        }
        return null;
    }

    private static ObjectNode smallest(StageKind kind) throws Exception {
        return yaml(StageKindsTest.example(kind));
    }

    private static ObjectNode yaml(String flow) throws Exception {
        return (ObjectNode) new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(flow);
    }

    /** The keys whose values name stages or endpoints. */
    private static final Set<String> NAMING = Set.of("endpoint", "endpoints", "writers", "readers", "after", "with",
            "from", "load", "stage", "stages");

    /** {@code example} of {@code key} with the names it uses replaced by this test's. */
    private static JsonNode named(String key, JsonNode example) throws Exception {
        if (!NAMING.contains(key)) {
            return example;
        }
        String text = JSON.writeValueAsString(example);
        for (var name : NAMES.entrySet()) {
            text = text.replace("\"" + name.getKey() + "\"", "\"" + name.getValue() + "\"");
        }
        return JSON.readTree(text);
    }

    /** {@code stage} with {@code key} set to {@code value}, and what the key needs beside it. */
    private static ObjectNode with(ObjectNode stage, String key, JsonNode value) throws Exception {
        REPLACES.getOrDefault(key, List.of()).forEach(stage::remove);
        if (NEEDS.containsKey(key)) {
            ObjectNode needs = yaml(NEEDS.get(key));
            needs.fieldNames().forEachRemaining(n -> REPLACES.getOrDefault(n, List.of()).forEach(stage::remove));
            stage.setAll(needs);
        }
        stage.set(key, value);
        return stage;
    }

    /**
     * What binding and planning make of the stage, with every default resolved: its planned stages, compared but for
     * the settings as written ({@code common}'s client, workers and thresholds), which the plan holds resolved.
     */
    private static Object resolved(StageKind kind, ObjectNode stage) throws Exception {
        Object bound = bind(kind, stage);
        if (!(bound instanceof StageSpec)) {
            return bound;
        }
        var plan = io.s3workload.plan.Planner.plan(WorkloadLoader.plain().parse("schema.yaml",
                StageKindsTest.workload(kind, JSON.writeValueAsString(stage))));
        String text = plan.stages().stream().filter(p -> !p.name().equals("src")).map(Object::toString).toList()
                .toString();
        // the settings as written, which the plan holds resolved: the client, workers and thresholds, and a get's
        // objects to seed (its seedObjects)
        for (String written : List.of("client=ClientSpec", "failOn=FailOn", "concurrency=Optional",
                "objects=OptionalLong")) {
            text = masked(text, written);
        }
        return text;
    }

    /** {@code text} without each {@code field=Type[...]} (or {@code field=OptionalInt[...]}), brackets balanced. */
    private static String masked(String text, String field) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (int i = text.indexOf(field); i >= 0; i = text.indexOf(field, at)) {
            out.append(text, at, i);
            int j = text.indexOf('[', i);
            int comma = text.indexOf(',', i);
            int close = text.indexOf(']', i);
            int end = comma < 0 ? close : Math.min(comma, close);
            if (j < 0 || end < j) {
                at = end; // Optional.empty, OptionalInt.empty: no brackets
                continue;
            }
            int depth = 0;
            do {
                char c = text.charAt(j++);
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            } while (depth > 0);
            at = j;
        }
        return out.append(text.substring(at)).toString();
    }

    /** The workload around {@code stage} (after a put 'src'), bound: the stage, or the problems. */
    private static Object bind(StageKind kind, ObjectNode stage) throws Exception {
        try {
            return WorkloadLoader.plain().parse("schema.yaml", StageKindsTest.workload(kind, JSON.writeValueAsString(
                    stage))).stages().get(1);
        } catch (WorkloadException e) {
            return e.problems().stream().map(Problem::toString).toList();
        }
    }

    @ParameterizedTest
    @EnumSource(StageKind.class)
    void everyKeyTheSchemaAllowsBindsAndItsDefaultIsTheOneBound(StageKind kind) throws Exception {
        List<String> disagreements = new ArrayList<>();
        JsonNode properties = properties(kind);
        Object plain = bind(kind, smallest(kind));
        assertTrue(plain instanceof StageSpec, kind + "'s smallest stage: " + plain);
        for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (Set.of("name", "kind").contains(key) || FILES.contains(key)) {
                continue;
            }
            JsonNode property = properties.get(key);
            JsonNode example = named(key, property.path("examples").path(0));
            List<String> smallest = new ArrayList<>(List.of(StageKindsTest.example(kind)));
            if (ALSO.containsKey(kind)) {
                smallest.add(ALSO.get(kind));
            }
            Object bound = null;
            String taker = null;
            for (String candidate : smallest) {
                bound = bind(kind, with(yaml(candidate), key, example));
                if (bound instanceof StageSpec) {
                    taker = candidate;
                    break;
                }
            }
            if (taker == null) {
                disagreements.add(key + ": " + example + " is refused: " + bound);
                continue;
            }
            if (property.has("default") && !yaml(taker).has(key)) {
                ObjectNode base = with(yaml(taker), key, example);
                base.remove(key);
                Object left = resolved(kind, base);
                Object defaulted = resolved(kind, with(base.deepCopy(), key, property.get("default")));
                if (!left.equals(defaulted)) {
                    disagreements.add(key + ": the schema's default " + property.get("default") + " binds "
                            + defaulted + ", not what leaving it out does: " + left);
                }
            }
            JsonNode mapping = mappingOf(property);
            if (mapping != null && example.isObject()) {
                for (Iterator<String> nested = mapping.fieldNames(); nested.hasNext(); ) {
                    String inner = nested.next();
                    if (!mapping.get(inner).has("default")) {
                        continue;
                    }
                    ObjectNode without = example.deepCopy();
                    without.remove(inner);
                    ObjectNode withDefault = without.deepCopy();
                    withDefault.set(inner, mapping.get(inner).get("default"));
                    Object a = resolved(kind, with(yaml(taker), key, without));
                    Object b = resolved(kind, with(yaml(taker), key, withDefault));
                    if (!a.equals(b)) {
                        disagreements.add(key + "." + inner + ": the schema's default " + mapping.get(inner)
                                .get("default") + " binds " + b + ", not what leaving it out does: " + a);
                    }
                }
            }
        }
        assertEquals(List.of(), disagreements, kind.key());
    }
}

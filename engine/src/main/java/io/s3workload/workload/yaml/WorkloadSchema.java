package io.s3workload.workload.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.Keyed;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.Workload;
import io.s3workload.workload.composite.CompareStage;
import io.s3workload.workload.composite.SweepStage;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.ServerMetrics;
import io.s3workload.workload.objects.Access;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.yaml.Keys.Context;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The JSON Schema (draft 2020-12) of the workload format, for editors (completion, checks as you type) and other
 * tools: {@code s3workload schema}. Every key, its type, default, example and description come from {@link Keys},
 * which the binders accept keys by, so the schema cannot name a key that validation refuses or miss one it accepts.
 * Any scalar may also be a {@code ${VAR}} reference. The schema checks
 * shape; {@code s3workload validate} checks everything (ranges across keys, references between stages).
 */
public final class WorkloadSchema {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String VARIABLE = "\\$\\{[^}]+\\}";

    private WorkloadSchema() {
    }

    public static String json() {
        try {
            return JSON.writeValueAsString(schema()) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode schema() {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("$id", "https://s3workload.dev/schemas/workload.schema.json");
        root.put("title", "s3workload workload");
        root.put("description", "A workload for s3workload: endpoints and an ordered list of stages. Reference:"
                + " docs/workload-reference.md");
        root.put("type", "object");
        root.put("additionalProperties", false);
        root.putArray("required").add("stages");
        root.set("properties", properties(Keys.in(Keys.Context.TOP)));
        root.set("$defs", defs());
        return root;
    }

    private static ObjectNode defs() {
        ObjectNode d = JSON.createObjectNode();
        scalars(d);
        choices(d);
        transfers(d);
        endpointParts(d);
        objectSettings(d);
        parts(d);
        return d;
    }

    /** The definitions of the scalars: texts, names, numbers, sizes, durations, rates. */
    private static void scalars(ObjectNode d) {
        d.set("text", JSON.createObjectNode().put("type", "string"));
        d.set("name", JSON.createObjectNode().put("type", "string").put("pattern",
                "^(" + Fields.NAME.pattern() + "|" + VARIABLE + ")$"));
        d.set("names", listOf(ref("name")));
        d.set("from", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("name"))
                .add(object(Context.FROM))));
        d.set("fromPrefix", object(Context.FROM));
        d.set("boolean", scalar(JSON.createObjectNode().put("type", "boolean"), "true|false|yes|no|on|off"));
        d.set("whole", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 0), "[0-9_]+"));
        d.set("count", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 1), "[0-9_]+"));
        d.set("counts", listOf(ref("count")));
        d.set("size", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 0),
                "[0-9.]+ ?([kKMGTP]i?[bB]?|[bB])?"));
        d.set("sizeRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("size"))
                .add(object(Context.SIZE_RANGE, "min", "max"))));
        d.set("sizeWeights", JSON.createObjectNode().put("type", "object").put("minProperties", 1)
                .set("additionalProperties", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                        .add(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0))
                        .add(ref("percent")))));
        d.set("sizeOrRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("size"))
                .add(object(Context.SIZE_RANGE, "min", "max", "log"))
                .add(object(Context.SIZE_RANGE, "weights"))
                .add(object(Context.SIZE_RANGE, "file"))));
        d.set("sizes", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("sizeOrRange"))
                .add(listOf(ref("sizeOrRange")))));
        d.set("duration", scalar(null, "[0-9.]+ ?(ns|us|ms|s|m|h)"));
        d.set("durationOrRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("duration"))
                .add(object(Context.PAUSE_RANGE))));
        d.set("percent", scalar(null, "[0-9.]+ ?%"));
        d.set("rate", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0),
                "[0-9.]+ ?(/s)?"));
        d.set("ramp", listOf(object(Context.RAMP_STEP)));
    }

    /** The definitions of the values chosen from a list (the model's enums and constants). */
    private static void choices(ObjectNode d) {
        d.set("client", enumOf(ClientSpec.Kind.class));
        d.set("checksums", enumOf(ClientSpec.Checksums.class));
        d.set("clients", enumOf(ClientSpec.Sharing.class));
        d.set("pairs", enumOf(ConsistencyProbe.PairOrder.class));
        d.set("preset", enumOf(SweepStage.Preset.class));
        d.set("sweepOp", enumOf(SweepStage.Measure.class));
        d.set("buckets", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("count"))
                .add(listOf(ref("text")))));
        d.set("compareOrder", enumOf(CompareStage.Order.class));
        d.set("kind", enumOf(Set.copyOf(StageKind.keys())));
        d.set("urls", listOf(scalar(null, "https?://.+")));
        ObjectNode weights = object(Context.OPS);
        d.set("weights", weights);
        for (StageKind kind : StageKind.values()) {
            StageBinder.of(kind).types().forEach((name, type) -> d.set(name, definition(type)));
        }
    }

    /** A type only one kind's keys take. */
    private static ObjectNode definition(SchemaType type) {
        return switch (type) {
            case SchemaType.Mapping m -> object(m.context());
            case SchemaType.Choice c -> enumOf(c.words());
            case SchemaType.Texts t -> JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("text"))
                    .add(listOf(ref("text"))));
            case SchemaType.Positive p -> JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0);
        };
    }

    /** The definitions of how a stage moves its objects and when it fails: thresholds, multipart, parallel ranges, sources. */
    private static void transfers(ObjectNode d) {
        d.set("failOn", object(Context.FAIL_ON));
        d.set("multipart", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", false))
                .add(object(Context.MULTIPART))));
        d.set("copyMultipart", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", false))
                .add(object(Context.COPY_MULTIPART))));
        d.set("parallelRanges", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", false))
                .add(object(Context.PARALLEL_RANGES))));
        d.set("sources", object(Context.SOURCES));
    }

    /** The definitions of an endpoint's mappings: the endpoint, its URLs, credentials, TLS and the store's metrics. */
    private static void endpointParts(ObjectNode d) {
        ObjectNode endpoint = object(Context.ENDPOINT);
        ObjectNode one = JSON.createObjectNode();
        one.putArray("required").add("url");
        ObjectNode group = JSON.createObjectNode();
        group.putArray("required").add("urls");
        endpoint.putArray("oneOf").add(one).add(group);
        d.set("endpoint", endpoint);
        d.set("endpointUrls", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("text"))
                .add(listOf(ref("text")))));
        d.set("credentials", object(Context.CREDENTIALS));
        d.set("compat", enumOf(EndpointSpec.Compat.class));
        d.set("tls", object(Context.TLS));
        ObjectNode serverMetrics = object(Context.SERVER_METRICS);
        serverMetrics.putArray("required").add("url");
        d.set("serverMetrics", serverMetrics);
        d.set("metricsPreset", enumOf(ServerMetrics.Preset.class));
        d.set("metric", object(Context.METRIC));
        d.set("labelFilters", JSON.createObjectNode().put("type", "object").set("additionalProperties", ref("text")));
        d.set("apiNames", JSON.createObjectNode().put("type", "object").set("additionalProperties", ref("text")));
    }

    /** The definitions of what a stage stores with its objects and how it picks and makes them. */
    private static void objectSettings(ObjectNode d) {
        d.set("onFailure", enumOf(StageGraph.OnFailure.class));
        d.set("sse", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(enumOf(ObjectSettings.Sse.Type.class))
                .add(object(Context.SSE))));
        d.set("sseType", enumOf(ObjectSettings.Sse.Type.class));
        ObjectNode retention = object(Context.RETENTION);
        retention.putArray("required").add("mode").add("for");
        d.set("retention", retention);
        d.set("retentionMode", enumOf(ObjectSettings.Retention.Mode.class));
        d.set("hostSelect", enumOf(LoadEndpoints.Select.class));
        d.set("stopWhenStable", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("boolean"))
                .add(object(Context.STOP_WHEN_STABLE))));
        d.set("metadata", JSON.createObjectNode().put("type", "object").set("additionalProperties",
                JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("text"))
                        .add(object(Context.METADATA)))));
        d.set("objectTags", JSON.createObjectNode().put("type", "object").put("maxProperties", 10)
                .set("additionalProperties", ref("text")));
        d.set("checksum", enumOf(Set.copyOf(ObjectSettings.Checksum.keys())));
        d.set("timeouts", object(Context.TIMEOUTS));
        d.set("ratio", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 1)
                .put("maximum", DataShape.MAX_RATIO), "[0-9.]+"));
        d.set("access", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(enumOf(Set.copyOf(Access.WORDS)))
                .add(object(Context.ACCESS, "zipf"))
                .add(object(Context.ACCESS, "hotspot"))));
        d.set("exponent", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0)
                .put("maximum", AccessBinder.MAX_ZIPF), "[0-9.]+"));
        d.set("hotspot", object(Context.HOTSPOT));
        d.set("data", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", "unique"))
                .add(object(Context.DATA))));
    }
    /** The definitions of the parts of a workload: endpoints, defaults, stages and the mappings a stage holds. */
    private static void parts(ObjectNode d) {
        d.set("endpoints", JSON.createObjectNode().put("type", "object").set("additionalProperties",
                ref("endpoint")));
        d.set("defaults", JSON.createObjectNode().put("type", "object").put("additionalProperties", false)
                .set("properties", properties(Keys.defaultable())));
        d.set("stages", JSON.createObjectNode().put("type", "array").put("minItems", 1).set("items", ref("stage")));
        d.set("reports", listOf(enumOf(Set.copyOf(Workload.REPORTS))));
        d.set("sections", JSON.createObjectNode().put("type", "object").set("additionalProperties", ref("text")));
        d.set("stage", stage(false));
        d.set("innerStage", stage(true));
        d.set("innerStages", listOf(ref("innerStage")));
        d.set("capacityLoad", ref("innerStage"));
        d.set("slo", object(Context.SLO));
        d.set("capacityRate", object(Context.CAPACITY_RATE));
        d.set("capacityUsers", object(Context.CAPACITY_USERS));
    }
    /** A stage: {@code name} and {@code kind}, then the keys of that kind only. */
    private static ObjectNode stage(boolean inner) {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        s.putArray("required").add("kind");
        if (!inner) {
            ((ArrayNode) s.get("required")).add("name");
        }
        Key kindKey = Keys.in(Context.STAGE).stream().filter(k -> k.name().equals("kind")).findFirst()
                .orElseThrow();
        ObjectNode kindProperty = inner ? enumOf(StageKind.keys().stream()
                .filter(k -> !StageKind.fromKey(k).orElseThrow().composite()).collect(Collectors
                        .toSet())) : ref("kind");
        kindProperty.put("description", kindKey.description()).putArray("examples").add(kindKey.example());
        s.putObject("properties").set("kind", kindProperty);
        ArrayNode cases = s.putArray("allOf");
        for (StageKind kind : StageKind.values()) {
            if (inner && kind.composite()) {
                continue;
            }
            ObjectNode when = cases.addObject();
            when.putObject("if").putObject("properties").putObject("kind").put("const", kind.key());
            ObjectNode then = JSON.createObjectNode().put("type", "object").put("additionalProperties", false);
            then.set("properties", properties(Keys.of(kind)));
            when.set("then", then);
        }
        return s;
    }

    /** A closed mapping of the keys written in {@code context} (or of those {@code only}). */
    private static ObjectNode object(Context context, String... only) {
        List<Key> keys = Keys.in(context).stream()
                .filter(k -> only.length == 0 || List.of(only).contains(k.name())).toList();
        return JSON.createObjectNode().put("type", "object").put("additionalProperties", false)
                .set("properties", properties(keys));
    }

    /** The properties of {@code keys}, in name order: each its type, and what editors show on hover. */
    private static ObjectNode properties(List<Key> keys) {
        ObjectNode props = JSON.createObjectNode();
        keys.stream().sorted(Comparator.comparing(Key::name)).forEach(key -> {
            ObjectNode property = props.putObject(key.name()).put("$ref", "#/$defs/" + key.type())
                    .put("description", key.description());
            if (key.defaultValue() != null) {
                property.set("default", key.defaultValue());
            }
            property.putArray("examples").add(key.example());
        });
        return props;
    }

    private static ObjectNode ref(String def) {
        return JSON.createObjectNode().put("$ref", "#/$defs/" + def);
    }

    private static ObjectNode listOf(ObjectNode items) {
        return JSON.createObjectNode().put("type", "array").set("items", items);
    }

    /** An enum's constants as YAML spells them ({@code WHEN_REQUIRED}: {@code when-required}). */
    private static ObjectNode enumOf(Class<? extends Enum<?>> type) {
        return enumOf(Arrays.stream(type.getEnumConstants()).map(Keyed::word)
                .collect(Collectors.toSet()));
    }

    private static ObjectNode enumOf(Set<String> values) {
        ArrayNode options = JSON.createArrayNode();
        new TreeSet<>(values).forEach(options::add);
        return JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().set("enum", options))
                .add(JSON.createObjectNode().put("type", "string").put("pattern", "^" + VARIABLE + "$")));
    }

    /** A value written as text matching {@code pattern}, or as {@code typed}, or a {@code ${VAR}} reference. */
    private static ObjectNode scalar(ObjectNode typed, String pattern) {
        ArrayNode any = JSON.createArrayNode();
        if (typed != null) {
            any.add(typed);
        }
        any.add(JSON.createObjectNode().put("type", "string").put("pattern", "^(" + pattern + "|.*" + VARIABLE
                + ".*)$"));
        return JSON.createObjectNode().set("anyOf", any);
    }
}

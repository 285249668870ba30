package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.workload.ClientSpec;
import io.s3workload.workload.CompareStage;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.SweepStage;
import io.s3workload.workload.Workload;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JSON Schema (draft 2020-12) of the workload format, for editors (completion, checks as you type) and other
 * tools: {@code s3workload schema}. The keys come from the binders themselves, so the schema cannot name a key
 * that validation refuses or miss one it accepts; each key's type comes from {@link #TYPES} (a key without one
 * fails generation, and so the tests). Any scalar may also be a {@code ${VAR}} reference. The schema checks
 * shape; {@code s3workload validate} checks everything (ranges across keys, references between stages).
 */
public final class WorkloadSchema {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String VARIABLE = "\\$\\{[^}]+\\}";

    /** A stage key's type, as a reference into {@code $defs}; overridden per kind in {@link #KIND_TYPES}. */
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("name", "name"), Map.entry("kind", "kind"), Map.entry("tags", "names"),
            Map.entry("endpoint", "name"), Map.entry("concurrency", "count"), Map.entry("failOn", "failOn"),
            Map.entry("client", "client"), Map.entry("checksums", "checksums"), Map.entry("clients", "clients"),
            Map.entry("connections", "count"), Map.entry("rate", "rate"), Map.entry("ramp", "ramp"),
            Map.entry("thinkTime", "durationOrRange"), Map.entry("warmUp", "duration"), Map.entry("size", "sizeOrRange"), Map.entry("sizes", "sizes"),
            Map.entry("duration", "duration"), Map.entry("operations", "count"), Map.entry("objects", "count"),
            Map.entry("from", "from"), Map.entry("multipart", "multipart"),
            Map.entry("parallelRanges", "parallelRanges"), Map.entry("verify", "boolean"),
            Map.entry("pageSize", "count"), Map.entry("sources", "sources"), Map.entry("chunk", "size"),
            Map.entry("segment", "sizeOrRange"), Map.entry("jobs", "count"),
            Map.entry("consistencyTarget", "duration"), Map.entry("readers", "names"),
            Map.entry("writers", "names"), Map.entry("endpoints", "names"), Map.entry("pollInterval", "duration"),
            Map.entry("timeout", "duration"), Map.entry("immediateWithin", "duration"),
            Map.entry("iterations", "count"), Map.entry("overwrite", "boolean"), Map.entry("sharedKeys", "boolean"), Map.entry("pairs", "pairs"),
            Map.entry("readWith", "readWith"), Map.entry("writeWith", "writeWith"), Map.entry("attempts", "count"), Map.entry("ops", "weights"),
            Map.entry("urls", "urls"), Map.entry("urlsFile", "text"), Map.entry("maxRedirects", "whole"),
            Map.entry("preset", "preset"), Map.entry("threads", "counts"), Map.entry("op", "sweepOp"),
            Map.entry("count", "count"), Map.entry("stages", "innerStages"), Map.entry("stage", "innerStage"),
            Map.entry("rounds", "count"), Map.entry("order", "compareOrder"),
            Map.entry("timeouts", "timeouts"), Map.entry("retries", "whole"), Map.entry("after", "names"),
            Map.entry("with", "name"), Map.entry("onFailure", "onFailure"), Map.entry("sse", "sse"),
            Map.entry("storageClass", "text"), Map.entry("metadata", "metadata"), Map.entry("objectTags", "objectTags"),
            Map.entry("checksum", "checksum"), Map.entry("stopWhenStable", "stopWhenStable"),
            Map.entry("hostSelect", "hostSelect"), Map.entry("validateChecksum", "boolean"),
            Map.entry("versions", "count"), Map.entry("data", "data"), Map.entry("access", "access"));

    private static final Map<StageKind, Map<String, String>> KIND_TYPES = Map.of(
            StageKind.RANGE_READ, Map.of("order", "rangeOrder", "chunk", "sizeRange"),
            StageKind.DELETE, Map.of("from", "name"), StageKind.LIST, Map.of("from", "name"),
            StageKind.HTTP_GET, Map.of("from", "name"));

    private WorkloadSchema() {
    }

    /** What editors show on hover, by key: {@code schema-docs.tsv} beside this class. */
    private record Doc(String description, JsonNode defaultValue, JsonNode example) {
    }

    private static final Map<String, Doc> DOCS = docs();

    private static Map<String, Doc> docs() {
        Map<String, Doc> docs = new java.util.HashMap<>();
        try (var in = WorkloadSchema.class.getResourceAsStream("schema-docs.tsv")) {
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                docs.put(f[0], new Doc(f[1], f[2].isEmpty() ? null : JSON.readTree(f[2]),
                        f[3].isEmpty() ? null : JSON.readTree(f[3])));
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return docs;
    }

    /**
     * Gives every property of the schema its description, default and example (as {@code examples}). A key whose
     * meaning depends on where it is has an entry {@code CONTEXT.key}: the context is the {@code $defs} entry or the
     * stage kind it is in ({@code failOn.max}, {@code compare.order}), empty at the top level ({@code .endpoints}).
     */
    private static void describe(JsonNode node, String context) {
        if (node instanceof ObjectNode object) {
            if (object.get("properties") instanceof ObjectNode properties) {
                for (var it = properties.fields(); it.hasNext(); ) {
                    var e = it.next();
                    Doc doc = DOCS.getOrDefault(context + "." + e.getKey(), DOCS.get(e.getKey()));
                    if (doc == null) {
                        throw new IllegalStateException("no description of key '" + e.getKey() + "'; add it to"
                                + " schema-docs.tsv");
                    }
                    if (e.getValue() instanceof ObjectNode property && !property.has("description")) {
                        property.put("description", doc.description());
                        if (doc.defaultValue() != null) {
                            property.set("default", doc.defaultValue());
                        }
                        if (doc.example() != null) {
                            property.putArray("examples").add(doc.example());
                        }
                    }
                }
            }
            for (var it = object.fields(); it.hasNext(); ) {
                var e = it.next();
                switch (e.getKey()) {
                    case "if" -> {
                        // a condition on the kind, not a key anybody writes
                    }
                    case "then" -> describe(e.getValue(), object.path("if").path("properties").path("kind")
                            .path("const").asText(context));
                    case "$defs" -> e.getValue().fields().forEachRemaining(d -> describe(d.getValue(), d.getKey()));
                    default -> describe(e.getValue(), context);
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(n -> describe(n, context));
        }
    }

    public static String json() {
        try {
            return JSON.writeValueAsString(schema()) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
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
        ObjectNode top = root.putObject("properties");
        for (String key : new TreeSet<>(WorkloadBinder.TOP_KEYS)) {
            top.set(key, switch (key) {
                case "endpoints" -> JSON.createObjectNode().put("type", "object")
                        .set("additionalProperties", ref("endpoint"));
                case "createBucket", "keep" -> ref("boolean");
                case "seed" -> ref("whole");
                case "defaults" -> stageKeys(WorkloadBinder.DEFAULT_KEYS);
                case "failOn" -> ref("failOn");
                case "stages" -> JSON.createObjectNode().put("type", "array").put("minItems", 1)
                        .set("items", ref("stage"));
                case "reports" -> JSON.createObjectNode().put("type", "array").set("items", enumOf(
                        Set.copyOf(Workload.REPORTS)));
                case "sections" -> JSON.createObjectNode().put("type", "object")
                        .set("additionalProperties", ref("text"));
                default -> ref("text");
            });
        }
        root.set("$defs", defs());
        describe(root, "");
        return root;
    }

    private static ObjectNode defs() {
        ObjectNode d = JSON.createObjectNode();
        d.set("text", JSON.createObjectNode().put("type", "string"));
        d.set("name", JSON.createObjectNode().put("type", "string").put("pattern",
                "^([A-Za-z0-9][A-Za-z0-9._-]*|" + VARIABLE + ")$"));
        d.set("names", listOf(ref("name")));
        d.set("from", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("name"))
                .add(object(Set.of("prefix"), "text"))));
        d.set("boolean", scalar(JSON.createObjectNode().put("type", "boolean"), "true|false|yes|no|on|off"));
        d.set("whole", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 0), "[0-9_]+"));
        d.set("count", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 1), "[0-9_]+"));
        d.set("counts", listOf(ref("count")));
        d.set("size", scalar(JSON.createObjectNode().put("type", "integer").put("minimum", 0),
                "[0-9.]+ ?([kKMGTP]i?[bB]?|[bB])?"));
        d.set("sizeRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("size"))
                .add(object(Set.of("min", "max"), "size"))));
        d.set("sizeWeights", JSON.createObjectNode().put("type", "object").put("minProperties", 1)
                .set("additionalProperties", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                        .add(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0))
                        .add(ref("percent")))));
        d.set("sizeOrRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("size"))
                .add(object(Set.of("min", "max", "log"), "size", Map.of("log", "boolean")))
                .add(object(Set.of("weights"), "sizeWeights"))
                .add(object(Set.of("file"), "text"))));
        d.set("sizes", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("sizeOrRange"))
                .add(listOf(ref("sizeOrRange")))));
        d.set("duration", scalar(null, "[0-9.]+ ?(ns|us|ms|s|m|h)"));
        d.set("durationOrRange", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("duration"))
                .add(object(Set.of("min", "max"), "duration"))));
        d.set("percent", scalar(null, "[0-9.]+ ?%"));
        d.set("rate", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0),
                "[0-9.]+ ?(/s)?"));
        d.set("ramp", listOf(object(Set.of("to", "over"), null, Map.of("to", "rate", "over", "duration"))));
        d.set("client", enumOf(Set.of("http", "sync", "crt")));
        d.set("checksums", enumOf(Set.of("when-required", "always")));
        d.set("clients", enumOf(Set.of("shared", "per-worker")));
        d.set("pairs", enumOf(Set.of("parallel", "sequential")));
        d.set("readWith", enumOf(Set.of("get", "head")));
        d.set("writeWith", enumOf(Set.of("put", "copy", "version")));
        d.set("preset", enumOf(Set.copyOf(ClientSpec.keys(SweepStage.Preset.class))));
        d.set("sweepOp", enumOf(Set.copyOf(ClientSpec.keys(SweepStage.Measure.class))));
        d.set("rangeOrder", enumOf(Set.of("random", "sequential")));
        d.set("compareOrder", enumOf(Set.copyOf(ClientSpec.keys(CompareStage.Order.class))));
        d.set("kind", enumOf(Set.copyOf(StageKind.keys())));
        d.set("urls", listOf(scalar(null, "https?://.+")));
        ObjectNode weights = object(Set.of("get", "put", "delete", "head", "stat"), "whole");
        d.set("weights", weights);
        ObjectNode failOn = JSON.createObjectNode().put("type", "object").put("additionalProperties", false);
        ObjectNode failOnProps = failOn.putObject("properties");
        for (String key : new TreeSet<>(WorkloadBinder.FAIL_ON_KEYS)) {
            failOnProps.set(key, switch (key) {
                case "errorRate", "timeoutRate" -> ref("percent");
                case "perSecond" -> ref("boolean");
                default -> ref("duration");
            });
        }
        d.set("failOn", failOn);
        d.set("multipart", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", false))
                .add(object(Set.of("threshold", "partSize", "parallel"), null, Map.of("threshold", "size",
                        "partSize", "size", "parallel", "count")))));
        d.set("parallelRanges", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", false))
                .add(object(Set.of("threshold", "chunk", "parallel"), null, Map.of("threshold", "size",
                        "chunk", "size", "parallel", "count")))));
        d.set("sources", object(Set.of("count", "size", "reuse"), null, Map.of("count", "count", "size", "size",
                "reuse", "boolean")));
        ObjectNode endpoint = object(new TreeSet<>(Set.of("url", "urls", "region", "pathStyle", "credentials",
                "compat", "tls")), null, Map.of("url", "text", "urls", "endpointUrls", "region", "text", "pathStyle",
                "boolean", "credentials", "credentials", "compat", "compat", "tls", "tls"));
        ObjectNode one = JSON.createObjectNode();
        one.putArray("required").add("url");
        ObjectNode group = JSON.createObjectNode();
        group.putArray("required").add("urls");
        endpoint.putArray("oneOf").add(one).add(group);
        d.set("endpoint", endpoint);
        d.set("endpointUrls", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("text"))
                .add(listOf(ref("text")))));
        d.set("credentials", object(WorkloadBinder.CREDENTIAL_KEYS, "text"));
        d.set("compat", enumOf(Set.of("s3", "gcs")));
        d.set("tls", object(WorkloadBinder.TLS_KEYS, null, Map.of("caCert", "text", "insecure", "boolean")));
        d.set("onFailure", enumOf(Set.of("stopDependants", "stopRun")));
        d.set("sse", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(enumOf(Set.of("s3", "kms", "c")))
                .add(object(Set.of("type", "kmsKeyId"), null, Map.of("type", "sseType", "kmsKeyId", "text")))));
        d.set("sseType", enumOf(Set.of("s3", "kms", "c")));
        d.set("hostSelect", enumOf(Set.of("roundrobin", "random")));
        d.set("stopWhenStable", JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("boolean"))
                .add(object(Set.of("window", "within"), null, Map.of("window", "duration", "within", "percent")))));
        d.set("metadata", JSON.createObjectNode().put("type", "object").set("additionalProperties",
                JSON.createObjectNode().set("anyOf", JSON.createArrayNode().add(ref("text"))
                        .add(object(Set.of("random"), null, Map.of("random", "size"))))));
        d.set("objectTags", JSON.createObjectNode().put("type", "object").put("maxProperties", 10)
                .set("additionalProperties", ref("text")));
        d.set("checksum", enumOf(Set.copyOf(io.s3workload.workload.ObjectSettings.Checksum.keys())));
        d.set("timeouts", object(TransferBinder.TIMEOUT_KEYS, "duration"));
        d.set("ratio", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 1)
                .put("maximum", io.s3workload.workload.DataShape.MAX_RATIO), "[0-9.]+"));
        d.set("access", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(enumOf(Set.of("roundRobin", "random")))
                .add(object(Set.of("zipf"), null, Map.of("zipf", "exponent")))
                .add(object(Set.of("hotspot"), null, Map.of("hotspot", "hotspot")))));
        d.set("exponent", scalar(JSON.createObjectNode().put("type", "number").put("exclusiveMinimum", 0)
                .put("maximum", AccessBinder.MAX_ZIPF), "[0-9.]+"));
        d.set("hotspot", object(AccessBinder.HOTSPOT_KEYS, "percent"));
        d.set("data", JSON.createObjectNode().set("anyOf", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("const", "unique"))
                .add(object(ObjectSettingsBinder.DATA_KEYS, "ratio"))));
        d.set("stage", stage(false));
        d.set("innerStage", stage(true));
        d.set("innerStages", listOf(ref("innerStage")));
        return d;
    }

    /** A stage: {@code name} and {@code kind}, then the keys of that kind only. */
    private static ObjectNode stage(boolean inner) {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        s.putArray("required").add("kind");
        if (!inner) {
            ((ArrayNode) s.get("required")).add("name");
        }
        s.putObject("properties").set("kind", inner ? enumOf(StageKind.keys().stream()
                .filter(k -> !StageKind.fromKey(k).orElseThrow().composite()).collect(java.util.stream.Collectors
                        .toSet())) : ref("kind"));
        ArrayNode cases = s.putArray("allOf");
        for (StageKind kind : StageKind.values()) {
            if (inner && kind.composite()) {
                continue;
            }
            ObjectNode when = cases.addObject();
            when.putObject("if").putObject("properties").putObject("kind").put("const", kind.key());
            Set<String> keys = new TreeSet<>(StageBinder.keysOf(kind));
            ObjectNode then = object(keys, null, Map.of());
            Map<String, String> types = KIND_TYPES.getOrDefault(kind, Map.of());
            ObjectNode props = (ObjectNode) then.get("properties");
            for (String key : keys) {
                String type = types.getOrDefault(key, TYPES.get(key));
                if (type == null) {
                    throw new IllegalStateException("no schema type for key '" + key + "' of " + kind
                            + " stages; add it to WorkloadSchema.TYPES");
                }
                props.set(key, ref(type));
            }
            when.set("then", then);
        }
        return s;
    }

    /** A closed mapping of {@code keys}, each of {@code type} (or per key from {@code types}). */
    private static ObjectNode object(Set<String> keys, String type, Map<String, String> types) {
        ObjectNode o = JSON.createObjectNode().put("type", "object").put("additionalProperties", false);
        ObjectNode props = o.putObject("properties");
        for (String key : new TreeSet<>(keys)) {
            String t = types.getOrDefault(key, type);
            props.set(key, t == null ? JSON.createObjectNode() : ref(t));
        }
        return o;
    }

    private static ObjectNode object(Set<String> keys, String type) {
        return object(keys, type, Map.of());
    }

    /** For the defaults mapping: the stage keys it shares. */
    private static ObjectNode stageKeys(Set<String> keys) {
        ObjectNode o = object(keys, null, Map.of());
        ObjectNode props = (ObjectNode) o.get("properties");
        keys.forEach(k -> props.set(k, ref(TYPES.get(k))));
        return o;
    }

    private static ObjectNode ref(String def) {
        return JSON.createObjectNode().put("$ref", "#/$defs/" + def);
    }

    private static ObjectNode listOf(ObjectNode items) {
        return JSON.createObjectNode().put("type", "array").set("items", items);
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
